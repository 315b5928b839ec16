// Photos attached to what people say: a post's (up to POST_IMAGES_MAX), a private message's and a
// chat message's (up to MESSAGE_IMAGES_MAX). Each is a media row like any upload (checked by its
// content, re-encoded as WebP without EXIF, within the quota: media-processing.ts); what links it
// to its post or message, and who may read it, is the owning feature's.
import type { AttachedImage } from '../../../src/contract/posts';
import { AppError } from '../http/errors';
import type { MediaRow } from './media-repository';
import type { MediaService } from './media-service';
import type { UploadedFile } from './multipart-body';

/** The multipart names a photo may be sent under: `image` (the older single-image form) or `images`. */
export const IMAGE_FIELDS = ['image', 'images'] as const;

/** A stored photo as a post or message keeps it: its media id and size in pixels. */
export interface ImageRef {
  id: string;
  width: number | null;
  height: number | null;
}

/** More photos than the post or message may carry. */
export const tooManyImages = (max: number, field = 'images') =>
  new AppError(400, 'TOO_MANY_IMAGES', `At most ${max} photos can be attached here.`, [
    { field: `body.${field}`, message: `must have at most ${max} photos` },
  ]);

export const imageRefOf = (row: Pick<MediaRow, 'id' | 'width' | 'height'>): ImageRef => ({
  id: row.id,
  width: row.width === null ? null : Number(row.width),
  height: row.height === null ? null : Number(row.height),
});

/** Stored link rows (any dialect's integers) as the answer's photos, served at `urlOf(mediaId)`. */
export function attachedImages(
  rows: readonly { media_id: string; width: number | null; height: number | null }[],
  urlOf: (mediaId: string) => string,
): AttachedImage[] {
  return rows.map((r) => ({
    id: r.media_id,
    url: urlOf(r.media_id),
    width: r.width === null ? null : Number(r.width),
    height: r.height === null ? null : Number(r.height),
  }));
}

/** Groups link rows by their owner's id, in the order read (the queries order by position). */
export function byOwner<R extends { owner: string }>(rows: readonly R[]): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const row of rows) {
    const list = out.get(row.owner);
    if (list) list.push(row);
    else out.set(row.owner, [row]);
  }
  return out;
}

/**
 * Checks and saves every photo sent (none: an empty list), then runs `write` with them in the order
 * sent. A write that throws (fields refused, too many photos in all) takes the files back: none
 * stays as an orphan.
 */
export async function withSavedImages<T>(
  media: MediaService,
  memberId: string,
  files: UploadedFile[],
  write: (images: ImageRef[]) => Promise<T>,
): Promise<T> {
  const rows =
    files.length === 0 ? [] : await media.save(memberId, await media.prepare(memberId, files, false));
  try {
    return await write(rows.map(imageRefOf));
  } catch (error) {
    if (rows.length > 0) await media.discardSaved(rows);
    throw error;
  }
}
