// The hot paths against the floor of our stack: "GET /posts/feed page 1 and page 500 by
// cursor ≥ 0.85 of the floor's req/s, GET /auth/me ≥ 0.8" on SQLite; the same on PostgreSQL, reported
// without a budget. The floor is tests/bench/floor-server.mjs (bare Fastify 5 + prepared statements).
//
// The site is the feed bench's (tests/bench/feed-bench.mjs's seeder: 100,000 posts, 10,000 members);
// the floor reads a copy of the same SQLite file (an online backup taken after the member's login,
// so the session row is there), and on PostgreSQL both read one database filled from that file by
// `npm run migrate:sqlite-to-postgres`. Both answers are first compared byte for byte (and key by
// key, to name where they differ) on page 1, page 500 by cursor and /auth/me; then each path is
// loaded on Paddock and on the floor in turn (autocannon, 10 connections, FLOOR_BENCH_SECONDS = 10 s
// after a 2 s warm-up, FLOOR_BENCH_ROUNDS = 3 rounds), with each server's CPU time (utime + stime of
// /proc/<pid>/stat) over the run divided by the requests answered.
//
// Alone: `node tests/bench/floor-bench.mjs` (after `npm run build`); FLOOR_BENCH_DB=sqlite|postgres
// runs one dialect. PostgreSQL: TEST_POSTGRES_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/
// postgres, as the mixed load and the server tests' TEST_DATABASE=postgres); a database of its own,
// dropped at the end.
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { apiCall, newMember, signUpViaApi } from '../browser/support/api.mjs';
import {
  freePort,
  newDataDir,
  ROOT,
  startServer,
  waitForHealth,
} from '../browser/support/server-process.mjs';
import { envNumber, PRODUCTION_ENV } from './bench-support.mjs';
import { DEEP_PAGE, FEED_PAGE, seedFeed } from './feed-bench.mjs';

export const FLOOR_BUDGET = { feed: 0.85, me: 0.8 };
const SECONDS = envNumber('FLOOR_BENCH_SECONDS', 10);
const ROUNDS = envNumber('FLOOR_BENCH_ROUNDS', 3);
const WARM_UP_SECONDS = Math.min(2, SECONDS);
const ADMIN_URL = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FLOOR_ENTRY = path.join(ROOT, 'tests/bench/floor-server.mjs');
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** Which dialects to run: FLOOR_BENCH_DB=sqlite|postgres, else both. */
export function floorDialects() {
  const only = process.env.FLOOR_BENCH_DB;
  if (!only) return ['sqlite', 'postgres'];
  if (only !== 'sqlite' && only !== 'postgres') throw new Error(`FLOOR_BENCH_DB=${only}: sqlite or postgres`);
  return [only];
}

/** CPU seconds the process (all its threads) has used. */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime, stime (fields 14, 15)
}

/** The floor server as a child process. */
async function startFloor(env) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const output = [];
  const proc = spawn(process.execPath, [FLOOR_ENTRY], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.on('data', (c) => output.push(c.toString()));
  proc.stderr.on('data', (c) => output.push(c.toString()));
  try {
    await waitForHealth(baseUrl, { isAlive: () => proc.exitCode === null }).catch(() => {
      throw new Error(`The floor did not start: ${output.join('')}`);
    });
  } catch (err) {
    proc.kill('SIGKILL');
    throw err;
  }
  return {
    baseUrl,
    pid: proc.pid,
    async dispose() {
      if (proc.exitCode !== null) return;
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGTERM');
      await exited;
    },
  };
}

async function getText(baseUrl, urlPath, token) {
  const res = await fetch(`${baseUrl}/api/v1.0${urlPath}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${urlPath} answered ${res.status}: ${text.slice(0, 200)}`);
  return text;
}

/** The first key path where two JSON values differ, or null. */
function firstDifference(a, b, at = '$') {
  if (a === b) return null;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object')
    return `${at}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${at}: array vs object`;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.join(',') !== kb.join(',')) return `${at}: keys ${ka.join(',')} ≠ ${kb.join(',')}`;
  for (const k of ka) {
    const d = firstDifference(a[k], b[k], `${at}.${k}`);
    if (d) return d;
  }
  return null;
}

/** Both servers answer the same bytes on each path; throws naming the first difference. */
async function checkSameJson(paddock, floor, paths, token) {
  for (const { label, url } of paths) {
    const [ours, theirs] = await Promise.all([
      getText(paddock.baseUrl, url, token),
      getText(floor.baseUrl, url, token),
    ]);
    if (ours === theirs) continue;
    const where =
      firstDifference(JSON.parse(ours), JSON.parse(theirs)) ?? 'same keys and values, other bytes';
    throw new Error(`${label}: Paddock and the floor answer different JSON (${where})`);
  }
}

async function load(server, url, token, seconds) {
  const before = cpuSeconds(server.pid);
  const r = await autocannon({
    url: `${server.baseUrl}/api/v1.0${url}`,
    connections: 10,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  const cpu = cpuSeconds(server.pid) - before;
  const answered = r.requests.total;
  return {
    reqPerSec: r.requests.average,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    cpuUsPerRequest: answered > 0 ? (cpu * 1e6) / answered : null,
  };
}

const median = (values) => {
  const s = [...values].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Each path on Paddock then on the floor, ROUNDS times; ratios per round and their median. */
async function measure(paddock, floor, paths, token, log, dialect) {
  const results = {};
  for (const { key, url } of paths) {
    await load(paddock, url, token, WARM_UP_SECONDS);
    await load(floor, url, token, WARM_UP_SECONDS);
    results[key] = { rounds: [] };
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const { key, label, url } of paths) {
      const ours = await load(paddock, url, token, SECONDS);
      const theirs = await load(floor, url, token, SECONDS);
      const ratio = ours.reqPerSec / theirs.reqPerSec;
      results[key].rounds.push({ paddock: ours, floor: theirs, ratio });
      log(
        `${dialect} round ${round}, ${label}: Paddock ${ours.reqPerSec.toFixed(0)} req/s ` +
          `(${ours.cpuUsPerRequest?.toFixed(0)} µs CPU/req, non-2xx ${ours.non2xx}), floor ` +
          `${theirs.reqPerSec.toFixed(0)} req/s (${theirs.cpuUsPerRequest?.toFixed(0)} µs CPU/req, ` +
          `non-2xx ${theirs.non2xx}): ${ratio.toFixed(2)}`,
      );
    }
  }
  for (const { key } of paths) {
    const rounds = results[key].rounds;
    results[key].ratio = median(rounds.map((r) => r.ratio));
    results[key].minRatio = Math.min(...rounds.map((r) => r.ratio));
    results[key].maxRatio = Math.max(...rounds.map((r) => r.ratio));
    results[key].paddockCpuUs = median(rounds.map((r) => r.paddock.cpuUsPerRequest ?? NaN));
    results[key].floorCpuUs = median(rounds.map((r) => r.floor.cpuUsPerRequest ?? NaN));
    results[key].failures = rounds.reduce(
      (n, r) => n + r.paddock.non2xx + r.paddock.errors + r.floor.non2xx + r.floor.errors,
      0,
    );
  }
  return results;
}

/** A fresh PostgreSQL database; drop() removes it. */
async function freshPostgres() {
  const name = `paddock_floor_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export async function benchFloor(log, dialects = floorDialects()) {
  const dataDir = newDataDir('paddock-bench-floor-');
  const jwtSecret = randomBytes(48).toString('base64url');
  // One token for every run: it must outlive them (3 paths × 2 servers × rounds, per dialect).
  const env = { ...PRODUCTION_ENV, JWT_SECRET: jwtSecret, ACCESS_TOKEN_TTL_SECONDS: '7200' };
  const out = { seconds: SECONDS, rounds: ROUNDS, loadStart: loadavg() };
  try {
    const member = newMember('bench_floor');
    const seeding = await startServer({ dataDir, env: { ...env, ARGON2_MEMORY_KIB: '4096' } });
    let memberId;
    try {
      memberId = (await signUpViaApi(seeding.baseUrl, member)).user.id;
    } finally {
      await seeding.dispose();
    }
    log('seeding the feed bench’s site…');
    const seeded = seedFeed(dataDir, memberId);
    out.feedSize = seeded.feedSize;

    let paddock = await startServer({ dataDir, env });
    const cleanups = [];
    try {
      const login = await apiCall(paddock.baseUrl, 'POST', '/auth/login', {
        email: member.email,
        password: member.password,
      });
      if (login.status !== 200) throw new Error(`login answered ${login.status}`);
      const token = login.json.data.token;
      let cursor = null;
      for (let p = 1; p < DEEP_PAGE; p++) {
        const query = `limit=${FEED_PAGE}${cursor ? `&before=${cursor}` : ''}`;
        const res = await apiCall(paddock.baseUrl, 'GET', `/posts/feed?${query}`, undefined, token);
        cursor = res.json.meta.nextCursor;
      }
      const paths = [
        { key: 'feedFirst', label: 'feed page 1', url: `/posts/feed?limit=${FEED_PAGE}` },
        {
          key: 'feedDeep',
          label: `feed page ${DEEP_PAGE} by cursor`,
          url: `/posts/feed?limit=${FEED_PAGE}&before=${cursor}`,
        },
        { key: 'me', label: '/auth/me', url: '/auth/me' },
      ];

      async function runDialect(dialect) {
        const started = loadavg();
        let floor;
        if (dialect === 'sqlite') {
          const copy = path.join(dataDir, 'floor.db');
          const source = new Database(path.join(dataDir, 'paddock.db'), { readonly: true });
          try {
            await source.backup(copy);
          } finally {
            source.close();
          }
          floor = await startFloor({ JWT_SECRET: jwtSecret, FLOOR_SQLITE_FILE: copy });
        } else {
          await paddock.dispose();
          const database = await freshPostgres();
          cleanups.push(() => database.drop());
          log('copying the site into PostgreSQL…');
          execFileSync(
            process.execPath,
            ['server/scripts/migrate-sqlite-to-postgres.mjs', '--from', dataDir, '--to', database.url],
            { cwd: ROOT, stdio: 'ignore' },
          );
          paddock = await startServer({ dataDir, env: { ...env, DATABASE_URL: database.url } });
          floor = await startFloor({ JWT_SECRET: jwtSecret, FLOOR_DATABASE_URL: database.url });
        }
        try {
          await checkSameJson(paddock, floor, paths, token);
          log(`${dialect}: the same JSON from both on ${paths.map((p) => p.label).join(', ')}`);
          out[dialect] = await measure(paddock, floor, paths, token, log, dialect);
          out[dialect].load = { start: started, end: loadavg() };
        } finally {
          await floor.dispose();
        }
      }
      out.errors = {};
      // One dialect failing (no PostgreSQL on this machine) still reports the other.
      for (const dialect of dialects) {
        try {
          await runDialect(dialect);
        } catch (err) {
          out.errors[dialect] = err instanceof Error ? err.message.split('\n')[0] : String(err);
          log(`✗ ${dialect}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        }
      }
      if (!dialects.some((d) => out[d])) throw new Error(Object.values(out.errors).join('; '));
    } finally {
      await paddock.dispose();
      for (const cleanup of cleanups) await cleanup();
    }
    return out;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------- the rows of the bench table (report.mjs calls this) ----------

const NAMES = {
  feedFirst: 'GET /posts/feed, page 1',
  feedDeep: 'GET /posts/feed, page 500 by cursor',
  me: 'GET /auth/me',
};

/** Adds the floor rows with report.mjs's `add(metric, value, figure, budget, ok)`. */
export function addFloorRows(r, add) {
  const f = r.floor;
  const missing = r.errors.floor ?? 'no result';
  for (const dialect of ['sqlite', 'postgres']) {
    const d = f?.[dialect];
    if (f && !d && !f.errors?.[dialect]) continue; // a run of the other dialect alone
    const failed = f?.errors?.[dialect] ?? missing;
    for (const key of ['feedFirst', 'feedDeep', 'me']) {
      const x = d?.[key];
      const budget = dialect === 'postgres' ? null : key === 'me' ? FLOOR_BUDGET.me : FLOOR_BUDGET.feed;
      add(
        `${NAMES[key]}, Paddock / the floor (bare Fastify + ${dialect === 'sqlite' ? 'better-sqlite3' : 'pg'}), req/s`,
        x,
        x
          ? `${x.ratio.toFixed(2)} (rounds ${x.rounds.map((o) => o.ratio.toFixed(2)).join(', ')}); CPU per request ` +
              `${x.paddockCpuUs.toFixed(0)} / ${x.floorCpuUs.toFixed(0)} µs; failures ${x.failures}`
          : failed,
        budget === null ? 'no budget' : `≥ ${budget}`,
        budget === null ? x?.failures === 0 : x?.ratio >= budget && x?.failures === 0,
      );
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const results = await benchFloor((text) => console.log(`  · ${text}`));
  for (const dialect of ['sqlite', 'postgres']) {
    const d = results[dialect];
    if (!d) continue;
    for (const key of ['feedFirst', 'feedDeep', 'me'])
      console.log(
        `${dialect} ${NAMES[key]}: ratio ${d[key].ratio.toFixed(2)} (min ${d[key].minRatio.toFixed(2)}, max ` +
          `${d[key].maxRatio.toFixed(2)}), CPU/req ${d[key].paddockCpuUs.toFixed(0)} / ${d[key].floorCpuUs.toFixed(0)} µs`,
      );
  }
  console.log(
    `load ${results.loadStart.map((l) => l.toFixed(2)).join(' ')} → ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}
