// The feed's first posts painted from the entry (docs/SPEC-NOTES.md §4, "the first paint"): on a
// signed-in cold start of the feed, online, the first page's answer (feed-first-page.ts) is drawn
// into index.html's app shell as plain DOM, before React DOM and the app have loaded. The member
// reads their posts at once; the app's first render then replaces the whole of #root with the
// real cards (same classes, same size, so the first post stays the largest contentful paint).
// What needs the app (likes, comments, the menu) is drawn as skeleton bars, never as a control
// that does nothing. Nothing here may import React, React DOM or Dexie (bundle-budget.test.ts).
import type { Post } from '@/contract/posts';
import { displayName, initialOf, isDeletedMember } from '@/lib/text/display-name';
import {
  element,
  firstPaintPage,
  paintIntoShell,
  styleSheetsSettled,
} from '@/lib/first-paint/first-paint-dom';
import { FIRST_LIST_CARDS, type FeedPage } from './feed-first-page';

export { styleSheetsSettled };

/** The text's media (fetched with the token by the app) and frames are left to the app. */
const LEFT_TO_THE_APP = 'img, picture, video, audio, iframe, object, embed, script, style, link';

/**
 * The post's text as the card shows it: the server's sanitised HTML, parsed inert (a template runs
 * nothing and loads nothing), without its media.
 */
function postText(doc: Document, html: string): HTMLElement {
  const template = doc.createElement('template');
  template.innerHTML = html;
  for (const node of template.content.querySelectorAll(LEFT_TO_THE_APP)) node.remove();
  const content = element(doc, 'div', 'rich-text post-card__content');
  content.append(template.content);
  return content;
}

function card(doc: Document, post: Post): HTMLElement {
  const article = element(doc, 'article', 'post-card');
  const header = element(doc, 'div', 'post-card__header ui-flex ui-center ui-gap-3');
  // A deleted member's name is a translation, not loaded yet: its bar until the app's card.
  const deleted = isDeletedMember(post.author);
  const meta = element(doc, 'div', 'post-card__meta ui-flex ui-column ui-gap-1');
  meta.append(
    deleted
      ? element(doc, 'span', 'ui-skeleton app-shell__line')
      : element(doc, 'span', 'author-link post-card__author', displayName(post.author)),
  );
  // The date comes with the app: a page's first Intl.DateTimeFormat loads the locale's data, tens
  // of ms on a phone, which would hold this paint back.
  meta.append(element(doc, 'span', 'post-card__date ui-skeleton app-shell__date', '\u00a0'));
  header.append(
    element(doc, 'span', 'post-avatar post-avatar--initial', deleted ? '' : initialOf(post.author)),
    meta,
  );
  article.append(header);
  if (post.content) article.append(postText(doc, post.content));
  if (post.image) {
    // The picture comes with the app (fetched with the token); its room is kept as the card keeps it.
    const room = element(doc, 'div', 'post-card__image ui-skeleton');
    room.style.aspectRatio =
      post.imageWidth && post.imageHeight ? `${post.imageWidth} / ${post.imageHeight}` : '4 / 3';
    article.append(room);
  }
  article.append(element(doc, 'div', 'post-card__actions app-shell__actions ui-skeleton'));
  return article;
}

/** The feed screen's first posts, in the layout's main area, as the app draws them. */
export function firstPostsMarkup(posts: Post[], doc: Document = document): HTMLElement {
  const { main, page } = firstPaintPage(doc, 'feed');
  const header = element(doc, 'div', 'ui-page__header app-shell__page-header');
  header.append(element(doc, 'span', 'ui-skeleton app-shell__title'));
  const list = element(doc, 'ul', 'feed__list ui-flex ui-column ui-gap-4 ui-bare-list');
  for (const post of posts.slice(0, FIRST_LIST_CARDS)) {
    const item = doc.createElement('li');
    item.append(card(doc, post));
    list.append(item);
  }
  const feed = element(doc, 'div', 'feed');
  feed.append(list);
  page.append(header, element(doc, 'div', 'ui-ptr__bar app-shell__bar-room'), feed);
  return main;
}

/**
 * Paints the page's first posts into the app shell once the answer and the style sheets are in,
 * unless the app has rendered meanwhile (the shell is gone) or there is nothing to show. Resolves
 * to whether it painted, once the frame is on screen; a failed answer paints nothing (the feed
 * screen reports it).
 */
export function paintFirstPostsEarly(page: Promise<FeedPage>, doc: Document = document): Promise<boolean> {
  return Promise.all([page, styleSheetsSettled(doc)]).then(
    ([{ posts }]) => paintIntoShell(doc, () => (posts.length ? firstPostsMarkup(posts, doc) : null)),
    () => false,
  );
}
