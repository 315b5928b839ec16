import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeJwt, tokenExpiringIn } from '@/testing/jwt';
import {
  ACCESS_TOKEN_KEY,
  EXPIRY_TOLERANCE_SECONDS,
  isTokenExpired,
  REFRESH_TOKEN_KEY,
  tokenStore,
} from './token';

describe('isTokenExpired (spec §5)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('uses a 30 s tolerance', () => {
    expect(EXPIRY_TOLERANCE_SECONDS).toBe(30);
  });

  it('counts a token expiring exactly 30 s from now as expired, 31 s as valid', () => {
    expect(isTokenExpired(tokenExpiringIn(30))).toBe(true);
    expect(isTokenExpired(tokenExpiringIn(31))).toBe(false);
  });

  it('counts a token already past its exp as expired', () => {
    expect(isTokenExpired(tokenExpiringIn(-1))).toBe(true);
  });

  it('counts an undecodable, empty or absent token as expired', () => {
    expect(isTokenExpired('not-a-jwt')).toBe(true);
    expect(isTokenExpired('a.b.c')).toBe(true);
    expect(isTokenExpired('')).toBe(true);
    expect(isTokenExpired(null)).toBe(true);
    expect(isTokenExpired(undefined)).toBe(true);
  });

  it('treats a token without exp as valid by default and as expired in the interceptor mode', () => {
    const noExp = makeJwt({ sub: 'member-1' });
    expect(isTokenExpired(noExp)).toBe(false);
    expect(isTokenExpired(noExp, { missingExpIsExpired: false })).toBe(false);
    expect(isTokenExpired(noExp, { missingExpIsExpired: true })).toBe(true);
  });

  it('applies the 30 s rule in the interceptor mode too', () => {
    expect(isTokenExpired(tokenExpiringIn(30), { missingExpIsExpired: true })).toBe(true);
    expect(isTokenExpired(tokenExpiringIn(31), { missingExpIsExpired: true })).toBe(false);
  });
});

describe('tokenStore', () => {
  it('keeps the tokens under access_token and refresh_token', () => {
    tokenStore.setTokens('acc', 'ref');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('acc');
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('ref');
    expect(ACCESS_TOKEN_KEY).toBe('access_token');
    expect(REFRESH_TOKEN_KEY).toBe('refresh_token');
    expect(tokenStore.getAccessToken()).toBe('acc');
    expect(tokenStore.getRefreshToken()).toBe('ref');
    tokenStore.clear();
    expect(tokenStore.getAccessToken()).toBeNull();
    expect(tokenStore.getRefreshToken()).toBeNull();
  });
});

describe('sign-out with storage unavailable', () => {
  afterEach(() => vi.restoreAllMocks());

  it('still signs out on this page: no throw, the listeners run', async () => {
    const { onSignedOut, signOutLocally } = await import('./sign-out');
    const told = vi.fn();
    const off = onSignedOut(told);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    try {
      expect(() => tokenStore.clear()).not.toThrow();
      expect(() => signOutLocally()).not.toThrow();
      expect(told).toHaveBeenCalledTimes(1);
    } finally {
      off();
    }
  });
});
