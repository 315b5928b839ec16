// Our own images inside rich text (posts). The server serves a file only with the bearer token, so
// an <img src> cannot load it: the bytes are fetched by the caller (`load`) and shown through an
// object URL in `srcset`, which browsers prefer to `src`; `src` keeps the stored path. No Quill here.
import { mediaIdOfImageSrc } from '@/contract/rich-text';

export interface RichTextImages {
  /** Uploads one image; resolves to its path (`/api/v1.0/media/<id>`), or null (the caller told why). */
  upload?: (file: File) => Promise<string | null>;
  /** The bytes of one of our images, or null when they cannot be had (offline and never seen). */
  load: (src: string) => Promise<Blob | null>;
}

const shown = new WeakMap<HTMLImageElement, string>();

/** Shows every image of ours under `root` that is not shown yet. */
export function showMediaImages(root: HTMLElement, load: RichTextImages['load']): void {
  for (const img of root.querySelectorAll<HTMLImageElement>('img[src]')) {
    const src = img.getAttribute('src') ?? '';
    if (shown.get(img) === src || mediaIdOfImageSrc(src) === null) continue;
    shown.set(img, src);
    void load(src).then((blob) => {
      if (!blob || img.getAttribute('src') !== src) return;
      img.setAttribute('srcset', URL.createObjectURL(blob));
    });
  }
}
