// Error classification in the replayer (docs/OFFLINE-FIRST.md property 4) and the retry timer.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../http/api-errors';
import type { PaddockDb } from '../db';
import { enqueue } from './enqueue';
import { createReplayer } from './replayer';
import { freshDb, scriptedSend, type Answer, withTestHandlers } from './test-helpers';

withTestHandlers(beforeAll);

let db: PaddockDb;
beforeEach(() => {
  db = freshDb();
});
afterEach(() => {
  vi.useRealTimers();
  db.close();
});

const post = (path: string) => enqueue({ kind: 'test', method: 'POST', path }, undefined, db);

function replayerWith(script: Record<string, Answer[]>, now = () => Date.now()) {
  const double = scriptedSend(script);
  const refresh = vi.fn().mockResolvedValue('new-token');
  const replayer = createReplayer({ db, send: double.send, refresh, random: () => 0, now, concurrency: 1 });
  return { ...double, refresh, replayer };
}

/** Advances the fake clock, then lets fake-indexeddb (real setImmediate) finish its work. */
async function tick(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 50; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('replayer errors', () => {
  it.each([500, 503, 408, 429, 'network'] as const)(
    '%s: keeps the entry and schedules a retry',
    async (answer) => {
      const entry = await post('/a');
      const at = Date.now();
      const { replayer, calls } = replayerWith({ '/a': [answer] }, () => at);
      await replayer.replay();
      replayer.cancelTimer();
      expect(calls).toHaveLength(1);
      expect(await db.outbox.get(entry.id)).toMatchObject({
        status: 'pending',
        attempts: 1,
        nextAttemptAt: at + 1000,
      });
    },
  );

  it('retries on its own after the backoff, 1 s then 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await post('/a');
    const { replayer, calls } = replayerWith({ '/a': ['network', 'network', 'ok'] });
    await replayer.replay();
    expect(calls).toHaveLength(1);
    await tick(999);
    expect(calls).toHaveLength(1);
    await tick(1);
    expect(calls).toHaveLength(2);
    await tick(1999);
    expect(calls).toHaveLength(2);
    await tick(1);
    expect(calls).toHaveLength(3);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a retry timer that fires after the database closed (the session ended) fails quietly', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await post('/a');
    const { replayer, calls } = replayerWith({ '/a': ['network', 'ok'] });
    await replayer.replay();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      db.close();
      await tick(1000);
      expect(calls).toHaveLength(1); // nothing sent from a closed database
      expect(unhandled).toEqual([]);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', onUnhandled);
      logged.mockRestore();
    }
  });

  it('honours Retry-After', async () => {
    const entry = await post('/a');
    const at = Date.now();
    const send = vi
      .fn()
      .mockRejectedValue(new ApiError(429, 'TOO_MANY', 'slow down', { retryAfterSeconds: 30 }));
    const replayer = createReplayer({ db, send, random: () => 0, now: () => at });
    await replayer.replay();
    replayer.cancelTimer();
    expect((await db.outbox.get(entry.id))?.nextAttemptAt).toBe(at + 30_000);
  });

  it('does not send an entry before its nextAttemptAt', async () => {
    const entry = await post('/a');
    await db.outbox.update(entry.id, { nextAttemptAt: Date.now() + 60_000 });
    const { replayer, calls } = replayerWith({});
    await replayer.replay();
    replayer.cancelTimer();
    expect(calls).toHaveLength(0);
  });

  it('401: keeps every entry, refreshes the token and sends again', async () => {
    await post('/a');
    await post('/b');
    const { replayer, paths, refresh } = replayerWith({ '/a': [401, 'ok'] });
    await replayer.replay();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(paths()).toEqual(['/a', '/a', '/b']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('401 after a refresh: pauses with every entry kept (no refresh loop)', async () => {
    await post('/a');
    await post('/b');
    const { replayer, calls, refresh } = replayerWith({ '/a': [401] });
    await replayer.replay();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(await db.outbox.toArray()).toMatchObject([{ status: 'pending' }, { status: 'pending' }]);
  });

  it('401 with a refresh that fails (offline): keeps every entry', async () => {
    await post('/a');
    const { replayer, refresh } = replayerWith({ '/a': [401] });
    refresh.mockRejectedValue(new Error('offline'));
    await replayer.replay();
    expect(await db.outbox.count()).toBe(1);
  });

  it.each([400, 403, 404, 409, 410, 422])(
    '%s: needs attention with the message, the queue goes on',
    async (status) => {
      const a = await post('/a');
      await post('/b');
      const { replayer, paths } = replayerWith({ '/a': [status] });
      await replayer.replay();
      expect(paths()).toEqual(['/a', '/b']);
      expect(await db.outbox.get(a.id)).toMatchObject({
        status: 'failed',
        lastStatus: status,
        lastError: `server said ${status}`,
      });
      expect(await db.outbox.count()).toBe(1);
    },
  );
});

describe('replayer stop', () => {
  it('plans no retry after cancelTimer, even from a pass in flight', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await post('/a');
    const { replayer, calls } = replayerWith({ '/a': ['network'] });
    const pass = replayer.replay();
    replayer.cancelTimer();
    await pass;
    await tick(120_000);
    expect(calls).toHaveLength(1);
  });
});

describe('replayer and things already done', () => {
  it('a DELETE answered 404 (already gone, e.g. from another device) is done, not an error', async () => {
    const entry = await enqueue(
      { kind: 'carLog.delete', method: 'DELETE', path: '/car-logs/x' },
      undefined,
      db,
    );
    const { replayer, calls } = replayerWith({ '/car-logs/x': [404] });
    await replayer.replay();
    expect(calls).toHaveLength(1);
    expect(await db.outbox.get(entry.id)).toBeUndefined();
  });

  it('a POST answered 404 still needs attention', async () => {
    const entry = await post('/car-logs');
    const { replayer } = replayerWith({ '/car-logs': [404] });
    await replayer.replay();
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'failed', lastStatus: 404 });
  });

  it('an entry whose file is gone from the device needs attention instead of retrying forever', async () => {
    const entry = await enqueue(
      {
        kind: 'carLog.create',
        method: 'POST',
        path: '/car-logs/with-media',
        body: { type: 'form', parts: [{ name: 'media', blobId: 'missing', filename: 'r.jpg' }] },
      },
      undefined,
      db,
    );
    const { tokenStore } = await import('../auth/token');
    const { tokenExpiringIn } = await import('@/testing/jwt');
    tokenStore.setTokens(tokenExpiringIn(3600), 'refresh');
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await createReplayer({ db, refresh: vi.fn(), random: () => 0 }).replay();
    vi.unstubAllGlobals();
    expect(fetch).not.toHaveBeenCalled();
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'failed', lastStatus: 400 });
  });

  it('files uploaded by a sent entry leave the device, others stay', async () => {
    const entry = await post('/car-logs/with-media');
    const blob = new Blob(['x']);
    await db.mediaBlobs.bulkPut([
      { id: 'b1', entryId: entry.id, blob, name: 'a', mime: 'image/jpeg', kind: 'image', createdAt: 0 },
      { id: 'b2', entryId: 'other', blob, name: 'b', mime: 'image/jpeg', kind: 'image', createdAt: 0 },
    ]);
    const { replayer } = replayerWith({});
    await replayer.replay();
    expect((await db.mediaBlobs.toArray()).map((b) => b.id)).toEqual(['b2']);
  });
});
