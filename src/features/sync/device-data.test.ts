// A real logout clears the device (docs/OFFLINE-FIRST.md property 10) even while a replay is on the
// wire: the answer that arrives later must not write a row back into the cleared database.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, localDb, resetLocalDatabaseForTests, type PaddockDb } from '@/lib/db';
import {
  clearLocalData,
  createReplayer,
  enqueue,
  registerOutboxHandlers,
  startOutbox,
  stopOutbox,
  type OutboxEntry,
} from '@/lib/outbox';
import { readShare, saveShare } from '@/lib/share/share-inbox';
import { clearDeviceData } from './device-data';
import { carRow } from '@/testing/mirror-rows';

const KIND = 'logoutRace.create';
/** What the handler does with the answer: like the features' handlers, it writes the server's row. */
let onAnswer: (entry: OutboxEntry, database: PaddockDb) => Promise<void>;
beforeAll(() =>
  registerOutboxHandlers({
    // `db` is read when the answer arrives (the live binding), as the features' handlers do.
    [KIND]: (entry) => onAnswer(entry, db),
  }),
);

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Queues one car write and starts a replay whose request stays on the wire until `answer`. */
async function replayOnTheWire() {
  await enqueue({ kind: KIND, entityId: 'car-1', method: 'POST', path: '/cars' }, (tx) =>
    tx.cars.put(carRow({ id: 'car-1', make: 'Alpine' })),
  );
  const onWire = deferred<void>();
  const answer = deferred<unknown>();
  const replayer = createReplayer({
    send: () => {
      onWire.resolve();
      return answer.promise;
    },
    lock: (run) => run(),
  });
  startOutbox(replayer);
  await onWire.promise;
  return { answer, replayer };
}

async function expectClearedAndStaying(replayer: { settled: () => Promise<void> }) {
  await replayer.settled();
  await pause(30);
  // The database was deleted: opened again, it is empty.
  const reopened = await localDb();
  expect(await reopened.cars.count()).toBe(0);
  expect(await reopened.outbox.count()).toBe(0);
}

beforeEach(async () => {
  resetLocalDatabaseForTests(`paddock-logout-${Math.random().toString(36).slice(2)}`);
  onAnswer = async (_entry, database) => {
    await database.cars.put(carRow({ id: 'car-1', make: 'Alpine', model: 'A110' }));
  };
});
afterEach(async () => {
  stopOutbox();
  await clearLocalData(await localDb());
});

describe('a logout while a replay is on the wire', () => {
  it('waits for the answer even when the sign-out already stopped the outbox, and writes nothing back', async () => {
    const { answer, replayer } = await replayOnTheWire();
    stopOutbox(); // what signing out does first (onSignedOut → stopSync), before the device is cleared
    const clearing = clearDeviceData();
    setTimeout(() => answer.resolve({ id: 'car-1', make: 'Alpine' }), 20); // after the logout began
    await clearing;
    await expectClearedAndStaying(replayer);
  });

  it('writes nothing back when the answer comes after the logout gave up waiting', async () => {
    const { answer, replayer } = await replayOnTheWire();
    await clearDeviceData({ settleTimeoutMs: 10 });
    expect(await (await localDb()).cars.count()).toBe(0);
    answer.resolve({ id: 'car-1', make: 'Alpine' });
    await expectClearedAndStaying(replayer);
  });

  it('a handler already reconciling when the device is cleared cannot write its row back', async () => {
    const reconciling = deferred<void>();
    const goOn = deferred<void>();
    onAnswer = async (_entry, database) => {
      reconciling.resolve();
      await goOn.promise; // e.g. a fetch of the handler's own, longer than the logout's wait
      await database.cars.put(carRow({ id: 'car-1', make: 'Alpine', model: 'A110' }));
    };
    const { answer, replayer } = await replayOnTheWire();
    answer.resolve({ id: 'car-1', make: 'Alpine' });
    await reconciling.promise;
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await clearDeviceData({ settleTimeoutMs: 10 });
      goOn.resolve();
      await expectClearedAndStaying(replayer);
    } finally {
      error.mockRestore();
    }
  });

  it('starts again on the same device for the next session', async () => {
    await clearDeviceData({ settleTimeoutMs: 10 });
    await localDb(); // the next session opens its database first (src/app/sync-session.ts)
    await enqueue({ kind: KIND, entityId: 'car-2', method: 'POST', path: '/cars' }, (tx) =>
      tx.cars.put(carRow({ id: 'car-2', make: 'Lotus' })),
    );
    expect(await db.cars.count()).toBe(1);
  });

  it('forgets a share from another app not used yet (src/lib/share/)', async () => {
    const id = await saveShare({ text: 'A photo of my receipt' });
    await clearDeviceData({ settleTimeoutMs: 10 });
    expect(await readShare(id)).toBeNull();
  });
});
