// Reminders: GET /reminders for a member with 20 cars × 10 reminders over 10,000
// logs, ≥ 2,000 req/s and p99 ≤ 20 ms on SQLite; and the state sweep over 10,000 members × 5
// reminders, ≤ 5 s with its memory bounded (peak RSS reported). The sweep has no HTTP entry: the
// server's own modules (maintenanceService over the real repositories) are bundled the way
// server/scripts/build-server.mjs bundles the server, and run in a process of their own on a seeded
// DATA_DIR. Run alone with `node tests/bench/reminders-bench.mjs` (after `npm run build`);
// REMINDERS_BENCH_LIST=0 or REMINDERS_BENCH_SWEEP=0 skips a part.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { apiCall, newMember, signUpViaApi } from '../browser/support/api.mjs';
import { newDataDir, ROOT, startServer } from '../browser/support/server-process.mjs';
import { envNumber, pool, PRODUCTION_ENV } from './bench-support.mjs';

/** The budget's figures (docs/BENCHMARKS.md). */
export const LIST_CARS = 20;
export const LIST_REMINDERS_PER_CAR = 10;
export const LIST_LOGS = 10_000;
export const LIST_BUDGET_REQ_PER_SEC = 2_000;
export const LIST_BUDGET_P99_MS = 20;
export const SWEEP_MEMBERS = 10_000;
export const SWEEP_REMINDERS_PER_MEMBER = 5;
export const SWEEP_BUDGET_MS = 5_000;

const LOG_TYPES = ['maintenance', 'repair', 'fuel', 'inspection', 'tax'];
const DAY = 86_400_000;
const iso = (ms) => new Date(ms).toISOString();
const day = (ms) => iso(ms).slice(0, 10);

/**
 * The ten reminders of a car: recurring by months, by distance and by both, with their logs' types
 * (some never done), and one-offs by date and by distance, so that every state and branch is met.
 */
function reminderBodies(carId, now) {
  const later = (days) => day(now + days * DAY);
  return [
    { title: 'Oil and filter', logType: 'maintenance', intervalMonths: 12, intervalDistance: 15_000 },
    { title: 'Brake fluid', logType: 'maintenance', intervalMonths: 24 },
    { title: 'Timing belt', logType: 'repair', intervalDistance: 120_000 },
    { title: 'Tyres', logType: 'repair', intervalMonths: 36, intervalDistance: 40_000 },
    { title: 'Inspection', logType: 'inspection', intervalMonths: 24 },
    { title: 'Insurance', logType: 'insurance', intervalMonths: 12 },
    { title: 'Tax', logType: 'tax', intervalMonths: 12, soonDays: 30 },
    { title: 'Coolant', dueDate: later(10) },
    { title: 'Clutch', logType: 'repair', dueMileage: 500_000 },
    { title: 'Battery', dueDate: later(400), dueMileage: 400_000 },
  ].map((r) => ({ carId, ...r }));
}

/**
 * `perCar` logs on each car straight into the SQLite file in one transaction (the server stopped):
 * about a week apart, 40 to 440 km each, the types in turn. Columns of car_logs (migrations 0004,
 * 0015); each car's log_count and log_version follow by trigger (0006).
 */
function seedLogs(db, carIds, perCar, now) {
  const insert = db.prepare(
    `insert into car_logs (id, car_id, type, title, tags, cost_cents, currency_code, start_date, mileage,
       created_at, updated_at)
     values (?, ?, ?, ?, '[]', ?, 'EUR', ?, ?, ?, ?)`,
  );
  const first = now - perCar * 7 * DAY;
  db.transaction(() => {
    for (const [c, carId] of carIds.entries()) {
      let mileage = 10_000 + c * 1_000;
      for (let i = 0; i < perCar; i++) {
        mileage += 40 + ((i * 53 + c) % 400);
        const at = first + i * 7 * DAY + c * 3_600_000;
        insert.run(
          randomUUID(),
          carId,
          LOG_TYPES[(i + c) % LOG_TYPES.length],
          `Log ${i + 1}`,
          1_000 + i,
          day(at),
          mileage,
          iso(at),
          iso(at),
        );
      }
    }
  })();
}

/** GET /reminders of one member with LIST_CARS cars × LIST_REMINDERS_PER_CAR reminders. */
export async function benchRemindersList(log, { duration = 10 } = {}) {
  const dataDir = newDataDir('paddock-bench-reminders-');
  const now = Date.now();
  try {
    let carIds;
    let member;
    const seeding = await startServer({ dataDir, env: { ARGON2_MEMORY_KIB: '4096', LOG_LEVEL: 'warn' } });
    try {
      const signedUp = await signUpViaApi(seeding.baseUrl, newMember('reminders'));
      member = signedUp.member;
      const token = signedUp.token;
      carIds = [];
      for (let c = 0; c < LIST_CARS; c++) {
        const car = await apiCall(
          seeding.baseUrl,
          'POST',
          '/cars',
          { make: 'Bench', model: `Car ${c + 1}`, mileageUnit: 'km', mileage: 10_000 },
          token,
        );
        if (car.status !== 201) throw new Error(`POST /cars answered ${car.status}`);
        carIds.push(car.json.data.id);
      }
      const bodies = carIds.flatMap((carId) => reminderBodies(carId, now));
      await pool(bodies.length, 4, async (i) => {
        const res = await apiCall(seeding.baseUrl, 'POST', '/reminders', bodies[i], token);
        if (res.status !== 201)
          throw new Error(`POST /reminders answered ${res.status}: ${JSON.stringify(res.json)}`);
      });
    } finally {
      await seeding.dispose(); // the DATA_DIR is ours, dispose() keeps it
    }
    const db = new Database(path.join(dataDir, 'paddock.db'));
    try {
      seedLogs(db, carIds, LIST_LOGS / LIST_CARS, now);
    } finally {
      db.close();
    }
    log(`seeded ${LIST_CARS} cars, ${LIST_CARS * LIST_REMINDERS_PER_CAR} reminders, ${LIST_LOGS} logs`);

    const server = await startServer({ dataDir, env: PRODUCTION_ENV });
    try {
      const login = await apiCall(server.baseUrl, 'POST', '/auth/login', {
        email: member.email,
        password: member.password,
      });
      if (login.status !== 200) throw new Error(`login answered ${login.status}`);
      const headers = { authorization: `Bearer ${login.json.data.token}` };
      const check = await apiCall(server.baseUrl, 'GET', '/reminders', undefined, login.json.data.token);
      const listed = check.json?.data ?? [];
      if (check.status !== 200 || listed.length !== LIST_CARS * LIST_REMINDERS_PER_CAR)
        throw new Error(`GET /reminders answered ${check.status} with ${listed.length} reminders`);
      const states = {};
      for (const r of listed) states[r.state] = (states[r.state] ?? 0) + 1;
      const url = `${server.baseUrl}/api/v1.0/reminders`;
      await autocannon({ url, connections: 10, duration: 2, headers }); // warm-up
      const run = await autocannon({ url, connections: 10, duration, headers });
      log(
        `GET /reminders: ${run.requests.average.toFixed(0)} req/s, p99 ${run.latency.p99} ms, ` +
          `non-2xx ${run.non2xx} (states ${JSON.stringify(states)})`,
      );
      return {
        reqPerSec: run.requests.average,
        p99Ms: run.latency.p99,
        non2xx: run.non2xx,
        errors: run.errors,
        states,
      };
    } finally {
      await server.dispose();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * SWEEP_MEMBERS members with a car each and SWEEP_REMINDERS_PER_MEMBER reminders on it, written
 * straight into the SQLite file of a migrated DATA_DIR (the server stopped), with a few logs per car.
 */
function seedSweep(dataDir, members, now) {
  const db = new Database(path.join(dataDir, 'paddock.db'));
  try {
    const user = db.prepare(
      `insert into users (id, email, username, username_lower, first_name, last_name, created_at, updated_at)
       values (?, ?, ?, ?, 'Ada', 'Lovelace', ?, ?)`,
    );
    const car = db.prepare(
      `insert into cars (id, owner_id, make, model, mileage, mileage_unit, created_at, updated_at)
       values (?, ?, 'Bench', 'Sweep', 10000, 'km', ?, ?)`,
    );
    const reminder = db.prepare(
      `insert into reminders (id, owner_id, car_id, title, log_type, interval_months, interval_distance,
         due_date, due_mileage, created_mileage, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 10000, ?, ?)`,
    );
    const created = iso(now - 400 * DAY);
    const carIds = [];
    db.transaction(() => {
      for (let m = 0; m < members; m++) {
        const userId = randomUUID();
        const carId = randomUUID();
        carIds.push(carId);
        user.run(userId, `sweep-${m}@example.test`, `sweep_${m}`, `sweep_${m}`, created, created);
        car.run(carId, userId, created, created);
        const rows = [
          ['Oil and filter', 'maintenance', 12, 15_000, null, null],
          ['Brake fluid', 'maintenance', 24, null, null, null],
          ['Tyres', 'repair', null, 40_000, null, null],
          ['Coolant', null, null, null, day(now + ((m % 60) - 20) * DAY), null],
          ['Inspection', 'inspection', 12 + (m % 12), null, null, null],
        ];
        for (const [title, type, months, distance, dueDate, dueMileage] of rows.slice(
          0,
          SWEEP_REMINDERS_PER_MEMBER,
        ))
          reminder.run(
            randomUUID(),
            userId,
            carId,
            title,
            type,
            months,
            distance,
            dueDate,
            dueMileage,
            created,
            created,
          );
      }
    })();
    seedLogs(db, carIds, 4, now);
  } finally {
    db.close();
  }
}

/**
 * The sweep run by the server's own code in a process of its own: maintenanceService over the real
 * repositories, `tell` only counted. Prints one JSON line: the first sweep (every change of state
 * told), a second one (nothing changed: the periodic case), the peak RSS.
 */
const SWEEP_SCRIPT = `
import { createDb } from './server/src/db/database';
import { carAccess } from './server/src/garage/car-access';
import { carLogsRepository } from './server/src/garage/car-logs-repository';
import { carMembersRepository } from './server/src/garage/car-members-repository';
import { carsRepository } from './server/src/garage/cars-repository';
import { areFriends } from './server/src/people/friendship-repository';
import { maintenanceService } from './server/src/maintenance/maintenance-service';
import { remindersRepository } from './server/src/maintenance/reminders-repository';
import { settingsRepository } from './server/src/settings/settings-repository';

const db = createDb({ dataDir: process.argv[2], databaseUrl: null });
let told = 0;
const members = carMembersRepository(db.kysely);
const service = maintenanceService({
  // Wired as server/src/maintenance/maintenance-feature.ts does (shared cars: README "Shared cars").
  access: carAccess(members, { areFriends: (a, b) => areFriends(db.kysely, a, b) }),
  members,
  cars: carsRepository(db.kysely),
  logs: carLogsRepository(db.kysely),
  reminders: remindersRepository(db.kysely),
  settings: settingsRepository(db.kysely),
  tell: async () => void told++,
  warn: (err) => { throw err; },
});
const mib = (kib) => kib / 1024;
const beforeRssMiB = process.memoryUsage().rss / 2 ** 20;
let at = performance.now();
await service.sweep();
const firstMs = performance.now() - at;
const firstTold = told;
at = performance.now();
await service.sweep();
const steadyMs = performance.now() - at;
await db.close();
console.log(JSON.stringify({
  firstMs, steadyMs, firstTold, steadyTold: told - firstTold, beforeRssMiB,
  peakRssMiB: mib(process.resourceUsage().maxRSS),
}));
`;

/** Bundles SWEEP_SCRIPT into a temp dir beside a node_modules link (packages stay external). */
async function bundleSweep() {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-sweep-'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const outfile = path.join(dir, 'sweep.mjs');
  await build({
    stdin: { contents: SWEEP_SCRIPT, resolveDir: ROOT, loader: 'ts', sourcefile: 'sweep-bench.ts' },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return { dir, outfile };
}

function runNode(file, args) {
  return new Promise((resolve, reject) => {
    // SWEEP_NODE_ARGS: e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where the sweep's time goes.
    const nodeArgs = (process.env.SWEEP_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, file, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`the sweep script exited with ${code}`)),
    );
  });
}

/** The sweep over `members` members × SWEEP_REMINDERS_PER_MEMBER reminders. */
export async function benchSweep(log, members = SWEEP_MEMBERS) {
  const dataDir = newDataDir('paddock-bench-sweep-data-');
  const bundle = await bundleSweep();
  try {
    // The server migrates the fresh DATA_DIR; then the rows are written behind its back.
    const migrating = await startServer({ dataDir, env: { LOG_LEVEL: 'warn' } });
    await migrating.dispose();
    const started = performance.now();
    seedSweep(dataDir, members, Date.now());
    log(
      `seeded ${members} members × ${SWEEP_REMINDERS_PER_MEMBER} reminders in ` +
        `${(performance.now() - started).toFixed(0)} ms`,
    );
    const result = JSON.parse((await runNode(bundle.outfile, [dataDir])).trim().split('\n').pop());
    log(
      `sweep: first ${result.firstMs.toFixed(0)} ms (${result.firstTold} told), then ` +
        `${result.steadyMs.toFixed(0)} ms (${result.steadyTold} told); RSS ` +
        `${result.beforeRssMiB.toFixed(0)} MiB before, peak ${result.peakRssMiB.toFixed(0)} MiB`,
    );
    return { members, reminders: members * SWEEP_REMINDERS_PER_MEMBER, ...result };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bundle.dir, { recursive: true, force: true });
  }
}

/** The bench part: the list, then the sweep (each skipped with its variable at 0). */
export async function benchReminders(log) {
  const list = process.env.REMINDERS_BENCH_LIST === '0' ? null : await benchRemindersList(log);
  const sweep =
    process.env.REMINDERS_BENCH_SWEEP === '0'
      ? null
      : await benchSweep(log, envNumber('REMINDERS_BENCH_MEMBERS', SWEEP_MEMBERS));
  return { list, sweep };
}

/** The reminders rows of the bench table, with report.mjs's `add(metric, value, figure, budget, ok)`. */
export function addRemindersRows(r, add) {
  const rr = r.reminders;
  const missing = r.errors.reminders ?? 'no result';
  const l = rr?.list;
  const listName = `${LIST_CARS} cars × ${LIST_REMINDERS_PER_CAR} reminders over ${LIST_LOGS.toLocaleString('en-US')} logs`;
  add(
    `GET /reminders, ${listName} (10 connections, 10 s)`,
    l ?? undefined,
    l
      ? `${l.reqPerSec.toFixed(0)} req/s (non-2xx ${l.non2xx}, errors ${l.errors})`
      : rr
        ? 'skipped'
        : missing,
    `≥ ${LIST_BUDGET_REQ_PER_SEC.toLocaleString('en-US')} req/s`,
    l?.reqPerSec >= LIST_BUDGET_REQ_PER_SEC && l?.non2xx === 0,
  );
  add(
    'GET /reminders p99 latency (same run)',
    l ?? undefined,
    l ? `${l.p99Ms} ms` : rr ? 'skipped' : missing,
    `≤ ${LIST_BUDGET_P99_MS} ms`,
    l?.p99Ms <= LIST_BUDGET_P99_MS,
  );
  const s = rr?.sweep;
  add(
    `Reminder state sweep, ${SWEEP_MEMBERS.toLocaleString('en-US')} members × ${SWEEP_REMINDERS_PER_MEMBER} reminders (SQLite)`,
    s ?? undefined,
    s
      ? `${s.firstMs.toFixed(0)} ms with ${s.firstTold} changes told, ${s.steadyMs.toFixed(0)} ms with none; ` +
          `peak RSS ${s.peakRssMiB.toFixed(0)} MB (${s.beforeRssMiB.toFixed(0)} MB before)` +
          (s.members === SWEEP_MEMBERS ? '' : ` — ${s.members} members only`)
      : rr
        ? 'skipped'
        : missing,
    `≤ ${(SWEEP_BUDGET_MS / 1000).toFixed(0)} s, memory bounded`,
    s?.members === SWEEP_MEMBERS && s.firstMs <= SWEEP_BUDGET_MS && s.steadyMs <= SWEEP_BUDGET_MS,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchReminders((line) => console.log(`  · ${line}`));
  console.log(JSON.stringify(result, null, 2));
}
