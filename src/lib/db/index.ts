// The Dexie database: the local mirror the screens read first, and the outbox (docs/OFFLINE-FIRST.md
// properties 1 and 8). Only lazily loaded modules may import this file: Dexie stays out of the entry
// chunk. Schema changes add a new version(n); never edit a version once shipped.
import { Dexie, type Table } from 'dexie';
import type { CarEquipment } from '@/contract/car-equipment';
import type { CarPaper } from '@/contract/car-papers';
import type { ChatMessage, ChatRoom } from '@/contract/chat';
import type { MessageFolder } from '@/contract/constants';
import type { Car, CarLog } from '@/contract/garage';
import type { Reminder } from '@/contract/maintenance-api';
import type { Message } from '@/contract/messages';
import type { Comment, Post } from '@/contract/posts';
import { sessionStore } from '../auth/session-store';
import { isDeviceBeingCleared, setDeviceBeingCleared } from '../auth/sign-out';
import type { OutboxEntry } from '../outbox/types';
import { wantDeviceData } from '../offline/device-data-wanted';
import { isDatabaseClosed } from './closed';
import { DB_NAME, databaseNameFor } from './name';

export { DB_NAME, databaseNameFor } from './name';

/**
 * Mirror rows keep the server's JSON as is: each table's row is the contract's type of its entity
 * (src/contract, the one typed source of its fields), plus the indexed fields the screens query by.
 */
export type MirrorTables = {
  posts: Post;
  cars: Car;
  carLogs: CarLog;
  messages: MessageRow;
  comments: Comment;
  chatRooms: ChatRoom;
  chatMessages: ChatMessage;
  reminders: Reminder;
  carPapers: CarPaper;
  carEquipment: CarEquipment;
};
/** Any mirror row (the sync helpers' common shape). */
export type MirrorRow = MirrorTables[keyof MirrorTables];

/** A private message in one of my folders (one cannot message oneself: one folder each). */
export type MessageRow = Message & { folder: MessageFolder };

/** A settings entry as the server answers it: its key and its label_{locale} payload. */
export interface SettingsEntry {
  key: string;
  jsonPayload: Record<string, unknown>;
}
/** One settings domain as the server answered it (entries with their label_{locale} payloads). */
export interface SettingsLabelRow {
  domain: string;
  entries: SettingsEntry[];
  fetchedAt: number;
}

/** A file the member attached offline: kept until the outbox entry that uploads it is sent. */
export interface MediaBlobRow {
  id: string;
  /** The outbox entry whose multipart body names this blob (deleted with it). */
  entryId: string;
  blob: Blob;
  name: string;
  mime: string;
  kind: 'image' | 'pdf';
  createdAt: number;
}

/** A server file fetched once with the bearer token, for offline viewing (a bounded cache). */
export interface MediaCacheRow {
  url: string;
  blob: Blob;
  cachedAt: number;
}

/** Small bookkeeping values (e.g. when a car's logs were last synced). */
export interface MetaRow {
  key: string;
  value: unknown;
}

type DexieDeps = { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange };

export class PaddockDb extends Dexie {
  posts!: Table<Post, string>;
  cars!: Table<Car, string>;
  carLogs!: Table<CarLog, string>;
  messages!: Table<MessageRow, string>;
  comments!: Table<Comment, string>;
  chatRooms!: Table<ChatRoom, string>;
  chatMessages!: Table<ChatMessage, string>;
  reminders!: Table<Reminder, string>;
  carPapers!: Table<CarPaper, string>;
  carEquipment!: Table<CarEquipment, string>;
  settingsLabels!: Table<SettingsLabelRow, string>;
  outbox!: Table<OutboxEntry, string>;
  mediaBlobs!: Table<MediaBlobRow, string>;
  mediaCache!: Table<MediaCacheRow, string>;
  meta!: Table<MetaRow, string>;

  constructor(name = DB_NAME, deps?: DexieDeps) {
    super(name, deps);
    this.version(1).stores({
      posts: 'id, createdAt',
      cars: 'id, userId',
      carLogs: 'id, carId, [carId+date]',
      messages: 'id, createdAt',
      settingsLabels: 'domain',
      outbox: 'id, &seq, status, kind',
    });
    // Version 2, the garage: logs by car and start date, the outbox by entity (rows show
    // pending/failed), files waiting to upload, the media cache and sync bookkeeping.
    this.version(2).stores({
      cars: 'id, ownerId, createdAt',
      carLogs: 'id, carId, [carId+startDate]',
      outbox: 'id, &seq, status, kind, entityId',
      mediaBlobs: 'id, entryId',
      mediaCache: 'url, cachedAt',
      meta: 'key',
    });
    // Version 3, private messages: each folder (inbox, sent) newest first. isRead is a boolean,
    // which IndexedDB cannot index: unread rows are filtered from the folder's range instead.
    this.version(3).stores({
      messages: 'id, createdAt, folder, [folder+createdAt]',
    });
    // Version 4, the feed: comments of opened posts by post (top-level and replies by parent).
    this.version(4).stores({
      comments: 'id, postId, parentCommentId, createdAt',
    });
    // Version 5, chat: my rooms by last activity, and their recent messages by room and time.
    this.version(5).stores({
      chatRooms: 'id, updatedAt',
      chatMessages: 'id, chatRoomId, [chatRoomId+createdAt]',
    });
    // Version 6, the maintenance reminders: the server's rows, by car.
    this.version(6).stores({
      reminders: 'id, carId',
    });
    // Version 7, a car's home offline: its papers and its tyres and equipment, by car.
    this.version(7).stores({
      carPapers: 'id, carId',
      carEquipment: 'id, carId',
    });
    // Version 8, the car at a glance without its whole logbook (docs/BENCHMARKS.md, the car's
    // home): a car's latest log of a type and its fill-ups by type and date, and its odometer
    // readings by distance (the day a distance was reached). A log without a mileage has no key in
    // [carId+mileage] (IndexedDB skips a null in a key).
    this.version(8).stores({
      carLogs: 'id, carId, [carId+startDate], [carId+type+startDate], [carId+mileage]',
    });
  }
}

const versionChangeListeners = new Set<() => void>();

/**
 * Another tab opened a newer schema: close ours so its upgrade can go on, and tell the app to ask
 * for a reload (docs/OFFLINE-FIRST.md property 7). Returns an unsubscribe function.
 */
export function onVersionChange(listener: () => void): () => void {
  versionChangeListeners.add(listener);
  return () => versionChangeListeners.delete(listener);
}

/** The storage each instance was made on (IndexedDB, or the in-memory fallback). */
const depsOf = new WeakMap<PaddockDb, DexieDeps | undefined>();

export function createDb(name = DB_NAME, deps?: DexieDeps): PaddockDb {
  const instance = new PaddockDb(name, deps);
  depsOf.set(instance, deps);
  instance.on('versionchange', () => {
    instance.close();
    versionChangeListeners.forEach((listener) => listener());
    return false; // we closed it ourselves; Dexie must not do its default handling
  });
  return instance;
}

/**
 * The app's one database. A live binding: openLocalDatabase may replace it with an in-memory
 * one, and every module that imported `db` then sees the replacement.
 */
export let db = createDb();

export type LocalDatabaseKind = 'indexeddb' | 'memory';
let opening: Promise<LocalDatabaseKind> | null = null;
let openingName: string | null = null;
let openings = 0;
let fixedNameForTests: string | null = null;

/**
 * Opens the signed-in member's database once (every reader and writer awaits this first). When
 * IndexedDB cannot open (private modes, storage blocked), the app runs on an in-memory IndexedDB
 * instead (docs/OFFLINE-FIRST.md property 9): everything works until the page closes, and the caller shows
 * a banner saying so.
 */
export function openLocalDatabase(
  open: (database: PaddockDb) => Promise<unknown> = (database) => database.open(),
  memberId: string | null | undefined = sessionStore.getState().user?.id,
): Promise<LocalDatabaseKind> {
  // After a logout deleted the member's database, a screen still closing (its live query
  // re-subscribing) has no member's database to read: opening one here would create a database on
  // the device the logout just emptied. It waits for a sign-in instead (the screen is gone by then).
  if (memberId || sessionStore.getState().status === 'signedIn') setDeviceBeingCleared(false);
  else if (isDeviceBeingCleared() && !fixedNameForTests)
    return new Promise<LocalDatabaseKind>(() => undefined);
  const name = fixedNameForTests ?? databaseNameFor(memberId);
  // A screen or a write needs the mirror now: what waits for the member's first gesture starts too.
  wantDeviceData();
  if (opening && openingName === name) return opening;
  if (db.name !== name) {
    db.close();
    db = createDb(name);
  }
  openingName = name;
  const turn = ++openings;
  opening = (async (): Promise<LocalDatabaseKind> => {
    try {
      await open(db);
      return 'indexeddb';
    } catch (error) {
      // Closed by this app while it opened (a logout, another member, another tab's upgrade):
      // IndexedDB works, this instance is just over; not a reason to keep the session in memory.
      // The next call opens anew.
      if (isDatabaseClosed(error)) {
        if (turn === openings) {
          opening = null;
          openingName = null;
        }
        throw error;
      }
      console.warn('IndexedDB cannot open; keeping data in memory for this session', error);
      db.close();
      const memory = await import('fake-indexeddb');
      db = createDb(name, { indexedDB: memory.indexedDB, IDBKeyRange: memory.IDBKeyRange });
      await db.open();
      return 'memory';
    }
  })();
  return opening;
}

/**
 * A real logout (docs/OFFLINE-FIRST.md property 10): the open instance is closed, so a write
 * that was still on its way through it (an outbox answer being reconciled) fails instead of
 * putting a row back, and a fresh instance of the same database and storage takes its place
 * (the live binding), for the logout to clear and the next session to use. IndexedDB runs the
 * transactions the old instance had started before any of the new one's.
 */
export function replaceLocalDatabase(): PaddockDb {
  const old = db;
  old.close(); // Dexie 4: no auto-reopen after an explicit close
  db = createDb(old.name, depsOf.get(old));
  return db;
}

/**
 * A real logout (docs/OFFLINE-FIRST.md property 10): the member's database is deleted from the
 * device, the outbox, the mirror and the files waiting to upload or kept for offline viewing with
 * it. The instance stays closed afterwards: a read still under way fails instead of creating the
 * database again, and the next sign-in opens it anew (openLocalDatabase). Another tab's connection
 * closes itself (the versionchange handler of createDb), so the deletion is not blocked for long.
 */
export async function deleteLocalDatabase(memberId: string | null | undefined): Promise<void> {
  const name = fixedNameForTests ?? databaseNameFor(memberId);
  const deps = depsOf.get(db);
  if (db.name !== name) db.close();
  const target = db.name === name ? db : createDb(name, deps);
  db = target;
  opening = null;
  openingName = null;
  setDeviceBeingCleared(true);
  await target.delete();
}

/** Tests only: forget the open attempt and go back to a database of this name. */
export function resetLocalDatabaseForTests(name?: string): void {
  setDeviceBeingCleared(false);
  opening = null;
  openingName = null;
  fixedNameForTests = name ?? null;
  db = createDb(name ?? DB_NAME);
}

/** The member's database, opened: what every reader and writer of the mirror uses. */
export async function localDb(): Promise<PaddockDb> {
  await openLocalDatabase();
  return db;
}
