// Test helper: a real JWT shape (header.payload.signature, base64url). The client never checks
// signatures, so the signature part is a placeholder.
const base64url = (value: object): string =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

export function makeJwt(payload: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.signature`;
}

/** An access token whose exp lies `seconds` from the (possibly faked) current time. */
export function tokenExpiringIn(seconds: number, extra: Record<string, unknown> = {}): string {
  return makeJwt({ sub: 'member-1', ...extra, exp: Math.floor(Date.now() / 1000) + seconds });
}
