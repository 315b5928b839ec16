// The signed-in member as a write's author (a message's or chat message's sender): the fields a
// row shows beside what they wrote, nothing more of the session.
import type { CurrentUser } from '@/contract/user';
import { sessionStore } from './session-store';

export type SignedInAuthor = Pick<CurrentUser, 'id' | 'username' | 'firstName' | 'lastName' | 'avatar'>;

/** Throws when no one is signed in: a write must not be queued without an author. */
export function signedInAuthor(): SignedInAuthor {
  const me = sessionStore.getState().user;
  if (!me) throw new Error('No signed-in member to send as');
  return {
    id: me.id,
    username: me.username,
    firstName: me.firstName,
    lastName: me.lastName,
    avatar: me.avatar,
  };
}
