import { SignJWT, UnsecuredJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionService } from '../../server/src/auth/session-service';
import { createSessionsRepository } from '../../server/src/auth/sessions-repository';
import { createTestApp, type TestApp } from './helpers';
import { getMe, refresh, signup } from './auth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const sign = (
  claims: Record<string, unknown>,
  secret: Uint8Array,
  opts: { exp?: number; typ?: string } = {},
) => {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ type: 'access', ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: opts.typ ?? 'at+jwt' })
    .setIssuer('paddock')
    .setAudience('paddock-api')
    .setIssuedAt(now - 10)
    .setExpirationTime(opts.exp ?? now + 600)
    .sign(secret);
};

describe('access token', () => {
  it('is an HS256 JWT with sub, sid, type, iss, aud and a 15-minute exp', async () => {
    const { session } = await signup(t.app);
    expect(decodeProtectedHeader(session.token)).toMatchObject({ alg: 'HS256' });
    const claims = decodeJwt(session.token);
    expect(claims).toMatchObject({
      sub: session.user.id,
      type: 'access',
      iss: 'paddock',
      aud: 'paddock-api',
    });
    expect(typeof claims.sid).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(t.config.accessTokenTtlSeconds).toBe(15 * 60);
  });

  it('is refused when tampered with, unsigned, signed with another key, expired or a refresh token', async () => {
    const { session } = await signup(t.app);
    const { sid, sub } = decodeJwt(session.token);
    const [header, payload, signature] = session.token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...decodeJwt(session.token), sub: '00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    const attacks = {
      tampered: `${header}.${forged}.${signature}`,
      algNone: new UnsecuredJWT({ sub, sid, type: 'access' })
        .setIssuer('paddock')
        .setAudience('paddock-api')
        .setIssuedAt()
        .setExpirationTime('10m')
        .encode(),
      noneHeaderOnRealPayload: `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${payload}.`,
      wrongKey: await sign({ sub, sid }, new TextEncoder().encode('x'.repeat(48))),
      expired: await sign({ sub, sid }, t.config.jwtSecret, { exp: Math.floor(Date.now() / 1000) - 1 }),
      wrongType: await sign({ sub, sid, type: 'refresh' }, t.config.jwtSecret),
      wrongTyp: await sign({ sub, sid }, t.config.jwtSecret, { typ: 'JWT' }),
      refreshToken: session.refreshToken,
    };
    expect((await getMe(t.app, await sign({ sub, sid }, t.config.jwtSecret))).statusCode).toBe(200);
    for (const [name, token] of Object.entries(attacks)) {
      const res = await getMe(t.app, token);
      expect(res.statusCode, name).toBe(401);
    }
  });

  it('verifyAccessToken gives the member and session, or throws 401', async () => {
    const { session } = await signup(t.app);
    await expect(t.app.verifyAccessToken(session.token)).resolves.toEqual({
      id: session.user.id,
      sessionId: decodeJwt(session.token).sid,
    });
    await expect(t.app.verifyAccessToken('nope')).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe('POST /auth/refresh', () => {
  it('rotates: a new access and refresh token in the same session', async () => {
    const { session } = await signup(t.app);
    const res = await refresh(t.app, session.refreshToken);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.accessToken).toBe(data.token);
    expect(data.refreshToken).not.toBe(session.refreshToken);
    expect(decodeJwt(data.accessToken).sid).toBe(decodeJwt(session.token).sid);
    expect((await getMe(t.app, data.accessToken)).statusCode).toBe(200);
    expect((await refresh(t.app, data.refreshToken)).statusCode).toBe(200);
  });

  it('stores only hashes of refresh tokens', async () => {
    const { session } = await signup(t.app);
    const rows = await t.app.db.kysely.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.token_hash)).not.toContain(session.refreshToken);
  });

  it('a reused token revokes the whole family: the newer token and the access token stop working', async () => {
    const { session } = await signup(t.app);
    const rotated = (await refresh(t.app, session.refreshToken)).json().data;
    const reuse = await refresh(t.app, session.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect((await refresh(t.app, rotated.refreshToken)).statusCode).toBe(401);
    expect((await getMe(t.app, rotated.accessToken)).statusCode).toBe(401);
  });

  it('lets only one of two concurrent refreshes with the same token succeed', async () => {
    const { session } = await signup(t.app);
    const answers = await Promise.all([
      refresh(t.app, session.refreshToken),
      refresh(t.app, session.refreshToken),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(1);
  });

  it('lets only one refresh win even when both read the token before either spends it', async () => {
    const { session } = await signup(t.app);
    const db = t.app.db.kysely;
    const repo = createSessionsRepository(db);
    let reads = 0;
    let bothRead!: () => void;
    const barrier = new Promise<void>((resolve) => (bothRead = resolve));
    // Both requests see the token unused; only the conditional update can tell them apart.
    const racing = {
      ...repo,
      async findRefreshToken(hash: string) {
        const row = await repo.findRefreshToken(hash);
        if (++reads === 2) bothRead();
        await barrier;
        return row;
      },
    };
    const service = createSessionService(t.config, db, racing);
    const results = await Promise.allSettled([
      service.refresh(session.refreshToken),
      service.refresh(session.refreshToken),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [rejected] = results.filter((r) => r.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ statusCode: 401 });
  });

  it('refuses unknown, expired-session and over-age tokens', async () => {
    expect((await refresh(t.app, 'unknown-token')).statusCode).toBe(401);
    const { session } = await signup(t.app);
    await t.app.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', session.user.id)
      .execute();
    expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(401);
    expect((await getMe(t.app, session.token)).statusCode).toBe(401);
    const other = await signup(t.app);
    await t.app.db.kysely
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await refresh(t.app, other.session.refreshToken)).statusCode).toBe(401);
  });

  it('gives a session an absolute end: SESSION_MAX_AGE_SECONDS from sign-in, whatever the rotations', async () => {
    const { session } = await signup(t.app);
    const row = await t.app.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', session.user.id)
      .executeTakeFirstOrThrow();
    const age = (Date.parse(row.expires_at) - Date.parse(row.created_at)) / 1000;
    expect(Math.round(age)).toBe(t.config.sessionMaxAgeSeconds);
    expect(t.config.sessionMaxAgeSeconds).toBe(90 * 24 * 3600);
    await refresh(t.app, session.refreshToken);
    const after = await t.app.db.kysely
      .selectFrom('sessions')
      .select('expires_at')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after.expires_at).toBe(row.expires_at);
  });
});
