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

/**
 * Another device of a member who reads `language` there: its own session (two devices never share a
 * refresh token), and the account says that language too — a device applies the account's language
 * when the server's copy of the member arrives, so an account left in another language would switch
 * the page mid-test. Resolves to { member, token, refreshToken, user } as signUpViaApi does.
 */
export async function signInAnotherDevice(baseUrl, { member, user }, language) {
  const login = await apiCall(baseUrl, 'POST', '/auth/login', {
    email: member.email,
    password: member.password,
  });
  if (login.status !== 200)
    throw new Error(`POST /auth/login answered ${login.status}: ${JSON.stringify(login.json)}`);
  const { token, refreshToken } = login.json.data;
  const saved = await apiCall(baseUrl, 'PUT', '/users/me', { language }, token);
  if (saved.status !== 200)
    throw new Error(`PUT /users/me answered ${saved.status}: ${JSON.stringify(saved.json)}`);
  return { member, token, refreshToken, user: { ...user, language } };
}
