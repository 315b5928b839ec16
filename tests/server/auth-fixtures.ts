// Shared by the auth-*.test.ts files: accounts and calls made the way the client makes them.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect } from 'vitest';
import { API_BASE } from '../../src/contract/envelope';
import type { AuthSession, SignupBody } from '../../src/contract/auth';
import type { App } from '../../server/src/app';

export const API = API_BASE;
/** Long, not in any common-password list. */
export const STRONG_PASSWORD = 'Vintage-Camshaft-1987!';

export function signupBody(overrides: Partial<SignupBody> & Record<string, unknown> = {}): SignupBody {
  const tag = randomUUID().slice(0, 8);
  return {
    email: `driver-${tag}@example.com`,
    password: STRONG_PASSWORD,
    username: `driver_${tag}`,
    firstName: 'Ann',
    lastName: 'Driver',
    ...overrides,
  } as SignupBody;
}

export async function signup(app: App, overrides: Partial<SignupBody> & Record<string, unknown> = {}) {
  const body = signupBody(overrides);
  const res = await app.inject({ method: 'POST', url: `${API}/auth/signup`, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return { body, session: res.json<{ data: AuthSession }>().data };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const getMe = (app: App, token: string) =>
  app.inject({ method: 'GET', url: `${API}/auth/me`, headers: bearer(token) });

export const login = (app: App, email: string, password: string) =>
  app.inject({ method: 'POST', url: `${API}/auth/login`, payload: { email, password } });

export const refresh = (app: App, refreshToken: string) =>
  app.inject({ method: 'POST', url: `${API}/auth/refresh`, payload: { refreshToken } });

/** A pino destination that keeps every line, to grep the log for secrets. */
export function logCollector() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

/** The finished mails under `${dataDir}/mail` (a mail is written aside and renamed to .eml). */
export function mailFiles(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
}

/** Waits for the first finished mail and answers the reset token in its link. */
export async function firstResetToken(dataDir: string): Promise<string> {
  const file = await eventually(() => mailFiles(dataDir)[0]);
  return /token=([A-Za-z0-9_-]+)/.exec(readFileSync(path.join(dataDir, 'mail', file), 'utf8'))![1]!;
}

/** Waits for a condition that becomes true after the answer (mail written in the background). */
export async function eventually<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000, // a limit for a loaded machine, not a measure
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
