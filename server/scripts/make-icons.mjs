// Renders the PWA icons from our SVG logo (public/logo.svg) with sharp. Run after changing the
// logo: `node server/scripts/make-icons.mjs`; the PNGs in public/icons are committed.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(root, 'public/icons');
const RED = '#c8102e';

const logo = await readFile(path.join(root, 'public/logo.svg'));
// The mark without its rounded tile, for the full-bleed icons (maskable, Apple).
const mark = Buffer.from(
  logo
    .toString('utf8')
    .replace(/<rect[^>]*\/>/, '')
    .replace('viewBox="0 0 64 64"', 'viewBox="12 10 40 44"'),
);

async function tile(size, file) {
  await sharp(logo, { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toFile(path.join(outDir, file));
}

/** A square of solid red with the mark inside `safe` (fraction of the side), no transparency. */
async function fullBleed(size, safe, file) {
  const inner = Math.round(size * safe);
  const markPng = await sharp(mark, { density: (72 * inner) / 40 })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: RED } })
    .composite([{ input: markPng, gravity: 'center' }])
    .flatten({ background: RED })
    .png()
    .toFile(path.join(outDir, file));
}

await mkdir(outDir, { recursive: true });
await tile(192, 'icon-192.png');
await tile(512, 'icon-512.png');
// Maskable: platforms crop to a circle or squircle; keep the mark within the 80 % safe zone.
await fullBleed(512, 0.56, 'maskable-512.png');
await fullBleed(180, 0.62, 'apple-touch-icon-180.png');
console.log('icons written to public/icons');
