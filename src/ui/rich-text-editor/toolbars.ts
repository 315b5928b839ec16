// Toolbar presets of the rich-text editor (spec §9). Plain data in Quill's toolbar format, with no
// Quill import, so that screens can pick a preset without pulling the editor into their chunk.
import { RICH_TEXT_COLOURS, RICH_TEXT_FONTS, RICH_TEXT_HIGHLIGHTS } from '@/contract/rich-text';

/** One group of Quill toolbar controls: format names, or `{ format: value | values[] }`. */
export type ToolbarGroup = ReadonlyArray<string | Readonly<Record<string, unknown>>>;
export type ToolbarConfig = ReadonlyArray<ToolbarGroup>;

/** The palettes: `false` is the theme's own text colour (or no highlight). */
const COLOURS = [false, ...RICH_TEXT_COLOURS];
const HIGHLIGHTS = [false, ...RICH_TEXT_HIGHLIGHTS];

/**
 * Spec §9, desktop (the post editor): bold, italic, underline, strike, text colour, background
 * colour, font, headers 1-4 or normal, ordered, bullet and check lists, indent out and in,
 * alignment — exactly these. Colours are a small palette that reads on white and in dark mode.
 */
export const DESKTOP_TOOLBAR: ToolbarConfig = [
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: COLOURS }, { background: HIGHLIGHTS }],
  [{ font: [false, ...RICH_TEXT_FONTS] }],
  [{ header: [1, 2, 3, 4, false] }],
  [{ list: 'ordered' }, { list: 'bullet' }, { list: 'check' }],
  [{ indent: '-1' }, { indent: '+1' }],
  [{ align: [] }],
];

/**
 * Spec §9, mobile (the post editor on a phone): bold, italic, underline, colour, background,
 * headers, ordered and bullet lists, alignment — exactly these.
 */
export const MOBILE_TOOLBAR: ToolbarConfig = [
  ['bold', 'italic', 'underline'],
  [{ color: COLOURS }, { background: HIGHLIGHTS }],
  [{ header: [1, 2, 3, 4, false] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: [] }],
];

/**
 * Spec §9's generic editor ("Insert text here ..."): the desktop toolbar and the fuller one's
 * links, images, videos and tables. The editor's default; a post's editor accepts what it can
 * write (a post written with it keeps its media and tables when edited with the spec's toolbars).
 */
export const FULL_TOOLBAR: ToolbarConfig = [...DESKTOP_TOOLBAR, ['link', 'image', 'video', 'table']];

/**
 * Every other form (car, log, bio, message): one short row that fits a phone (no pickers whose
 * menus would cover the form), the formats a note needs, links included.
 */
export const COMPACT_TOOLBAR: ToolbarConfig = [
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }, { list: 'check' }],
  ['link', 'clean'],
];

/**
 * The formats every editor accepts (pasted content included): what the desktop toolbar can produce,
 * plus links, i.e. the server's sanitiser allow-list for every rich-text field
 * (server/src/garage/rich-text.ts). Anything else is dropped on paste instead of being silently
 * lost on save.
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

/** Quill's formats behind the media and table buttons (kept by the server in posts only). */
const MEDIA_FORMATS: Record<string, readonly string[]> = {
  image: ['image'],
  video: ['video'],
  table: ['table', 'table-row', 'table-body', 'table-container'],
};

/** The toolbar's buttons and pickers by format name (`list`, `link`, `table`…). */
export function toolbarFormats(toolbar: ToolbarConfig): string[] {
  return toolbar.flatMap((group) =>
    group.flatMap((control) => (typeof control === 'string' ? [control] : Object.keys(control))),
  );
}

/** What an editor with this toolbar accepts: the common formats plus its media and tables. */
export function formatsFor(toolbar: ToolbarConfig): string[] {
  const controls = new Set(toolbarFormats(toolbar));
  return [
    ...RICH_TEXT_FORMATS,
    ...Object.entries(MEDIA_FORMATS).flatMap(([control, formats]) => (controls.has(control) ? formats : [])),
  ];
}
