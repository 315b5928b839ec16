// Fuel economy of a car with 5,000 fill-ups: on the device, the contract's
// fuelEconomy (the very function the car page runs on the logs in Dexie), ≤ 50 ms; on the server,
// GET /cars/{id}/fuel-economy for such a car, ≤ 20 ms. Run alone with `node tests/bench/fuel-bench.mjs`
// (the server part needs `npm run build`; FUEL_BENCH_SERVER=0 skips it).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { apiCall, newMember, signUpViaApi } from '../browser/support/api.mjs';
import { ROOT, startServer } from '../browser/support/server-process.mjs';
import { envNumber, pool, PRODUCTION_ENV } from './bench-support.mjs';
import { median, percentile } from './stats.mjs';

/** The budget's figures (docs/BENCHMARKS.md). */
export const FUEL_FILLS = 5_000;
export const DEVICE_BUDGET_MS = 50;
export const SERVER_BUDGET_MS = 20;

const DEVICE_RUNS = 15;
const SERVER_REQUESTS = 200;

/** The contract's maintenance rules bundled as the client bundles them (TypeScript → one ES module). */
async function loadRules() {
  const out = await build({
    entryPoints: [path.join(ROOT, 'src/contract/maintenance/index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
  });
  const code = out.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/**
 * `count` fill-ups a week apart, 300 to 700 km each, a partial one in five and a missed one in a
 * hundred, litres with some US gallons: every branch of the rule is taken.
 */
export function fillUps(count) {
  const fills = [];
  let mileage = 10_000;
  const start = Date.UTC(2000, 0, 1);
  for (let i = 0; i < count; i++) {
    mileage += 300 + ((i * 37) % 400);
    const gallons = i % 7 === 3;
    fills.push({
      id: `fill-${String(i).padStart(5, '0')}`,
      startDate: new Date(start + i * 7 * 86_400_000).toISOString().slice(0, 10),
      mileage,
      cost: 50 + (i % 30),
      currencyCode: 'EUR',
      fuel: {
        quantity: gallons ? 9 + (i % 5) : 30 + (i % 20),
        unit: gallons ? 'gal_us' : 'l',
        fullTank: i % 5 !== 2,
        missedPrevious: i % 100 === 99,
        pricePerUnit: null,
      },
    });
  }
  return fills;
}

/** Milliseconds of fuelEconomy over the fills, in insertion order (the rule sorts them itself). */
export async function deviceEconomy(count = FUEL_FILLS) {
  const rules = await loadRules();
  const fills = fillUps(count);
  // Warm-up: the page computes on every change, so a warm function is the case that matters.
  for (let i = 0; i < 3; i++) rules.fuelEconomy(fills, 'km', 'l_per_100km');
  const runs = [];
  let segments = 0;
  for (let i = 0; i < DEVICE_RUNS; i++) {
    const unit = i % 2 ? 'mpg_uk' : 'l_per_100km';
    const at = performance.now();
    const economy = rules.fuelEconomy(fills, 'km', unit);
    runs.push(performance.now() - at);
    segments = economy.segments.length;
  }
  return { median: median(runs), max: Math.max(...runs), runs, segments };
}

/** GET /cars/{id}/fuel-economy for a car with `count` fill-ups posted through the API. */
export async function serverEconomy(log, count = FUEL_FILLS) {
  const server = await startServer({ env: PRODUCTION_ENV });
  try {
    const { token } = await signUpViaApi(server.baseUrl, newMember('fuelbench'));
    const car = await apiCall(server.baseUrl, 'POST', '/cars', { make: 'Bench', model: 'Fuel' }, token);
    if (car.status !== 201) throw new Error(`POST /cars answered ${car.status}`);
    const carId = car.json.data.id;
    const fills = fillUps(count);
    log(`posting ${count} fill-ups`);
    // In date order, a few at a time: each reading is checked against the ones before it.
    await pool(count, 4, async (i) => {
      const f = fills[i];
      const res = await apiCall(
        server.baseUrl,
        'POST',
        '/car-logs',
        {
          carId,
          type: 'fuel',
          title: `Fill-up ${i + 1}`,
          startDate: f.startDate,
          mileage: f.mileage,
          cost: f.cost,
          currencyCode: f.currencyCode,
          fuel: f.fuel,
          odometerConfirmed: true,
        },
        token,
      );
      if (res.status !== 201)
        throw new Error(`POST /car-logs answered ${res.status}: ${JSON.stringify(res.json)}`);
    });
    const url = `${server.baseUrl}/api/v1.0/cars/${carId}/fuel-economy`;
    const headers = { authorization: `Bearer ${token}` };
    for (let i = 0; i < 10; i++) await (await fetch(url, { headers })).arrayBuffer();
    const times = [];
    for (let i = 0; i < SERVER_REQUESTS; i++) {
      const at = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      times.push(performance.now() - at);
      if (res.status !== 200) throw new Error(`GET fuel-economy answered ${res.status}`);
    }
    return { median: median(times), p99: percentile(times, 99), requests: SERVER_REQUESTS };
  } finally {
    await server.dispose();
  }
}

/** The bench part: the device figure, then the server's (FUEL_BENCH_SERVER=0 skips it). */
export async function benchFuel(log) {
  const count = envNumber('FUEL_BENCH_FILLS', FUEL_FILLS);
  const device = await deviceEconomy(count);
  log(`device: fuelEconomy over ${count} fill-ups, median ${device.median.toFixed(1)} ms`);
  const server = process.env.FUEL_BENCH_SERVER === '0' ? null : await serverEconomy(log, count);
  if (server)
    log(`server: GET fuel-economy median ${server.median.toFixed(1)} ms, p99 ${server.p99.toFixed(1)} ms`);
  return { count, device, server };
}

/** The fuel rows of the bench table, with report.mjs's `add(metric, value, figure, budget, ok)`. */
export function addFuelRows(r, add) {
  const f = r.fuel;
  const missing = r.errors.fuel ?? 'no result';
  add(
    `Fuel economy of a car with ${FUEL_FILLS.toLocaleString('en-US')} fill-ups on the device (contract fuelEconomy, median of ${DEVICE_RUNS})`,
    f?.device,
    f
      ? `${f.device.median.toFixed(1)} ms (max ${f.device.max.toFixed(1)} ms, ${f.device.segments} segments)`
      : missing,
    `≤ ${DEVICE_BUDGET_MS} ms`,
    f?.device.median <= DEVICE_BUDGET_MS,
  );
  add(
    `GET /cars/{id}/fuel-economy, ${FUEL_FILLS.toLocaleString('en-US')} fill-ups (${SERVER_REQUESTS} requests)`,
    f?.server ?? undefined,
    f?.server
      ? `median ${f.server.median.toFixed(1)} ms, p99 ${f.server.p99.toFixed(1)} ms`
      : f
        ? 'skipped'
        : missing,
    `≤ ${SERVER_BUDGET_MS} ms`,
    f?.server?.p99 <= SERVER_BUDGET_MS,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchFuel((line) => console.log(`  · ${line}`));
  console.log(JSON.stringify(result, (k, v) => (k === 'runs' ? undefined : v), 2));
}
