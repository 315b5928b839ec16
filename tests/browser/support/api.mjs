// Direct API calls for test set-up (the flows under test go through the browser).
import { randomUUID } from 'node:crypto';

const API = '/api/v1.0';

export async function apiCall(baseUrl, method, path, body, token) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(baseUrl + API + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  return { status: res.status, json };
}

export function newMember(tag = 'm') {
  const id = randomUUID().slice(0, 8);
  return {
    email: `${tag}-${id}@example.test`,
    password: `Correct-horse-${id}-battery`,
    username: `${tag}_${id}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
  };
}

/** Signs a new member up through the API; resolves to { member, token, refreshToken, user }. */
export async function signUpViaApi(baseUrl, member = newMember()) {
  const { status, json } = await apiCall(baseUrl, 'POST', '/auth/signup', member);
  if (status !== 201 || !json?.data?.token) {
    throw new Error(`POST /auth/signup answered ${status}: ${JSON.stringify(json)}`);
  }
  return { member, token: json.data.token, refreshToken: json.data.refreshToken, user: json.data.user };
}
