// A real push service for tests: an HTTP listener on 127.0.0.1 that records each message (its
// headers and encrypted body) and answers what the test tells it to, and browsers with their own
// P-256 keys and auth secret that decrypt what it received (RFC 8291, aes128gcm).
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo, Socket } from 'node:net';
import type { App } from '../../server/src/app';
import type { DeclarativePushMessage } from '../../src/contract/web-push';
import { API, type Member } from './garage-fixtures';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer;
};

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** performance.now() when the message arrived. */
  at: number;
}

/** What the service answers: a status and headers, chosen per request. */
export type Answer = (req: { path: string; count: number }) => {
  status: number;
  headers?: Record<string, string>;
};

export interface PushServer {
  base: string;
  port: number;
  received: Received[];
  /** TCP connections accepted, whether or not a request followed. */
  connections: number;
  answer: Answer;
  close(): Promise<void>;
}

export async function pushServer(answer: Answer = () => ({ status: 201 })): Promise<PushServer> {
  const sockets = new Set<Socket>();
  const state: PushServer = {
    base: '',
    port: 0,
    received: [],
    connections: 0,
    answer,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      state.received.push({ path, headers: req.headers, body: Buffer.concat(chunks), at: performance.now() });
      const count = state.received.filter((r) => r.path === path).length;
      const { status, headers = {} } = state.answer({ path, count });
      res.writeHead(status, headers);
      res.end();
    });
  });
  server.on('connection', (socket: Socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.base = `http://127.0.0.1:${state.port}`;
  return state;
}

/** A browser's subscription: its own P-256 key pair and auth secret. */
export function browser(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    ecdh,
    auth,
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    },
  };
}
export type Browser = ReturnType<typeof browser>;

/** The message as the browser reads it: decrypted with its own private key and auth secret. */
export const decrypt = (r: Received, b: Browser) =>
  JSON.parse(
    ece.decrypt(r.body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth }).toString('utf8'),
  ) as DeclarativePushMessage;

/** What the device shows: the declarative message's notification. */
export const shown = (r: Received, b: Browser) => decrypt(r, b).notification;

export const subscribe = (app: App, who: Member, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `${API}/push-subscriptions`,
    headers: who.headers,
    payload: payload as object,
  });

/** Waits until `check` holds (a state, never a fixed time), failing after `timeoutMs`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = 'state',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A reminder already past due: its state moves to overdue on creation, and the member is told. */
export async function overdueReminder(app: App, who: Member, carId: string, title = 'Insurance') {
  const res = await app.inject({
    method: 'POST',
    url: `${API}/reminders`,
    headers: who.headers,
    payload: { carId, title, dueDate: '2020-01-01' },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<{ data: { id: string } }>().data;
}
