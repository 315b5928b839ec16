// Length of rich text as the server's limits count it (server/src/garage/rich-text.ts): the
// characters of text the HTML shows, markup excluded, in UTF-16 units like Quill.

let parser: DOMParser | undefined;

/** Parsed inertly: DOMParser runs no scripts and loads nothing. */
function bodyOf(html: string): HTMLElement {
  parser ??= new DOMParser();
  return parser.parseFromString(html, 'text/html').body;
}

/** The text a Quill HTML fragment shows. */
export function richTextOf(html: string | null | undefined): string {
  if (!html) return '';
  return bodyOf(html).textContent ?? '';
}

/** Characters of text in a Quill HTML fragment (what "at most 20000 characters" counts). */
export function richTextLength(html: string | null | undefined): number {
  return richTextOf(html).length;
}

/** True when the HTML shows no text, image or video at all (Quill's empty document is `<p><br></p>`). */
export function isRichTextEmpty(html: string | null | undefined): boolean {
  if (!html) return true;
  const body = bodyOf(html);
  return (body.textContent ?? '').trim() === '' && body.querySelector('img, iframe') === null;
}
