// The offline engine's switch: started once per sign-in, stopped by any sign-out; a 401
// (signOutLocally) stops the replayer but keeps every entry.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOutLocally } from '@/lib/auth/sign-out';
import { db, openLocalDatabase } from '@/lib/db';
import { clearLocalData, enqueue, startOutbox, stopOutbox } from '@/lib/outbox';
import { storageMode } from '@/lib/offline/storage-mode';
import { startSignedInSync, stopSignedInSync } from './sync-lifecycle';
import { resetSyncSessionForTests } from './sync-session';
import type * as OutboxModule from '@/lib/outbox';
import type * as DbModule from '@/lib/db';

vi.mock('@/lib/outbox', async (importOriginal) => ({
  ...(await importOriginal<typeof OutboxModule>()),
  startOutbox: vi.fn(),
  stopOutbox: vi.fn(),
}));
vi.mock('@/lib/db', async (importOriginal) => {
  const actual = await importOriginal<typeof DbModule>();
  return { ...actual, openLocalDatabase: vi.fn(actual.openLocalDatabase) };
});

const storage = { persist: vi.fn(async () => true), persisted: vi.fn(async () => false) };

beforeEach(async () => {
  vi.mocked(startOutbox).mockClear();
  vi.mocked(stopOutbox).mockClear();
  storage.persist.mockClear();
  storage.persisted.mockClear();
  Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
  storageMode.reset();
  resetSyncSessionForTests();
  await clearLocalData();
});
afterEach(() => stopSignedInSync());

describe('sync lifecycle', () => {
  it('starts the outbox once after sign-in and asks once for persistent storage', async () => {
    await startSignedInSync();
    await startSignedInSync();
    expect(startOutbox).toHaveBeenCalledTimes(1);
    expect(storageMode.get()).toBe('indexeddb');
    await vi.waitFor(() => expect(storage.persist).toHaveBeenCalledTimes(1));
  });

  it('stops on sign-out (a 401 too) and keeps every entry; a new sign-in starts it again', async () => {
    await enqueue({ kind: 'car.create', method: 'POST', path: '/cars', body: { type: 'json', json: {} } });
    storage.persist.mockClear(); // enqueue asks at the first write: that is its own business
    await startSignedInSync();
    signOutLocally();
    await vi.waitFor(() => expect(stopOutbox).toHaveBeenCalledTimes(1));
    expect(await db.outbox.count()).toBe(1);
    await startSignedInSync();
    expect(startOutbox).toHaveBeenCalledTimes(2);
    // Asked once per page, not at every sign-in.
    await vi.waitFor(() => expect(storage.persist).toHaveBeenCalledTimes(1));
  });

  it('does not start when the member signed out while the database was opening', async () => {
    let open!: (kind: 'indexeddb') => void;
    vi.mocked(openLocalDatabase).mockImplementationOnce(() => new Promise((resolve) => (open = resolve)));
    const starting = startSignedInSync();
    await vi.waitFor(() => expect(openLocalDatabase).toHaveBeenCalled());
    signOutLocally();
    open('indexeddb');
    await starting;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(startOutbox).not.toHaveBeenCalled();
  });

  it('in memory (IndexedDB blocked) it still starts, says so, and asks no persistence', async () => {
    vi.mocked(openLocalDatabase).mockResolvedValueOnce('memory');
    await startSignedInSync();
    expect(startOutbox).toHaveBeenCalledTimes(1);
    expect(storageMode.get()).toBe('memory');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(storage.persist).not.toHaveBeenCalled();
  });
});
