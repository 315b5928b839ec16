// Shared by scale-out.test.ts and faults-redis-postgres.test.ts: the built server as real processes
// (several nodes), Debian's nginx in front of them, a private redis-server, members, sockets.
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type {
  ClientToServerEvents,
  NotificationEvent,
  ServerToClientEvents,
} from '../../src/contract/socket-events';
import { buildServer } from '../../server/scripts/build-server.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const API = '/api/v1.0';
export const PASSWORD = 'correct horse battery staple 42';
/** Generous: CI runs the suites in parallel on two cores; start-up is not what these tests measure. */
const READY_TIMEOUT_MS = 60_000;
const NGINX = '/usr/sbin/nginx';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function tempDir(tag: string): string {
  return mkdtempSync(path.join(tmpdir(), `paddock-${tag}-`));
}

/**
 * This test file's own server bundle, beside node_modules (its packages resolve from there) but
 * never server/dist/main.js, which other tests and `npm start` rebuild at the same time.
 */
export async function buildPrivateServer(tag: string): Promise<{ entry: string; remove(): void }> {
  const dir = path.join(ROOT, 'server/dist', `.test-${tag}-${process.pid}-${randomUUID().slice(0, 8)}`);
  const entry = path.join(dir, 'main.js');
  await buildServer(entry);
  return { entry, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Resolves with the exit code (null when killed by a signal), also when the process is already gone. */
export const exited = (proc: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    proc.exitCode !== null || proc.signalCode !== null
      ? resolve(proc.exitCode)
      : proc.once('exit', (code) => resolve(code)),
  );

/** Polls `url` until it answers 200; fails early when `proc` exits. */
export async function waitUntilServing(url: string, proc: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`not serving ${url} after ${READY_TIMEOUT_MS} ms:\n${output()}`);
    await sleep(50);
  }
}

export interface Node {
  proc: ChildProcess;
  port: number;
  /** http://127.0.0.1:port */
  origin: string;
  output(): string;
  /** Parsed pino lines of the log. */
  logLines(): { level: number; msg?: string; [key: string]: unknown }[];
  stop(): Promise<void>;
}

/** Starts one node (does not wait for it: see `ready`). */
export async function spawnNode(
  entry: string,
  env: Record<string, string>,
): Promise<Node & { ready: Promise<void> }> {
  const port = await freePort();
  const chunks: string[] = [];
  const proc = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
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
  const origin = `http://127.0.0.1:${port}`;
  const output = () => chunks.join('');
  return {
    proc,
    port,
    origin,
    output,
    logLines: () =>
      output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg?: string }),
    ready: waitUntilServing(`${origin}${API}/health`, proc, output),
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await exited(proc);
      clearTimeout(timer);
    },
  };
}

export interface Nginx {
  port: number;
  origin: string;
  stop(): Promise<void>;
  errorLog(): string;
}

/**
 * Debian's nginx (/usr/sbin/nginx, never the system service) in the foreground with its own prefix
 * and config: round-robin over the nodes, websocket upgrades passed through (the app's socket is
 * websocket-only, so no sticky sessions), and an `X-Upstream` header naming the node that answered.
 */
export async function startNginx(upstreamPorts: number[]): Promise<Nginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx-light (.ci/run does)`);
  const prefix = tempDir('nginx');
  // Workers may run as nobody: they must reach the temp paths under the prefix.
  chmodSync(prefix, 0o755);
  mkdirSync(path.join(prefix, 'logs'));
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  const temp = (name: string) => path.join(prefix, `${name}-temp`);
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'logs/error.log')} warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  ${nginxSite(
    upstreamPorts.map((p) => `127.0.0.1:${p}`),
    `127.0.0.1:${port}`,
  )}
}
`,
  );
  const chunks: string[] = [];
  const proc = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'logs/error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (c: Buffer) => chunks.push(c.toString()));
  proc.stderr!.on('data', (c: Buffer) => chunks.push(c.toString()));
  const errorLog = () => {
    try {
      return readFileSync(path.join(prefix, 'logs/error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${origin}${API}/health`, proc, () => chunks.join('') + errorLog());
  return {
    port,
    origin,
    errorLog,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGQUIT');
        const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
        await exited(proc);
        clearTimeout(timer);
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** The `upstream` and `server` blocks; the README's deployment snippet is this one. */
export function nginxSite(upstreams: string[], listen: string): string {
  return `upstream paddock {
    ${upstreams.map((u) => `server ${u};`).join('\n    ')}
  }
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' close;
  }
  server {
    listen ${listen};
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
  }`;
}

/** A private redis-server on a free port, in a temp dir: a test may kill and restart it freely. */
export async function startPrivateRedis(): Promise<{
  url: string;
  kill(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}> {
  const dir = tempDir('redis');
  const port = await freePort();
  let proc: ChildProcess | null = null;
  const start = async () => {
    const chunks: string[] = [];
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    proc = child;
    child.once('error', (err) => chunks.push(String(err)));
    child.stdout!.on('data', (c: Buffer) => chunks.push(c.toString()));
    child.stderr!.on('data', (c: Buffer) => chunks.push(c.toString()));
    const deadline = Date.now() + 30_000;
    while (!chunks.join('').includes('Ready to accept connections')) {
      if (child.exitCode !== null || child.pid === undefined || Date.now() > deadline)
        throw new Error(`redis-server: ${chunks.join('')}`);
      await sleep(20);
    }
  };
  const kill = async () => {
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const gone = exited(proc);
    proc.kill('SIGKILL');
    await gone;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    async remove() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  body: { success: boolean; data?: any; error?: { code: string; message: string } };
}

/** One API call on `origin` (a node or nginx). */
export async function call(
  origin: string,
  method: string,
  url: string,
  token?: string | null,
  payload?: object,
): Promise<Answer> {
  const res = await fetch(`${origin}${API}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : {} };
}

export interface Member {
  id: string;
  token: string;
}

export async function signUp(origin: string, tag: string): Promise<Member> {
  const name = `${tag}_${randomUUID().slice(0, 6)}`;
  const res = await call(origin, 'POST', '/auth/signup', null, {
    email: `${name}@example.com`,
    password: PASSWORD,
    username: name,
    firstName: 'Scale',
    lastName: 'Out',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.user.id, token: res.body.data.token };
}

/** `a` asks through `originA`, `b` accepts through `originB`. */
export async function befriend(originA: string, a: Member, originB: string, b: Member): Promise<void> {
  const asked = await call(originA, 'POST', '/friends/request', a.token, { userId: b.id });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const accepted = await call(originB, 'PUT', `/friends/request/${asked.body.data.request.id}`, b.token, {
    action: 'accept',
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
}

export async function sendMessage(origin: string, from: Member, to: Member): Promise<string> {
  const res = await call(origin, 'POST', '/messages', from.token, {
    recipientId: to.id,
    subject: 'Across the cluster',
    content: '<p>Did this reach you?</p>',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A member's socket as the app opens it (websocket only), with every notification it received. */
export async function openSocket(
  origin: string,
  token: string,
  options: { reconnection?: boolean } = {},
): Promise<{ socket: AppSocket; received: NotificationEvent[] }> {
  const socket: AppSocket = connect(origin, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: options.reconnection ?? false,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
  });
  const received: NotificationEvent[] = [];
  socket.on('notification', (event) => received.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, received };
}

/** Waits until `check` returns a value (not undefined), polling; fails with `what` after `ms`. */
export async function eventually<T>(what: string, check: () => T | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}
