// The Quill part of the rich-text editor. Only rich-text-editor.tsx imports this file, lazily:
// Quill (~59 KB gzip) and its CSS stay in this chunk, loaded when an editor first shows.
import Quill, { type Parchment, type QuillOptions } from 'quill';
import 'quill/dist/quill.snow.css';
import './quill-theme.css';
import { useEffect, useLayoutEffect, useRef } from 'react';
import {
  mediaIdOfImageSrc,
  RICH_TEXT_COLOURS,
  RICH_TEXT_FONTS,
  RICH_TEXT_HIGHLIGHTS,
  videoEmbedUrl,
} from '@/contract/rich-text';
import { useT } from '@/lib/i18n';
import { showMediaImages, type RichTextImages } from './rich-text-images';
import { labelToolbar, labelTooltip } from './toolbar-labels';
import { formatsFor, toolbarFormats, type ToolbarConfig } from './toolbars';

// Quill's formats narrowed to what the server keeps (server/src/garage/rich-text.ts), so that the
// editor never shows what would vanish on publish.
/** What an image or a video refused by the rules below points at, until removeRefusedEmbeds drops it. */
const REFUSED = 'about:blank';
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

interface UrlBlot {
  sanitize(url: string): string;
}

let registered = false;

/** Registers Paddock's variants of Quill's formats, once. */
function registerPaddockFormats(): void {
  if (registered) return;
  registered = true;
  const { ClassAttributor, Scope } = Quill.import('parchment') as typeof Parchment;
  const Link = Quill.import('formats/link') as unknown as (new (...args: never[]) => object) & UrlBlot;
  const Image = Quill.import('formats/image') as unknown as (new (...args: never[]) => object) & UrlBlot;
  const Video = Quill.import('formats/video') as unknown as (new (...args: never[]) => object) & UrlBlot;

  /** Links: http, https and mailto only; an address typed without a scheme is taken as https. */
  class SafeLink extends Link {
    static PROTOCOL_WHITELIST = ['http', 'https', 'mailto'];
    static override sanitize(url: string): string {
      const given = url.trim();
      return super.sanitize(SCHEME.test(given) || given.startsWith('/') ? given : `https://${given}`);
    }
  }
  /** Images: our own uploaded files only, by their path. */
  class OwnImage extends Image {
    static override sanitize(url: string): string {
      return mediaIdOfImageSrc(url) === null ? REFUSED : url;
    }
  }
  /** Videos: YouTube (without cookies) and Vimeo players, rebuilt from the video's id. */
  class AllowedVideo extends Video {
    static override sanitize(url: string): string {
      return videoEmbedUrl(url) ?? REFUSED;
    }
  }
  Quill.register(
    {
      'formats/link': SafeLink,
      'formats/image': OwnImage,
      'formats/video': AllowedVideo,
      // Colours as classes painted by the theme (readable on white and in dark mode), only the palette's.
      'formats/color': new ClassAttributor('color', 'ql-color', {
        scope: Scope.INLINE,
        whitelist: [...RICH_TEXT_COLOURS],
      }),
      'formats/background': new ClassAttributor('background', 'ql-bg', {
        scope: Scope.INLINE,
        whitelist: [...RICH_TEXT_HIGHLIGHTS],
      }),
      'formats/font': new ClassAttributor('font', 'ql-font', {
        scope: Scope.INLINE,
        whitelist: [...RICH_TEXT_FONTS],
      }),
    },
    true,
  );
}

/** Drops the images and videos the formats above refused (they would show an empty frame). */
function removeRefusedEmbeds(quill: Quill): void {
  const refused = quill.root.querySelectorAll(`img[src="${REFUSED}"], iframe[src="${REFUSED}"]`);
  for (const node of refused) {
    const blot = Quill.find(node);
    if (blot && !(blot instanceof Quill)) quill.deleteText(quill.getIndex(blot), 1, Quill.sources.SILENT);
  }
}

registerPaddockFormats();

export interface QuillEditorProps {
  id: string;
  value: string;
  onChange: (html: string) => void;
  placeholder: string;
  toolbar: ToolbarConfig;
  /** What it accepts (its toolbar's formats, or a fuller preset's: see RichTextEditor). */
  accepts: ToolbarConfig;
  labelledBy: string;
  describedBy: string | undefined;
  invalid: boolean;
  minHeight: number;
  onBlur?: (() => void) | undefined;
  /** Uploads and shows the images of an editor whose toolbar has the image button. */
  images?: RichTextImages | undefined;
}

// Tab leaves the editor (WCAG 2.1.2, no keyboard trap) instead of inserting a tab or indenting;
// the toolbar's indent buttons remain.
const KEYBOARD = { bindings: { tab: false, indent: false, outdent: false, 'remove tab': false } };

/** Quill's HTML, or '' for an empty document (Quill keeps `<p><br></p>` there). */
function htmlOf(quill: Quill): string {
  if (quill.getLength() <= 1) return '';
  // An image shown through srcset (a blob: URL, see showMediaImages) is stored by its src only.
  return quill.root.innerHTML.replace(/ srcset="blob:[^"]*"/g, '');
}

function load(quill: Quill, html: string): void {
  quill.setContents(quill.clipboard.convert({ html }), Quill.sources.SILENT);
}

export default function QuillEditor(props: QuillEditorProps) {
  const {
    id,
    value,
    onChange,
    placeholder,
    toolbar,
    accepts,
    labelledBy,
    describedBy,
    invalid,
    minHeight,
    onBlur,
    images,
  } = props;
  const t = useT();
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  // The HTML Quill holds: a `value` equal to it is our own echo, anything else comes from outside.
  const shownRef = useRef(value);
  const callbacks = useRef({ onChange, onBlur, images });
  useLayoutEffect(() => {
    callbacks.current = { onChange, onBlur, images };
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const container = document.createElement('div');
    host.append(container);
    // Accepted formats: a table or an image already in the text needs its module and uploader.
    const controls = new Set(toolbarFormats(accepts));
    const options: QuillOptions = {
      theme: 'snow',
      formats: formatsFor(accepts),
      modules: {
        toolbar: {
          container: toolbar as unknown[],
          handlers: {
            // A 3 × 3 table at the caret; Quill's table module has no button of its own.
            table: () =>
              (quill.getModule('table') as { insertTable(rows: number, columns: number): void }).insertTable(
                3,
                3,
              ),
          },
        },
        keyboard: KEYBOARD,
        table: controls.has('table'),
        uploader: {
          mimetypes: ['image/png', 'image/jpeg', 'image/webp'],
          // Images are uploaded to the member's files and inserted by their path, never as data: URLs.
          handler: (range: { index: number }, files: File[]) => {
            const upload = callbacks.current.images?.upload;
            if (!controls.has('image') || !upload) return;
            void (async () => {
              let index = range.index;
              for (const file of files) {
                const src = await upload(file);
                if (src === null) return;
                quill.insertEmbed(index, 'image', src, Quill.sources.USER);
                index += 1;
              }
              quill.setSelection(index, Quill.sources.SILENT);
            })();
          },
        },
      },
    };
    const quill = new Quill(container, options);
    if (shownRef.current) load(quill, shownRef.current);
    removeRefusedEmbeds(quill);
    quill.history.clear(); // undo must not empty the prefilled text
    const show = () => {
      const fetchImage = callbacks.current.images?.load;
      if (fetchImage) showMediaImages(quill.root, fetchImage);
    };
    show();
    quill.on(Quill.events.TEXT_CHANGE, () => {
      removeRefusedEmbeds(quill); // a video of a host we do not embed, an image that is not ours
      show();
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
  }, [toolbar, accepts]);

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
    const tooltip = (quill.theme as unknown as { tooltip?: { root?: HTMLElement } }).tooltip?.root;
    if (tooltip) labelTooltip(tooltip, t);
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
