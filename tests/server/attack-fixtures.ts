// Shared by the attacks-*.test.ts files: a real server listening on 127.0.0.1, members
// made and driven over real HTTP (fetch) and socket.io, and the attack strings of docs/SECURITY-CHECKS.md.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { App } from '../../server/src/app';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/contract/socket-events';
import { eventually, mailFiles } from './auth-fixtures';
import { createTestApp, type TestApp } from './helpers';

export const API = '/api/v1.0';
export const PASSWORD = 'Vintage-Camshaft-1987!';

export interface Attacker {
  id: string;
  email: string;
  username: string;
  token: string;
  refreshToken: string;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: any;
}

export interface Server {
  t: TestApp;
  url: string;
  /** One API call as `who` (null: anonymous); a body that is not FormData or a string is sent as JSON. */
  call(
    method: string,
    apiPath: string,
    who: Attacker | null,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer>;
  /** A fresh member, signed up over HTTP. */
  member(fields?: Record<string, string>): Promise<Attacker>;
  /** `a` asks, `b` accepts. */
  befriend(a: Attacker, b: Attacker): Promise<void>;
  /** The reset token mailed to `email` after a forgot-password call. */
  resetTokenFor(email: string, before: Set<string>): Promise<string>;
  /** A socket.io client (not yet known to be connected). */
  socket(auth: object, extraHeaders?: Record<string, string>): ClientSocket;
  close(): Promise<void>;
}

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A test app listening on a free port of 127.0.0.1; `env` overrides configuration; `beforeListen`
 * may add hooks (e.g. to read the server's own timings).
 */
export async function startServer(
  env: Record<string, string> = {},
  beforeListen: (app: App) => void = () => {},
): Promise<Server> {
  const t = await createTestApp(env);
  beforeListen(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const sockets: ClientSocket[] = [];

  const call: Server['call'] = async (method, apiPath, who, body, headers = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    const h = init.headers as Record<string, string>;
    if (who) h.authorization = `Bearer ${who.token}`;
    if (body instanceof FormData || typeof body === 'string') init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      h['content-type'] = 'application/json';
    }
    const res = await fetch(`${url}${API}${apiPath}`, init);
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  };

  const member: Server['member'] = async (fields = {}) => {
    const tag = randomUUID().slice(0, 8);
    const body = {
      email: `attack-${tag}@example.com`,
      password: PASSWORD,
      username: `atk_${tag}`,
      firstName: 'Ada',
      lastName: 'Attack',
      ...fields,
    };
    const res = await call('POST', '/auth/signup', null, body);
    expect(res.status, res.text).toBe(201);
    const data = res.json.data as { token: string; refreshToken: string; user: { id: string } };
    return {
      id: data.user.id,
      email: body.email,
      username: body.username,
      token: data.token,
      refreshToken: data.refreshToken,
    };
  };

  const befriend: Server['befriend'] = async (a, b) => {
    const asked = await call('POST', '/friends/request', a, { userId: b.id });
    expect(asked.status, asked.text).toBe(201);
    const accepted = await call('PUT', `/friends/request/${asked.json.data.request.id}`, b, {
      action: 'accept',
    });
    expect(accepted.status, accepted.text).toBe(200);
  };

  const resetTokenFor: Server['resetTokenFor'] = async (email, before) => {
    const dir = path.join(t.dataDir, 'mail');
    const file = await eventually(() =>
      mailFiles(t.dataDir).find(
        (f) => !before.has(f) && readFileSync(path.join(dir, f), 'utf8').includes(`To: ${email}`),
      ),
    );
    const link = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(readFileSync(path.join(dir, file), 'utf8'));
    expect(link).not.toBeNull();
    return link![1]!;
  };

  const socket: Server['socket'] = (auth, extraHeaders = {}) => {
    const s: ClientSocket = connect(url, {
      auth,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders,
    });
    sockets.push(s);
    return s;
  };

  return {
    t,
    url,
    call,
    member,
    befriend,
    resetTokenFor,
    socket,
    async close() {
      for (const s of sockets) s.disconnect();
      await t.close();
    },
  };
}

/** Resolves when the socket connects; rejects with the handshake error. */
export const connected = (s: ClientSocket) =>
  new Promise<void>((resolve, reject) => {
    if (s.connected) resolve();
    s.once('connect', resolve);
    s.once('connect_error', reject);
  });

/** Resolves with the handshake error; rejects if the socket connects. */
export const refused = (s: ClientSocket) =>
  new Promise<Error>((resolve, reject) => {
    s.once('connect', () => reject(new Error('connected')));
    s.once('connect_error', resolve);
  });

/** docs/SECURITY-CHECKS.md's XSS list: each entry carries the text "Hi" that must survive it. */
export const XSS_ATTACKS = [
  '<p>Hi<script>alert(1)</script></p>',
  '<p>Hi<img src=x onerror=alert(1)></p>',
  '<p>Hi<img src="https://x.example/a.png" onloadstart=alert(1)></p>',
  '<p>Hi<a href="javascript:alert(1)">x</a></p>',
  '<p>Hi<a href="JaVaScRiPt:alert(1)">x</a></p>',
  '<p>Hi<a href="&#106;avascript:alert(1)">x</a></p>',
  '<p>Hi<a href="data:text/html,<script>alert(1)</script>">x</a></p>',
  '<p>Hi<svg onload=alert(1)></svg></p>',
  '<p>Hi<iframe src="https://evil.example"></iframe></p>',
  '<p>Hi<style>p{background:url(https://evil.example)}</style></p>',
  '<base href="https://evil.example/"><p>Hi</p>',
  '<form action="https://evil.example"><p>Hi</p><input name=x></form>',
  '<p onclick="alert(1)" style="background:url(javascript:alert(1))">Hi</p>',
  '<p>Hi<iframe class="ql-video" src="https://evil.example/v"></iframe></p>',
  '<p>Hi<span class="ql-formula" data-value="\\alert">x</span></p>',
  '<p>Hi<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x"></p>',
  '<p>Hi<math><mi xlink:href="javascript:alert(1)">x</mi></math></p>',
  '<p>Hi</p><noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
];

/** The tags the Quill toolbars produce: nothing else may come back in stored rich text. */
const QUILL_TAGS = new Set([
  'p',
  'br',
  'strong',
  'em',
  'u',
  's',
  'span',
  'h1',
  'h2',
  'h3',
  'h4',
  'ol',
  'ul',
  'li',
  'a',
]);

/** Stored rich text holds only Quill's tags, no event handler, no script URL, and the text "Hi". */
export function expectClean(html: string, attack: string): void {
  const why = `${attack} → ${html}`;
  for (const [tag, name = '', attributes = ''] of html.matchAll(/<\/?([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    expect(QUILL_TAGS.has(name.toLowerCase()), `${why}: ${tag}`).toBe(true);
    expect(attributes, why).not.toMatch(/(^|\s)on\w+\s*=/i);
    expect(attributes, why).not.toMatch(/url\(|expression\(/i);
    for (const [, href = ''] of attributes.matchAll(/href\s*=\s*"([^"]*)"/gi))
      expect(href, why).toMatch(/^(https?:|mailto:)/i);
    expect(attributes, why).not.toMatch(/ql-(formula|video)/);
  }
  // Text that would be markup if unescaped never comes back raw.
  expect(html.toLowerCase(), why).not.toMatch(/<(script|img|svg|iframe|style|base|form|object|embed|math)\b/);
  expect(html, why).toContain('Hi');
}

/** SQL metacharacters and injections for every search and filter. */
export const SQL_ATTACKS = [
  "'",
  '"',
  "' OR '1'='1",
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "'); DROP TABLE cars; --",
  '%',
  '_',
  '%%',
  '\\',
  "\\'",
  '*/ SELECT 1 /*',
  "' UNION SELECT id, email, password_hash FROM users --",
  '1; SELECT pg_sleep(5)',
  "'||(SELECT sqlite_version())||'",
  '\u0000',
];

/** Every table is still there and still holds its rows (a snapshot of row counts). */
export async function tableCounts(s: Server, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const db = s.t.app.db.kysely;
  for (const table of tables) {
    const row = await db
      .selectFrom(table as any)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
