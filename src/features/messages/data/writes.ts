// The messages' writes (docs/OFFLINE-FIRST.md): the local row and its outbox entry in one
// Dexie transaction (enqueue), so a resolved promise means "kept on this device". Sending has a
// client id (the server answers a repeat with the stored message: exactly once).
import { signedInAuthor } from '@/lib/auth/signed-in-author';
import { type PaddockDb } from '@/lib/db';
import { NothingToMark, queueReadMark } from '@/lib/offline/read-mark';
import { offlineWrite, queueWrite } from '@/lib/offline/write';
import { MESSAGE_KINDS, type MessageDraft, type MessageRow } from './types';
import { adjustUnreadCount } from './unread';

/** Sends a message to a friend; resolves with its client id once it is kept on this device. */
export function sendMessage(draft: MessageDraft, given?: PaddockDb): Promise<string> {
  return offlineWrite(given, async (database) => {
    const sender = signedInAuthor();
    const id = crypto.randomUUID();
    const subject = draft.subject.trim();
    const row: MessageRow = {
      id,
      folder: 'sent',
      sender,
      recipient: draft.recipient,
      subject,
      content: draft.content,
      isRead: false,
      createdAt: new Date().toISOString(),
    };
    await queueWrite(
      database,
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
    );
    return id;
  });
}

/**
 * Marks a received message read. Only an unread message of my inbox is marked: its row becomes
 * read and the local unread count drops by one, in the transaction that queues the PUT. Marking
 * it again (a second opening, another tab) finds it read and queues nothing. Resolves true when
 * a read mark was queued.
 */
export function markMessageRead(id: string, given?: PaddockDb): Promise<boolean> {
  return queueReadMark(
    given,
    { kind: MESSAGE_KINDS.read, entityId: id, method: 'PUT', path: `/messages/${id}/read` },
    async (tx) => {
      const row = await tx.messages.get(id);
      if (!row || row.folder !== 'inbox' || row.isRead) throw new NothingToMark();
      await tx.messages.put({ ...row, isRead: true });
      await adjustUnreadCount(tx, -1);
    },
  );
}

/** Deletes a message from my folders (the other participant keeps it). */
export function deleteMessage(id: string, given?: PaddockDb): Promise<void> {
  return offlineWrite(given, async (database) => {
    await queueWrite(
      database,
      { kind: MESSAGE_KINDS.delete, entityId: id, method: 'DELETE', path: `/messages/${id}`, after: [id] },
      async (tx) => {
        const row = await tx.messages.get(id);
        if (row?.folder === 'inbox' && !row.isRead) await adjustUnreadCount(tx, -1);
        await tx.messages.delete(id);
      },
    );
  });
}
