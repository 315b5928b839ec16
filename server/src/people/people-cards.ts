// Rows to the shapes of src/contract/people.ts. What a card shows never depends on who asks; the
// friendship state does.
import type { Friend, Friendship, PersonCard, Profile } from '../../../src/contract/people';
import type { Relation } from './friends-repository';
import type { UserRow } from './people-repository';

export function friendshipOf(memberId: string, otherId: string, relation: Relation | undefined): Friendship {
  if (memberId === otherId) return { status: 'self', requestId: null };
  if (relation?.friends) return { status: 'friends', requestId: null };
  const pending = relation?.pending;
  if (pending)
    return {
      status: pending.sender_id === memberId ? 'requestSent' : 'requestReceived',
      requestId: pending.id,
    };
  return { status: 'none', requestId: null };
}

const cardOf = (row: UserRow) => ({
  id: row.id,
  username: row.username,
  firstName: row.first_name,
  lastName: row.last_name,
  avatar: row.avatar,
  city: row.city,
});

export const toPersonCard = (row: UserRow, friendship: Friendship): PersonCard => ({
  ...cardOf(row),
  friendship,
});

/** Bio and e-mail are for friends (and the member): everyone else gets null. */
export function toProfile(row: UserRow, friendship: Friendship): Profile {
  const close = friendship.status === 'friends' || friendship.status === 'self';
  return {
    ...cardOf(row),
    friendship,
    bio: close ? row.bio : null,
    email: close ? row.email : null,
    createdAt: row.created_at,
  };
}

export const toFriend = (row: UserRow & { friends_since: string }): Friend => ({
  ...cardOf(row),
  email: row.email,
  friendsSince: row.friends_since,
});
