// The tables of migration 0007_friends, added to the shared Kysely `Database` type from here so
// that the feature keeps its tables beside its code (as server/src/notifications does).
import type { Selectable } from 'kysely';

/** One direction of a friendship: every friendship has both rows. */
export interface FriendshipsTable {
  member_id: string;
  friend_id: string;
  created_at: string;
}

export type FriendRequestStatusValue = 'pending' | 'accepted' | 'declined' | 'cancelled';

export interface FriendRequestsTable {
  id: string;
  sender_id: string;
  recipient_id: string;
  /** The two member ids in sorted order, joined by ':' (one pending request per pair). */
  pair_key: string;
  status: FriendRequestStatusValue;
  created_at: string;
  responded_at: string | null;
}

export type FriendRequestRow = Selectable<FriendRequestsTable>;

declare module '../db/schema' {
  interface Database {
    friendships: FriendshipsTable;
    friend_requests: FriendRequestsTable;
  }
}

export const pairKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);
