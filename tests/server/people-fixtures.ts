// Shared by the people-*.test.ts files: members with chosen names, calls, and friendships made
// through the API.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { App } from '../../server/src/app';
import type { FriendRequestResult } from '../../src/contract/people';
import { API } from './garage-fixtures';

export { API };

export interface Person {
  id: string;
  token: string;
  username: string;
  email: string;
  headers: { authorization: string };
}

export interface PersonFields {
  firstName?: string;
  lastName?: string;
  username?: string;
  city?: string;
}

export async function person(app: App, fields: PersonFields = {}): Promise<Person> {
  const tag = randomUUID().slice(0, 8);
  const username = fields.username ?? `pal_${tag}`;
  const email = `people-${tag}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: `${API}/auth/signup`,
    payload: {
      email,
      password: 'Vintage-Camshaft-1987!',
      username,
      firstName: fields.firstName ?? 'Pat',
      lastName: fields.lastName ?? 'Paddock',
      ...(fields.city ? { city: fields.city } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { token, user } = res.json<{ data: { token: string; user: { id: string } } }>().data;
  return { id: user.id, token, username, email, headers: { authorization: `Bearer ${token}` } };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call as `who` (null: without a token). */
export const caller =
  (app: App) =>
  (method: Method, url: string, who: Person | null, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url: `${API}${url}`,
      headers: { ...(who ? who.headers : {}), ...headers },
      ...(payload ? { payload } : {}),
    });

export async function sendRequest(app: App, from: Person, to: Person): Promise<FriendRequestResult> {
  const res = await caller(app)('POST', '/friends/request', from, { userId: to.id });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: FriendRequestResult }>().data;
}

/** `a` asks, `b` accepts. */
export async function befriend(app: App, a: Person, b: Person): Promise<void> {
  const { request } = await sendRequest(app, a, b);
  const res = await caller(app)('PUT', `/friends/request/${request.id}`, b, { action: 'accept' });
  expect(res.statusCode, res.body).toBe(200);
}

export async function createCarOf(app: App, who: Person, make: string): Promise<void> {
  const res = await caller(app)('POST', '/cars', who, { make, model: 'Any' });
  expect(res.statusCode, res.body).toBe(201);
}
