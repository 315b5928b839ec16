// The resale dossier: "a 1,000-log dossier with 100 photos renders in ≤ 10 s with memory
// bounded (say the peak RSS)". A car of 1,000 logs — 900 imported fill-ups (a LubeLogger file) and
// 100 services with one 1600×1200 photo each — then GET /cars/:id/history.pdf on the built server,
// timed from the request to the last byte. The server's resident memory is read from
// /proc/<pid>/status: VmRSS before the request and VmHWM (the process's peak) after it. Also
// runnable alone: `node tests/bench/dossier-bench.mjs` (after `npm run build`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { apiCall, signUpViaApi } from '../browser/support/api.mjs';
import { startServer } from '../browser/support/server-process.mjs';
import { PRODUCTION_ENV } from './bench-support.mjs';
import { lubeLoggerFuelFile } from './import-bench.mjs';

/** The budget's figures (docs/BENCHMARKS.md). */
export const DOSSIER_LOGS = 1_000;
export const DOSSIER_PHOTOS = 100;
export const DOSSIER_BUDGET_MS = 10_000;

const memoryMiB = (pid, field) => {
  const kb = Number(
    new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1],
  );
  return kb / 1024;
};

/** A photo-like JPEG (noise over a gradient: it compresses like a photo, not like a flat colour). */
async function photo(i) {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 1 + i;
  for (let p = 0; p < pixels.length; p += 3) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    const x = (p / 3) % width;
    pixels[p] = (x / width) * 200 + (seed & 31);
    pixels[p + 1] = ((seed >> 5) & 63) + 80;
    pixels[p + 2] = (i * 37) % 200;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function benchDossier(log) {
  const server = await startServer({ env: PRODUCTION_ENV });
  try {
    const { token } = await signUpViaApi(server.baseUrl);
    const auth = { authorization: `Bearer ${token}` };
    const car = await apiCall(
      server.baseUrl,
      'POST',
      '/cars',
      { make: 'Bench', model: 'Dossier', nickname: 'Bench dossier', mileageUnit: 'km' },
      token,
    );
    if (car.status !== 201) throw new Error(`POST /cars answered ${car.status}`);
    const carId = car.json.data.id;

    const fills = DOSSIER_LOGS - DOSSIER_PHOTOS;
    const body = new FormData();
    body.append('file', new Blob([lubeLoggerFuelFile(fills)], { type: 'text/csv' }), 'FuelRecords.csv');
    const imported = await fetch(`${server.baseUrl}/api/v1.0/cars/${carId}/imports?dryRun=false`, {
      method: 'POST',
      headers: auth,
      body,
    }).then((r) => r.json());
    if (imported.data?.created !== fills)
      throw new Error(`imported ${JSON.stringify(imported).slice(0, 300)}`);

    for (let i = 0; i < DOSSIER_PHOTOS; i++) {
      const day = new Date(Date.UTC(2000, 0, 1) + i * 7 * 86_400_000).toISOString().slice(0, 10);
      const form = new FormData();
      form.append(
        'data',
        JSON.stringify({
          carId,
          type: 'maintenance',
          title: `Service ${i + 1}`,
          content: `<p>Notes of service ${i + 1}: oil, filters, brake fluid.</p>`,
          location: 'Garage du Port',
          tags: [],
          cost: 120 + i,
          currencyCode: 'EUR',
          startDate: day,
          mileage: 400_000 + i * 500,
        }),
      );
      form.append('media', new Blob([await photo(i)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
      const res = await fetch(`${server.baseUrl}/api/v1.0/car-logs/with-media`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      if (res.status !== 201)
        throw new Error(`POST /car-logs/with-media answered ${res.status}: ${await res.text()}`);
    }
    log(`${DOSSIER_LOGS} logs, ${DOSSIER_PHOTOS} photos stored`);

    const pid = server.pid;
    const rssBeforeMiB = memoryMiB(pid, 'VmRSS');
    const hwmBeforeMiB = memoryMiB(pid, 'VmHWM');
    const t0 = performance.now();
    const res = await fetch(`${server.baseUrl}/api/v1.0/cars/${carId}/history.pdf`, {
      headers: { ...auth, 'accept-language': 'fr-FR' },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - t0;
    if (res.status !== 200)
      throw new Error(`history.pdf answered ${res.status}: ${bytes.toString().slice(0, 200)}`);
    const rssAfterMiB = memoryMiB(pid, 'VmRSS');
    const peakRssMiB = memoryMiB(pid, 'VmHWM');
    const pages = (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
    log(
      `PDF ${ms.toFixed(0)} ms, ${(bytes.length / 1024 / 1024).toFixed(1)} MiB, ${pages} pages; RSS ` +
        `${rssBeforeMiB.toFixed(0)} MiB before, ${rssAfterMiB.toFixed(0)} MiB after, peak ${peakRssMiB.toFixed(0)} MiB ` +
        `(${hwmBeforeMiB.toFixed(0)} MiB before the request)`,
    );
    return {
      logs: DOSSIER_LOGS,
      photos: DOSSIER_PHOTOS,
      ms,
      bytes: bytes.length,
      pages,
      rssBeforeMiB,
      rssAfterMiB,
      peakRssMiB,
      hwmBeforeMiB,
    };
  } finally {
    await server.dispose();
  }
}

/** Adds the dossier row with report.mjs's `add(metric, value, figure, budget, ok)`. */
export function addDossierRows(r, add) {
  const d = r.dossier;
  add(
    `GET /cars/:id/history.pdf, ${DOSSIER_LOGS.toLocaleString('en')} logs and ${DOSSIER_PHOTOS} photos`,
    d,
    d
      ? `${(d.ms / 1000).toFixed(2)} s, ${d.pages} pages, ${(d.bytes / 1024 / 1024).toFixed(1)} MiB; server peak RSS ${d.peakRssMiB.toFixed(0)} MiB (RSS ${d.rssBeforeMiB.toFixed(0)} MiB before)`
      : (r.errors.dossier ?? 'no result'),
    '≤ 10 s',
    d?.ms <= DOSSIER_BUDGET_MS,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const results = await benchDossier((text) => console.log(`  · ${text}`));
  console.log(JSON.stringify(results, null, 2));
}
