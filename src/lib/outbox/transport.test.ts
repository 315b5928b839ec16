import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../api-errors';
import { tokenStore } from '../auth/token';
import { fail, installFetch, ok } from '../test-utils/fetch';
import { tokenExpiringIn } from '../test-utils/jwt';
import { sendEntry } from './transport';
import type { OutboxEntry } from './types';

const entry = (extra: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id: '0b6c1b1e-7a39-4f7e-9d7e-2f4f7a0e9c11',
  kind: 'carLog.create',
  method: 'POST',
  path: '/cars/c1/logs',
  body: { type: 'json', json: { title: 'Oil change' } },
  seq: 1,
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: 0,
  status: 'pending',
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

describe('sendEntry', () => {
  it('sends the body with the bearer token and the entry id as Idempotency-Key', async () => {
    const access = tokenExpiringIn(3600);
    tokenStore.setTokens(access, 'refresh');
    const fetch = installFetch({ 'POST /api/v1.0/cars/c1/logs': () => ok({ id: 'log-1' }) });
    await expect(sendEntry(entry())).resolves.toEqual({ id: 'log-1' });
    const [req] = fetch.requests;
    expect(req?.headers.get('Idempotency-Key')).toBe('0b6c1b1e-7a39-4f7e-9d7e-2f4f7a0e9c11');
    expect(req?.headers.get('Authorization')).toBe(`Bearer ${access}`);
    expect(req?.body).toEqual({ title: 'Oil change' });
  });

  it('sends a renewed Idempotency-Key when the entry has one', async () => {
    tokenStore.setTokens(tokenExpiringIn(3600), 'refresh');
    const fetch = installFetch({ 'POST /api/v1.0/cars/c1/logs': () => ok({}) });
    await sendEntry(entry({ idempotencyKey: 'renewed-key' }));
    expect(fetch.requests[0]?.headers.get('Idempotency-Key')).toBe('renewed-key');
  });

  it('sends a form body as FormData', async () => {
    tokenStore.setTokens(tokenExpiringIn(3600), 'refresh');
    const fetch = installFetch({ 'POST /api/v1.0/media': () => ok({ id: 'm1' }) });
    await sendEntry(
      entry({ path: '/media', body: { type: 'form', parts: [{ name: 'caption', value: 'receipt' }] } }),
    );
    const body = fetch.requests[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('caption')).toBe('receipt');
  });

  it('rejects with the ApiError of the answer (status, message, Retry-After)', async () => {
    tokenStore.setTokens(tokenExpiringIn(3600), 'refresh');
    installFetch({
      'POST /api/v1.0/cars/c1/logs': () => fail(429, 'TOO_MANY', 'slow down', { 'Retry-After': '7' }),
    });
    const error: unknown = await sendEntry(entry()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: 'slow down', retryAfterSeconds: 7 });
  });

  it('rejects with NetworkError when fetch fails', async () => {
    tokenStore.setTokens(tokenExpiringIn(3600), 'refresh');
    installFetch({});
    await expect(sendEntry(entry())).rejects.toBeInstanceOf(NetworkError);
  });

  it('answers 401 without fetching when the token has expired', async () => {
    tokenStore.setTokens(tokenExpiringIn(-10), 'refresh');
    const fetch = installFetch({});
    await expect(sendEntry(entry())).rejects.toMatchObject({ status: 401 });
    expect(fetch.requests).toHaveLength(0);
  });
});
