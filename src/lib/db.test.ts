import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb, onVersionChange } from './db';

describe('db', () => {
  const name = `paddock-db-test-${Math.random().toString(36).slice(2)}`;
  afterEach(() => vi.restoreAllMocks());

  it('opens version 1 with the mirror tables and the outbox', async () => {
    const database = createDb(name);
    await database.open();
    expect(database.verno).toBe(1);
    expect(database.tables.map((t) => t.name).sort()).toEqual(
      ['carLogs', 'cars', 'messages', 'outbox', 'posts', 'settingsLabels'].sort(),
    );
    database.close();
  });

  it('closes and reports when another tab upgrades the schema', async () => {
    const database = createDb(name);
    await database.open();
    const listener = vi.fn();
    const off = onVersionChange(listener);
    const upgrade = indexedDB.open(name, 100); // what a newer tab's Dexie does
    await new Promise<void>((resolve, reject) => {
      upgrade.onsuccess = () => {
        upgrade.result.close();
        resolve();
      };
      upgrade.onerror = () => reject(upgrade.error);
    });
    off();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(database.isOpen()).toBe(false);
  });
});
