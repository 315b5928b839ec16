import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../http/api-errors';
import { tokenStore } from '../auth/token';
import { fail, installFetch, ok } from '@/testing/fetch';
import { tokenExpiringIn } from '@/testing/jwt';
import { XhrDoubleFields } from '@/testing/xhr-over-fetch';
import { sendEntry } from './transport';
import type { OutboxEntry } from './types';
import { uploadProgressOf } from './upload-progress';

interface FakeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  seen: { loaded: number; total: number }[];
  progress(loaded: number, total: number): void;
  answer(status: number, json: unknown, headerLines?: string): void;
  fail(): void;
}

/** An XMLHttpRequest double: `respond` plays the server (progress events, then an answer). */
function installXhr(respond: (request: FakeRequest) => void) {
  const requests: FakeRequest[] = [];
  class FakeXhr extends XhrDoubleFields {
    private answerHeaders = '';
    private request!: FakeRequest;
    open(method: string, url: string) {
      const seen: FakeRequest['seen'] = [];
      this.request = {
        method,
        url,
        headers: {},
        body: undefined,
        seen,
        progress: (loaded, total) => {
          seen.push({ loaded, total });
          this.upload.onprogress?.({ lengthComputable: true, loaded, total });
        },
        answer: (status, json, headerLines = '') => {
          this.status = status;
          this.responseText = JSON.stringify(json);
          this.answerHeaders = `Content-Type: application/json\r\n${headerLines}`;
          this.onload?.();
        },
        fail: () => {
          this.onerror?.();
        },
      };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    getAllResponseHeaders() {
      return this.answerHeaders;
    }
    send(body: unknown) {
      this.request.body = body;
      requests.push(this.request);
      queueMicrotask(() => respond(this.request));
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { requests };
}

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

  it('sends a form body as FormData through XMLHttpRequest, reporting the upload progress', async () => {
    tokenStore.setTokens(tokenExpiringIn(3600), 'refresh');
    const xhr = installXhr((request) => {
      request.progress(50, 200);
      expect(uploadProgressOf('post-1')).toEqual({ loaded: 50, total: 200 });
      request.progress(200, 200);
      request.answer(200, { success: true, data: { id: 'm1' } });
    });
    await expect(
      sendEntry(
        entry({
          entityId: 'post-1',
          path: '/media',
          body: { type: 'form', parts: [{ name: 'caption', value: 'receipt' }] },
        }),
      ),
    ).resolves.toEqual({ id: 'm1' });
    const [request] = xhr.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/v1.0/media');
    expect(request?.headers['Idempotency-Key']).toBe('0b6c1b1e-7a39-4f7e-9d7e-2f4f7a0e9c11');
    expect(request?.headers['Content-Type']).toBeUndefined(); // the browser sets the boundary
    expect(request?.body).toBeInstanceOf(FormData);
    expect((request?.body as FormData).get('caption')).toBe('receipt');
    expect(request?.seen).toEqual([
      { loaded: 50, total: 200 },
      { loaded: 200, total: 200 },
    ]);
    expect(uploadProgressOf('post-1')).toBeUndefined(); // cleared once the request ends
  });

  it('reads a form answer with its status, error and Retry-After like any other', async () => {
    tokenStore.setTokens(tokenExpiringIn(3600), 'refresh');
    installXhr((request) =>
      request.answer(429, { success: false, error: { code: 'TOO_MANY', message: 'slow' } }, 'Retry-After: 3'),
    );
    const form = entry({ body: { type: 'form', parts: [{ name: 'a', value: 'b' }] } });
    await expect(sendEntry(form)).rejects.toMatchObject({
      status: 429,
      message: 'slow',
      retryAfterSeconds: 3,
    });
  });

  it('turns a failed form upload into a NetworkError and clears its progress', async () => {
    tokenStore.setTokens(tokenExpiringIn(3600), 'refresh');
    installXhr((request) => {
      request.progress(10, 100);
      request.fail();
    });
    const form = entry({ entityId: 'log-9', body: { type: 'form', parts: [{ name: 'a', value: 'b' }] } });
    await expect(sendEntry(form)).rejects.toBeInstanceOf(NetworkError);
    expect(uploadProgressOf('log-9')).toBeUndefined();
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
