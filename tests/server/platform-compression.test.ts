// The built client goes out compressed: the build writes .br/.gz siblings, the server picks one by
// Accept-Encoding, and the shell page (answered to every navigation) is compressed once at start-up.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressClient, MIN_BYTES } from '../../server/scripts/compress-client.mjs';
import { acceptedEncodings } from '../../server/src/http/static';
import { createTestApp, type TestApp } from './helpers';

const BIG_JS = `export const parts = [${Array.from({ length: 400 }, (_, i) => `"part ${i}"`).join(',')}];\n`;
const INDEX = `<!doctype html><title>Paddock</title><div id="root"></div>${'<!-- shell -->'.repeat(100)}`;

describe('platform: compressed client', () => {
  let t: TestApp;
  let dist: string;
  let compressed: number;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'paddock-dist-'));
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'assets/index-B3xK9_aZ.js'), BIG_JS);
    writeFileSync(path.join(dist, 'assets/tiny-C4yL0_bA.js'), 'x'.repeat(MIN_BYTES - 1));
    writeFileSync(path.join(dist, 'assets/logo-D5zM1_cB.png'), Buffer.alloc(4096, 7));
    compressed = await compressClient(dist);
    t = await createTestApp({ CLIENT_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('the build compresses text files of 1 KiB or more, and nothing else', () => {
    expect(MIN_BYTES).toBe(1024);
    expect(compressed).toBe(2); // index.html and the big script
    expect(existsSync(path.join(dist, 'assets/index-B3xK9_aZ.js.br'))).toBe(true);
    expect(existsSync(path.join(dist, 'assets/index-B3xK9_aZ.js.gz'))).toBe(true);
    expect(existsSync(path.join(dist, 'assets/tiny-C4yL0_bA.js.br'))).toBe(false);
    expect(existsSync(path.join(dist, 'assets/logo-D5zM1_cB.png.br'))).toBe(false);
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    });

  it('sends an asset as brotli, else gzip, else as it is', async () => {
    const br = await get('/assets/index-B3xK9_aZ.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    expect(br.rawPayload.length).toBeLessThan(BIG_JS.length / 3);

    const gzip = await get('/assets/index-B3xK9_aZ.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_JS);

    const plain = await get('/assets/index-B3xK9_aZ.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the shell to a deep link compressed, and varies on Accept-Encoding', async () => {
    const br = await get('/my-cars', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX);

    const gzip = await get('/my-cars', 'gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(INDEX);

    const plain = await get('/my-cars', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
  });

  it('reads Accept-Encoding with its weights', () => {
    expect([...acceptedEncodings('gzip, deflate, br')]).toEqual(['gzip', 'deflate', 'br']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5').has('br')).toBe(false);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });
});
