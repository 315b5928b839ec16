import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaddockDb } from '../db';
import { enqueue } from './enqueue';
import type { Replayer } from './replayer';
import { freshDb, withTestHandlers } from './test-helpers';
import {
  clearNetworkBackoff,
  replayOutboxNow,
  SETTLE_TIMEOUT_MS,
  startOutbox,
  stopOutbox,
  stopOutboxAndSettle,
} from './triggers';

withTestHandlers(beforeAll);

const socket = vi.hoisted(() => {
  let status = 'disconnected';
  const listeners = new Set<() => void>();
  return {
    set(next: string) {
      status = next;
      listeners.forEach((l) => l());
    },
    realtime: {
      getStatus: () => status,
      subscribeStatus(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
});
vi.mock('../realtime/socket', () => ({ realtime: socket.realtime }));

let db: PaddockDb;
let replayer: Replayer & { replay: ReturnType<typeof vi.fn>; settled: ReturnType<typeof vi.fn> };
beforeEach(() => {
  db = freshDb();
  replayer = {
    replay: vi.fn().mockResolvedValue(undefined),
    cancelTimer: vi.fn(),
    stop: vi.fn(),
    settled: vi.fn().mockResolvedValue(undefined),
  };
  socket.set('disconnected');
});
afterEach(() => {
  stopOutbox();
  db.close();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('outbox triggers', () => {
  it('replays on start, online, visible, socket connect and enqueue', async () => {
    startOutbox(replayer, db);
    expect(replayer.replay).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    // The online handler first clears network backoffs in IndexedDB: wait for it, however slow.
    await vi.waitFor(() => expect(replayer.replay).toHaveBeenCalledTimes(2));
    document.dispatchEvent(new Event('visibilitychange')); // jsdom is 'visible'
    expect(replayer.replay).toHaveBeenCalledTimes(3);
    socket.set('connecting');
    socket.set('connected');
    await vi.waitFor(() => expect(replayer.replay).toHaveBeenCalledTimes(4));
    await enqueue({ kind: 'test', method: 'POST', path: '/a' }, undefined, db);
    expect(replayer.replay).toHaveBeenCalledTimes(5);
    await replayOutboxNow();
    expect(replayer.replay).toHaveBeenCalledTimes(6);
  });

  it('stops listening after stopOutbox', async () => {
    startOutbox(replayer, db);
    stopOutbox();
    window.dispatchEvent(new Event('online'));
    await enqueue({ kind: 'test', method: 'POST', path: '/a' }, undefined, db);
    await replayOutboxNow();
    await settle();
    expect(replayer.replay).toHaveBeenCalledTimes(1);
    expect(replayer.cancelTimer).toHaveBeenCalled();
  });

  it('clears a network-error backoff when the network is back, not a server-asked wait', async () => {
    const now = Date.now();
    const net = await enqueue({ kind: 'test', method: 'POST', path: '/a' }, undefined, db);
    const busy = await enqueue({ kind: 'test', method: 'POST', path: '/b' }, undefined, db);
    await db.outbox.update(net.id, { nextAttemptAt: now + 30_000 });
    await db.outbox.update(busy.id, { nextAttemptAt: now + 30_000, lastStatus: 429 });
    await clearNetworkBackoff(db, now);
    expect((await db.outbox.get(net.id))?.nextAttemptAt).toBe(now);
    expect((await db.outbox.get(busy.id))?.nextAttemptAt).toBe(now + 30_000);
  });
});

describe('stopOutboxAndSettle (a real logout)', () => {
  it('stops the triggers and waits for the pass in flight before the device is cleared', async () => {
    let finish!: () => void;
    replayer.settled.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    startOutbox(replayer, db);
    let done = false;
    const stopping = stopOutboxAndSettle().then(() => (done = true));
    await settle();
    expect(replayer.cancelTimer).toHaveBeenCalled();
    expect(done).toBe(false); // the request on the wire has not answered yet
    finish();
    await stopping;
    expect(done).toBe(true);
    replayer.replay.mockClear();
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(replayer.replay).not.toHaveBeenCalled(); // stopped: no trigger replays any more
  });

  it('gives up waiting after 5 s, and does nothing when the outbox is not running', async () => {
    expect(SETTLE_TIMEOUT_MS).toBe(5_000);
    replayer.settled.mockReturnValue(new Promise<void>(() => undefined)); // never answers
    startOutbox(replayer, db);
    vi.useFakeTimers();
    try {
      let done = false;
      const stopping = stopOutboxAndSettle().then(() => (done = true));
      await vi.advanceTimersByTimeAsync(SETTLE_TIMEOUT_MS - 1);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await stopping;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    await expect(stopOutboxAndSettle()).resolves.toBeUndefined();
  });
});
