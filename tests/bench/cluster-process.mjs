// Several nodes of the built server (`node server/dist/main.js`, or PADDOCK_SERVER_ENTRY) on one
// fresh PostgreSQL database and one Redis, behind Debian's nginx: the bench's counterpart of
// tests/server/cluster-fixtures.ts (which is TypeScript and tied to vitest). Same nginx site (round
// robin, websocket upgrades passed through, no sticky sessions), with more worker connections: each
// of the bench's sockets and keep-alive connections holds two (client side and upstream side).
import { randomBytes, randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  freePort,
  HEALTH_PATH,
  newDataDir,
  ROOT,
  SERVER_ENTRY,
  waitForHealth,
} from '../browser/support/server-process.mjs';

const NGINX = '/usr/sbin/nginx';
export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A fresh database on the PostgreSQL of TEST_POSTGRES_ADMIN_URL, dropped by drop(). */
export async function createDatabase(tag = 'bench') {
  const name = `paddock_${tag}_${process.pid}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return {
    name,
    url: POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

const exited = (proc) =>
  new Promise((resolve) =>
    proc.exitCode !== null || proc.signalCode !== null ? resolve(proc.exitCode) : proc.once('exit', resolve),
  );

/** One node on a free port; resolves once it answers /health. */
async function startNode(env) {
  const port = await freePort();
  const chunks = [];
  const proc = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    chunks.push(chunk.toString());
    if (chunks.length > 400) chunks.splice(0, chunks.length - 400);
  };
  proc.stdout.on('data', keep);
  proc.stderr.on('data', keep);
  const origin = `http://127.0.0.1:${port}`;
  await waitForHealth(origin, {
    timeoutMs: 60_000,
    intervalMs: 50,
    isAlive: () => proc.exitCode === null && proc.signalCode === null,
  }).catch((err) => {
    proc.kill('SIGKILL');
    throw new Error(`${err.message}\n${chunks.join('')}`);
  });
  return {
    port,
    origin,
    pid: proc.pid,
    output: () => chunks.join(''),
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const gone = exited(proc);
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** nginx in the foreground with its own prefix and config, round robin over `ports`. */
async function startNginx(ports) {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx-light`);
  const prefix = newDataDir('paddock-bench-nginx-');
  chmodSync(prefix, 0o755); // workers may run as nobody
  mkdirSync(path.join(prefix, 'logs'));
  const port = await freePort();
  const temp = (name) => path.join(prefix, `${name}-temp`);
  const errorLogFile = path.join(prefix, 'logs/error.log');
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
worker_rlimit_nofile 16384;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${errorLogFile} warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  upstream paddock {
    ${ports.map((p) => `server 127.0.0.1:${p};`).join('\n    ')}
  }
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' close;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 30m;
    location / {
      proxy_pass http://paddock;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const chunks = [];
  const proc = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', errorLogFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout.on('data', (c) => chunks.push(c.toString()));
  proc.stderr.on('data', (c) => chunks.push(c.toString()));
  const errorLog = () => {
    try {
      return readFileSync(errorLogFile, 'utf8');
    } catch {
      return '';
    }
  };
  const origin = `http://127.0.0.1:${port}`;
  await waitForHealth(origin, {
    timeoutMs: 20_000,
    intervalMs: 50,
    isAlive: () => proc.exitCode === null && proc.signalCode === null,
  }).catch((err) => {
    proc.kill('SIGKILL');
    throw new Error(`nginx: ${err.message}\n${chunks.join('')}${errorLog()}`);
  });
  return {
    port,
    origin,
    pid: proc.pid,
    errorLog,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        const gone = exited(proc);
        proc.kill('SIGQUIT');
        const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
        await gone;
        clearTimeout(timer);
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/**
 * `nodes` server processes started together on a fresh database (they race for the migrations, as
 * in a real roll-out), one Redis (a key prefix of their own), one shared DATA_DIR (the media volume
 * of a real deployment) and one JWT secret, behind nginx. `env` adds to or overrides their
 * environment. Resolves to { origin (nginx), nodes, database, dispose() }.
 */
export async function startCluster({ nodes: count = 2, env = {} } = {}) {
  const database = await createDatabase('bench');
  const dataDir = newDataDir('paddock-bench-cluster-');
  const started = [];
  let nginx = null;
  try {
    const base = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: `paddock-bench:${randomUUID().slice(0, 8)}:`,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      TRUST_PROXY: 'true',
      RATE_LIMIT_MAX: '1000000',
      AUTH_RATE_LIMIT_MAX: '1000000',
      ARGON2_MEMORY_KIB: '4096',
      LOG_LEVEL: 'warn',
      ...env,
    };
    const outcomes = await Promise.allSettled(Array.from({ length: count }, () => startNode(base)));
    for (const o of outcomes) if (o.status === 'fulfilled') started.push(o.value);
    const failed = outcomes.find((o) => o.status === 'rejected');
    if (failed) throw failed.reason;
    nginx = await startNginx(started.map((n) => n.port));
    // Every node serves (the check nginx's round robin would otherwise hide).
    for (const node of started) {
      const res = await fetch(node.origin + HEALTH_PATH);
      if (!res.ok) throw new Error(`node ${node.origin} answered ${res.status}`);
    }
  } catch (err) {
    await nginx?.stop();
    await Promise.all(started.map((n) => n.stop()));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    origin: nginx.origin,
    nodes: started,
    database,
    nginx,
    async dispose() {
      await nginx.stop();
      await Promise.all(started.map((n) => n.stop()));
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
