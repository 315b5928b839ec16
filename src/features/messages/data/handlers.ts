// After the server confirms a write, the local row becomes the server's copy (sanitised content,
// server time) unless later writes of it are still queued; the unread count becomes the server's
// figure from a read's or a delete's answer (docs/DESIGN-NOTES.md: the server's count wins).
import type { MessageDeleted, MessageRead } from '@/contract/messages';
import { db as defaultDb, type PaddockDb } from '@/lib/db';
import { type OutboxEntry, type OutboxHandlers, withKindLabels } from '@/lib/outbox';
import { isMessage, MESSAGE_KINDS, type MessageRow } from './types';
import { applyServerUnreadCount } from './unread';

/** The server's copy of a message replaces the row, unless writes of it are still queued or it was deleted here. */
async function reconcile(database: PaddockDb, message: MessageRow): Promise<void> {
  await database.transaction('rw', database.messages, database.outbox, async () => {
    const later = await database.outbox.where('entityId').equals(message.id).count();
    if (later > 0) return;
    if (!(await database.messages.get(message.id))) return; // deleted meanwhile on this device
    await database.messages.put(message);
  });
}

export async function reconcileSent(_entry: OutboxEntry, data: unknown, database: PaddockDb = defaultDb) {
  if (isMessage(data)) await reconcile(database, { ...data, folder: 'sent' });
}

export async function reconcileRead(_entry: OutboxEntry, data: unknown, database: PaddockDb = defaultDb) {
  const answer = data as Partial<MessageRead> | null;
  if (isMessage(answer?.message)) await reconcile(database, { ...answer.message, folder: 'inbox' });
  if (typeof answer?.unreadCount === 'number') {
    await applyServerUnreadCount(database, answer.unreadCount, Date.now());
  }
}

export async function reconcileDeleted(_entry: OutboxEntry, data: unknown, database: PaddockDb = defaultDb) {
  const answer = data as Partial<MessageDeleted> | null | undefined;
  // A 404 (already gone) reaches here without an answer: the next list or count call tells.
  if (typeof answer?.unreadCount === 'number') {
    await applyServerUnreadCount(database, answer.unreadCount, Date.now());
  }
}

/** The messages' reconciliation handlers, by entry kind (the app registers them before a replay). */
// Each kind with its label in the sync panel (the feature names its own writes).
export const messageHandlers: OutboxHandlers = withKindLabels(
  {
    // The live binding `db`: the member's database at the time the answer arrives.
    [MESSAGE_KINDS.send]: (entry, data) => reconcileSent(entry, data),
    [MESSAGE_KINDS.read]: (entry, data) => reconcileRead(entry, data),
    [MESSAGE_KINDS.delete]: (entry, data) => reconcileDeleted(entry, data),
  },
  {
    [MESSAGE_KINDS.send]: {
      label: 'SYNC.KIND_MESSAGE_SEND',
      fields: { subject: 'SYNC.FIELD_SUBJECT', content: 'SYNC.FIELD_CONTENT' },
    },
    [MESSAGE_KINDS.read]: 'SYNC.KIND_MESSAGE_READ',
    [MESSAGE_KINDS.delete]: 'SYNC.KIND_MESSAGE_DELETE',
  },
);
