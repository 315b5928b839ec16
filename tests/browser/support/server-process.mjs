// Runs the real, built server (`node server/dist/main.js`) as a child process on a free port and a
// DATA_DIR of its own. Shared by the browser suite (through harness.ts) and `npm run bench`.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const DIST_DIR = path.join(ROOT, 'dist');
// PADDOCK_SERVER_ENTRY points the suite and the bench at another server build.
export const SERVER_ENTRY = path.resolve(ROOT, process.env.PADDOCK_SERVER_ENTRY ?? 'server/dist/main.js');
export const HEALTH_PATH = '/api/v1.0/health';

/** Fails with the fix in the message when the client or the server has not been built. */
export function assertBuilt() {
  const missing = [path.join(DIST_DIR, 'index.html'), SERVER_ENTRY].filter((file) => !existsSync(file));
  if (missing.length) {
    throw new Error(
      `Missing build output: ${missing.map((f) => path.relative(ROOT, f)).join(', ')}. ` +
        'Run `npm run build` first (`npm test` builds before the browser suite).',
    );
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function newDataDir(prefix = 'paddock-e2e-') {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/**
 * Polls GET /health until it answers 200; resolves with the milliseconds waited. The limit is
 * generous: a cold start on a loaded two-core machine (migrations, the first compile) is slow.
 */
export async function waitForHealth(
  baseUrl,
  { timeoutMs = 60_000, intervalMs = 10, isAlive = () => true } = {},
) {
  const started = performance.now();
  for (;;) {
    try {
      const res = await fetch(baseUrl + HEALTH_PATH);
      if (res.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (!isAlive()) throw new Error('The server exited before answering /health');
    if (performance.now() - started > timeoutMs)
      throw new Error(`No answer from ${HEALTH_PATH} in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * Starts the server. Options: dataDir (default: a fresh one, removed by dispose()), port (default:
 * a free one), env (overrides). The returned handle can stop() and restart() the process, which is
 * how the browser tests make "offline" real: setOffline() alone does not cut the service worker.
 */
export async function startServer(options = {}) {
  assertBuilt();
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? newDataDir();
  const port = options.port ?? (await freePort());
  // A snapshot of dist/: another build in the same tree empties dist/ while it works, which would
  // pull the files from under a running test.
  const clientDir = mkdtempSync(path.join(tmpdir(), 'paddock-client-'));
  cpSync(DIST_DIR, clientDir, { recursive: true });
  const baseUrl = `http://localhost:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    CORS_ORIGINS: baseUrl,
    CLIENT_DIR: clientDir,
    RATE_LIMIT_MAX: '1000000',
    AUTH_RATE_LIMIT_MAX: '1000000',
    ARGON2_MEMORY_KIB: '4096',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  delete env.SMTP_URL; // mail goes to DATA_DIR/mail/*.eml
  // SQLite and no Redis unless the caller asks for them in options.env (e.g. a PostgreSQL node).
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;
  if (!options.env?.REDIS_URL) delete env.REDIS_URL;
  const output = [];
  let child = null;
  let spawnedAt = 0;

  async function launch() {
    spawnedAt = performance.now();
    const proc = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    const keep = (chunk) => {
      output.push(chunk.toString());
      if (output.length > 400) output.splice(0, output.length - 400);
    };
    proc.stdout.on('data', keep);
    proc.stderr.on('data', keep);
    return waitForHealth(baseUrl, { isAlive: () => proc.exitCode === null && proc.signalCode === null });
  }

  async function stop() {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }

  let lastStartupMs = await launch();
  return {
    baseUrl,
    port,
    dataDir,
    clientDir,
    /** Milliseconds from spawn to the first 200 from /health, for the last (re)start. */
    get startupMs() {
      return lastStartupMs;
    },
    get pid() {
      return child?.pid ?? null;
    },
    get spawnedAt() {
      return spawnedAt;
    },
    output: () => output.join(''),
    stop,
    async restart() {
      await stop();
      lastStartupMs = await launch();
    },
    async dispose() {
      await stop();
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
      rmSync(clientDir, { recursive: true, force: true });
    },
  };
}
