// Quill's toolbar names its buttons with raw format names ("bold", "list: ordered") and draws the
// header and font pickers' texts from English CSS. This gives every control a translated name.
type Translate = (id: string) => string;

/** `format` or `format:value` of a button → its catalog key. */
const BUTTON_KEYS: Record<string, string> = {
  bold: 'EDITOR.TOOL_BOLD',
  italic: 'EDITOR.TOOL_ITALIC',
  underline: 'EDITOR.TOOL_UNDERLINE',
  strike: 'EDITOR.TOOL_STRIKE',
  link: 'EDITOR.TOOL_LINK',
  image: 'EDITOR.TOOL_IMAGE',
  video: 'EDITOR.TOOL_VIDEO',
  table: 'EDITOR.TOOL_TABLE',
  clean: 'EDITOR.TOOL_CLEAN',
  'list:ordered': 'EDITOR.TOOL_LIST_ORDERED',
  'list:bullet': 'EDITOR.TOOL_LIST_BULLET',
  'list:check': 'EDITOR.TOOL_LIST_CHECK',
  'indent:-1': 'EDITOR.TOOL_INDENT_OUT',
  'indent:+1': 'EDITOR.TOOL_INDENT_IN',
};

/** A picker (Quill's custom drop-down) → the name of its opening button. */
const PICKER_KEYS: Record<string, string> = {
  color: 'EDITOR.TOOL_COLOR',
  background: 'EDITOR.TOOL_BACKGROUND',
  font: 'EDITOR.TOOL_FONT',
  header: 'EDITOR.TOOL_HEADER',
  align: 'EDITOR.TOOL_ALIGN',
};

/** `picker:item value` → the item's text ('' is the picker's default item). */
const ITEM_KEYS: Record<string, string> = {
  'header:1': 'EDITOR.HEADER_1',
  'header:2': 'EDITOR.HEADER_2',
  'header:3': 'EDITOR.HEADER_3',
  'header:4': 'EDITOR.HEADER_4',
  'header:': 'EDITOR.HEADER_NORMAL',
  'font:': 'EDITOR.FONT_SANS_SERIF',
  'font:serif': 'EDITOR.FONT_SERIF',
  'font:monospace': 'EDITOR.FONT_MONOSPACE',
  'align:': 'EDITOR.ALIGN_LEFT',
  'align:center': 'EDITOR.ALIGN_CENTER',
  'align:right': 'EDITOR.ALIGN_RIGHT',
  'align:justify': 'EDITOR.ALIGN_JUSTIFY',
  'color:': 'EDITOR.COLOR_DEFAULT',
  'color:red': 'EDITOR.COLOR_RED',
  'color:orange': 'EDITOR.COLOR_ORANGE',
  'color:green': 'EDITOR.COLOR_GREEN',
  'color:blue': 'EDITOR.COLOR_BLUE',
  'color:purple': 'EDITOR.COLOR_PURPLE',
  'background:': 'EDITOR.HIGHLIGHT_NONE',
  'background:yellow': 'EDITOR.HIGHLIGHT_YELLOW',
  'background:green': 'EDITOR.HIGHLIGHT_GREEN',
  'background:blue': 'EDITOR.HIGHLIGHT_BLUE',
  'background:pink': 'EDITOR.HIGHLIGHT_PINK',
};

/** Snow's link and video tooltip draws its words from English CSS; these replace them (quill-theme.css). */
const TOOLTIP_KEYS: Record<string, string> = {
  'data-visit': 'EDITOR.TOOLTIP_VISIT',
  'data-edit': 'EDITOR.TOOLTIP_EDIT',
  'data-remove': 'EDITOR.TOOLTIP_REMOVE',
  'data-save': 'EDITOR.TOOLTIP_SAVE',
  'data-enter-link': 'EDITOR.TOOLTIP_LINK',
  'data-enter-video': 'EDITOR.TOOLTIP_VIDEO',
};

const formatOf = (el: Element): string | undefined =>
  [...el.classList].find((c) => c.startsWith('ql-') && c !== 'ql-picker' && c !== 'ql-active')?.slice(3);

export function labelToolbar(toolbar: HTMLElement, t: Translate): void {
  toolbar.setAttribute('aria-label', t('EDITOR.TOOLBAR'));
  for (const button of toolbar.querySelectorAll<HTMLButtonElement>('button')) {
    const format = formatOf(button);
    const key = format && (BUTTON_KEYS[`${format}:${button.value}`] ?? BUTTON_KEYS[format]);
    if (key) button.setAttribute('aria-label', t(key));
  }
  for (const picker of toolbar.querySelectorAll<HTMLElement>('.ql-picker')) {
    const format = formatOf(picker);
    if (!format) continue;
    const label = picker.querySelector<HTMLElement>('.ql-picker-label');
    const pickerKey = PICKER_KEYS[format];
    if (label && pickerKey) label.setAttribute('aria-label', t(pickerKey));
    for (const item of picker.querySelectorAll<HTMLElement>('.ql-picker-item')) {
      const itemKey = ITEM_KEYS[`${format}:${item.getAttribute('data-value') ?? ''}`];
      // Snow's CSS shows data-label instead of its English text for header and font items.
      if (itemKey) {
        item.setAttribute('data-label', t(itemKey));
        item.setAttribute('aria-label', t(itemKey));
      } else if (item.getAttribute('data-value')) {
        item.setAttribute('aria-label', item.getAttribute('data-value') ?? ''); // a colour: its value
      }
    }
    // The label copies data-label from the selected item only when the selection changes.
    const selected = picker.querySelector<HTMLElement>('.ql-picker-item.ql-selected');
    const text = selected?.getAttribute('data-label');
    if (label && text) label.setAttribute('data-label', text);
  }
}

/** Names the words and the address field of snow's tooltip (links, videos) in the current language. */
export function labelTooltip(tooltip: HTMLElement, t: Translate): void {
  // attr() reads the element its pseudo-element belongs to: the root, or the action links.
  for (const [attribute, key] of Object.entries(TOOLTIP_KEYS)) {
    const target =
      attribute === 'data-remove'
        ? tooltip.querySelector('a.ql-remove')
        : attribute === 'data-edit' || attribute === 'data-save'
          ? tooltip.querySelector('a.ql-action')
          : tooltip;
    target?.setAttribute(attribute, t(key));
  }
  for (const action of tooltip.querySelectorAll('a.ql-action, a.ql-remove')) {
    action.setAttribute('role', 'button');
    action.setAttribute('tabindex', '0');
  }
  const input = tooltip.querySelector<HTMLInputElement>('input[type="text"]');
  if (input) {
    input.setAttribute('aria-label', t('EDITOR.TOOLTIP_ADDRESS'));
    input.setAttribute('data-link', 'https://');
    input.setAttribute('data-video', 'https://www.youtube.com/watch?v=…');
  }
}
