// The rich-text editor: the wrapper and presets load eagerly (small); Quill itself loads lazily.
export {
  RichTextEditor,
  clampEditorHeight,
  DEFAULT_EDITOR_HEIGHT_PX,
  TOOLBAR_HEIGHT_PX,
  type RichTextEditorProps,
} from './rich-text-editor';
export {
  COMPACT_TOOLBAR,
  DESKTOP_TOOLBAR,
  FULL_TOOLBAR,
  MOBILE_TOOLBAR,
  RICH_TEXT_FORMATS,
  formatsFor,
  toolbarFormats,
  type ToolbarConfig,
} from './toolbars';
export { showMediaImages, type RichTextImages } from './rich-text-images';
export { isRichTextEmpty, richTextLength, richTextOf } from './rich-text-length';
