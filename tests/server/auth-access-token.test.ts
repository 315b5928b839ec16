// The hand-written access-token check (node:crypto HMAC, no WebCrypto) against the edge cases the
// HTTP tests in auth-tokens.test.ts do not reach, and the argon2 dummy digest.
import { createHmac } from 'node:crypto';
import argon2 from 'argon2';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { checkAccessToken, readAccessToken, signAccessToken } from '../../server/src/auth/access-token';
import { createPasswordHasher } from '../../server/src/auth/passwords';

const secret = new TextEncoder().encode('s'.repeat(48));
const claims = { userId: 'user-1', sessionId: 'session-1' };
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed with jose (an independent implementation), with any header and payload. */
function joseSign(header: Record<string, unknown>, payload: Record<string, unknown>, key = secret) {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', ...header } as { alg: string }).sign(key);
}

/** Signed by hand: jose refuses to sign some of the headers we need to see refused. */
function rawSign(header: Record<string, unknown>, payload: Record<string, unknown>) {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

const goodPayload = () => ({
  sub: 'user-1',
  sid: 'session-1',
  type: 'access',
  iss: 'paddock',
  aud: 'paddock-api',
  iat: now() - 5,
  exp: now() + 60,
});

describe('access token check', () => {
  it('accepts its own tokens and tokens jose signs the same way', async () => {
    expect(checkAccessToken(secret, await signAccessToken(secret, claims, 60))).toEqual(claims);
    expect(await readAccessToken(secret, await joseSign({ typ: 'at+jwt' }, goodPayload()))).toEqual(claims);
    const audList = { ...goodPayload(), aud: ['other', 'paddock-api'] };
    expect(checkAccessToken(secret, await joseSign({ typ: 'at+jwt' }, audList))).toEqual(claims);
    // The hand signer below makes accepted tokens too: only the listed change makes them fail.
    expect(checkAccessToken(secret, rawSign({ alg: 'HS256', typ: 'at+jwt' }, goodPayload()))).toEqual(claims);
  });

  it.each([
    ['another algorithm', { alg: 'HS512', typ: 'at+jwt' }, {}],
    ['no typ', {}, {}],
    ['a crit header', { typ: 'at+jwt', crit: ['exp'] }, {}],
    ['another issuer', { typ: 'at+jwt' }, { iss: 'someone' }],
    ['another audience', { typ: 'at+jwt' }, { aud: 'other' }],
    ['no exp', { typ: 'at+jwt' }, { exp: undefined }],
    ['exp as text', { typ: 'at+jwt' }, { exp: String(now() + 60) }],
    ['exp now', { typ: 'at+jwt' }, { exp: now() }],
    ['no iat', { typ: 'at+jwt' }, { iat: undefined }],
    ['nbf in the future', { typ: 'at+jwt' }, { nbf: now() + 60 }],
    ['no sid', { typ: 'at+jwt' }, { sid: undefined }],
    ['a numeric sub', { typ: 'at+jwt' }, { sub: 42 }],
    ['type refresh', { typ: 'at+jwt' }, { type: 'refresh' }],
  ])('refuses %s', async (_name, header, changes) => {
    const payload: Record<string, unknown> = { ...goodPayload(), ...changes };
    for (const key of Object.keys(payload)) if (payload[key] === undefined) delete payload[key];
    const alg = (header as { alg?: string }).alg;
    const token =
      alg === 'HS512'
        ? await new SignJWT(payload).setProtectedHeader({ alg, typ: 'at+jwt' }).sign(secret)
        : rawSign({ alg: 'HS256', ...header }, payload);
    expect(checkAccessToken(secret, token)).toBeNull();
  });

  it('refuses malformed tokens without throwing', async () => {
    const good = await signAccessToken(secret, claims, 60);
    const [h, p, s] = good.split('.') as [string, string, string];
    const flipped = `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [
      '',
      'a.b',
      `${good}.extra`,
      `${h}.${p}.`,
      `${h}.${p}.${flipped}`,
      `${h}.${p}.${s}=`,
      `${b64([1, 2])}.${p}.${s}`,
      `${h}.${b64('text')}.${s}`,
      `${h}.${p}.${s}${'A'.repeat(5000)}`,
    ]) {
      expect(checkAccessToken(secret, token), token.slice(0, 40)).toBeNull();
    }
    expect(checkAccessToken(new TextEncoder().encode('k'.repeat(48)), good)).toBeNull();
  });
});

describe('argon2 dummy digest', () => {
  it('is at the configured cost, with a fresh salt each time, and matches no password', async () => {
    const hasher = createPasswordHasher(4096);
    const dummy = hasher.dummyDigest();
    expect(dummy).toMatch(/^\$argon2id\$v=19\$m=4096,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(hasher.dummyDigest()).not.toBe(dummy);
    // Same shape as a real digest, so argon2 reads it and runs a full verify.
    const real = await hasher.hash('Correct-horse-battery-1');
    expect(real.split('$').slice(0, 4)).toEqual(dummy.split('$').slice(0, 4));
    expect(hasher.needsRehash(dummy)).toBe(false);
    await expect(argon2.verify(dummy, 'Correct-horse-battery-1')).resolves.toBe(false);
    await expect(hasher.verify(dummy, '')).resolves.toBe(false);
  });
});
