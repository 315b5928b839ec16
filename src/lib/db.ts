// The Dexie database: the local mirror the screens read first, and the outbox (DESIGN.md
// "Offline-first"). Only lazily loaded modules may import this file: Dexie stays out of the entry
// chunk. Schema changes add a new version(n); never edit version 1 once shipped.
import { Dexie, type Table } from 'dexie';
import type { OutboxEntry } from './outbox/types';

export const DB_NAME = 'paddock';

/** Mirror rows keep the server's JSON as is, plus the indexed fields the screens query by. */
export type MirrorRow = { id: string } & Record<string, unknown>;
export type SettingsLabelRow = { domain: string } & Record<string, unknown>;

export class PaddockDb extends Dexie {
  posts!: Table<MirrorRow, string>;
  cars!: Table<MirrorRow, string>;
  carLogs!: Table<MirrorRow, string>;
  messages!: Table<MirrorRow, string>;
  settingsLabels!: Table<SettingsLabelRow, string>;
  outbox!: Table<OutboxEntry, string>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({
      posts: 'id, createdAt',
      cars: 'id, userId',
      carLogs: 'id, carId, [carId+date]',
      messages: 'id, createdAt',
      settingsLabels: 'domain',
      outbox: 'id, &seq, status, kind',
    });
  }
}

const versionChangeListeners = new Set<() => void>();

/**
 * Another tab opened a newer schema: close ours so its upgrade can go on, and tell the app to ask
 * for a reload (OFFLINE.md property 7). Returns an unsubscribe function.
 */
export function onVersionChange(listener: () => void): () => void {
  versionChangeListeners.add(listener);
  return () => versionChangeListeners.delete(listener);
}

export function createDb(name = DB_NAME): PaddockDb {
  const instance = new PaddockDb(name);
  instance.on('versionchange', () => {
    instance.close();
    versionChangeListeners.forEach((listener) => listener());
    return false; // we closed it ourselves; Dexie must not do its default handling
  });
  return instance;
}

/** The app's one database. */
export const db = createDb();
