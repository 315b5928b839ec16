// Access JWTs (RFC 7519, typ at+jwt per RFC 9068), signed and checked with node:crypto's HMAC.
// Synchronous on purpose: WebCrypto (jose) imports a key and hops through promises on every call,
// which cost more than half of GET /auth/me. The checks are the strict subset we issue: one header
// shape, one algorithm, every claim required and typed.
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

export const ACCESS_TOKEN_ISSUER = 'paddock';
export const ACCESS_TOKEN_AUDIENCE = 'paddock-api';
/** Header `typ` (RFC 9068) and claim `type`: nothing else we sign can pass for an access token. */
const ACCESS_TOKEN_TYP = 'at+jwt';
const ALG = 'HS256';
/** Far above any token we issue (~320 bytes): a huge header is refused before any parsing. */
const MAX_TOKEN_LENGTH = 4096;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

// One KeyObject per secret: building it is the costly part of an HMAC with a raw key.
const keys = new WeakMap<Uint8Array, KeyObject>();
function keyFor(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const mac = (secret: Uint8Array, signingInput: string) =>
  createHmac('sha256', keyFor(secret)).update(signingInput).digest();

export async function signAccessToken(
  secret: Uint8Array,
  claims: AccessClaims,
  ttlSeconds: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sid: claims.sessionId,
    type: 'access',
    sub: claims.userId,
    iss: ACCESS_TOKEN_ISSUER,
    aud: ACCESS_TOKEN_AUDIENCE,
    iat: now,
    exp: now + ttlSeconds,
  };
  const signingInput = `${encode({ alg: ALG, typ: ACCESS_TOKEN_TYP })}.${encode(payload)}`;
  return `${signingInput}.${mac(secret, signingInput).toString('base64url')}`;
}

/** A base64url segment as a JSON object, or null (bad encoding, bad JSON, array, primitive). */
function jsonSegment(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Checks signature (HS256 only: `none` and every other algorithm are refused), issuer, audience,
 * type and expiry. The key is ours; nothing in the token's header (jku, jwk, x5u) is ever used,
 * and a header with `crit` (extensions we do not implement) is refused. Answers null for any token
 * that fails.
 */
export async function readAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  return checkAccessToken(secret, token);
}

/** The synchronous core of readAccessToken. */
export function checkAccessToken(secret: Uint8Array, token: string): AccessClaims | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  if (!BASE64URL.test(headerPart) || !BASE64URL.test(payloadPart) || !BASE64URL.test(signaturePart))
    return null;

  const header = jsonSegment(headerPart);
  if (!header || header.alg !== ALG || header.typ !== ACCESS_TOKEN_TYP || 'crit' in header) return null;

  // Compared as canonical base64url text: a signature with stray bits in its last character fails.
  const expected = Buffer.from(mac(secret, `${headerPart}.${payloadPart}`).toString('base64url'));
  const given = Buffer.from(signaturePart);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const payload = jsonSegment(payloadPart);
  if (!payload) return null;
  const { iss, aud, exp, iat, nbf, sub, sid, type } = payload;
  const now = Math.floor(Date.now() / 1000);
  if (iss !== ACCESS_TOKEN_ISSUER) return null;
  if (aud !== ACCESS_TOKEN_AUDIENCE && !(Array.isArray(aud) && aud.includes(ACCESS_TOKEN_AUDIENCE)))
    return null;
  if (!isNumber(exp) || exp <= now || !isNumber(iat)) return null;
  if (nbf !== undefined && (!isNumber(nbf) || nbf > now)) return null;
  if (type !== 'access' || typeof sub !== 'string' || typeof sid !== 'string') return null;
  return { userId: sub, sessionId: sid };
}
