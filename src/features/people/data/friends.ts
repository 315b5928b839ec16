// Friendship writes through the outbox (like every other write, they work offline).
// Each is queued under the other member's row (`person:<id>`), so a request and its cancel made
// offline go in order; a request carries its client id, which becomes the request's id on the
// server, so it can be cancelled before it was ever sent.
import type { Friendship } from '@/contract/people';
import { localDb, type PaddockDb } from '@/lib/db';
import { offlineWrite, queueWrite } from '@/lib/offline/write';
import type { OutboxEntry } from '@/lib/outbox';
import { PEOPLE_KINDS } from './kinds';

export const personEntity = (userId: string) => `person:${userId}`;

export type FriendAction = 'accept' | 'decline';

export function queueFriendRequest(userId: string, id: string, database?: PaddockDb) {
  return offlineWrite(database, (db) =>
    queueWrite(db, {
      id,
      kind: PEOPLE_KINDS.friendRequest,
      entityId: personEntity(userId),
      method: 'POST',
      path: '/friends/request',
      // The client id: a repeat answers the same request, and it is the request's id.
      body: { type: 'json', json: { userId, id } },
    }),
  );
}

export function queueFriendAnswer(
  requestId: string,
  userId: string,
  action: FriendAction,
  id: string,
  database?: PaddockDb,
) {
  return offlineWrite(database, (db) =>
    queueWrite(db, {
      id,
      kind: PEOPLE_KINDS.friendAnswer,
      entityId: personEntity(userId),
      method: 'PUT',
      path: `/friends/request/${encodeURIComponent(requestId)}`,
      body: { type: 'json', json: { action } },
    }),
  );
}

export function queueFriendCancel(requestId: string, userId: string, id: string, database?: PaddockDb) {
  return offlineWrite(database, (db) =>
    queueWrite(db, {
      id,
      kind: PEOPLE_KINDS.friendCancel,
      entityId: personEntity(userId),
      method: 'DELETE',
      path: `/friends/request/${encodeURIComponent(requestId)}`,
    }),
  );
}

export function queueFriendRemove(userId: string, id: string, database?: PaddockDb) {
  return offlineWrite(database, (db) =>
    queueWrite(db, {
      id,
      kind: PEOPLE_KINDS.friendRemove,
      entityId: personEntity(userId),
      method: 'DELETE',
      path: `/friends/${encodeURIComponent(userId)}`,
    }),
  );
}

/** What the queued friendship writes change, for the lists fetched before they are sent. */
export interface PendingFriendWrites {
  /** Where I will stand with each member once they are sent. */
  friendship: Map<string, Friendship>;
  /** Requests answered or cancelled. */
  closedRequests: Set<string>;
  /** Friends removed. */
  removedFriends: Set<string>;
}

const FRIEND_KINDS: string[] = [
  PEOPLE_KINDS.friendRequest,
  PEOPLE_KINDS.friendAnswer,
  PEOPLE_KINDS.friendCancel,
  PEOPLE_KINDS.friendRemove,
];

const requestIdOf = (entry: OutboxEntry) => decodeURIComponent(entry.path.split('/').pop() ?? '');

export function pendingFrom(entries: OutboxEntry[]): PendingFriendWrites {
  const pending: PendingFriendWrites = {
    friendship: new Map(),
    closedRequests: new Set(),
    removedFriends: new Set(),
  };
  // A refused write changes nothing: the server's state shows (the write waits under "needs attention").
  const live = entries.filter((e) => FRIEND_KINDS.includes(e.kind) && e.status !== 'failed');
  for (const entry of live.sort((a, b) => a.seq - b.seq)) {
    const userId = entry.entityId?.replace(/^person:/, '') ?? '';
    const json = entry.body?.type === 'json' ? (entry.body.json as Record<string, unknown>) : {};
    switch (entry.kind) {
      case PEOPLE_KINDS.friendRequest:
        pending.friendship.set(userId, { status: 'requestSent', requestId: String(json.id) });
        pending.removedFriends.delete(userId);
        break;
      case PEOPLE_KINDS.friendAnswer:
        pending.closedRequests.add(requestIdOf(entry));
        pending.friendship.set(userId, {
          status: json.action === 'accept' ? 'friends' : 'none',
          requestId: null,
        });
        break;
      case PEOPLE_KINDS.friendCancel:
        pending.closedRequests.add(requestIdOf(entry));
        pending.friendship.set(userId, { status: 'none', requestId: null });
        break;
      case PEOPLE_KINDS.friendRemove:
        pending.removedFriends.add(userId);
        pending.friendship.set(userId, { status: 'none', requestId: null });
        break;
    }
  }
  return pending;
}

/** The queued friendship writes; none when the device's database cannot be read. */
export async function pendingFriendWrites(database?: PaddockDb): Promise<PendingFriendWrites> {
  try {
    const db = database ?? (await localDb());
    return pendingFrom(await db.outbox.where('kind').anyOf(FRIEND_KINDS).toArray());
  } catch {
    return pendingFrom([]);
  }
}
