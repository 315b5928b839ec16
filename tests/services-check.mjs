// `npm run test:services` needs PostgreSQL, Redis and nginx (plus redis-server, which the fault
// tests start privately). This checks each before any suite runs and stops at once, naming what
// is missing and how to start it. Also runnable alone: `node tests/services-check.mjs`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { pathToFileURL } from 'node:url';

const PG_URL = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NGINX = '/usr/sbin/nginx';
const TIMEOUT_MS = 3_000;

/** Sends `request` (if any) on a TCP connection and resolves with the first bytes answered. */
function talk(host, port, request) {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer from ${host}:${port} within ${TIMEOUT_MS} ms`));
    }, TIMEOUT_MS);
    socket.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.once('connect', () => {
      if (!request) {
        clearTimeout(timer);
        socket.end();
        resolve('');
      } else socket.write(request);
    });
    socket.once('data', (data) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(data.toString('utf8'));
    });
  });
}

const reason = (err) => (err instanceof Error ? (err.code ?? err.message) : String(err));

async function checkPostgres() {
  const url = new URL(PG_URL);
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port || 5432);
  const where = `${host}:${port}`;
  try {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: TIMEOUT_MS });
    await client.connect();
    await client.query('SELECT 1');
    await client.end();
    return null;
  } catch (err) {
    return (
      `PostgreSQL is not answering on ${where} as ${url.username || 'postgres'} (${reason(err)}).\n` +
      `    Start it: sudo pg_ctlcluster <version> main start  (Debian; or: docker run -d -p ${port}:5432 ` +
      `-e POSTGRES_HOST_AUTH_METHOD=trust postgres:16)\n` +
      `    Or point TEST_POSTGRES_ADMIN_URL at a server where that role may create databases.`
    );
  }
}

async function checkRedis() {
  const url = new URL(REDIS_URL);
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port || 6379);
  try {
    const answer = await talk(host, port, 'PING\r\n');
    if (answer.startsWith('+PONG')) return null;
    throw new Error(`answered ${JSON.stringify(answer.trim().slice(0, 80))} to PING`);
  } catch (err) {
    return (
      `Redis is not answering PING on ${host}:${port} (${reason(err)}).\n` +
      `    Start it: redis-server --daemonize yes --port ${port} --save "" --appendonly no  ` +
      `(or: docker run -d -p ${port}:6379 redis:7); or point TEST_REDIS_URL at one.`
    );
  }
}

function checkBinaries() {
  const missing = [];
  if (!existsSync(NGINX))
    missing.push(
      `nginx is missing (${NGINX}; the scale-out suite starts its own, never the service).\n` +
        `    Install it: sudo apt-get install nginx-light  (Debian/Ubuntu)`,
    );
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0)
    missing.push(
      `redis-server is not on PATH (the fault tests start a private one).\n` +
        `    Install it: sudo apt-get install redis-server  (Debian/Ubuntu)`,
    );
  return missing;
}

/** Resolves with the list of problems (empty when every service is there). */
export async function missingServices() {
  const [pgProblem, redisProblem] = await Promise.all([checkPostgres(), checkRedis()]);
  return [pgProblem, redisProblem, ...checkBinaries()].filter(Boolean);
}

export function describeMissing(problems) {
  return (
    `npm run test:services needs PostgreSQL, Redis and nginx; ${problems.length} missing:\n` +
    problems.map((p) => `  ✗ ${p}`).join('\n') +
    `\n(npm test needs none of them.)`
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problems = await missingServices();
  if (problems.length) {
    console.error(describeMissing(problems));
    process.exit(1);
  }
  console.log('PostgreSQL, Redis, redis-server and nginx are there.');
}
