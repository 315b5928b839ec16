import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('spends an argon2 verify on unknown e-mails too (comparable timing)', async () => {
    const { body } = await signup(t.app);
    const time = async (email: string) => {
      const start = performance.now();
      await login(t.app, email, 'Not-The-Password-42');
      return performance.now() - start;
    };
    await time(body.email); // warm-up
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(body.email));
      unknown.push(await time(`ghost-${i}@example.com`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
    // Without the dummy verify an unknown e-mail answers in well under a tenth of the time.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
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
