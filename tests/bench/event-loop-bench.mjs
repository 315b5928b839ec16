// Nothing a member sends holds the event loop: GET /health p99 ≤ 250 ms while four
// members render 3,000-log dossiers at once and a fifth uploads a hostile SQLite file (a Hammond
// backup whose generated column does heavy work on each row read). The built server
// (server/dist/main.js, NODE_ENV=production, default worker settings) on a data folder of its own:
// four cars of 3,000 fill-ups each (imported from LubeLogger files), then /health is asked one
// request after the other, quiet first, then for as long as the four members render
// EVENT_LOOP_DOSSIERS (2) dossiers each while the fifth uploads the hostile file again and again.
// Also runnable alone: `node tests/bench/event-loop-bench.mjs` (after `npm run build:server`).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { apiCall, signUpViaApi } from '../browser/support/api.mjs';
import { freePort, ROOT, SERVER_ENTRY, waitForHealth } from '../browser/support/server-process.mjs';
import { envNumber, PRODUCTION_ENV } from './bench-support.mjs';
import { lubeLoggerFuelFile } from './import-bench.mjs';
import { percentile } from './stats.mjs';

/** The budget's figures (docs/BENCHMARKS.md). */
export const EVENT_LOOP_MEMBERS = 4;
export const EVENT_LOOP_LOGS = 3_000;
export const EVENT_LOOP_BUDGET_MS = 250;

/** The penetration test's file: each row read computes the hex of a 40 MB blob, then searches it. */
export function hostileHammondFile() {
  const dir = mkdtempSync(path.join(tmpdir(), 'hostile-hammond-'));
  const file = path.join(dir, 'hammond.db');
  const db = new Database(file);
  db.exec(`CREATE TABLE fillups (id TEXT PRIMARY KEY, vehicle_id TEXT, fuel_unit INTEGER, fuel_quantity REAL,
    total_amount REAL, odo_reading INTEGER, is_tank_full NUMERIC, date DATETIME, currency TEXT, distance_unit INTEGER)`);
  const fill = db.prepare(`INSERT INTO fillups VALUES (?, 'v1', 0, 40, 60, ?, 1, ?, 'EUR', 1)`);
  for (let i = 0; i < 100; i++)
    fill.run(`f${i}`, 10_000 + i * 500, `2024-01-${String((i % 28) + 1).padStart(2, '0')}`);
  db.exec(`ALTER TABLE fillups ADD COLUMN heavy INTEGER
    GENERATED ALWAYS AS (instr(hex(zeroblob(40000000)), 'Z') + length(id)) VIRTUAL`);
  db.close();
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

async function startBuiltServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-event-loop-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      ...PRODUCTION_ENV,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      CLIENT_DIR: path.join(dataDir, 'no-client'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, { timeoutMs: 120_000 });
  return {
    baseUrl,
    async dispose() {
      proc.kill('SIGTERM');
      await new Promise((r) => (proc.exitCode !== null ? r() : proc.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const upload = (baseUrl, token, carId, bytes, name, query = 'dryRun=false') => {
  const body = new FormData();
  body.append('file', new Blob([bytes]), name);
  return fetch(`${baseUrl}/api/v1.0/cars/${carId}/imports?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
};

/** /health one request after the other until `done()`: each latency in ms. */
async function healthLatencies(baseUrl, done) {
  const latencies = [];
  while (!done()) {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/api/v1.0/health`);
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
  }
  return latencies;
}

export async function benchEventLoop(log) {
  const rounds = envNumber('EVENT_LOOP_DOSSIERS', 2);
  const server = await startBuiltServer();
  try {
    const { baseUrl } = server;
    const members = [];
    for (let m = 0; m < EVENT_LOOP_MEMBERS; m++) {
      const { token } = await signUpViaApi(baseUrl);
      const car = await apiCall(
        baseUrl,
        'POST',
        '/cars',
        { make: 'Bench', model: `Loop ${m}`, mileageUnit: 'km' },
        token,
      );
      if (car.status !== 201) throw new Error(`POST /cars answered ${car.status}`);
      const res = await upload(
        baseUrl,
        token,
        car.json.data.id,
        lubeLoggerFuelFile(EVENT_LOOP_LOGS),
        'FuelRecords.csv',
      );
      const json = await res.json();
      if (json.data?.created !== EVENT_LOOP_LOGS)
        throw new Error(`import: ${JSON.stringify(json).slice(0, 300)}`);
      members.push({ token, carId: car.json.data.id });
    }
    const hostile = await signUpViaApi(baseUrl);
    const hostileCar = await apiCall(
      baseUrl,
      'POST',
      '/cars',
      { make: 'Hostile', model: 'File' },
      hostile.token,
    );
    const hostileFile = hostileHammondFile();
    log(
      `${EVENT_LOOP_MEMBERS} cars of ${EVENT_LOOP_LOGS} logs; a hostile SQLite file of ${hostileFile.length} bytes`,
    );

    let quietCount = 0;
    const quiet = await healthLatencies(baseUrl, () => quietCount++ >= 300);

    let finished = false;
    const dossierMs = [];
    const dossierStatus = new Map();
    const hostileStatus = new Map();
    const renders = Promise.all(
      members.map(async ({ token, carId }) => {
        for (let i = 0; i < rounds; i++) {
          const t0 = performance.now();
          const res = await fetch(`${baseUrl}/api/v1.0/cars/${carId}/history.pdf`, {
            headers: { authorization: `Bearer ${token}` },
          });
          await res.arrayBuffer();
          dossierMs.push(performance.now() - t0);
          dossierStatus.set(res.status, (dossierStatus.get(res.status) ?? 0) + 1);
        }
      }),
    ).finally(() => (finished = true));
    const uploads = (async () => {
      while (!finished) {
        const res = await upload(
          baseUrl,
          hostile.token,
          hostileCar.json.data.id,
          hostileFile,
          'hammond.db',
          'dryRun=true',
        );
        await res.arrayBuffer();
        hostileStatus.set(res.status, (hostileStatus.get(res.status) ?? 0) + 1);
      }
    })();
    const busy = await healthLatencies(baseUrl, () => finished);
    await Promise.all([renders, uploads]);

    const result = {
      p99Ms: percentile(busy, 99),
      p50Ms: percentile(busy, 50),
      maxMs: Math.max(...busy),
      requests: busy.length,
      quietP99Ms: percentile(quiet, 99),
      dossiers: dossierMs.length,
      dossierMedianMs: percentile(dossierMs, 50),
      dossierStatus: Object.fromEntries(dossierStatus),
      hostileStatus: Object.fromEntries(hostileStatus),
    };
    log(
      `/health p99 ${result.p99Ms.toFixed(1)} ms (p50 ${result.p50Ms.toFixed(1)}, max ${result.maxMs.toFixed(0)}, ` +
        `${result.requests} requests; quiet p99 ${result.quietP99Ms.toFixed(1)} ms); ${result.dossiers} dossiers ` +
        `(median ${(result.dossierMedianMs / 1000).toFixed(1)} s, ${JSON.stringify(result.dossierStatus)}); ` +
        `hostile uploads ${JSON.stringify(result.hostileStatus)}`,
    );
    return result;
  } finally {
    await server.dispose();
  }
}

/** Adds the row with report.mjs's `add(metric, value, figure, budget, ok)`. */
export function addEventLoopRows(r, add) {
  const e = r.eventLoop;
  add(
    `GET /health p99 while ${EVENT_LOOP_MEMBERS} members render ${EVENT_LOOP_LOGS.toLocaleString('en')}-log dossiers and one uploads a hostile SQLite file`,
    e,
    e
      ? `${e.p99Ms.toFixed(1)} ms (p50 ${e.p50Ms.toFixed(1)} ms, max ${e.maxMs.toFixed(0)} ms, ${e.requests} requests; quiet ${e.quietP99Ms.toFixed(1)} ms); ` +
          `${e.dossiers} dossiers, median ${(e.dossierMedianMs / 1000).toFixed(1)} s, answers ${JSON.stringify(e.dossierStatus)}; hostile file answers ${JSON.stringify(e.hostileStatus)}`
      : (r.errors.eventLoop ?? 'no result'),
    `≤ ${EVENT_LOOP_BUDGET_MS} ms`,
    e?.p99Ms <= EVENT_LOOP_BUDGET_MS,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const results = await benchEventLoop((text) => console.log(`  · ${text}`));
  console.log(JSON.stringify(results, null, 2));
}
