// The Quill part of the rich-text editor. Only rich-text-editor.tsx imports this file, lazily:
// Quill (~59 KB gzip) and its CSS stay in this chunk, loaded when an editor first shows.
import Quill, { type QuillOptions } from 'quill';
import 'quill/dist/quill.snow.css';
import './quill-theme.css';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useT } from '@/lib/i18n';
import { labelToolbar } from './toolbar-labels';
import { RICH_TEXT_FORMATS, type ToolbarConfig } from './toolbars';

export interface QuillEditorProps {
  id: string;
  value: string;
  onChange: (html: string) => void;
  placeholder: string;
  toolbar: ToolbarConfig;
  labelledBy: string;
  describedBy: string | undefined;
  invalid: boolean;
  minHeight: number;
  onBlur?: (() => void) | undefined;
}

// Tab leaves the editor (WCAG 2.1.2, no keyboard trap) instead of inserting a tab or indenting;
// the toolbar's indent buttons remain.
const KEYBOARD = { bindings: { tab: false, indent: false, outdent: false, 'remove tab': false } };

/** Quill's HTML, or '' for an empty document (Quill keeps `<p><br></p>` there). */
function htmlOf(quill: Quill): string {
  return quill.getLength() <= 1 ? '' : quill.root.innerHTML;
}

function load(quill: Quill, html: string): void {
  quill.setContents(quill.clipboard.convert({ html }), Quill.sources.SILENT);
}

export default function QuillEditor(props: QuillEditorProps) {
  const { id, value, onChange, placeholder, toolbar, labelledBy, describedBy, invalid, minHeight, onBlur } =
    props;
  const t = useT();
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  // The HTML Quill holds: a `value` equal to it is our own echo, anything else comes from outside.
  const shownRef = useRef(value);
  const callbacks = useRef({ onChange, onBlur });
  useLayoutEffect(() => {
    callbacks.current = { onChange, onBlur };
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const container = document.createElement('div');
    host.append(container);
    const options: QuillOptions = {
      theme: 'snow',
      formats: [...RICH_TEXT_FORMATS],
      modules: { toolbar: toolbar as unknown[], keyboard: KEYBOARD },
    };
    const quill = new Quill(container, options);
    if (shownRef.current) load(quill, shownRef.current);
    quill.history.clear(); // undo must not empty the prefilled text
    quill.on(Quill.events.TEXT_CHANGE, () => {
      const html = htmlOf(quill);
      shownRef.current = html;
      callbacks.current.onChange(html);
    });
    const blur = () => callbacks.current.onBlur?.();
    quill.root.addEventListener('blur', blur);
    quillRef.current = quill;
    return () => {
      quill.root.removeEventListener('blur', blur);
      quillRef.current = null;
      host.replaceChildren(); // the toolbar and the editor Quill built
    };
  }, [toolbar]);

  // A value from outside (a draft restored, a form reset) replaces the content.
  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || value === shownRef.current) return;
    shownRef.current = value;
    load(quill, value);
  }, [value]);

  useEffect(() => {
    const quill = quillRef.current;
    if (!quill) return;
    const root = quill.root;
    root.id = id;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-labelledby', labelledBy);
    if (describedBy) root.setAttribute('aria-describedby', describedBy);
    else root.removeAttribute('aria-describedby');
    if (invalid) root.setAttribute('aria-invalid', 'true');
    else root.removeAttribute('aria-invalid');
    root.setAttribute('data-placeholder', placeholder);
    root.setAttribute('aria-placeholder', placeholder);
    const toolbarEl = quill.getModule('toolbar') as { container?: HTMLElement } | undefined;
    if (toolbarEl?.container) labelToolbar(toolbarEl.container, t);
  }, [toolbar, id, labelledBy, describedBy, invalid, placeholder, t]);

  return (
    <div
      ref={hostRef}
      className="rte__quill"
      data-invalid={invalid || undefined}
      style={{ ['--rte-min-height' as string]: `${minHeight}px` }}
    />
  );
}
