// Test helper: a fetch double that answers by "METHOD /path" and records every request.
import { vi } from 'vitest';

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
