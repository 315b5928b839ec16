import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Quill from 'quill';
import { useState } from 'react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { RICH_TEXT_COLOURS, RICH_TEXT_HIGHLIGHTS } from '@/contract/rich-text';
import {
  clampEditorHeight,
  COMPACT_TOOLBAR,
  DESKTOP_TOOLBAR,
  FULL_TOOLBAR,
  formatsFor,
  RICH_TEXT_FORMATS,
  isRichTextEmpty,
  MOBILE_TOOLBAR,
  RichTextEditor,
  richTextLength,
  type RichTextEditorProps,
} from '.';

describe('toolbar presets (spec §9)', () => {
  it('desktop: exactly bold, italic, underline, strike, colour, background, font, headers 1-4 or normal, lists, indent, alignment', () => {
    expect(DESKTOP_TOOLBAR).toEqual([
      ['bold', 'italic', 'underline', 'strike'],
      [
        { color: [false, 'red', 'orange', 'green', 'blue', 'purple'] },
        { background: [false, 'yellow', 'green', 'blue', 'pink'] },
      ],
      [{ font: [false, 'serif', 'monospace'] }],
      [{ header: [1, 2, 3, 4, false] }],
      [{ list: 'ordered' }, { list: 'bullet' }, { list: 'check' }],
      [{ indent: '-1' }, { indent: '+1' }],
      [{ align: [] }],
    ]);
  });

  it("the generic editor's fuller toolbar: the desktop one, then links, images, videos and tables", () => {
    expect(FULL_TOOLBAR).toEqual([...DESKTOP_TOOLBAR, ['link', 'image', 'video', 'table']]);
  });

  it('mobile: exactly bold, italic, underline, colour, background, headers, ordered and bullet lists, alignment', () => {
    expect(MOBILE_TOOLBAR).toEqual([
      ['bold', 'italic', 'underline'],
      [
        { color: [false, 'red', 'orange', 'green', 'blue', 'purple'] },
        { background: [false, 'yellow', 'green', 'blue', 'pink'] },
      ],
      [{ header: [1, 2, 3, 4, false] }],
      [{ list: 'ordered' }, { list: 'bullet' }],
      [{ align: [] }],
    ]);
  });

  it('compact (cars, logs, bio, messages): one row with links and no media', () => {
    expect(COMPACT_TOOLBAR).toEqual([
      ['bold', 'italic', 'underline', 'strike'],
      [{ list: 'ordered' }, { list: 'bullet' }, { list: 'check' }],
      ['link', 'clean'],
    ]);
  });

  it('an editor accepts media and tables only when its toolbar offers them', () => {
    const tables = ['table', 'table-row', 'table-body', 'table-container'];
    expect(formatsFor(COMPACT_TOOLBAR)).toEqual([...RICH_TEXT_FORMATS]);
    expect(formatsFor(DESKTOP_TOOLBAR)).toEqual([...RICH_TEXT_FORMATS]);
    expect(formatsFor(MOBILE_TOOLBAR)).toEqual([...RICH_TEXT_FORMATS]);
    expect(formatsFor(FULL_TOOLBAR)).toEqual([...RICH_TEXT_FORMATS, 'image', 'video', ...tables]);
  });
});

describe('palette (reads on white and in dark mode)', () => {
  const css = readFileSync(path.resolve(__dirname, '../rich-text.css'), 'utf8');
  const theme = readFileSync(path.resolve(__dirname, '../theme.css'), 'utf8');
  const [light = '', dark = ''] = css.split('@media (prefers-color-scheme: dark)');
  const [themeLight = '', themeDark = ''] = theme.split('@media (prefers-color-scheme: dark)');
  const value = (block: string, name: string) => {
    const found = new RegExp(`${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(block)?.[1];
    expect(found, name).toBeDefined();
    return found as string;
  };
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };

  it.each([
    ['light', light, themeLight],
    ['dark', dark, themeDark],
  ])('%s: every text colour and highlight reaches 4.5:1', (_theme, block, themeBlock) => {
    const surfaces = [value(themeBlock, '--color-surface'), value(themeBlock, '--color-surface-2')];
    const text = value(themeBlock, '--color-text');
    const highlights = RICH_TEXT_HIGHLIGHTS.map((h) => value(block, `--rt-bg-${h}`));
    for (const c of RICH_TEXT_COLOURS) {
      const colour = value(block, `--rt-color-${c}`);
      for (const ground of [...surfaces, ...highlights])
        expect(contrast(colour, ground), `${c} on ${ground}`).toBeGreaterThanOrEqual(4.5);
    }
    for (const ground of highlights) expect(contrast(text, ground)).toBeGreaterThanOrEqual(4.5);
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

  it('drops what the server would drop (images outside posts) on the way in', async () => {
    renderWithProviders(<Harness initial={'<p>a<img src="https://example.com/x.png">b</p>'} />);
    const { root } = await editorOf('Description');
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toBe('ab');
  });

  it('toolbar contents per editor kind: compact links; posts add images, videos, tables and the palette', async () => {
    const { unmount } = renderWithProviders(<Harness />);
    await editorOf('Description');
    const buttons = () =>
      screen
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'))
        .filter(Boolean);
    expect(buttons()).toEqual(
      expect.arrayContaining(['Bold', 'Italic', 'Underline', 'Strikethrough', 'Link', 'Clear formatting']),
    );
    for (const name of ['Image', 'Video (YouTube or Vimeo)', 'Table', 'Text colour'])
      expect(buttons()).not.toContain(name);
    unmount();

    renderWithProviders(<Harness toolbar={FULL_TOOLBAR} />);
    await editorOf('Description');
    expect(buttons()).toEqual(
      expect.arrayContaining([
        'Link',
        'Image',
        'Video (YouTube or Vimeo)',
        'Table',
        'Text colour',
        'Background colour',
      ]),
    );
    const colours = [...document.querySelectorAll('.ql-color .ql-picker-item')].map((i) =>
      i.getAttribute('aria-label'),
    );
    expect(colours).toEqual(['Default colour', 'Red', 'Orange', 'Green', 'Blue', 'Purple']);
    const highlights = [...document.querySelectorAll('.ql-background .ql-picker-item')].map((i) =>
      i.getAttribute('aria-label'),
    );
    expect(highlights).toEqual([
      'No highlight',
      'Yellow highlight',
      'Green highlight',
      'Blue highlight',
      'Pink highlight',
    ]);
  });

  it('names the new buttons and the link tooltip in French', async () => {
    activateCatalog('fr-FR');
    renderWithProviders(<Harness toolbar={FULL_TOOLBAR} />);
    await editorOf('Description');
    for (const name of ['Lien', 'Image', 'Vidéo (YouTube ou Vimeo)', 'Tableau', 'Couleur du texte'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    const tooltip = document.querySelector('.ql-tooltip') as HTMLElement;
    expect(tooltip.getAttribute('data-enter-link')).toBe('Adresse du lien :');
    expect(tooltip.querySelector('a.ql-action')?.getAttribute('data-save')).toBe('Enregistrer');
    expect(tooltip.querySelector('input')?.getAttribute('aria-label')).toBe('Adresse');
  });

  it('keeps only what the server keeps: palette colours, our images, allowed videos, tables, safe links', async () => {
    const media = '/api/v1.0/media/0b6f3f2a-1111-4222-8333-444455556666';
    const load = vi.fn(async () => new Blob(['x'], { type: 'image/webp' }));
    const images = { load };
    renderWithProviders(
      <Harness
        toolbar={FULL_TOOLBAR}
        images={images}
        initial={
          `<p><span class="ql-color-red">r</span><span class="ql-color-white">w</span>` +
          `<span style="color:#ffff00">y</span><a href="javascript:alert(1)">j</a></p>` +
          `<p><img src="${media}"><img src="https://evil.example/x.png"></p>` +
          '<iframe class="ql-video" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>' +
          '<iframe class="ql-video" src="https://evil.example/embed/x"></iframe>' +
          '<table><tbody><tr><td data-row="row-1">c</td></tr></tbody></table>'
        }
      />,
    );
    const { root } = await editorOf('Description');
    expect(root.querySelector('.ql-color-red')?.textContent).toBe('r');
    expect(root.querySelector('.ql-color-white, [style]')).toBeNull();
    expect(root.querySelector('a')?.getAttribute('href')).toBe('about:blank');
    expect([...root.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([media]);
    expect([...root.querySelectorAll('iframe')].map((i) => i.getAttribute('src'))).toEqual([
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]);
    expect(root.querySelector('td')?.textContent).toBe('c');
    // Our image is fetched with the token by the caller and shown through srcset; src stays the path.
    await waitFor(() => expect(root.querySelector('img')?.getAttribute('srcset')).toMatch(/^blob:/));
    expect(load).toHaveBeenCalledWith(media);
  });

  it("the post editor shows the spec's buttons only, yet keeps a post's media and tables", async () => {
    const media = '/api/v1.0/media/0b6f3f2a-1111-4222-8333-444455556666';
    renderWithProviders(
      <Harness
        toolbar={MOBILE_TOOLBAR}
        accepts={FULL_TOOLBAR}
        images={{ load: async () => null }}
        initial={`<p>a</p><p><img src="${media}"></p><table><tbody><tr><td data-row="row-1">c</td></tr></tbody></table>`}
      />,
    );
    const { root } = await editorOf('Description');
    for (const name of ['Link', 'Image', 'Table', 'Strikethrough'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(root.querySelector('img')?.getAttribute('src')).toBe(media);
    expect(root.querySelector('td')?.textContent).toBe('c');
  });

  it('compact editors drop media and tables on the way in', async () => {
    renderWithProviders(
      <Harness
        initial={
          '<p>a<img src="/api/v1.0/media/0b6f3f2a-1111-4222-8333-444455556666">b</p>' +
          '<iframe class="ql-video" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>' +
          '<table><tbody><tr><td data-row="row-1">c</td></tr></tbody></table>'
        }
      />,
    );
    const { root } = await editorOf('Description');
    expect(root.querySelector('img, iframe, table')).toBeNull();
    expect(root.textContent).toContain('ab');
  });

  it('inserts an uploaded image by its path, and a table from the toolbar', async () => {
    const media = '/api/v1.0/media/0b6f3f2a-1111-4222-8333-444455556666';
    const upload = vi.fn(async () => media);
    const values: string[] = [];
    const images = { upload, load: async () => null };
    renderWithProviders(<Harness toolbar={FULL_TOOLBAR} images={images} onValue={(v) => values.push(v)} />);
    const { quill } = await editorOf('Description');
    const file = new File(['x'], 'car.png', { type: 'image/png' });
    act(() => quill.setSelection(0, 0, 'silent'));
    await act(async () => {
      (quill as unknown as { uploader: { upload(range: unknown, files: File[]): void } }).uploader.upload(
        { index: 0, length: 0 },
        [file],
      );
      await Promise.resolve();
    });
    await waitFor(() => expect(values.at(-1)).toContain(`<img src="${media}">`));
    expect(upload).toHaveBeenCalledWith(file);
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    await waitFor(() => expect(values.at(-1)).toMatch(/<table><tbody><tr><td data-row="row-[a-z0-9]+">/));
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
