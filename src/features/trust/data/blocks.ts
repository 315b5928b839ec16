// Block and unblock through the outbox (docs/OFFLINE-FIRST.md: every write works offline). A block
// applies on this device at once, in the same transaction as its entry: the member's posts and
// comments leave the mirror (and with them the screens that read it), their chat lines collapse
// ("message from a blocked member", as the server answers them once blocked: docs/SPEC-NOTES.md
// "Trust"), in the messages and as a room's last line. The server's block is idempotent, so a replay changes nothing more. An unblock brings
// nothing back locally: the next sync does, from the server.
import type { BlockState } from '@/contract/trust';
import type { PaddockDb } from '@/lib/db';
import { offlineWrite, queueWrite } from '@/lib/offline/write';
import { queueAndAwait, type Outcome } from '@/lib/offline/outcome';
import { blockEntity, TRUST_KINDS } from './kinds';

const blockPath = (userId: string) => `/users/${encodeURIComponent(userId)}/block`;

/**
 * Removes what this device shows of a blocked member: their posts (and the comments under them),
 * their comments and the replies to them, and collapses their chat lines. Runs inside the entry's
 * transaction, and again once the server took the block (a sync may have brought rows back).
 */
export async function hideBlockedMember(database: PaddockDb, userId: string): Promise<void> {
  const posts = (await database.posts.filter((post) => post.author?.id === userId).primaryKeys()) as string[];
  if (posts.length) {
    await database.posts.bulkDelete(posts);
    await database.comments.where('postId').anyOf(posts).delete();
  }
  const comments = (await database.comments
    .filter((comment) => comment.author?.id === userId)
    .primaryKeys()) as string[];
  if (comments.length) {
    await database.comments.bulkDelete(comments);
    await database.comments.where('parentCommentId').anyOf(comments).delete();
  }
  await database.chatMessages
    .filter((line) => line.sender?.id === userId && line.fromBlockedMember !== true)
    .modify((line) => {
      line.content = '';
      line.fromBlockedMember = true;
    });
  // A room list shows each room's last line: theirs collapses there too.
  await database.chatRooms
    .filter((room) => room.lastMessage?.sender.id === userId && room.lastMessage.fromBlockedMember !== true)
    .modify((room) => {
      if (room.lastMessage) room.lastMessage = { ...room.lastMessage, content: '', fromBlockedMember: true };
    });
}

/** Queues a block of `userId` and hides their things on this device at once. */
export function queueBlock(userId: string, id: string = crypto.randomUUID(), database?: PaddockDb) {
  return offlineWrite(database, (db) =>
    queueWrite(
      db,
      {
        id,
        kind: TRUST_KINDS.block,
        entityId: blockEntity(userId),
        method: 'POST',
        path: blockPath(userId),
      },
      (tx) => hideBlockedMember(tx, userId),
    ),
  );
}

/** Queues an unblock of `userId` (after any block of theirs still queued). */
export function queueUnblock(userId: string, id: string = crypto.randomUUID(), database?: PaddockDb) {
  return offlineWrite(database, (db) =>
    queueWrite(db, {
      id,
      kind: TRUST_KINDS.unblock,
      entityId: blockEntity(userId),
      method: 'DELETE',
      path: blockPath(userId),
    }),
  );
}

/**
 * Blocks a member: kept on this device first (their things vanish at once), then sent; offline it
 * waits in the outbox. Rejects with the server's refusal (an unknown member) or a full disk.
 */
export function blockMember(userId: string, database?: PaddockDb): Promise<Outcome<BlockState>> {
  return queueAndAwait<BlockState>((id) => queueBlock(userId, id, database), database ? { database } : {});
}

export function unblockMember(userId: string, database?: PaddockDb): Promise<Outcome<BlockState>> {
  return queueAndAwait<BlockState>((id) => queueUnblock(userId, id, database), database ? { database } : {});
}
