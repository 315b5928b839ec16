// Rich text (Quill 2 HTML) sanitised against an allow-list of exactly what the spec's desktop
// toolbar (§9) can produce: bold, italic, underline, strike, colour, background, font, headers 1–4,
// ordered/bullet/check lists, indent, align, links. Everything else is dropped (SECURITY.md
// "Content": Quill has had stored-XSS reports, so what the client sends is never trusted).
// Reused by every feature that stores rich text (posts, comments, bio, car log content).
import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

// Loaded when the first rich text is written: reading the API never needs it, and it (with its
// HTML parser and postcss) cost ~40 ms of start-up.
const load = createRequire(import.meta.url);
let library: typeof sanitizeHtml | undefined;
const sanitizer = () => (library ??= load('sanitize-html') as typeof sanitizeHtml);

const LIST_KINDS = new Set(['ordered', 'bullet', 'checked', 'unchecked']);
const COLOUR = [/^#[0-9a-f]{3}$/i, /^#[0-9a-f]{6}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i];
const COLOUR_STYLES = { color: COLOUR, 'background-color': COLOUR };
const BLOCK_CLASSES = [
  'ql-align-center',
  'ql-align-right',
  'ql-align-justify',
  ...Array.from({ length: 8 }, (_, i) => `ql-indent-${i + 1}`),
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'span', 'h1', 'h2', 'h3', 'h4', 'ol', 'ul', 'li', 'a'],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    li: ['data-list', 'class'],
    span: ['style', 'class'],
    p: ['style', 'class'],
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
    // Fonts are an inline format; sanitize-html's glob keeps any `ql-font-<name>`, nothing else
    // (the formula blot's `ql-formula` goes, leaving its text).
    span: ['ql-font-*'],
  },
  allowedStyles: { span: COLOUR_STYLES, p: COLOUR_STYLES },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Text inside these is not text a member typed; drop it with the tag.
  nonTextTags: [
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
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) =>
      sanitizer().simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' })(tagName, attribs),
    li: (tagName, attribs) => {
      // A made-up list kind loses the attribute, not the item and its text.
      const { 'data-list': kind, ...rest } = attribs;
      return {
        tagName,
        attribs: kind !== undefined && LIST_KINDS.has(kind) ? { ...rest, 'data-list': kind } : rest,
      };
    },
  },
};

const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: OPTIONS.nonTextTags,
};

/** The characters of text a sanitised fragment shows (what the spec's limits count, like Quill does). */
export function richTextLength(html: string): number {
  const escaped = sanitizer()(html, TEXT_ONLY);
  // sanitize-html escapes exactly these in text; undo them to count what the reader sees.
  return escaped.replace(/&lt;|&gt;|&quot;|&amp;/g, 'x').length;
}

/** Sanitises Quill HTML and measures its text. `textLength` counts UTF-16 units, as Quill does. */
export function sanitizeRichText(html: string): { html: string; textLength: number } {
  const clean = sanitizer()(html, OPTIONS);
  return { html: clean, textLength: richTextLength(clean) };
}
