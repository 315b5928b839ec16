// The messages' writes (docs/OFFLINE-FIRST.md): the local row and its outbox entry in one
// Dexie transaction (enqueue), so a resolved promise means "kept on this device". Sending has a
// client id (the server answers a repeat with the stored message: exactly once).
import { isQuotaError } from '@/features/garage/data/types';
import { sessionStore } from '@/lib/auth/session-store';
import { localDb, type PaddockDb } from '@/lib/db';
import { enqueue } from '@/lib/outbox';
import { registerMessageHandlers } from './handlers';
import { MESSAGE_KINDS, StorageFullError, type MessageDraft, type MessageRow } from './types';
import { adjustUnreadCount } from './unread';

async function guard<T>(write: () => Promise<T>): Promise<T> {
  registerMessageHandlers(); // the replayer may send what we queue before any screen registered them
  try {
    return await write();
  } catch (error) {
    if (isQuotaError(error)) throw new StorageFullError(error);
    throw error;
  }
}

/** The ids of queued entries of this message: a new write goes after them. */
async function queuedFor(database: PaddockDb, id: string): Promise<string[]> {
  return (await database.outbox.where('entityId').equals(id).primaryKeys()) as string[];
}

/** Sends a message to a friend; resolves with its client id once it is kept on this device. */
export function sendMessage(draft: MessageDraft, given?: PaddockDb): Promise<string> {
  return guard(async () => {
    const me = sessionStore.getState().user;
    if (!me) throw new Error('No signed-in member to send as');
    const database = given ?? (await localDb());
    const id = crypto.randomUUID();
    const subject = draft.subject.trim();
    const row: MessageRow = {
      id,
      folder: 'sent',
      sender: {
        id: me.id,
        username: me.username,
        firstName: me.firstName,
        lastName: me.lastName,
        avatar: me.avatar,
      },
      recipient: draft.recipient,
      subject,
      content: draft.content,
      isRead: false,
      createdAt: new Date().toISOString(),
    };
    await enqueue(
      {
        kind: MESSAGE_KINDS.send,
        entityId: id,
        method: 'POST',
        path: '/messages',
        body: {
          type: 'json',
          json: { id, recipientId: draft.recipient.id, subject, content: draft.content },
        },
      },
      (tx) => tx.messages.put(row),
      database,
    );
    return id;
  });
}

/** Rolls the enqueue back: there is nothing to mark. */
class NothingToMark extends Error {}

/**
 * Marks a received message read. Only an unread message of my inbox is marked: its row becomes
 * read and the local unread count drops by one, in the transaction that queues the PUT. Marking
 * it again (a second opening, another tab) finds it read and queues nothing. Resolves true when
 * a read mark was queued.
 */
export function markMessageRead(id: string, given?: PaddockDb): Promise<boolean> {
  return guard(async () => {
    const database = given ?? (await localDb());
    try {
      await enqueue(
        { kind: MESSAGE_KINDS.read, entityId: id, method: 'PUT', path: `/messages/${id}/read` },
        async (tx) => {
          const row = (await tx.messages.get(id)) as MessageRow | undefined;
          if (!row || row.folder !== 'inbox' || row.isRead) throw new NothingToMark();
          await tx.messages.put({ ...row, isRead: true });
          await adjustUnreadCount(tx, -1);
        },
        database,
      );
      return true;
    } catch (error) {
      if (error instanceof NothingToMark) return false;
      throw error;
    }
  });
}

/** Deletes a message from my folders (the other participant keeps it). */
export function deleteMessage(id: string, given?: PaddockDb): Promise<void> {
  return guard(async () => {
    const database = given ?? (await localDb());
    const dependsOn = await queuedFor(database, id);
    await enqueue(
      { kind: MESSAGE_KINDS.delete, entityId: id, method: 'DELETE', path: `/messages/${id}`, dependsOn },
      async (tx) => {
        const row = (await tx.messages.get(id)) as MessageRow | undefined;
        if (row?.folder === 'inbox' && !row.isRead) await adjustUnreadCount(tx, -1);
        await tx.messages.delete(id);
      },
      database,
    );
  });
}
