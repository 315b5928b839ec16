// Refreshing the local folders from the server. Local writes win until they are sent: a row with
// queued writes is never overwritten (a message read offline stays read, one deleted stays gone,
// one written offline stays as written). Rows the server no longer lists in the range a page
// covers are dropped (deleted on another device, or a send the member discarded).
import { Dexie } from 'dexie';
import type { MessageFolder } from '@/contract/constants';
import type { Message, MessageListMeta, MessageUnreadCount } from '@/contract/messages';
import { apiFetch, api } from '@/lib/http/api-client';
import { sessionStore } from '@/lib/auth/session-store';
import { localDb, type PaddockDb } from '@/lib/db';
import { queuedEntityIds } from '@/lib/outbox';
import { MESSAGES_PAGE_SIZE, type MessageRow } from './types';
import { adjustUnreadCount, applyServerUnreadCount } from './unread';

/** Rows fetched one by one (a live event) since: a page asked for before must not drop them. */
const fetchedAt = new Map<string, number>();

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface PageRange {
  offset: number;
  limit: number;
  unreadOnly: boolean;
  askedAt: number;
}

/** Merges one server page of a folder into Dexie (exported for tests). */
export async function mergeFolderPage(
  database: PaddockDb,
  folder: MessageFolder,
  page: Message[],
  range: PageRange,
): Promise<void> {
  await database.transaction('rw', database.messages, database.outbox, async () => {
    const queued = await queuedEntityIds(database);
    const puts: MessageRow[] = [];
    for (const message of page) {
      if (queued.has(message.id)) continue;
      const row: MessageRow = { ...message, folder };
      if (!same(await database.messages.get(message.id), row)) puts.push(row);
    }
    if (puts.length) await database.messages.bulkPut(puts);
    // An unread-only page says nothing of the read messages in its range; an empty later page
    // says nothing of where its range is.
    if (range.unreadOnly || (page.length === 0 && range.offset > 0)) return;
    const dates = page.map((m) => m.createdAt).sort();
    const newest = range.offset === 0 ? Dexie.maxKey : dates.at(-1)!;
    const full = page.length >= range.limit;
    const seen = new Set(page.map((m) => m.id));
    const inRange = await database.messages
      .where('[folder+createdAt]')
      .between([folder, full ? dates[0]! : Dexie.minKey], [folder, newest], !full, true)
      .toArray();
    const gone = inRange
      .filter((row) => !seen.has(row.id) && !queued.has(row.id))
      .filter((row) => (fetchedAt.get(row.id) ?? 0) < range.askedAt)
      .map((row) => row.id);
    if (gone.length) await database.messages.bulkDelete(gone);
  });
}

export interface FolderPage {
  /** How many messages the folder holds on the server (with unreadOnly, the unread ones). */
  total: number;
  received: number;
}

/** One page of a folder, newest first; also takes the server's unread count. */
export async function syncFolder(
  folder: MessageFolder,
  options: { offset?: number; limit?: number; unreadOnly?: boolean } = {},
  given?: PaddockDb,
): Promise<FolderPage> {
  const database = given ?? (await localDb());
  const range: PageRange = {
    offset: options.offset ?? 0,
    limit: options.limit ?? MESSAGES_PAGE_SIZE,
    unreadOnly: options.unreadOnly ?? false,
    askedAt: Date.now(),
  };
  const answer = await apiFetch<Message[]>('/messages', {
    query: {
      folder,
      offset: range.offset,
      limit: range.limit,
      // Spec §7: unreadOnly travels as text.
      unreadOnly: String(range.unreadOnly),
    },
  });
  await mergeFolderPage(database, folder, answer.data, range);
  const meta = (answer.meta ?? {}) as Partial<MessageListMeta>;
  if (typeof meta.unreadCount === 'number') {
    await applyServerUnreadCount(database, meta.unreadCount, range.askedAt);
  }
  return {
    total: typeof meta.total === 'number' ? meta.total : range.offset + answer.data.length,
    received: answer.data.length,
  };
}

/** My unread count from the server (GET /messages/unread/count → data.count). */
export async function refreshUnreadCount(given?: PaddockDb): Promise<number> {
  const database = given ?? (await localDb());
  const askedAt = Date.now();
  const { count } = await api.get<MessageUnreadCount>('/messages/unread/count');
  await applyServerUnreadCount(database, count, askedAt);
  return count;
}

function folderOf(message: Message): MessageFolder {
  return message.recipient.id === sessionStore.getState().user?.id ? 'inbox' : 'sent';
}

export type FetchedMessage = { message: MessageRow | null; added: boolean };

/**
 * One message from the server into Dexie (a deep link, a live event). `countArrival`: a message
 * new to this device, unread and received, raises the unread count by one. A message the server
 * no longer shows me (404) is dropped, unless writes of it are queued.
 */
export async function syncMessage(
  id: string,
  options: { countArrival?: boolean } = {},
  given?: PaddockDb,
): Promise<FetchedMessage> {
  const database = given ?? (await localDb());
  let message: Message | null;
  try {
    message = await api.get<Message>(`/messages/${id}`);
  } catch (error) {
    if ((error as { status?: unknown }).status !== 404) throw error;
    message = null;
  }
  fetchedAt.set(id, Date.now());
  const now = Date.now();
  return database.transaction('rw', database.messages, database.outbox, database.meta, async () => {
    const queued = (await database.outbox.where('entityId').equals(id).count()) > 0;
    const local = await database.messages.get(id);
    if (queued) return { message: local ?? null, added: false };
    if (!message) {
      if (local) await database.messages.delete(id);
      return { message: null, added: false };
    }
    const row: MessageRow = { ...message, folder: folderOf(message) };
    if (!same(local, row)) await database.messages.put(row);
    const added = !local;
    if (added && options.countArrival && row.folder === 'inbox' && !row.isRead) {
      await adjustUnreadCount(database, 1, now);
    }
    return { message: row, added };
  });
}

/** A message deleted on another device of mine: gone here too, unless writes of it are queued. */
export async function dropMessage(id: string, given?: PaddockDb): Promise<void> {
  const database = given ?? (await localDb());
  await database.transaction('rw', database.messages, database.outbox, async () => {
    if ((await database.outbox.where('entityId').equals(id).count()) === 0) {
      await database.messages.delete(id);
    }
  });
}
