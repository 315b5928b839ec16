import { AppError, badRequest } from '../http/errors';
import { loadSharp } from './sharp';

/** Per-file upload limit and files per car log upload: the contract's, so the forms check the same. */
export { MAX_FILE_BYTES, MAX_FILES_PER_LOG } from '../../../src/contract/constants';
/** Total bytes a member may store. */
export const MEMBER_QUOTA_BYTES = 200 * 1024 * 1024;
/** Decoded pixels an image may have: refuses decompression bombs before decoding them. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Longest side of a stored image. */
export const MAX_IMAGE_SIDE = 2048;

export interface ProcessedFile {
  kind: 'image' | 'pdf';
  mime: string;
  bytes: Buffer;
  width: number | null;
  height: number | null;
}

const unsupported = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
export const tooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);

const RASTER = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
}

/**
 * Reads only the header of an image: a raster format sharp decodes (never SVG), with at most
 * MAX_INPUT_PIXELS, else 415 (with `notSupported`) or 413. Decompression bombs stop here.
 */
export async function checkRasterImage(bytes: Buffer, notSupported: string): Promise<void> {
  const sharp = await loadSharp();
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw unsupported(notSupported);
  }
  if (format === 'svg') throw unsupported('SVG images are not accepted: send a JPEG, PNG or WebP.');
  if (!format || !RASTER.has(format)) throw unsupported(notSupported);
  if (pixels > MAX_INPUT_PIXELS)
    throw tooLarge(`This image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`);
}

/**
 * Judges a file by its content only (never its name or declared type). Images are rotated per
 * EXIF, shrunk to MAX_IMAGE_SIDE and re-encoded as WebP, which drops every metadata block (GPS).
 */
export async function processUpload(bytes: Buffer, allowPdf: boolean): Promise<ProcessedFile> {
  if (isPdf(bytes)) {
    if (!allowPdf) throw unsupported('Only images are accepted here (JPEG, PNG, WebP, GIF, AVIF).');
    return { kind: 'pdf', mime: 'application/pdf', bytes, width: null, height: null };
  }
  const sharp = await loadSharp();
  await checkRasterImage(bytes, 'This file is not a supported image or PDF.');
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { kind: 'image', mime: 'image/webp', bytes: data, width: info.width, height: info.height };
  } catch {
    throw badRequest('This image could not be read.');
  }
}

/** A display-only name: no directories, no control or path characters, bounded length. */
export function sanitiseName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // Control characters first (by code point, not a regex the linter rightly distrusts).
    .split('')
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .replace(/["<>:|?*;]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 120);
  return clean || 'file';
}
