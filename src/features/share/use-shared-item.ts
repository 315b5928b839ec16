// The share kept by the service worker (src/lib/share/share-inbox.ts), read for a screen: undefined
// while it loads, null when there is none (used, discarded, past its 24 hours, or unreadable).
import { useEffect, useState } from 'react';
import { discardShare, readShare, type SharedItem } from '@/lib/share/share-inbox';

export function useSharedItem(id: string | undefined): SharedItem | null | undefined {
  const [item, setItem] = useState<{ id: string | undefined; value: SharedItem | null } | undefined>(
    undefined,
  );
  useEffect(() => {
    let live = true;
    if (!id) {
      setItem({ id, value: null });
      return;
    }
    readShare(id).then(
      (value) => live && setItem({ id, value }),
      () => live && setItem({ id, value: null }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return item && item.id === id ? item.value : undefined;
}

/** Forgets a share once a post or a log was saved from it; a failure only leaves it to expire. */
export function forgetShare(id: string): void {
  discardShare(id).catch(() => undefined);
}

/** The words a share brings (its title, text and link, each once), as lines of plain text. */
export function sharedLines(item: Pick<SharedItem, 'title' | 'text' | 'url'>): string[] {
  const lines: string[] = [];
  for (const part of [item.title, item.text, item.url]) {
    const value = part.trim();
    // Apps often repeat the link inside the text, or the title as the text's first line.
    if (value && !lines.some((line) => line.includes(value))) lines.push(value);
  }
  return lines;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The post's rich text for a share: one paragraph per line, a link as a link (http and https
 * only; the server's sanitiser keeps the same), everything else escaped.
 */
export function sharedPostContent(item: Pick<SharedItem, 'title' | 'text' | 'url'>): string {
  return sharedLines(item)
    .map((line) =>
      /^https?:\/\/\S+$/i.test(line)
        ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>`
        : line
            .split(/\r?\n/)
            .map((l) => `<p>${escapeHtml(l) || '<br>'}</p>`)
            .join(''),
    )
    .join('');
}
