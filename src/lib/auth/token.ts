import { jwtDecode, type JwtPayload } from 'jwt-decode';

export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';
/** Spec §5/§9: a token whose expiry is within 30 s of now counts as expired. */
export const EXPIRY_TOLERANCE_SECONDS = 30;

// Every request, outbox replay and socket handshake asks about the same stored token: the last
// one decoded is kept with its claims, so a screen's start decodes it once.
let lastDecoded: { token: string; payload: Partial<JwtPayload> | null } | null = null;

/** The token's claims, or null when it cannot be decoded. */
function decode(token: string): Partial<JwtPayload> | null {
  if (lastDecoded?.token === token) return lastDecoded.payload;
  let payload: Partial<JwtPayload> | null;
  try {
    // A payload of JSON null decodes, and carries no claim (nor does a number).
    payload = (jwtDecode<JwtPayload | null>(token) as Partial<JwtPayload> | null) ?? {};
  } catch {
    payload = null;
  }
  lastDecoded = { token, payload };
  return payload;
}

const usableExp = (exp: unknown): number | null =>
  typeof exp === 'number' && Number.isFinite(exp) ? exp : null;

/** The token's `exp` in seconds, or null when it cannot be decoded or carries no usable exp. */
export function tokenExpiry(token: string | null | undefined): number | null {
  return token ? usableExp(decode(token)?.exp) : null;
}

/**
 * Spec §5: expired when it cannot be decoded or its exp is within 30 s of now. A token without
 * exp is valid by default; the request interceptor's own check passes missingExpIsExpired: true.
 */
export function isTokenExpired(
  token: string | null | undefined,
  opts: { missingExpIsExpired?: boolean } = {},
): boolean {
  const claims = token ? decode(token) : null;
  if (claims === null) return true;
  const exp = usableExp(claims.exp);
  if (exp === null) return opts.missingExpIsExpired === true;
  return exp - Date.now() / 1000 <= EXPIRY_TOLERANCE_SECONDS;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode): behave as signed out
  }
}

export const tokenStore = {
  getAccessToken: (): string | null => read(ACCESS_TOKEN_KEY),
  getRefreshToken: (): string | null => read(REFRESH_TOKEN_KEY),
  setTokens(access: string, refresh: string): void {
    localStorage.setItem(ACCESS_TOKEN_KEY, access);
    localStorage.setItem(REFRESH_TOKEN_KEY, refresh);
  },
  clear(): void {
    try {
      localStorage.removeItem(ACCESS_TOKEN_KEY);
      localStorage.removeItem(REFRESH_TOKEN_KEY);
    } catch {
      // storage unavailable (blocked, or a page being torn down): nothing can be read back either
    }
  },
};
