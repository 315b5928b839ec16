import { expect } from 'vitest';
// Files and multipart bodies for the media tests.
import sharp from 'sharp';
import type { App } from '../../server/src/app';
import { API, type Member } from './garage-fixtures';

export const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret Garage', Artist: 'Gus' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();

export const png = (width = 10, height = 10) =>
  sharp({ create: { width, height, channels: 4, background: '#00ff00' } })
    .png()
    .toBuffer();

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

export interface Part {
  name: string;
  bytes: Buffer;
  filename: string;
  type?: string;
}

export function form(fields: Record<string, string>, parts: Part[]): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const p of parts)
    body.append(
      p.name,
      new Blob([new Uint8Array(p.bytes)], { type: p.type ?? 'application/octet-stream' }),
      p.filename,
    );
  return body;
}

export async function send(app: App, who: Member, method: 'POST' | 'PUT', url: string, body: FormData) {
  return app.inject({ method, url: `${API}${url}`, headers: who.headers, payload: body });
}

export async function getMedia(app: App, who: Member, url: string) {
  return app.inject({ method: 'GET', url, headers: who.headers });
}

export interface FileItem {
  id: string;
  kind: string;
  size: number;
  usedBy: { type: string; id: string }[];
}

export async function listFiles(app: App, who: Member) {
  const res = await app.inject({ method: 'GET', url: `${API}/files`, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: FileItem[]; meta: { totalBytes: number; quotaBytes: number } }>();
}

/** Whether the app's media store (DATA_DIR or the bucket) holds an object. */
export async function stored(app: App, key: string): Promise<boolean> {
  return (await app.objectStore.head(key)) !== null;
}

/** The names of the objects under a prefix of the app's media store, sorted. */
export async function storedNames(app: App, prefix: 'media/' | 'avatars/'): Promise<string[]> {
  const names: string[] = [];
  for await (const o of app.objectStore.list(prefix)) names.push(o.key.slice(prefix.length));
  return names.sort();
}
