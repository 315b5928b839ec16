// The built server as a real process: a SIGKILL in the middle of a burst of sign-ups loses none that
// was answered, and a SIGTERM lets in-flight requests finish.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, createTestDatabase } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENTRY = path.join(ROOT, 'server/dist/main.js');
const PASSWORD = 'correct horse battery staple 42';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Server {
  proc: ChildProcess;
  base: string;
  output: () => string;
}

async function start(dataDir: string, port: number, env: Record<string, string> = {}): Promise<Server> {
  const chunks: string[] = [];
  const proc = spawn(process.execPath, [ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      RATE_LIMIT_MAX: '1000000',
      AUTH_RATE_LIMIT_MAX: '1000000',
      ARGON2_MEMORY_KIB: '4096',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (c: Buffer) => chunks.push(c.toString()));
  proc.stderr!.on('data', (c: Buffer) => chunks.push(c.toString()));
  const base = `http://127.0.0.1:${port}/api/v1.0`;
  // Generous: CI runs the suites in parallel on two cores, and start-up is not what this test measures.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${chunks.join('')}`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${chunks.join('')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return { proc, base, output: () => chunks.join('') };
}

/** Resolves with the exit code (null when killed by a signal), also when the process is already gone. */
const exited = (proc: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    proc.exitCode !== null || proc.signalCode !== null
      ? resolve(proc.exitCode)
      : proc.once('exit', (code) => resolve(code)),
  );

function signUp(base: string, name: string) {
  return fetch(`${base}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${name}@example.com`,
      password: PASSWORD,
      username: name,
      firstName: 'C',
      lastName: 'R',
    }),
  });
}

describe('the server process', () => {
  const dirs: string[] = [];
  let database: { url: string; drop(): Promise<void> } | null = null;
  const dbEnv = (): Record<string, string> => (database ? { DATABASE_URL: database.url } : {});

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(ROOT, 'server/scripts/build-server.mjs')], { cwd: ROOT });
    database = onPostgres ? await createTestDatabase() : null;
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'paddock-crash-'));
    dirs.push(dir);
    return dir;
  };

  it('keeps every answered sign-up through a SIGKILL mid-burst', async () => {
    const dir = dataDir();
    const port = await freePort();
    const first = await start(dir, port, dbEnv());
    const answered: string[] = [];
    let settled = 0;
    const burst = Array.from({ length: 40 }, (_, i) => {
      const name = `crash_${i}`;
      return signUp(first.base, name).then(
        (res) => {
          settled += 1;
          if (res.status === 201) answered.push(name);
          return res.status;
        },
        () => 0, // cut off by the kill
      );
    });
    while (answered.length < 5 && settled < 40) await new Promise((r) => setTimeout(r, 2));
    first.proc.kill('SIGKILL');
    await Promise.all(burst);
    await exited(first.proc);
    expect(answered.length).toBeGreaterThanOrEqual(5);
    expect(answered.length).toBeLessThan(40);

    const second = await start(dir, port, dbEnv());
    try {
      for (const name of answered) {
        const res = await fetch(`${second.base}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `${name}@example.com`, password: PASSWORD }),
        });
        expect(res.status, name).toBe(200);
      }
    } finally {
      second.proc.kill('SIGTERM');
      await exited(second.proc);
    }
  }, 90_000);

  it('lets in-flight requests finish on SIGTERM, then exits 0', async () => {
    const dir = dataDir();
    // info: the log shows when each request has arrived; the real argon2 cost makes them slowish.
    const server = await start(dir, await freePort(), {
      ...dbEnv(),
      LOG_LEVEL: 'info',
      ARGON2_MEMORY_KIB: String(19 * 1024),
    });
    const requests = Array.from({ length: 4 }, (_, i) =>
      signUp(server.base, `term_${i}`).then((r) => r.status),
    );
    while ((server.output().match(/"incoming request"/g) ?? []).length < 4)
      await new Promise((r) => setTimeout(r, 2));
    server.proc.kill('SIGTERM');
    expect(await Promise.all(requests)).toEqual([201, 201, 201, 201]);
    expect(await exited(server.proc)).toBe(0);
    expect(server.output()).toContain('shut down cleanly');
    // The log never holds a password or a token.
    expect(server.output()).not.toContain(PASSWORD);
    expect(server.output()).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
  }, 90_000);
});
