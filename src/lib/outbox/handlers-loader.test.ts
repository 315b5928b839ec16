// The features' handlers load on need: with the first entry to send, never on an empty outbox, and
// a failed load keeps every entry queued (none is marked as needing attention).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaddockDb } from '../db';
import { enqueue } from './enqueue';
import { loadOutboxHandlers, onSentHandler, setOutboxHandlersLoader, type OutboxHandlers } from './handlers';
import { createReplayer } from './replayer';
import { freshDb, scriptedSend } from './test-helpers';

const reconciled: string[] = [];
const LAZY: OutboxHandlers = { 'lazy.create': (entry) => void reconciled.push(entry.path) };

let db: PaddockDb;
let resetLoader: () => void = () => undefined;
beforeEach(() => {
  db = freshDb();
  reconciled.length = 0;
});
afterEach(() => {
  resetLoader();
  db.close();
});

const replayerWith = () => {
  const double = scriptedSend({});
  return { ...double, replayer: createReplayer({ db, send: double.send, random: () => 0, concurrency: 1 }) };
};

describe('outbox handlers loaded on need', () => {
  it('are not loaded while the outbox is empty, then once with the first entry, before it is sent', async () => {
    const load = vi.fn(async () => [LAZY]);
    resetLoader = setOutboxHandlersLoader(load);
    const { replayer, paths } = replayerWith();
    await replayer.replay();
    expect(load).not.toHaveBeenCalled();
    expect(onSentHandler('lazy.create')).toBeUndefined();

    await enqueue({ kind: 'lazy.create', method: 'POST', path: '/a' }, undefined, db);
    await enqueue({ kind: 'lazy.create', method: 'POST', path: '/b' }, undefined, db);
    await replayer.replay();
    expect(load).toHaveBeenCalledTimes(1);
    expect(paths()).toEqual(['/a', '/b']);
    expect(reconciled).toEqual(['/a', '/b']);
    expect(await db.outbox.count()).toBe(0);
    replayer.stop();
  });

  it('a failed load sends nothing and marks nothing failed; the next pass loads them and sends', async () => {
    const load = vi.fn<() => Promise<OutboxHandlers[]>>().mockRejectedValueOnce(new Error('chunk gone'));
    load.mockResolvedValue([LAZY]);
    resetLoader = setOutboxHandlersLoader(load);
    await enqueue({ kind: 'lazy.create', method: 'POST', path: '/a' }, undefined, db);
    const { replayer, paths } = replayerWith();
    await replayer.replay();
    expect(load).toHaveBeenCalledTimes(1);
    expect(paths()).toEqual([]);
    const [entry] = await db.outbox.toArray();
    expect(entry?.status).toBe('pending');
    await replayer.replay();
    expect(load).toHaveBeenCalledTimes(2);
    expect(paths()).toEqual(['/a']);
    expect(await db.outbox.count()).toBe(0);
    replayer.stop();
    await expect(loadOutboxHandlers()).resolves.toBeUndefined(); // loaded: not asked again
    expect(load).toHaveBeenCalledTimes(2);
  });
});
