// Avatars: judged by content (never by name), turned upright, cropped to a square and re-encoded
// as WebP at every size of AVATAR_SIZES. Re-encoding drops every metadata block (EXIF, GPS).
import { AVATAR_SIZES, type AvatarSize } from '../../../src/contract/people';
import { AppError, badRequest } from '../http/errors';
import { MAX_INPUT_PIXELS } from '../media/media-processing';
import { loadSharp } from '../media/sharp';

const RASTER = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

const unsupported = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);

export type AvatarImages = Record<AvatarSize, Buffer>;

export async function avatarImages(bytes: Buffer): Promise<AvatarImages> {
  const sharp = await loadSharp();
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw unsupported('This file is not a supported image.');
  }
  if (format === 'svg') throw unsupported('SVG images are not accepted: send a JPEG, PNG or WebP.');
  if (!format || !RASTER.has(format)) throw unsupported('This file is not a supported image.');
  if (pixels > MAX_INPUT_PIXELS)
    throw new AppError(
      413,
      'PAYLOAD_TOO_LARGE',
      `This image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
    );
  try {
    // One decode; each size is a clone of the upright image. `attention` keeps the face-like,
    // busiest part of a portrait photo when cropping to a square.
    const upright = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const encoded = await Promise.all(
      AVATAR_SIZES.map((size) =>
        upright
          .clone()
          .resize({ width: size, height: size, fit: 'cover', position: sharp.strategy.attention })
          .webp({ quality: 82 })
          .toBuffer(),
      ),
    );
    return Object.fromEntries(AVATAR_SIZES.map((size, i) => [size, encoded[i]])) as AvatarImages;
  } catch {
    throw badRequest('This image could not be read.');
  }
}
