import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaddockDb } from '../db';
import { enqueue } from './enqueue';
import {
  clearLocalData,
  DEPENDENCY_DISCARDED,
  discardEntry,
  failedEntries,
  hasUnsentWrites,
  outboxCounts,
  retryEntry,
  updateEntryBody,
  type OutboxCounts,
} from './queries';
import { createReplayer } from './replayer';
import { freshDb, scriptedSend, withTestHandlers } from './test-helpers';
import { carLogRow, carRow, messageRow, postRow, settingsLabelRow } from '@/testing/mirror-rows';

withTestHandlers(beforeAll);

let db: PaddockDb;
beforeEach(() => {
  db = freshDb();
});
afterEach(() => db.close());

const post = (path: string, json: unknown = {}) =>
  enqueue({ kind: 'test', method: 'POST', path, body: { type: 'json', json } }, undefined, db);

async function failOnce(path: string) {
  const double = scriptedSend({ [path]: [422, 'ok'] });
  const replayer = createReplayer({ db, send: double.send });
  await replayer.replay();
  return { ...double, replayer };
}

describe('outbox queries', () => {
  it('counts pending and failed entries, live', async () => {
    const seen: OutboxCounts[] = [];
    const sub = outboxCounts(db).subscribe({ next: (c) => seen.push(c) });
    await post('/a');
    await post('/b');
    await failOnce('/a');
    // liveQuery reports asynchronously: wait for the last state however slow the machine is.
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ pending: 0, failed: 1 }));
    sub.unsubscribe();
    expect(seen).toContainEqual({ pending: 2, failed: 0 });
  });

  it('retryEntry sends a failed entry again with the same Idempotency-Key id', async () => {
    const a = await post('/a');
    const { replayer, calls } = await failOnce('/a');
    expect(await failedEntries(db)).toHaveLength(1);
    await retryEntry(a.id, db);
    await replayer.replay();
    expect(calls.map((c) => c.id)).toEqual([a.id, a.id]);
    // The first key earned a stored 4xx on the server: the retry goes with a fresh one.
    expect(calls[0]?.idempotencyKey).toBeUndefined();
    expect(calls[1]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[1]?.idempotencyKey).not.toBe(a.id);
    expect(await db.outbox.count()).toBe(0);
  });

  it('updateEntryBody sends the edited body (edit and retry)', async () => {
    const a = await post('/a', { title: 'too long' });
    const { replayer, calls } = await failOnce('/a');
    await updateEntryBody(a.id, { type: 'json', json: { title: 'ok' } }, db);
    await replayer.replay();
    expect(calls[1]?.body).toEqual({ type: 'json', json: { title: 'ok' } });
    expect(calls[1]?.id).toBe(a.id);
    expect(calls[1]?.idempotencyKey).not.toBe(a.id);
  });

  it('retryEntry keeps the key of an entry that never got a 4xx', async () => {
    const a = await post('/a');
    await retryEntry(a.id, db);
    expect((await db.outbox.get(a.id))?.idempotencyKey).toBeUndefined();
  });

  it('discardEntry moves the dependents to needs attention, never drops them', async () => {
    const car = await post('/cars');
    const log = await enqueue(
      { kind: 'test', method: 'POST', path: '/logs', dependsOn: [car.id] },
      undefined,
      db,
    );
    await discardEntry(car.id, db);
    expect(await db.outbox.get(log.id)).toMatchObject({ status: 'failed', lastError: DEPENDENCY_DISCARDED });
  });

  it('discardEntry removes it; hasUnsentWrites follows', async () => {
    const a = await post('/a');
    expect(await hasUnsentWrites(db)).toBe(true);
    await discardEntry(a.id, db);
    expect(await hasUnsentWrites(db)).toBe(false);
  });

  it('clearLocalData empties every table, the outbox included', async () => {
    await enqueue(
      { kind: 'test', method: 'POST', path: '/a' },
      async (d) => {
        await d.carLogs.put(carLogRow({ id: 'l1' }));
        await d.cars.put(carRow({ id: 'c1' }));
        await d.posts.put(postRow({ id: 'p1' }));
        await d.messages.put(messageRow({ id: 'm1' }));
        await d.settingsLabels.put(settingsLabelRow({ domain: 'fuel' }));
      },
      db,
    );
    await clearLocalData(db);
    const counts = await Promise.all(db.tables.map((t) => t.count()));
    expect(counts).toEqual(db.tables.map(() => 0));
  });
});
