// Test helper: what every in-memory fake API server (chat, messages, posts) keeps beside its own
// data — the log of requests, the offline switch, the routes told to refuse — and the fetch stub.
import { vi } from 'vitest';
import { answerResponse, apiCall, errorAnswer, pageOf, readFakeBody, type FakeAnswer } from './fetch';

/** One request a fake API server saw: method, path below `/api/v1.0`, query, key and JSON body. */
export type FakeApiRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  idempotencyKey: string | null;
  body: unknown;
  /** A multipart body's files (none for JSON). */
  files?: File[];
};

/**
 * How a fake server answers a request: method, path below `/api/v1.0`, body (JSON, or a multipart
 * body's `data` part), query, and a multipart body's files.
 */
export type JsonHandler = (
  method: string,
  path: string,
  body: Record<string, unknown>,
  query: URLSearchParams,
  files: File[],
) => FakeAnswer;

/** One page of a list as its query asks for it (`pageOf`), and the `meta` the server sends with it. */
export function listPage<T>(all: T[], query: URLSearchParams) {
  const { limit, offset } = pageOf(query);
  return { items: all.slice(offset, offset + limit), meta: { total: all.length, limit, offset } };
}

/**
 * The shared state of a fake server. `refuseOnce`: a refusal set by `failNext` answers one request
 * (chat) or every request of its route until `clearFailures` (messages).
 */
export function fakeApiState<R extends FakeApiRequest>(options: { refuseOnce: boolean }) {
  const requests: R[] = [];
  const failures = new Map<string, FakeAnswer>();
  let offline = false;

  return {
    requests,
    /** Records the request, fails as fetch does while offline, and gives the refusal set for its route. */
    receive(request: R): FakeAnswer | undefined {
      requests.push(request);
      if (offline) throw new TypeError('Failed to fetch');
      const key = `${request.method} ${request.path}`;
      const failure = failures.get(key);
      if (failure && options.refuseOnce) failures.delete(key);
      return failure;
    },
    /** Stubs the global fetch with the server's answer. */
    stubFetch(serve: (input: RequestInfo | URL, init: RequestInit) => Promise<Response>) {
      const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => serve(input, init));
      vi.stubGlobal('fetch', mock);
      return mock;
    },
    /**
     * Stubs fetch for a server of JSON (or multipart) bodies: a refusal set for the route, else
     * `handle`'s answer.
     */
    serveJson(handle: JsonHandler) {
      return this.stubFetch(async (input, init) => {
        const { method, path, query, idempotencyKey } = apiCall(input, init);
        const { body, files } = await readFakeBody(init);
        const failure = this.receive({ method, path, query, idempotencyKey, body, files } as R);
        return answerResponse(
          failure ?? handle(method, path, (body ?? {}) as Record<string, unknown>, query, files),
        );
      });
    },
    /** What a test drives on every fake server. */
    controls: {
      writes: () => requests.filter((r) => r.method !== 'GET'),
      setOffline: (value: boolean) => {
        offline = value;
      },
      /** Requests `METHOD /path` are answered with this error (see `refuseOnce`). */
      failNext: (key: string, status: number, code = 'VALIDATION_ERROR') =>
        failures.set(key, errorAnswer(status, code, `refused ${key}`)),
      clearFailures: () => failures.clear(),
    },
  };
}
