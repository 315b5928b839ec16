import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { API, bearer, getMe, login, signup, STRONG_PASSWORD } from './auth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /auth/login', () => {
  it('signs in with e-mail (any case, spaces trimmed) and password', async () => {
    const { body, session } = await signup(t.app);
    const res = await login(t.app, `  ${body.email.toUpperCase()} `, STRONG_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user).toEqual(session.user);
    expect(data.token).not.toBe(session.token);
    expect(data.refreshToken).not.toBe(session.refreshToken);
    expect(res.body).not.toContain(STRONG_PASSWORD);
    expect((await getMe(t.app, data.token)).statusCode).toBe(200);
  });

  it('answers a wrong password, an unknown e-mail and a password-less account alike', async () => {
    const { body } = await signup(t.app);
    const wrong = await login(t.app, body.email, 'Not-The-Password-42');
    const unknown = await login(t.app, `nobody-${randomUUID()}@example.com`, STRONG_PASSWORD);
    // An account made through an outside provider has no password at all.
    const oidcOnly = `oidc-${randomUUID()}@example.com`;
    await t.app.db.kysely
      .insertInto('users')
      .values({
        id: randomUUID(),
        email: oidcOnly,
        username: `oidc_${randomUUID().slice(0, 8)}`,
        username_lower: `oidc_${randomUUID().slice(0, 8)}`,
        password_hash: null,
        first_name: 'O',
        last_name: 'Idc',
        city: null,
        bio: null,
        avatar: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const passwordless = await login(t.app, oidcOnly, STRONG_PASSWORD);
    for (const res of [wrong, unknown, passwordless]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        error: { code: 'UNAUTHORIZED', message: 'Incorrect e-mail or password.' },
      });
    }
  });

  it('spends one argon2 verify at the configured cost on unknown e-mails too (same work as a known one)', async () => {
    // Counted, not timed (a time comparison fails on a busy machine): the spy calls the real verify.
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const { body } = await signup(t.app);
      const [stored] = await t.app.db.kysely
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', body.email.toLowerCase())
        .execute();
      const cost = (digest: string) => digest.split('$')[3];
      verify.mockClear();
      expect((await login(t.app, body.email, 'Not-The-Password-42')).statusCode).toBe(401);
      expect(verify).toHaveBeenCalledTimes(1);
      expect(verify.mock.calls[0]![0]).toBe(stored!.password_hash);
      verify.mockClear();
      expect((await login(t.app, `ghost-${randomUUID()}@example.com`, 'x')).statusCode).toBe(401);
      expect(verify).toHaveBeenCalledTimes(1);
      const dummy = verify.mock.calls[0]![0];
      expect(dummy).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
      // The same memory, time and parallelism as a member's real digest: the same work.
      expect(cost(dummy)).toBe(cost(stored!.password_hash!));
      expect(await verify.mock.results[0]!.value).toBe(false);
    } finally {
      verify.mockRestore();
    }
  });

  it.each([
    [{ email: 'a@example.com' }, 'body.password'],
    [{ password: 'x' }, 'body.email'],
    [{ email: '', password: 'x' }, 'body.email'],
  ])('refuses a bad body %j with 400', async (payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: `${API}/auth/login`, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.map((f: { field: string }) => f.field)).toContain(field);
  });
});

describe('GET /auth/me', () => {
  it('answers the current member without any secret', async () => {
    const { session } = await signup(t.app);
    const res = await getMe(t.app, session.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: session.user });
    expect(res.body).not.toMatch(/password|hash|refresh/i);
  });

  it.each([
    ['no header', {}],
    ['another scheme', { authorization: 'Basic YTpi' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['garbage', bearer('not.a.jwt')],
  ])('answers 401 with %s', async (_name, headers) => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/auth/me`, headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it('answers 401 once the member is gone', async () => {
    const { session } = await signup(t.app);
    await t.app.db.kysely.deleteFrom('users').where('id', '=', session.user.id).execute();
    expect((await getMe(t.app, session.token)).statusCode).toBe(401);
  });
});
