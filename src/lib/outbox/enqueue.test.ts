import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaddockDb } from '../db';
import { enqueue, onEnqueued, resetPersistRequestForTests } from './enqueue';
import { freshDb } from './test-helpers';
import { carLogRow } from '@/testing/mirror-rows';

let db: PaddockDb;
beforeEach(() => {
  db = freshDb();
  resetPersistRequestForTests();
});
afterEach(() => {
  db.close();
  vi.unstubAllGlobals();
});

const newLog = { kind: 'carLog.create', method: 'POST', path: '/cars/c1/logs' } as const;

describe('enqueue', () => {
  it('writes the entry and the local row together (durable before confirmed)', async () => {
    const entry = await enqueue(
      { ...newLog, id: 'log-1', body: { type: 'json', json: { id: 'log-1', title: 'Oil' } } },
      (d) => d.carLogs.put(carLogRow({ id: 'log-1', carId: 'c1', title: 'Oil' })),
      db,
    );
    expect(entry).toMatchObject({ id: 'log-1', status: 'pending', attempts: 0 });
    expect(await db.outbox.get('log-1')).toMatchObject({ path: '/cars/c1/logs', status: 'pending' });
    expect(await db.carLogs.get('log-1')).toMatchObject({ title: 'Oil' });
  });

  it('leaves no entry when the local write fails', async () => {
    const failing = enqueue(
      newLog,
      async () => {
        throw new Error('disk full');
      },
      db,
    );
    await expect(failing).rejects.toThrow('disk full');
    expect(await db.outbox.count()).toBe(0);
  });

  it('gives each entry a UUID and a strictly increasing seq', async () => {
    const a = await enqueue(newLog, undefined, db);
    const b = await enqueue(newLog, undefined, db);
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.id).not.toBe(b.id);
    expect(b.seq).toBeGreaterThan(a.seq);
  });

  it('asks for persistent storage on the first enqueue only, and tells listeners', async () => {
    const persist = vi.fn().mockResolvedValue(true);
    vi.stubGlobal('navigator', { ...navigator, storage: { persist } });
    const listener = vi.fn();
    const off = onEnqueued(listener);
    await enqueue(newLog, undefined, db);
    await enqueue(newLog, undefined, db);
    off();
    expect(persist).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
