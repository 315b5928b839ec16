// A count several parts of the screen follow (lib/offline/follow-server-count.ts): each follower
// reads it from the member's database, and their starts at one moment ask the server once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenExpiringIn } from '@/testing/jwt';
import type { PaddockDb } from '@/lib/db';
import { followServerCount, type CountSource } from './follow-server-count';

/** A source whose refreshes the test answers one by one. */
function fakeSource(count: number) {
  const pending: Array<() => void> = [];
  const source: CountSource = {
    read: async () => ({ count }),
    startRealtime: () => () => undefined,
    refresh: (_database: PaddockDb) => new Promise<void>((resolve) => pending.push(resolve)),
  };
  return {
    source,
    pending,
    answerAll: () => pending.splice(0).forEach((resolve) => resolve()),
  };
}

describe('followServerCount', () => {
  let stops: Array<() => void> = [];
  beforeEach(async () => {
    localStorage.setItem('access_token', tokenExpiringIn(3600));
    const member = { id: `count-${Math.random().toString(36).slice(2)}`, email: 'c@x.io', username: 'c' };
    (await import('../auth/session-store')).sessionStore.setState({
      status: 'signedIn',
      user: member as never,
      isAuthReady: true,
    });
  });
  afterEach(async () => {
    stops.forEach((stop) => stop());
    stops = [];
    (await (await import('../db')).localDb()).close();
  });

  it('asks the server once for followers that start together, and again once that answer is in', async () => {
    const fake = fakeSource(3);
    const follow = followServerCount(async () => fake.source, 'test count');
    const seen: Array<Array<number | null>> = [[], []];
    stops = await Promise.all(seen.map((values) => follow((count) => values.push(count))));
    expect(fake.pending).toHaveLength(1);
    await expect.poll(() => seen.map((values) => values.at(-1))).toEqual([3, 3]);

    fake.answerAll();
    await expect.poll(() => fake.pending.length).toBe(0);
    // A follower that starts after the answer asks for a fresh figure of its own.
    await new Promise((resolve) => setTimeout(resolve, 0));
    stops.push(await follow(() => undefined));
    expect(fake.pending).toHaveLength(1);
    fake.answerAll();
  });

  it('a refresh that fails is not kept: the next follower asks again', async () => {
    const fake = fakeSource(0);
    let failures = 0;
    const failing: CountSource = {
      ...fake.source,
      refresh: async () => {
        failures += 1;
        throw new TypeError('Failed to fetch');
      },
    };
    const follow = followServerCount(async () => failing, 'test count');
    stops.push(await follow(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 0));
    stops.push(await follow(() => undefined));
    expect(failures).toBe(2);
  });
});
