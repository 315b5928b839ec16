import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Quill from 'quill';
import { useState } from 'react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import {
  clampEditorHeight,
  COMPACT_TOOLBAR,
  DESKTOP_TOOLBAR,
  isRichTextEmpty,
  MOBILE_TOOLBAR,
  RichTextEditor,
  richTextLength,
  type RichTextEditorProps,
} from '.';

describe('toolbar presets (spec §9)', () => {
  it('desktop: bold, italic, underline, strike, colour, background, font, headers 1-4 or normal, lists, indent, alignment', () => {
    expect(DESKTOP_TOOLBAR).toEqual([
      ['bold', 'italic', 'underline', 'strike'],
      [{ color: [] }, { background: [] }],
      [{ font: [] }],
      [{ header: [1, 2, 3, 4, false] }],
      [{ list: 'ordered' }, { list: 'bullet' }, { list: 'check' }],
      [{ indent: '-1' }, { indent: '+1' }],
      [{ align: [] }],
    ]);
  });

  it('mobile: bold, italic, underline, colour, background, headers, ordered and bullet lists, alignment', () => {
    expect(MOBILE_TOOLBAR).toEqual([
      ['bold', 'italic', 'underline'],
      [{ color: [] }, { background: [] }],
      [{ header: [1, 2, 3, 4, false] }],
      [{ list: 'ordered' }, { list: 'bullet' }],
      [{ align: [] }],
    ]);
  });
});

describe('rich text length', () => {
  it('counts the characters of text, not the HTML', () => {
    expect(richTextLength('<p><strong>ab</strong>c</p><ol><li data-list="bullet">de</li></ol>')).toBe(5);
    expect(richTextLength('<p>a &amp; b</p>')).toBe(5);
    expect(richTextLength('')).toBe(0);
    expect(richTextLength(null)).toBe(0);
    expect(isRichTextEmpty('<p><br></p>')).toBe(true);
    expect(isRichTextEmpty('<p>  </p>')).toBe(true);
    expect(isRichTextEmpty('<p>x</p>')).toBe(false);
  });

  it('runs nothing it parses', () => {
    const spy = vi.fn();
    (window as unknown as { __rteSpy: typeof spy }).__rteSpy = spy;
    expect(richTextLength('<img src=x onerror="window.__rteSpy()"><p>ok</p>')).toBe(2);
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('editor height (spec §5/§9: 35 to 300)', () => {
  it('clamps the asked height', () => {
    expect(clampEditorHeight(10)).toBe(35);
    expect(clampEditorHeight(35)).toBe(35);
    expect(clampEditorHeight(180)).toBe(180);
    expect(clampEditorHeight(300)).toBe(300);
    expect(clampEditorHeight(1000)).toBe(300);
  });
});

function Harness(props: Partial<RichTextEditorProps> & { initial?: string; onValue?: (v: string) => void }) {
  const { initial = '', onValue, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        label="Description"
        toolbar={COMPACT_TOOLBAR}
        {...rest}
        value={value}
        onChange={(html) => {
          setValue(html);
          onValue?.(html);
        }}
      />
      <button type="button" onClick={() => setValue('<p>From outside</p>')}>
        replace
      </button>
    </>
  );
}

async function editorOf(name: string): Promise<{ root: HTMLElement; quill: Quill }> {
  const root = await screen.findByRole('textbox', { name }, { timeout: 10_000 });
  const quill = Quill.find(root.parentElement as HTMLElement) as Quill;
  expect(quill).toBeInstanceOf(Quill);
  return { root, quill };
}

describe('RichTextEditor', () => {
  beforeEach(() => activateCatalog('en-US'));

  it('shows a skeleton of its size while Quill loads, then a labelled snow editor', async () => {
    renderWithProviders(<Harness />);
    expect(screen.getByRole('status', { name: 'Loading the editor…' })).toBeTruthy();
    const { root } = await editorOf('Description');
    expect(screen.queryByRole('status', { name: 'Loading the editor…' })).toBeNull();
    expect(root.getAttribute('aria-multiline')).toBe('true');
    expect(root.closest('.ql-container')?.classList.contains('ql-snow')).toBe(true);
    expect(root.getAttribute('data-placeholder')).toBe('Insert text here ...');
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bold' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Checklist' })).toBeTruthy();
    // a click on the label puts the caret in the editor
    fireEvent.click(screen.getByText('Description'));
    expect(document.activeElement).toBe(root);
  });

  it('names the pickers and their items in the current language (desktop toolbar)', async () => {
    activateCatalog('fr-FR');
    renderWithProviders(<Harness toolbar={DESKTOP_TOOLBAR} placeholder="Racontez" />);
    const { root } = await editorOf('Description');
    expect(root.getAttribute('data-placeholder')).toBe('Racontez');
    expect(screen.getByRole('button', { name: 'Titre' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Police' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Titre 4', hidden: true }).getAttribute('data-label')).toBe(
      'Titre 4',
    );
    expect(screen.getByRole('button', { name: 'Diminuer le retrait' })).toBeTruthy();
  });

  it('reports Quill HTML, empty as "", and counts text against maxLength', async () => {
    const values: string[] = [];
    renderWithProviders(<Harness maxLength={5} onValue={(v) => values.push(v)} />);
    const { root, quill } = await editorOf('Description');
    expect(screen.getByText('0 / 5 characters')).toBeTruthy();
    act(() => {
      quill.insertText(0, 'abc', 'user');
      quill.formatText(0, 3, 'bold', true, 'user');
    });
    expect(values.at(-1)).toBe('<p><strong>abc</strong></p>');
    expect(screen.getByText('3 / 5 characters')).toBeTruthy();
    expect(root.getAttribute('aria-invalid')).toBeNull();

    act(() => void quill.insertText(3, 'def', 'user'));
    expect(screen.getByText('6 / 5 characters')).toBeTruthy();
    expect(root.getAttribute('aria-invalid')).toBe('true');
    const described = (root.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toContain('At most 5 characters: remove 1.');

    act(() => void quill.deleteText(0, quill.getLength(), 'user'));
    expect(values.at(-1)).toBe('');
  });

  it('shows a prefilled value, and a new value from outside', async () => {
    renderWithProviders(<Harness initial="<p>Hello <em>there</em></p>" />);
    const { root, quill } = await editorOf('Description');
    expect(root.innerHTML).toBe('<p>Hello <em>there</em></p>');
    // undo must not wipe the prefilled text
    act(() => void quill.history.undo());
    expect(quill.getText()).toBe('Hello there\n');
    fireEvent.click(screen.getByRole('button', { name: 'replace' }));
    await waitFor(() => expect(quill.getText()).toBe('From outside\n'));
  });

  it('drops what the server would drop (images) on the way in', async () => {
    renderWithProviders(<Harness initial={'<p>a<img src="https://example.com/x.png">b</p>'} />);
    const { root } = await editorOf('Description');
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toBe('ab');
  });

  it('lets Tab leave the editor (no keyboard trap)', async () => {
    renderWithProviders(<Harness initial="<p>text</p>" />);
    const { root, quill } = await editorOf('Description');
    // jsdom has no layout: Quill scrolls the caret into view with Range geometry.
    const rect = () => ({ top: 0, bottom: 0, left: 0, right: 0, width: 0, height: 0 }) as DOMRect;
    Object.defineProperty(Range.prototype, 'getBoundingClientRect', { configurable: true, value: rect });
    onTestFinished(() => {
      delete (Range.prototype as Partial<Range>).getBoundingClientRect;
    });
    act(() => {
      quill.focus();
      quill.setSelection(2, 0, 'user');
    });
    const event = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    act(() => void root.dispatchEvent(event));
    expect(quill.getText()).toBe('text\n');
    expect(event.defaultPrevented).toBe(false);
  });
});

describe('lazy boundary', () => {
  const SRC = path.resolve(__dirname, '../..');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return files(full);
      return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
    });

  it('only quill-editor.tsx imports Quill or its CSS, and only through a dynamic import', () => {
    const importsQuill = /(?:from\s+|import\s+)['"]quill(?:\/[^'"]*)?['"]/;
    const quillImporters = files(SRC)
      .filter((file) => importsQuill.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(quillImporters).toEqual([path.join('ui', 'rich-text-editor', 'quill-editor.tsx')]);
    const editorImporters = files(SRC)
      .filter((file) =>
        /['"]\.\/quill-editor['"]|rich-text-editor\/quill-editor['"]/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => path.relative(SRC, file));
    expect(editorImporters).toEqual([path.join('ui', 'rich-text-editor', 'rich-text-editor.tsx')]);
    const wrapper = readFileSync(path.join(SRC, 'ui/rich-text-editor/rich-text-editor.tsx'), 'utf8');
    expect(wrapper).toContain("lazy(() => import('./quill-editor'))");
    expect(wrapper).not.toMatch(/^import .*['"]\.\/quill-editor['"]/m);
    expect(readFileSync(path.join(SRC, 'ui/rich-text-editor/quill-editor.tsx'), 'utf8')).toContain(
      "import 'quill/dist/quill.snow.css'",
    );
  });

  it('the design system barrel does not reach the editor (screens opt in)', () => {
    expect(readFileSync(path.join(SRC, 'ui/index.ts'), 'utf8')).not.toContain('rich-text-editor');
  });
});
