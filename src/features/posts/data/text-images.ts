// Images inside a post's text (the fuller toolbar's image button): uploaded at once to the member's
// files (POST /posts/images, online only: the text must name a file the server has) and shown
// through the media cache, since the server serves them with the bearer token only.
import { loadMedia } from '@/lib/offline/media';
import { api } from '@/lib/http/api-client';

export interface TextImage {
  id: string;
  url: string;
  width: number | null;
  height: number | null;
}

/** Uploads one image for a post's text; resolves to the path its `<img src>` names. */
export async function uploadTextImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  return (await api.post<TextImage>('/posts/images', body)).url;
}

/** The bytes of an image a post's text shows (from this device when it has them). */
export const loadTextImage = (src: string): Promise<Blob | null> => loadMedia(src);
