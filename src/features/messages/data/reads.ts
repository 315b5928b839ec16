// The folders read from Dexie (docs/OFFLINE-FIRST.md property 8): live queries that re-render on every local
// change, whichever tab made it. Rows carry their sync state from the outbox.
import { Dexie } from 'dexie';
import type { MessageFolder } from '@/contract/constants';
import { useLive } from '@/lib/offline/live';
import { syncStates } from '@/lib/offline/sync-states';
import { db } from '@/lib/db';
import type { LocalMessage, MessageRow, SyncState } from './types';
import { readUnreadCount } from './unread';

function withState(row: MessageRow, states: Map<string, SyncState>): LocalMessage {
  const state = states.get(row.id);
  return state ? { ...row, syncState: state } : row;
}

export interface FolderView {
  messages: LocalMessage[];
  /** This device holds more rows past `limit`. */
  more: boolean;
}

/** A folder's newest `limit` messages on this device (only the unread ones when asked). */
export function readFolder(folder: MessageFolder, unreadOnly: boolean, limit: number): Promise<MessageRow[]> {
  let rows = db.messages
    .where('[folder+createdAt]')
    .between([folder, Dexie.minKey], [folder, Dexie.maxKey])
    .reverse();
  if (unreadOnly) rows = rows.filter((row) => row.isRead === false);
  return rows.limit(limit).toArray() as unknown as Promise<MessageRow[]>;
}

export function useFolderMessages(
  folder: MessageFolder,
  unreadOnly: boolean,
  limit: number,
): FolderView | undefined {
  return useLive(async () => {
    const [rows, states] = await Promise.all([readFolder(folder, unreadOnly, limit + 1), syncStates()]);
    return { messages: rows.slice(0, limit).map((row) => withState(row, states)), more: rows.length > limit };
  }, [folder, unreadOnly, limit]);
}

export function useMessage(id: string | undefined): LocalMessage | null | undefined {
  return useLive(async () => {
    if (!id) return null;
    const [row, states] = await Promise.all([db.messages.get(id), syncStates()]);
    return row ? withState(row as unknown as MessageRow, states) : null;
  }, [id]);
}

/** My unread count as this device knows it; null until the server has told it once. */
export function useUnreadCount(): number | null | undefined {
  return useLive(async () => (await readUnreadCount(db))?.count ?? null, []);
}
