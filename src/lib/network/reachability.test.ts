import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, installFetch, ok } from '@/testing/fetch';
import { API, signedIn } from '@/testing/api-client';

async function load() {
  vi.resetModules();
  const reach = await import('./reachability');
  const { api } = await import('../http/api-client');
  return { ...reach, api };
}

describe('reachability', () => {
  beforeEach(() => signedIn());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a request that cannot reach the server makes it unreachable; the next answer brings it back once', async () => {
    let down = true;
    installFetch({
      [`GET ${API}/cars`]: () => {
        if (down) throw new TypeError('Failed to fetch');
        return fail(404, 'NOT_FOUND', 'Car not found.');
      },
    });
    const lib = await load();
    const back = vi.fn();
    lib.onConnectionBack(back);
    expect(lib.getReachability()).toBe('online');
    await lib.api.get('/cars').catch(() => undefined);
    expect(lib.getReachability()).toBe('unreachable');
    down = false;
    await lib.api.get('/cars').catch(() => undefined); // any answer is the server being there
    await lib.api.get('/cars').catch(() => undefined);
    expect(lib.getReachability()).toBe('online');
    expect(back).toHaveBeenCalledTimes(1);
  });

  it("a gateway's 502 or 504 means the server behind it is away", async () => {
    let status = 502;
    installFetch({
      [`GET ${API}/cars`]: () => (status === 200 ? ok([]) : new Response('', { status })),
    });
    const lib = await load();
    await lib.api.get('/cars').catch(() => undefined);
    expect(lib.getReachability()).toBe('unreachable');
    status = 200;
    await lib.api.get('/cars');
    expect(lib.getReachability()).toBe('online');
  });

  it('offline wins; the online event calls every listener, even when no request failed', async () => {
    const lib = await load();
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    expect(lib.getReachability()).toBe('offline');
    const back = vi.fn();
    const off = lib.onConnectionBack(back);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(back).toHaveBeenCalledTimes(1);
    off();
    window.dispatchEvent(new Event('online'));
    expect(back).toHaveBeenCalledTimes(1);
  });
});
