// Server figures: start-up on an existing database, idle memory, /auth/me throughput, /health
// latency while logins hash passwords at the default argon2 cost, and a page of a long log book.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { apiCall, newMember, signUpViaApi } from '../browser/support/api.mjs';
import { newDataDir, startServer } from '../browser/support/server-process.mjs';
import { median, percentile, readRssMiB, sleep } from './stats.mjs';
import { PRODUCTION_ENV } from './bench-support.mjs';

const SEED_USERS = 50;
/** The budget (docs/BENCHMARKS.md): "a page of 20 among 10,000". */
export const SEED_CAR_LOGS = 10_000;
export const CAR_LOGS_PAGE = 250;
export const CAR_LOGS_PAGE_SIZE = 20;
const LOG_TYPES = ['maintenance', 'repair', 'fuel', 'modification', 'inspection'];
function cannon(options) {
  return autocannon({ connections: 10, duration: 10, ...options });
}

/**
 * `count` logs on one car, written straight into the SQLite file in one transaction (a second or
 * so, where 10,000 API calls would take minutes). The columns are those of the car_logs table
 * (server/src/db/migrations/0004_garage.ts); the car's log_count follows by trigger (0006). The
 * server must be stopped.
 */
export function seedCarLogs(dataDir, carId, count) {
  const db = new Database(path.join(dataDir, 'paddock.db'));
  try {
    const insert = db.prepare(
      `insert into car_logs (id, car_id, type, title, content, location, tags, cost_cents, currency_code,
         start_date, mileage, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const first = Date.UTC(2000, 0, 1);
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        // About three entries a day over nine years; some share a day, as real log books do.
        const day = new Date(first + Math.floor(i / 3) * 86_400_000).toISOString().slice(0, 10);
        const at = new Date(first + i * 3_600_000).toISOString();
        insert.run(
          randomUUID(),
          carId,
          LOG_TYPES[i % LOG_TYPES.length],
          `Log entry ${i + 1}`,
          `<p>Entry ${i + 1}: <strong>checked</strong> and noted.</p>`,
          i % 2 ? 'Garage du Port' : null,
          JSON.stringify(['bench', `batch-${i % 7}`]),
          1_000 + (i % 50_000),
          'EUR',
          day,
          10_000 + i * 12,
          at,
          at,
        );
      }
    })();
  } finally {
    db.close();
  }
}

async function seed(dataDir, log) {
  const server = await startServer({ dataDir, env: { ARGON2_MEMORY_KIB: '4096' } });
  const members = [];
  let car;
  try {
    for (let i = 0; i < SEED_USERS; i++) {
      const signedUp = await signUpViaApi(server.baseUrl, newMember('bench'));
      members.push(signedUp.member);
      if (i === 0) {
        const res = await apiCall(
          server.baseUrl,
          'POST',
          '/cars',
          { make: 'Alpine', model: 'A110', mileageUnit: 'km' },
          signedUp.token,
        );
        if (res.status !== 201) throw new Error(`POST /cars answered ${res.status}`);
        car = res.json.data;
      }
    }
  } finally {
    await server.dispose(); // the DATA_DIR is ours, dispose() keeps it
  }
  const started = performance.now();
  seedCarLogs(dataDir, car.id, SEED_CAR_LOGS);
  log(`${SEED_CAR_LOGS} logs written in ${(performance.now() - started).toFixed(0)} ms`);
  return { members, carId: car.id };
}

export async function benchServer(log) {
  const dataDir = newDataDir('paddock-bench-');
  const results = {};
  log(`seeding ${SEED_USERS} members and one car with ${SEED_CAR_LOGS} logs…`);
  const { members, carId } = await seed(dataDir, log);
  const member = members[0];

  const server = await startServer({ dataDir, env: PRODUCTION_ENV });
  try {
    const startups = [];
    for (let i = 0; i < 5; i++) {
      await server.restart();
      startups.push(server.startupMs);
    }
    results.startupMs = { median: median(startups), runs: startups };
    log(`start-up: ${startups.map((s) => s.toFixed(0)).join(', ')} ms`);

    await sleep(1000);
    // Before any request: what loading the code costs, apart from what requests (argon2) add.
    results.startRssMiB = await readRssMiB(server.pid);

    const login = await apiCall(server.baseUrl, 'POST', '/auth/login', {
      email: member.email,
      password: member.password,
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    const token = login.json.data.token;
    for (let i = 0; i < 20; i++) {
      await apiCall(server.baseUrl, 'GET', '/auth/me', undefined, token);
      await apiCall(server.baseUrl, 'GET', '/health');
    }
    await sleep(2000);
    results.idleRssMiB = await readRssMiB(server.pid);
    log(
      `RSS: ${results.startRssMiB.toFixed(1)} MiB before any request, ${results.idleRssMiB.toFixed(1)} MiB idle after`,
    );

    const url = `${server.baseUrl}/api/v1.0/auth/me`;
    await cannon({ url, duration: 2, headers: { authorization: `Bearer ${token}` } }); // warm-up
    const me = await cannon({ url, headers: { authorization: `Bearer ${token}` } });
    results.me = {
      reqPerSec: me.requests.average,
      p99Ms: me.latency.p99,
      non2xx: me.non2xx,
      errors: me.errors,
    };
    log(`/auth/me: ${me.requests.average.toFixed(0)} req/s, p99 ${me.latency.p99} ms, non-2xx ${me.non2xx}`);

    const healthUrl = `${server.baseUrl}/api/v1.0/health`;
    const quiet = await cannon({ url: healthUrl });
    const loginTimes = [];
    let loginFailures = 0;
    const fire = () => {
      const started = performance.now();
      apiCall(server.baseUrl, 'POST', '/auth/login', { email: member.email, password: member.password })
        .then((r) => (r.status === 200 ? loginTimes.push(performance.now() - started) : loginFailures++))
        .catch(() => loginFailures++);
    };
    const timer = setInterval(fire, 100); // 10 logins per second
    const loaded = await cannon({ url: healthUrl });
    clearInterval(timer);
    await sleep(1500);
    results.healthUnderLogins = {
      p99Ms: loaded.latency.p99,
      reqPerSec: loaded.requests.average,
      quietP99Ms: quiet.latency.p99,
      logins: loginTimes.length,
      loginFailures,
      loginMedianMs: median(loginTimes),
      loginP99Ms: percentile(loginTimes, 99),
    };
    log(
      `/health p99 ${loaded.latency.p99} ms under ${loginTimes.length} logins ` +
        `(quiet p99 ${quiet.latency.p99} ms; login median ${median(loginTimes).toFixed(0)} ms)`,
    );

    results.carLogsPage = await benchCarLogsPage(server.baseUrl, token, carId, log);
    return results;
  } finally {
    await server.dispose();
    await import('node:fs').then(({ rmSync }) => rmSync(dataDir, { recursive: true, force: true }));
  }
}

/**
 * GET /car-logs/{carId}: a page in the middle of the seeded log book. The server keeps where the
 * pages it served start (server/src/garage/car-log-page-starts.ts), so the load measures a page
 * read before; the first read of a page walks its offset in the index, measured apart ("cold").
 */
async function benchCarLogsPage(baseUrl, token, carId, log) {
  const cold = [];
  // Every other page from 300: none was read before, nor follows one that was.
  for (let page = 300; page < 340; page += 2) {
    const started = performance.now();
    const res = await apiCall(
      baseUrl,
      'GET',
      `/car-logs/${carId}?page=${page}&limit=${CAR_LOGS_PAGE_SIZE}`,
      undefined,
      token,
    );
    if (res.status !== 200) throw new Error(`GET /car-logs page ${page} answered ${res.status}`);
    cold.push(performance.now() - started);
  }
  const pagePath = `/car-logs/${carId}?page=${CAR_LOGS_PAGE}&limit=${CAR_LOGS_PAGE_SIZE}`;
  const check = await apiCall(baseUrl, 'GET', pagePath, undefined, token);
  const items = check.json?.data?.length;
  const total = check.json?.meta?.total;
  if (check.status !== 200 || items !== CAR_LOGS_PAGE_SIZE || total !== SEED_CAR_LOGS)
    throw new Error(`GET ${pagePath} answered ${check.status} with ${items} items of ${total}`);
  const url = `${baseUrl}/api/v1.0${pagePath}`;
  const headers = { authorization: `Bearer ${token}` };
  await cannon({ url, duration: 2, headers }); // warm-up
  const run = await cannon({ url, headers });
  log(
    `/car-logs page ${CAR_LOGS_PAGE} of ${SEED_CAR_LOGS}: ${run.requests.average.toFixed(0)} req/s, ` +
      `p99 ${run.latency.p99} ms, non-2xx ${run.non2xx}; a page not read before: median ` +
      `${median(cold).toFixed(1)} ms, max ${Math.max(...cold).toFixed(1)} ms`,
  );
  return {
    reqPerSec: run.requests.average,
    p99Ms: run.latency.p99,
    non2xx: run.non2xx,
    errors: run.errors,
    page: CAR_LOGS_PAGE,
    limit: CAR_LOGS_PAGE_SIZE,
    total: SEED_CAR_LOGS,
    coldMedianMs: median(cold),
    coldMaxMs: Math.max(...cold),
  };
}
