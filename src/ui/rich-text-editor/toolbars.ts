// Toolbar presets of the rich-text editor (spec §9). Plain data in Quill's toolbar format, with no
// Quill import, so that screens can pick a preset without pulling the editor into their chunk.

/** One group of Quill toolbar controls: format names, or `{ format: value | values[] }`. */
export type ToolbarGroup = ReadonlyArray<string | Readonly<Record<string, unknown>>>;
export type ToolbarConfig = ReadonlyArray<ToolbarGroup>;

/**
 * Spec §9, desktop: bold, italic, underline, strike, text colour, background colour, font,
 * headers 1-4 or normal, ordered, bullet and check lists, indent out and in, alignment.
 */
export const DESKTOP_TOOLBAR: ToolbarConfig = [
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ font: [] }],
  [{ header: [1, 2, 3, 4, false] }],
  [{ list: 'ordered' }, { list: 'bullet' }, { list: 'check' }],
  [{ indent: '-1' }, { indent: '+1' }],
  [{ align: [] }],
];

/** Spec §9, mobile: bold, italic, underline, colour, background, headers, ordered and bullet lists, alignment. */
export const MOBILE_TOOLBAR: ToolbarConfig = [
  ['bold', 'italic', 'underline'],
  [{ color: [] }, { background: [] }],
  [{ header: [1, 2, 3, 4, false] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: [] }],
];

/**
 * The garage's forms: one short row that fits a phone (no pickers whose menus would cover the
 * form), the formats a car or log note needs.
 */
export const COMPACT_TOOLBAR: ToolbarConfig = [
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }, { list: 'check' }],
  ['clean'],
];

/**
 * The formats the editor accepts at all (pasted content included): what the desktop toolbar can
 * produce plus links, i.e. the server's sanitiser allow-list (server/src/garage/rich-text.ts).
 * Anything else (images, videos, code) is dropped on paste instead of being silently lost on save.
 */
export const RICH_TEXT_FORMATS = [
  'bold',
  'italic',
  'underline',
  'strike',
  'color',
  'background',
  'font',
  'header',
  'list',
  'indent',
  'align',
  'link',
] as const;
