import { afterEach, describe, expect, it, vi } from 'vitest';
import { OUTBOX_LOCK_NAME, withOutboxLock } from './lock';

afterEach(() => vi.unstubAllGlobals());

describe('withOutboxLock', () => {
  it("runs under the 'paddock-outbox' Web Lock when the API exists", async () => {
    const request = vi.fn((_name: string, run: () => Promise<void>) => run());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const run = vi.fn().mockResolvedValue(undefined);
    await withOutboxLock(run);
    expect(OUTBOX_LOCK_NAME).toBe('paddock-outbox');
    expect(request).toHaveBeenCalledWith('paddock-outbox', run);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs directly without the API', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    const run = vi.fn().mockResolvedValue(undefined);
    await withOutboxLock(run);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
