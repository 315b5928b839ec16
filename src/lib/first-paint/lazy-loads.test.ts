import { describe, expect, it } from 'vitest';
import { settleLoads, trackLoad } from './lazy-loads';

describe('lazy loads', () => {
  it('settles once every noted load has settled, failed ones too', async () => {
    let finish!: (value: string) => void;
    const slow = trackLoad(new Promise<string>((resolve) => (finish = resolve)));
    void trackLoad(Promise.reject(new Error('chunk failed'))).catch(() => undefined);
    let settled = false;
    const waiting = settleLoads().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    finish('chunk');
    await waiting;
    expect(settled).toBe(true);
    await expect(slow).resolves.toBe('chunk');
  });
});
