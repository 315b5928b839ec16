import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, databaseNameFor } from '@/lib/db';
import { writesWaiting } from './writes-waiting';

const member = 'member-writes-waiting';
const name = databaseNameFor(member);

async function databaseExists(): Promise<boolean> {
  return (await indexedDB.databases()).some((info) => info.name === name);
}

afterEach(async () => {
  await Dexie.delete(name);
});

describe('writesWaiting (IndexedDB itself, before Dexie)', () => {
  it('is false, and creates nothing, when the member has no database on this device', async () => {
    expect(await writesWaiting(member)).toBe(false);
    expect(await databaseExists()).toBe(false);
  });

  it('is false for an empty outbox, true once a write waits, false again once it is gone', async () => {
    const database = createDb(name);
    await database.open();
    expect(await writesWaiting(member)).toBe(false);
    await database.outbox.add({
      id: 'w1',
      seq: 1,
      status: 'pending',
      kind: 'post.create',
      entityId: 'p1',
      method: 'POST',
      path: '/posts',
      body: { type: 'json', json: {} },
      attempts: 0,
      createdAt: Date.now(),
    } as never);
    expect(await writesWaiting(member)).toBe(true);
    await database.outbox.clear();
    expect(await writesWaiting(member)).toBe(false);
    database.close();
  });

  it('counts a refused write (it needs the member) and leaves Dexie free to open after it', async () => {
    const first = createDb(name);
    await first.open();
    await first.outbox.add({ id: 'w2', seq: 1, status: 'failed', kind: 'k', entityId: 'e' } as never);
    first.close();
    expect(await writesWaiting(member)).toBe(true);
    // Its connection is closed: Dexie opens (and could upgrade) the database again.
    const again = createDb(name);
    await again.open();
    expect(await again.outbox.count()).toBe(1);
    again.close();
  });

  it('is false without IndexedDB or without a member', async () => {
    expect(await writesWaiting(member, undefined)).toBe(false);
    expect(await writesWaiting(null)).toBe(false);
  });

  it('answers "some wait" when IndexedDB refuses to open', async () => {
    const refusing = {
      open: () => {
        throw new Error('SecurityError');
      },
    } as unknown as IDBFactory;
    expect(await writesWaiting(member, refusing)).toBe(true);
  });
});
