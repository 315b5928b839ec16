// Test helper: a fetch double that answers by "METHOD /path" and records every request.
import { vi } from 'vitest';
import { API_BASE } from '@/contract/constants';

export type RecordedRequest = { method: string; url: string; path: string; headers: Headers; body: unknown };
export type Route = (req: RecordedRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export const ok = (data: unknown): Response => json(200, { success: true, data });
export const fail = (
  status: number,
  code: string,
  message: string,
  headers?: Record<string, string>,
): Response => json(status, { success: false, error: { code, message } }, headers);

/** A promise with its resolve/reject outside, to hold a request open. */
export function deferred<T>(): {
  promise: Promise<T>;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
} {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function installFetch(routes: Record<string, Route>) {
  const requests: RecordedRequest[] = [];
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const req: RecordedRequest = { method, url, path, headers: new Headers(init.headers), body };
    requests.push(req);
    const route = routes[`${method} ${path}`];
    if (!route) throw new TypeError(`Failed to fetch (no route for ${method} ${path})`);
    return route(req);
  });
  vi.stubGlobal('fetch', mock);
  const to = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);
  return { mock, requests, to };
}

/** An answer of a fake API server: a status and, unless empty, a JSON body. */
export type FakeAnswer = { status: number; body?: unknown };

/** The success envelope, with `meta` when given. */
export const okAnswer = (data: unknown, status = 200, meta?: unknown): FakeAnswer => ({
  status,
  body: { success: true, data, ...(meta ? { meta } : {}) },
});

/** The error envelope; the message is the code unless given. */
export const errorAnswer = (status: number, code: string, message = code): FakeAnswer => ({
  status,
  body: { success: false, error: { code, message } },
});

/** A fake server's answer as the Response fetch resolves with. */
export const answerResponse = (answer: FakeAnswer): Response =>
  new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'Content-Type': 'application/json' },
  });

/** What a fake API server reads of a fetch call: method, path below `/api/v1.0`, query, key, JSON body. */
export function apiCall(input: RequestInfo | URL, init: RequestInit) {
  const url = new URL(
    typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    'http://localhost',
  );
  return {
    url,
    method: (init.method ?? 'GET').toUpperCase(),
    path: url.pathname.slice(API_BASE.length),
    query: url.searchParams,
    idempotencyKey: new Headers(init.headers).get('Idempotency-Key'),
    body: (typeof init.body === 'string' ? JSON.parse(init.body) : undefined) as unknown,
  };
}

/** A fetch call's body as a fake API server reads it: JSON, or multipart `data` (JSON) + files. */
export async function readFakeBody(init: RequestInit): Promise<{ body: unknown; files: File[] }> {
  if (init.body instanceof FormData) {
    const files: File[] = [];
    let data: unknown = {};
    for (const [name, value] of init.body.entries()) {
      if (name === 'data' && typeof value === 'string') data = JSON.parse(value);
      else if (typeof value !== 'string') files.push(value);
    }
    return { body: data, files };
  }
  return { body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined, files: [] };
}

/** A fetch call as a fake API server reads it: `apiCall` with the body read by `readFakeBody`. */
export async function readFakeCall(input: RequestInfo | URL, init: RequestInit) {
  const { method, path, query, idempotencyKey } = apiCall(input, init);
  const { body, files } = await readFakeBody(init);
  return { method, path, query, idempotencyKey, body, files };
}

/** What a fake server's route handler gets: the call, its body an object (empty when none). */
export type FakeCall = {
  method: string;
  path: string;
  body: Record<string, unknown>;
  files: File[];
  query: URLSearchParams;
};

/** The `limit` (20 unless given) and `offset` (0) of a paged read, as the API defaults them. */
export const pageOf = (query: URLSearchParams) => ({
  limit: Number(query.get('limit') ?? 20),
  offset: Number(query.get('offset') ?? 0),
});
