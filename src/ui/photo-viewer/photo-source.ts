// What the viewer shows: the app's media urls (server files fetched with the bearer token through
// the media cache, or `local:` blobs not uploaded yet) turned into object URLs, and the PDFs that
// open in a tab of their own.
import { useEffect, useState } from 'react';
import { loadMedia } from '@/lib/offline/media';

export interface PhotoSource {
  src?: string;
  /** The file cannot be had: not on this device and the server cannot be reached, or gone. */
  failed: boolean;
}

/** An object URL for one media url, with a failure the viewer can say (unlike `useMediaUrl`). */
export function usePhotoSource(url: string): PhotoSource {
  const [state, setState] = useState<(PhotoSource & { url: string }) | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    let objectUrl: string | undefined;
    loadMedia(url).then(
      (blob) => {
        if (cancelled) return;
        if (!blob) {
          setState({ url, failed: true });
          return;
        }
        objectUrl = URL.createObjectURL(blob);
        setState({ url, src: objectUrl, failed: false });
      },
      () => {
        if (!cancelled) setState({ url, failed: true });
      },
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state && state.url === url ? state : { failed: false };
}

/** How long an opened file's object URL lives: long enough for the new tab to read it. */
const OPENED_URL_LIFETIME_MS = 60_000;

/**
 * Opens a file (a PDF receipt) in a new tab from its object URL. The tab is opened inside the
 * click, before the bytes are read, so no pop-up blocker stops it; the file then loads into it.
 * Resolves false when the file cannot be had (the tab is closed again).
 */
export async function openMediaFile(url: string): Promise<boolean> {
  const tab = window.open('', '_blank');
  const blob = await loadMedia(url).catch(() => null);
  if (!blob) {
    tab?.close();
    return false;
  }
  const objectUrl = URL.createObjectURL(blob);
  if (tab) {
    tab.location.href = objectUrl;
  } else {
    // No tab could be opened (an installed app may refuse): hand the file over as a download.
    const link = document.createElement('a');
    link.href = objectUrl;
    link.target = '_blank';
    link.rel = 'noopener';
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
  }
  setTimeout(() => URL.revokeObjectURL(objectUrl), OPENED_URL_LIFETIME_MS);
  return true;
}
