import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { API, getMe, signup, signupBody, STRONG_PASSWORD } from './auth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: `${API}/auth/signup`, payload: payload as object });

describe('POST /auth/signup', () => {
  it('creates the account, signs in at once and answers no secret', async () => {
    const body = signupBody({ email: '  Mixed.Case@Example.COM ', city: 'Lyon' });
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.user).toEqual({
      id: expect.any(String),
      email: 'mixed.case@example.com',
      username: body.username,
      firstName: 'Ann',
      lastName: 'Driver',
      avatar: null,
      bio: null,
      city: 'Lyon',
      language: null,
      createdAt: expect.any(String),
      isModerator: false,
    });
    expect(typeof data.token).toBe('string');
    expect(typeof data.refreshToken).toBe('string');
    expect(res.body).not.toContain(STRONG_PASSWORD);
    expect(res.body).not.toMatch(/argon2|hash/i);
    expect((await getMe(t.app, data.token)).json().data.id).toBe(data.user.id);
    const row = await t.app.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', data.user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(STRONG_PASSWORD);
  });

  it('ignores fields a client may not set (no mass assignment)', async () => {
    const res = await post(
      signupBody({
        isAdmin: true,
        passwordHash: 'x',
        createdAt: '2000-01-01T00:00:00.000Z',
        bio: '<b>hi</b>',
        avatar: 'http://evil/a.png',
      }),
    );
    expect(res.statusCode).toBe(201);
    const { user } = res.json().data;
    expect(user.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(user.bio).toBeNull();
    expect(user.avatar).toBeNull();
    expect(user).not.toHaveProperty('isAdmin');
    const row = await t.app.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('takes a free client id, and never one that already belongs to someone', async () => {
    const id = randomUUID();
    const first = await post(signupBody({ id }));
    expect(first.json().data.user.id).toBe(id);
    const second = await post(signupBody({ id }));
    expect(second.statusCode).toBe(201);
    expect(second.json().data.user.id).not.toBe(id);
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['email', { email: 'a@b' }],
    ['email', { email: `${'a'.repeat(250)}@example.com` }],
    ['password', { password: 'short7!' }],
    ['password', { password: 'x'.repeat(129) }],
    ['username', { username: 'ab' }],
    ['username', { username: 'has space' }],
    ['username', { username: 'u'.repeat(31) }],
    ['firstName', { firstName: '' }],
    ['lastName', { lastName: 'l'.repeat(81) }],
    ['city', { city: 'c'.repeat(121) }],
  ])('refuses a bad %s with 400 naming the field', async (field, override) => {
    const res = await post(signupBody(override));
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fields.map((f: { field: string }) => f.field.replace(/^body\./, ''))).toContain(field);
  });

  it.each(['email', 'password', 'username', 'firstName', 'lastName'])(
    'refuses a missing %s',
    async (field) => {
      const body: Record<string, unknown> = { ...signupBody() };
      delete body[field];
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.map((f: { field: string }) => f.field)).toContain(`body.${field}`);
    },
  );

  it('pins the password length rule: 8 and 128 characters pass, 7 and 129 do not', async () => {
    expect((await post(signupBody({ password: 'Zq8#vL2m' }))).statusCode).toBe(201);
    expect((await post(signupBody({ password: 'Zq8#vL2' }))).statusCode).toBe(400);
    expect((await post(signupBody({ password: 'Zq8#'.repeat(32) }))).statusCode).toBe(201);
    expect((await post(signupBody({ password: `${'Zq8#'.repeat(32)}x` }))).statusCode).toBe(400);
  });

  it.each(['password', 'Password1', 'QWERTYUIOP', 'iloveyou'])(
    'refuses the common password %s',
    async (password) => {
      const res = await post(signupBody({ password }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual([
        { field: 'password', message: expect.stringMatching(/common/) },
      ]);
    },
  );

  it('answers 409 with the field for a taken e-mail, in any case', async () => {
    const { body } = await signup(t.app);
    const res = await post(signupBody({ email: body.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', fields: [{ field: 'email' }] });
  });

  it('answers 409 for a username taken in another case', async () => {
    const { body } = await signup(t.app, { username: `Racer_${randomUUID().slice(0, 6)}` });
    const res = await post(signupBody({ username: body.username.toLowerCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual([{ field: 'username', message: expect.any(String) }]);
  });

  it('names both fields when both are taken', async () => {
    const { body } = await signup(t.app);
    const res = await post(signupBody({ email: body.email, username: body.username }));
    expect(
      res
        .json()
        .error.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['email', 'username']);
  });
});

describe('password hashing', () => {
  it('uses the production argon2id cost by default: m=19456 KiB, t=2, p=1', async () => {
    const prod = await createTestApp({ ARGON2_MEMORY_KIB: '' });
    try {
      expect(prod.config.argon2MemoryKiB).toBe(19456);
      const { session } = await signup(prod.app);
      const row = await prod.app.db.kysely
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', session.user.id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      await prod.close();
    }
  });
});
