// Media on the local folder against media on an S3-compatible bucket, side by side:
// GET /media/:id of a ~200 KB photo (MEDIA_BENCH_GETS requests, MEDIA_BENCH_CONCURRENCY at a time)
// and the upload of a ~4 MB photo (MEDIA_BENCH_UPLOADS, two at a time: sharp re-encodes each),
// req/s, p50 and p99 of each. The bucket is s3rver on loopback (the test suite's S3 server):
// a real S3 protocol round trip, but not a production object store's latency. The built server
// (`npm run build:server`, or PADDOCK_SERVER_ENTRY) runs in a process of its own per store, on
// SQLite. Also runnable alone: `node tests/bench/media-bench.mjs`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import sharp from 'sharp';
import { signUpViaApi } from '../browser/support/api.mjs';
import { freePort, SERVER_ENTRY } from '../browser/support/server-process.mjs';
import { envNumber, pool, PRODUCTION_ENV } from './bench-support.mjs';
import { percentile } from './stats.mjs';

const API = '/api/v1.0';
const GETS = envNumber('MEDIA_BENCH_GETS', 2000);
const CONCURRENCY = envNumber('MEDIA_BENCH_CONCURRENCY', 16);
const UPLOADS = envNumber('MEDIA_BENCH_UPLOADS', 30);

/** A photo-like JPEG of about `bytes` (noise over a gradient compresses like a photo). */
async function photo(width, height, quality, seed = 1) {
  const pixels = Buffer.alloc(width * height * 3);
  let s = seed;
  for (let p = 0; p < pixels.length; p += 3) {
    s = (s * 1_103_515_245 + 12_345) & 0x7fffffff;
    const x = (p / 3) % width;
    pixels[p] = (x / width) * 200 + (s & 31);
    pixels[p + 1] = ((s >> 5) & 63) + 80;
    pixels[p + 2] = (s >> 11) & 127;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

async function startNode(env) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-media-bench-'));
  const port = await freePort();
  const proc = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      ...PRODUCTION_ENV,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr.on('data', (c) => (stderr += c.toString()));
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}${API}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (proc.exitCode !== null || i > 300) throw new Error(`the server did not start: ${stderr.slice(-500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => (proc.exitCode !== null ? r() : proc.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function signUp(origin) {
  return (await signUpViaApi(origin)).token;
}

async function upload(origin, token, bytes, i) {
  const form = new FormData();
  form.append('make', 'Bench');
  form.append('model', `Media ${i}`);
  form.append('image', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${origin}${API}/cars/with-image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.json();
  if (res.status !== 201)
    throw new Error(`upload answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return body.data.image;
}

/** `count` timed calls of `fn`, `concurrency` at a time: req/s, p50 and p99 in ms. */
async function timed(count, concurrency, fn) {
  const times = [];
  const start = performance.now();
  await pool(count, concurrency, async (i) => {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  });
  const seconds = (performance.now() - start) / 1000;
  return { requests: count, rps: count / seconds, p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function benchStore(kind, env, photos, log) {
  const node = await startNode(env);
  try {
    const token = await signUp(node.origin);
    const headers = { authorization: `Bearer ${token}` };
    const image = await upload(node.origin, token, photos.small, 0);
    const first = await fetch(`${node.origin}${image}`, { headers });
    const servedBytes = (await first.arrayBuffer()).byteLength;
    if (first.status !== 200) throw new Error(`GET ${image} answered ${first.status}`);
    // Warm-up, then the measure.
    await timed(100, CONCURRENCY, async () =>
      (await fetch(`${node.origin}${image}`, { headers })).arrayBuffer(),
    );
    const get = await timed(GETS, CONCURRENCY, async () => {
      const res = await fetch(`${node.origin}${image}`, { headers });
      const got = await res.arrayBuffer();
      if (res.status !== 200 || got.byteLength !== servedBytes) throw new Error(`GET answered ${res.status}`);
    });
    log(
      `${kind}: GET /media/:id (${(servedBytes / 1024).toFixed(0)} KB) ${get.rps.toFixed(0)} req/s, p50 ${get.p50.toFixed(1)} ms, p99 ${get.p99.toFixed(1)} ms`,
    );
    const put = await timed(UPLOADS, 2, (i) => upload(node.origin, token, photos.large, i + 1));
    log(
      `${kind}: upload (${(photos.large.length / 1048576).toFixed(1)} MB JPEG) ${put.rps.toFixed(2)} req/s, p50 ${put.p50.toFixed(0)} ms, p99 ${put.p99.toFixed(0)} ms`,
    );
    return { servedBytes, get, upload: { ...put, bytes: photos.large.length } };
  } finally {
    await node.stop();
  }
}

export async function benchMedia(log) {
  // ~200 KB once re-encoded to WebP (what GET serves); ~4 MB as sent.
  const photos = { small: await photo(900, 600, 90, 7), large: await photo(3400, 2260, 93, 11) };
  const directory = mkdtempSync(path.join(tmpdir(), 'paddock-media-bench-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'paddock-bench' }],
  });
  const { port } = await s3.run();
  try {
    const local = await benchStore('local folder', { MEDIA_STORE: 'local' }, photos, log);
    const bucket = await benchStore(
      'S3 (s3rver)',
      {
        MEDIA_STORE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: 'us-east-1',
        S3_BUCKET: 'paddock-bench',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
      photos,
      log,
    );
    return { local, s3: bucket, gets: GETS, concurrency: CONCURRENCY, uploads: UPLOADS };
  } finally {
    await s3.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The report's rows: each figure of both stores side by side (no budget: docs/BENCHMARKS.md records the figures). */
export function addMediaRows(r, add) {
  const m = r.media;
  const figure = (f) =>
    `${f.rps.toFixed(f.rps < 10 ? 2 : 0)} req/s, p50 ${f.p50.toFixed(f.p50 < 10 ? 1 : 0)} ms, p99 ${f.p99.toFixed(f.p99 < 10 ? 1 : 0)} ms`;
  add(
    `GET /media/:id of a ${m ? `${(m.local.servedBytes / 1024).toFixed(0)} KB` : '200 KB'} photo, ${m?.concurrency ?? CONCURRENCY} at a time: local folder / S3 (s3rver)`,
    m,
    m ? `local ${figure(m.local.get)}; S3 ${figure(m.s3.get)}` : (r.errors.media ?? 'no result'),
    'figures',
    true,
  );
  add(
    `Upload of a ${m ? (m.local.upload.bytes / 1048576).toFixed(1) : '4'} MB photo (re-encoded), 2 at a time: local folder / S3 (s3rver)`,
    m,
    m ? `local ${figure(m.local.upload)}; S3 ${figure(m.s3.upload)}` : (r.errors.media ?? 'no result'),
    'figures',
    true,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchMedia((text) => console.log(`  · ${text}`));
  console.log(JSON.stringify(result, null, 2));
}
