// What rich text may hold beyond plain formatting, shared by the editor (what its toolbars offer)
// and the server's sanitiser (what it keeps): the two must agree, or a format vanishes on publish.
import { API_BASE } from './constants';

/**
 * The text and highlight colours: names, not values. Stored as Quill classes (`ql-color-red`,
 * `ql-bg-yellow`) that the theme paints with a shade that reads on white and in dark mode.
 */
export const RICH_TEXT_COLOURS = ['red', 'orange', 'green', 'blue', 'purple'] as const;
export const RICH_TEXT_HIGHLIGHTS = ['yellow', 'green', 'blue', 'pink'] as const;
export type RichTextColour = (typeof RICH_TEXT_COLOURS)[number];
export type RichTextHighlight = (typeof RICH_TEXT_HIGHLIGHTS)[number];

/** Fonts Quill's font picker offers besides the default sans-serif. */
export const RICH_TEXT_FONTS = ['serif', 'monospace'] as const;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const MEDIA_SRC = new RegExp(`^${API_BASE.replace(/\./g, '\\.')}/media/(${UUID})$`);

/** The path of one of our own media files, as a post's rich text may show it (no host, no query). */
export const richTextImageSrc = (mediaId: string) => `${API_BASE}/media/${mediaId}`;

/** The media id an image source names when it is one of our own files; null for anything else. */
export function mediaIdOfImageSrc(src: string): string | null {
  return MEDIA_SRC.exec(src)?.[1] ?? null;
}

/** Where video embeds may come from: the CSP's frame-src lists exactly these. */
export const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

/**
 * The embed address of a YouTube or Vimeo video, rebuilt from its id (so nothing of the given
 * address but the id survives), or null when `url` is no video of an allowed host. Accepts the
 * addresses members paste (watch pages, youtu.be, vimeo.com/123) and the embed addresses.
 */
export function videoEmbedUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username || parsed.password || parsed.port) return null;
  const host = parsed.hostname.toLowerCase();
  const parts = parsed.pathname.split('/').filter(Boolean);
  let youtube: string | undefined;
  if (['www.youtube.com', 'youtube.com', 'm.youtube.com'].includes(host)) {
    if (parts.length === 1 && parts[0] === 'watch') youtube = parsed.searchParams.get('v') ?? undefined;
    else if (parts.length === 2 && parts[0] === 'embed') youtube = parts[1];
  } else if (['www.youtube-nocookie.com', 'youtube-nocookie.com'].includes(host)) {
    if (parts.length === 2 && parts[0] === 'embed') youtube = parts[1];
  } else if (host === 'youtu.be' && parts.length === 1) {
    youtube = parts[0];
  }
  if (youtube !== undefined) {
    return YOUTUBE_ID.test(youtube) ? `https://www.youtube-nocookie.com/embed/${youtube}` : null;
  }
  let vimeo: string | undefined;
  if (host === 'player.vimeo.com' && parts.length === 2 && parts[0] === 'video') vimeo = parts[1];
  else if ((host === 'vimeo.com' || host === 'www.vimeo.com') && parts.length === 1) vimeo = parts[0];
  if (vimeo !== undefined && VIMEO_ID.test(vimeo)) return `https://player.vimeo.com/video/${vimeo}`;
  return null;
}
