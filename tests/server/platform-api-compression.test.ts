// The API's JSON answers to GET go out compressed as the request accepts (server/src/http/api-compression.ts):
// the feed's first page was flagged by Lighthouse's `uses-text-compression` on the signed-in screens.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_COMPRESSED_BYTES } from '../../server/src/http/api-compression';
import { API, bearer, signup } from './auth-fixtures';
import { createTestApp, type TestApp } from './helpers';

describe('platform: compressed API answers', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await signup(t.app)).session.token;
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/posts`,
        headers: { ...bearer(token), 'accept-encoding': 'br, gzip' },
        payload: { content: `<p>Post ${i + 1}: cam belt, plugs and a track day at Magny-Cours.</p>` },
      });
      expect(res.statusCode, res.body).toBe(201);
      // A write's answer stays plain JSON (the idempotency layer keeps it as sent).
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json<{ data: { id: string } }>().data.id).toBeTruthy();
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const feed = (encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: `${API}/posts/feed?limit=20`,
      headers: { ...bearer(token), ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) },
    });

  it('sends the feed page as brotli, else gzip, else as it is, with the same JSON', async () => {
    const plain = await feed();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
    const json = plain.json<{ data: unknown[] }>();
    expect(json.data).toHaveLength(20);

    const br = await feed('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(br.headers['content-length']).toBe(String(br.rawPayload.length));
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json);

    const gzip = await feed('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(json);

    const identity = await feed('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.json()).toEqual(json);
  });

  it('leaves answers under 1 KiB as they are', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/notifications/unread/count`,
      headers: { ...bearer(token), 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(MIN_COMPRESSED_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTruthy();
  });
});
