// Avatars: judged by content (never by name), turned upright, cropped to a square and re-encoded
// as WebP at every size of AVATAR_SIZES. Re-encoding drops every metadata block (EXIF, GPS).
import { AVATAR_SIZES, type AvatarSize } from '../../../src/contract/people';
import { badRequest } from '../http/errors';
import { checkRasterImage, MAX_INPUT_PIXELS } from '../media/media-processing';
import { loadSharp } from '../media/sharp';

export type AvatarImages = Record<AvatarSize, Buffer>;

export async function avatarImages(bytes: Buffer): Promise<AvatarImages> {
  const sharp = await loadSharp();
  await checkRasterImage(bytes, 'This file is not a supported image.');
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
