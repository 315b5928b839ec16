import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as JwtDecodeModule from 'jwt-decode';
import { makeJwt, tokenExpiringIn } from '@/testing/jwt';

// The real jwt-decode, watched: how often a token is decoded.
const decodes = vi.hoisted(() => ({ count: 0 }));
vi.mock('jwt-decode', async (importOriginal) => {
  const real = await importOriginal<typeof JwtDecodeModule>();
  return {
    ...real,
    jwtDecode: ((token: string, options?: Parameters<typeof real.jwtDecode>[1]) => {
      decodes.count += 1;
      return real.jwtDecode(token, options);
    }) as typeof real.jwtDecode,
  };
});

const { isTokenExpired, tokenExpiry } = await import('./token');

describe('the stored token is decoded once however often it is asked about', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
    decodes.count = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('asks of one token many times: one decode', () => {
    const token = tokenExpiringIn(600);
    for (let i = 0; i < 25; i += 1) {
      expect(isTokenExpired(token)).toBe(false);
      expect(tokenExpiry(token)).toBe(Date.now() / 1000 + 600);
    }
    expect(decodes.count).toBe(1);
  });

  it('answers for the token asked about, never for the one decoded before', () => {
    const fresh = tokenExpiringIn(600, { device: 'phone' }); // not the token of the test above
    const stale = tokenExpiringIn(10);
    const noExp = makeJwt({ sub: 'member-1' });
    expect(isTokenExpired(fresh)).toBe(false);
    expect(isTokenExpired(stale)).toBe(true);
    expect(isTokenExpired('not-a-jwt')).toBe(true);
    expect(isTokenExpired('not-a-jwt')).toBe(true);
    expect(isTokenExpired(noExp, { missingExpIsExpired: true })).toBe(true);
    expect(isTokenExpired(noExp)).toBe(false);
    expect(isTokenExpired(fresh)).toBe(false);
    expect(tokenExpiry(stale)).toBe(Date.now() / 1000 + 10);
    // fresh, stale, not-a-jwt, noExp, fresh, stale: a new decode only when the token changes
    expect(decodes.count).toBe(6);
  });

  it('a payload that decodes to no object carries no claim, and is not undecodable', () => {
    const bare = `${btoa('{"alg":"none"}')}.${btoa('null')}.sig`.replace(/=/g, '');
    expect(tokenExpiry(bare)).toBeNull();
    expect(isTokenExpired(bare)).toBe(false);
    expect(isTokenExpired(bare, { missingExpIsExpired: true })).toBe(true);
  });
});
