// The messages' writes (docs/OFFLINE-FIRST.md): the local row and its outbox entry in one
// Dexie transaction (enqueue), so a resolved promise means "kept on this device". Sending has a
// client id (the server answers a repeat with the stored message: exactly once).
import { signedInAuthor } from '@/lib/auth/signed-in-author';
import { type PaddockDb } from '@/lib/db';
import { NothingToMark, queueReadMark } from '@/lib/offline/read-mark';
import { MESSAGE_IMAGES_MAX } from '@/contract/constants';
import { localMediaUrl } from '@/lib/offline/types';
import { formBody, mediaRows, offlineWrite, queueWrite } from '@/lib/offline/write';
import { MESSAGE_KINDS, type MessageDraft, type MessageRow } from './types';
import { adjustUnreadCount } from './unread';

/**
 * Sends a message to a friend, with up to MESSAGE_IMAGES_MAX photos (stored on this device and
 * shown from there until sent, all in the one entry: the client id lands them once); resolves
 * with its client id once it is kept on this device.
 */
export function sendMessage(draft: MessageDraft, given?: PaddockDb): Promise<string> {
  const files = draft.images ?? [];
  if (files.length > MESSAGE_IMAGES_MAX)
    return Promise.reject(new RangeError(`A message carries at most ${MESSAGE_IMAGES_MAX} photos`));
  return offlineWrite(given, async (database) => {
    const sender = signedInAuthor();
    const id = crypto.randomUUID();
    const entryId = crypto.randomUUID();
    const subject = draft.subject.trim();
    const rows = mediaRows(entryId, files, Date.now(), (i) => `photo-${i + 1}`);
    const row: MessageRow = {
      id,
      folder: 'sent',
      sender,
      recipient: draft.recipient,
      subject,
      content: draft.content,
      images: rows.map((r) => ({ id: r.id, url: localMediaUrl(r.id), width: null, height: null })),
      isRead: false,
      createdAt: new Date().toISOString(),
    };
    const data = { id, recipientId: draft.recipient.id, subject, content: draft.content };
    await queueWrite(
      database,
      {
        id: entryId,
        kind: MESSAGE_KINDS.send,
        entityId: id,
        method: 'POST',
        path: rows.length > 0 ? '/messages/with-images' : '/messages',
        body: rows.length > 0 ? formBody(data, 'images', rows) : { type: 'json', json: data },
      },
      async (tx) => {
        if (rows.length > 0) await tx.mediaBlobs.bulkAdd(rows);
        await tx.messages.put(row);
      },
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
