import { describe, expect, it } from 'vitest';
import { callbackErrorKey, parseCallbackFragment } from './callback-fragment';

describe('auth callback fragment', () => {
  it('reads the two tokens', () => {
    expect(parseCallbackFragment('#token=a.b.c&refreshToken=r1')).toEqual({
      kind: 'tokens',
      token: 'a.b.c',
      refreshToken: 'r1',
    });
  });
  it('reads an error code', () => {
    expect(parseCallbackFragment('#error=ACCESS_DENIED')).toEqual({ kind: 'error', code: 'ACCESS_DENIED' });
  });
  it('treats a half answer or junk as an error', () => {
    expect(parseCallbackFragment('#token=only')).toEqual({ kind: 'error', code: 'MISSING_TOKENS' });
    expect(parseCallbackFragment('#error=<script>')).toEqual({ kind: 'error', code: 'UNKNOWN' });
  });
  it('translates known codes and falls back to a generic message', () => {
    expect(callbackErrorKey('ACCESS_DENIED')).toBe('AUTH.CALLBACK_ERROR_ACCESS_DENIED');
    expect(callbackErrorKey('WHATEVER')).toBe('AUTH.CALLBACK_ERROR_GENERIC');
  });
});
