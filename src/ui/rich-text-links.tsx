// Hashtags and mentions in shown rich text become links (docs/SPEC-NOTES.md "Hashtags and
// mentions"): `#tag` opens the tag's page (/tags/$tag), `@username` the member's profile through
// /u/$username. The one renderer for every post and comment body: it walks the text nodes of the
// sanitised DOM and splits them around each tag or mention with links made by the DOM API (their
// text is set as text), so no markup is ever built from what a member wrote. Text already inside a
// link is left alone (the server does not index it either). A click opens the page in the app.
import { useEffect, useRef, type HTMLAttributes, type RefObject } from 'react';
import { findTokens } from '@/contract/hashtags';
import { navigateTo } from '@/lib/navigation';

/** Where text is not the member's words to link (a link's text, code). */
const NOT_LINKED = ['a', 'script', 'style', 'textarea', 'code', 'pre'].join(',');

/** Marks the links this module made: the app opens them itself. */
const APP_LINK = 'data-app-link';

/** Where a tag's or a mention's link leads. */
export const tagPath = (tag: string) => `/tags/${encodeURIComponent(tag)}`;
export const mentionPath = (username: string) => `/u/${encodeURIComponent(username)}`;

/** The text nodes under `root` that are not inside a link (nor a script-like element). */
function linkableTextNodes(root: HTMLElement): Text[] {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest(NOT_LINKED) || !/[#@]/.test(node.nodeValue ?? '')
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

/** Turns the tags and mentions of the text under `root` into links; answers how many it made. */
export function linkTagsAndMentions(root: HTMLElement): number {
  const doc = root.ownerDocument;
  let made = 0;
  for (const node of linkableTextNodes(root)) {
    const text = node.nodeValue ?? '';
    const tokens = findTokens(text);
    if (tokens.length === 0) continue;
    const parts = doc.createDocumentFragment();
    let at = 0;
    for (const token of tokens) {
      if (token.index > at) parts.append(doc.createTextNode(text.slice(at, token.index)));
      const link = doc.createElement('a');
      link.setAttribute('href', token.kind === 'tag' ? tagPath(token.name) : mentionPath(token.name));
      link.setAttribute(APP_LINK, token.kind);
      link.className = token.kind === 'tag' ? 'rich-text__tag' : 'rich-text__mention';
      link.textContent = text.slice(token.index, token.index + token.length);
      parts.append(link);
      at = token.index + token.length;
      made += 1;
    }
    if (at < text.length) parts.append(doc.createTextNode(text.slice(at)));
    node.replaceWith(parts);
  }
  return made;
}

/**
 * Links the tags and mentions of the element's rich text each time `html` is shown, and opens them
 * in the app on a plain click (a click with a modifier key keeps the browser's own behaviour).
 */
export function useRichTextLinks(ref: RefObject<HTMLElement | null>, html: string): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    linkTagsAndMentions(root);
    const open = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.(`a[${APP_LINK}]`);
      if (!link || !root.contains(link)) return;
      event.preventDefault();
      navigateTo(link.getAttribute('href') ?? '/');
    };
    root.addEventListener('click', open);
    return () => root.removeEventListener('click', open);
  }, [ref, html]);
}

/** Sanitised rich text (a comment's, a post's) with its tags and mentions as links. */
export function LinkedRichText({
  html,
  ...rest
}: { html: string } & Omit<HTMLAttributes<HTMLDivElement>, 'dangerouslySetInnerHTML' | 'children'>) {
  const ref = useRef<HTMLDivElement>(null);
  useRichTextLinks(ref, html);
  // Sanitised by the server against the editor's allow-list (or the member's own, not sent yet).
  return <div ref={ref} {...rest} dangerouslySetInnerHTML={{ __html: html }} />;
}
