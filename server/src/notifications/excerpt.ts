// The `excerpt` of a notification: the start of a text as plain text, for the bell to show as text.
import { NOTIFICATION_EXCERPT_MAX } from '../../../src/contract/notifications';
// sanitize-html is loaded with the first excerpt, as for rich text.
import { escapedTextOf } from '../http/rich-text';

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&amp;': '&' };

/**
 * Plain text of (stored, sanitised) HTML or of plain text, whitespace collapsed, cut at
 * NOTIFICATION_EXCERPT_MAX characters (code points) with "…"; null when nothing is left. The
 * result is text, not HTML: `<` stays `<` and the client shows it as text.
 */
export function excerptOf(text: string | null | undefined, { html = false } = {}): string | null {
  if (!text) return null;
  let plain = text;
  if (html) {
    // Blocks and line breaks become spaces, so that paragraphs do not run together.
    const spaced = text.replace(/<br\s*\/?>|<\/(p|h[1-6]|li|div)>/gi, ' ');
    plain = escapedTextOf(spaced).replace(/&(lt|gt|quot|amp);/g, (m) => ENTITIES[m]!);
  }
  const chars = [...plain.replace(/\s+/g, ' ').trim()];
  if (chars.length === 0) return null;
  if (chars.length <= NOTIFICATION_EXCERPT_MAX) return chars.join('');
  return `${chars
    .slice(0, NOTIFICATION_EXCERPT_MAX - 1)
    .join('')
    .trimEnd()}…`;
}
