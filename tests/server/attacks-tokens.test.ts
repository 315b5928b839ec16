// Attacks on tokens, against a listening server (HTTP and socket.io): forged, tampered,
// expired and misused access tokens, a reused refresh token, and tokens after logout and after a
// password reset. docs/SECURITY-CHECKS.md "Accounts and sessions" (ASVS 9.1.1–9.2.3, 10.4.5, 7.4.1, 7.4.3).
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, UnsecuredJWT, decodeJwt, exportJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFiles } from './auth-fixtures';
import { connected, refused, startServer, type Attacker, type Server } from './attack-fixtures';

let s: Server;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with our claims, signed HS256 with `key` (the server's secret or another). */
function signWith(key: Uint8Array, claims: Record<string, unknown>, header: Record<string, unknown> = {}) {
  return new SignJWT({ type: 'access', ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', ...header })
    .setIssuer('paddock')
    .setAudience('paddock-api')
    .setIssuedAt(now() - 10)
    .setExpirationTime((claims.exp as number | undefined) ?? now() + 600)
    .sign(key);
}

/** Every door a token opens: the REST API (two routes) and the socket handshake. */
async function expectRefused(token: string, name: string) {
  const who = { token } as Attacker;
  for (const apiPath of ['/auth/me', '/cars/feed', '/notifications']) {
    const res = await s.call('GET', apiPath, who);
    expect(res.status, `${name} ${apiPath}`).toBe(401);
    expect(res.json, name).toMatchObject({ success: false, error: { code: expect.any(String) } });
  }
  const error = await refused(s.socket({ token }));
  expect(error.message, name).toContain('Authentication error');
}

async function expectAccepted(token: string) {
  const res = await s.call('GET', '/auth/me', { token } as Attacker);
  expect(res.status, res.text).toBe(200);
  await connected(s.socket({ token }));
}

const refresh = (refreshToken: string) => s.call('POST', '/auth/refresh', null, { refreshToken });

describe('forged and misused access tokens', () => {
  it('refuses alg none, a wrong key, a tampered payload, an expired token and a refresh token', async () => {
    const victim = await s.member();
    const attacker = await s.member();
    await expectAccepted(victim.token);
    const { sub, sid } = decodeJwt(victim.token);
    const [header, payload, signature] = victim.token.split('.') as [string, string, string];
    const secret = s.t.config.jwtSecret;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const attackerKey = new TextEncoder().encode('attacker-chosen-secret-of-48-characters-long!!!');

    // The control: a token we sign with the server's own secret works, so only the change fails.
    await expectAccepted(await signWith(secret, { sub, sid }));

    const attacks: Record<string, string> = {
      algNone: new UnsecuredJWT({ sub, sid, type: 'access' })
        .setIssuer('paddock')
        .setAudience('paddock-api')
        .setIssuedAt()
        .setExpirationTime('10m')
        .encode(),
      algNoneOnRealPayload: `${b64({ alg: 'none', typ: 'at+jwt' })}.${payload}.`,
      algNoneKeepingSignature: `${b64({ alg: 'none', typ: 'at+jwt' })}.${payload}.${signature}`,
      algNoneUppercase: `${b64({ alg: 'NONE', typ: 'at+jwt' })}.${payload}.`,
      wrongKey: await signWith(attackerKey, { sub, sid }),
      // Keys offered in the header are never used: jwk, jku and a kid pointing elsewhere.
      embeddedJwk: await new SignJWT({ sub, sid, type: 'access' })
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', jwk: await exportJWK(publicKey) })
        .setIssuer('paddock')
        .setAudience('paddock-api')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey),
      jkuHeader: await signWith(attackerKey, { sub, sid }, { jku: 'https://evil.example/jwks.json' }),
      kidTraversal: await signWith(attackerKey, { sub, sid }, { kid: '../../../../dev/null' }),
      // HS512 with the real secret: the algorithm is pinned.
      otherAlgorithm: await new SignJWT({ sub, sid, type: 'access' })
        .setProtectedHeader({ alg: 'HS512', typ: 'at+jwt' })
        .setIssuer('paddock')
        .setAudience('paddock-api')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(secret),
      // The victim's token with the attacker's id in it (and the reverse): the signature breaks.
      tamperedSub: `${header}.${b64({ ...decodeJwt(victim.token), sub: attacker.id })}.${signature}`,
      tamperedExp: `${header}.${b64({ ...decodeJwt(victim.token), exp: now() + 365 * 86400 })}.${signature}`,
      tamperedSignature: `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      strippedSignature: `${header}.${payload}.`,
      expired: await signWith(secret, { sub, sid, exp: now() - 1 }),
      expiredLongAgo: await signWith(secret, { sub, sid, exp: now() - 86400 }),
      refreshTokenAsAccess: victim.refreshToken,
      refreshTypeClaim: await signWith(secret, { sub, sid, type: 'refresh' }),
      otherAudience: await new SignJWT({ sub, sid, type: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setIssuer('paddock')
        .setAudience('another-api')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(secret),
      // A well-signed token for a session that does not exist (a guessed sid).
      unknownSession: await signWith(secret, { sub, sid: '00000000-0000-4000-8000-000000000000' }),
      empty: '',
      garbage: 'not.a.jwt',
      huge: `${header}.${payload}.${'A'.repeat(10_000)}`,
    };
    for (const [name, token] of Object.entries(attacks)) await expectRefused(token, name);
    // The attacker's tampering never turned into the victim's or the attacker's identity.
    const me = await s.call('GET', '/auth/me', victim);
    expect(me.json.data.id).toBe(victim.id);
  });

  it('refuses a refresh token on the refresh route when it is an access token, and the reverse', async () => {
    const who = await s.member();
    const res = await refresh(who.token);
    expect(res.status).toBe(401);
    // The refused call spent nothing: the real refresh token still rotates.
    expect((await refresh(who.refreshToken)).status).toBe(200);
  });
});

describe('refresh token reuse', () => {
  it('a rotated refresh token used again revokes the whole family', async () => {
    const who = await s.member();
    const first = await refresh(who.refreshToken);
    expect(first.status, first.text).toBe(200);
    const rotated = first.json.data as { token: string; refreshToken: string };
    expect(rotated.refreshToken).not.toBe(who.refreshToken);
    await expectAccepted(rotated.token);

    // The attacker replays the stolen, already rotated token.
    const replay = await refresh(who.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.json).toMatchObject({ success: false });
    // The whole family is gone: the newest refresh token and every access token of it.
    expect((await refresh(rotated.refreshToken)).status).toBe(401);
    await expectRefused(rotated.token, 'access token of a revoked family');
    await expectRefused(who.token, 'first access token of a revoked family');
  });
});

describe('tokens after logout and after a password reset', () => {
  it('logout ends the access token, the refresh token and the open sockets at once', async () => {
    const who = await s.member();
    const socket = s.socket({ token: who.token });
    await connected(socket);
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const out = await s.call('POST', '/auth/logout', who);
    expect(out.status).toBe(200);
    await closed;
    await expectRefused(who.token, 'after logout');
    expect((await refresh(who.refreshToken)).status).toBe(401);
  });

  it('a password reset ends every session of the member', async () => {
    const who = await s.member();
    const second = await s.call('POST', '/auth/login', null, {
      email: who.email,
      password: 'Vintage-Camshaft-1987!',
    });
    expect(second.status).toBe(200);
    const sessions = [
      { token: who.token, refreshToken: who.refreshToken },
      second.json.data as { token: string; refreshToken: string },
    ];
    const before = new Set(mailFiles(s.t.dataDir));
    expect((await s.call('POST', '/auth/forgot-password', null, { email: who.email })).status).toBe(200);
    const resetToken = await s.resetTokenFor(who.email, before);
    const reset = await s.call('POST', '/auth/reset-password', null, {
      token: resetToken,
      newPassword: 'Rebuilt-Gearbox-2024!',
    });
    expect(reset.status, reset.text).toBe(200);
    for (const [i, session] of sessions.entries()) {
      await expectRefused(session.token, `session ${i} after reset`);
      expect((await refresh(session.refreshToken)).status).toBe(401);
    }
    // The reset token is spent too.
    const again = await s.call('POST', '/auth/reset-password', null, {
      token: resetToken,
      newPassword: 'Another-Fresh-Pass-77',
    });
    expect(again.status).toBe(400);
  });
});
