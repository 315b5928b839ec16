// The words of a search as the server cuts them (server/src/search/search-repository.ts): runs of
// letters and digits, here folded for case and accents (src/lib/text/fold-text.ts), so that the
// device's search over its mirror finds what the server would.
import { foldText } from '@/lib/text/fold-text';

export function wordsOf(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/**
 * Whether `text` holds every word of the search: each one as a whole word, the last one as the
 * start of a word (the server's rule).
 */
export function matchesWords(text: string, searched: string[]): boolean {
  if (searched.length === 0) return false;
  const words = wordsOf(text);
  const last = searched.length - 1;
  return searched.every((word, i) =>
    i === last ? words.some((w) => w.startsWith(word)) : words.includes(word),
  );
}

/** A post's text without its markup (tags dropped, the common entities decoded). */
export function plainTextOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}
