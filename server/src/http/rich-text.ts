// Rich text (Quill 2 HTML) sanitised against an allow-list of exactly what the editor's toolbars
// (src/ui/rich-text-editor/toolbars.ts) can produce: bold, italic, underline, strike, the palette's
// text and highlight colours, the serif and monospace fonts, headers 1–4, ordered/bullet/check lists,
// indent, align, links; and in posts (the fuller toolbar, spec §9) our own uploaded images, YouTube
// and Vimeo embeds and tables. Everything else is dropped (docs/SECURITY-CHECKS.md "Content": Quill has had
// stored-XSS reports, so what the client sends is never trusted).
// Reused by every feature that stores rich text (posts, comments, bio, car log content, messages),
// and read back as plain text by the dossier and the CSV export (htmlToText).
import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';
import {
  mediaIdOfImageSrc,
  RICH_TEXT_COLOURS,
  RICH_TEXT_FONTS,
  RICH_TEXT_HIGHLIGHTS,
  richTextImageSrc,
  videoEmbedUrl,
} from '../../../src/contract/rich-text';

// Loaded when the first rich text is written: reading the API never needs it, and it (with its
// HTML parser and postcss) cost ~40 ms of start-up.
const load = createRequire(import.meta.url);
let library: typeof sanitizeHtml | undefined;
const sanitizer = () => (library ??= load('sanitize-html') as typeof sanitizeHtml);

const LIST_KINDS = new Set(['ordered', 'bullet', 'checked', 'unchecked']);
const BLOCK_CLASSES = [
  'ql-align-center',
  'ql-align-right',
  'ql-align-justify',
  ...Array.from({ length: 8 }, (_, i) => `ql-indent-${i + 1}`),
];
/** Inline formats as Quill classes: only the palette's names and the offered fonts, no inline style. */
const INLINE_CLASSES = [
  ...RICH_TEXT_COLOURS.map((c) => `ql-color-${c}`),
  ...RICH_TEXT_HIGHLIGHTS.map((c) => `ql-bg-${c}`),
  ...RICH_TEXT_FONTS.map((f) => `ql-font-${f}`),
];
/** Quill's table cells name their row (`row-` and a few random characters). */
const TABLE_ROW = /^row-[a-z0-9]{1,16}$/;

/** Text inside these is not text a member typed; drop it with the tag. */
const NON_TEXT_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'svg',
  'math',
  'template',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'object',
];

const linkTransform: sanitizeHtml.Transformer = (tagName, attribs) =>
  sanitizer().simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' })(tagName, attribs);

function listItemTransform(tagName: string, attribs: sanitizeHtml.Attributes) {
  // A made-up list kind loses the attribute, not the item and its text.
  const { 'data-list': kind, ...rest } = attribs;
  return {
    tagName,
    attribs: kind !== undefined && LIST_KINDS.has(kind) ? { ...rest, 'data-list': kind } : rest,
  };
}

/** Everything but posts: what the compact, desktop and mobile toolbars make without media or tables. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'span', 'h1', 'h2', 'h3', 'h4', 'ol', 'ul', 'li', 'a'],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    li: ['data-list', 'class'],
    span: ['class'],
    p: ['class'],
    h1: ['class'],
    h2: ['class'],
    h3: ['class'],
    h4: ['class'],
  },
  allowedClasses: {
    p: BLOCK_CLASSES,
    h1: BLOCK_CLASSES,
    h2: BLOCK_CLASSES,
    h3: BLOCK_CLASSES,
    h4: BLOCK_CLASSES,
    li: BLOCK_CLASSES,
    span: INLINE_CLASSES,
  },
  allowedStyles: {},
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  nonTextTags: NON_TEXT_TAGS,
  disallowedTagsMode: 'discard',
  transformTags: { a: linkTransform, li: listItemTransform },
};

/**
 * Posts (spec §9's fuller toolbar): the above plus an image that is one of our own uploaded files
 * (its path only, rebuilt from the id), a YouTube or Vimeo embed (rebuilt from the video's id, so
 * no attribute of the given iframe survives) and Quill's tables.
 */
const NONE: sanitizeHtml.Attributes = {};
const POST_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [...(OPTIONS.allowedTags as string[]), 'img', 'iframe', 'table', 'tbody', 'tr', 'td'],
  allowedAttributes: {
    ...OPTIONS.allowedAttributes,
    img: ['src'],
    iframe: ['class', 'src', 'frameborder', 'allowfullscreen'],
    td: ['data-row'],
  },
  allowedClasses: { ...OPTIONS.allowedClasses, iframe: ['ql-video'] },
  nonTextTags: NON_TEXT_TAGS.filter((tag) => tag !== 'iframe'),
  transformTags: {
    ...OPTIONS.transformTags,
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const id = mediaIdOfImageSrc(attribs.src ?? '');
      return { tagName, attribs: id === null ? NONE : { src: richTextImageSrc(id) } };
    },
    iframe: (tagName, attribs): sanitizeHtml.Tag => {
      const src = attribs.src === undefined ? null : videoEmbedUrl(attribs.src);
      return {
        tagName,
        attribs: src === null ? NONE : { class: 'ql-video', frameborder: '0', allowfullscreen: 'true', src },
      };
    },
    td: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs:
        attribs['data-row'] !== undefined && TABLE_ROW.test(attribs['data-row'])
          ? { 'data-row': attribs['data-row'] }
          : NONE,
    }),
  },
  // An image or a video that is not ours or not allowed goes whole, and so does a frame with
  // content (Quill's never has any: that text would be counted yet never shown).
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' || frame.tag === 'iframe') &&
    (!frame.attribs.src || (frame.tag === 'iframe' && frame.text.trim() !== '')),
};

const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: NON_TEXT_TAGS,
};

/** The text of a fragment, tags and what is not text dropped, escaped as sanitize-html escapes it. */
export function escapedTextOf(html: string): string {
  return sanitizer()(html, TEXT_ONLY);
}

/** The characters of text a sanitised fragment shows (what the spec's limits count, like Quill does). */
export function richTextLength(html: string): number {
  const escaped = escapedTextOf(html);
  // sanitize-html escapes exactly these in text; undo them to count what the reader sees.
  return escaped.replace(/&lt;|&gt;|&quot;|&amp;/g, 'x').length;
}

/**
 * Stored rich text (Quill HTML) as plain text: a line break after each paragraph, heading, list
 * item, quote or code block, the markup dropped and the entities decoded. Blank lines are kept: the
 * caller decides whether they matter (the dossier folds them, the CSV export keeps them).
 */
export function htmlToText(html: string | null): string {
  if (!html) return '';
  return html
    .replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

/** Which allow-list applies: a post's fuller toolbar, or every other rich-text field's. */
export type RichTextKind = 'post' | 'text';

/** Sanitises Quill HTML and measures its text. `textLength` counts UTF-16 units, as Quill does. */
export function sanitizeRichText(
  html: string,
  kind: RichTextKind = 'text',
): { html: string; textLength: number } {
  const clean = sanitizer()(html, kind === 'post' ? POST_OPTIONS : OPTIONS);
  return { html: clean, textLength: richTextLength(clean) };
}
