// Spec §4 "Recipient modal": filtering is client-side, a case-insensitive substring over first
// name, last name, username or e-mail, ignoring accents too ("eleonore" finds "Éléonore"); a blank
// search shows everyone.
import type { Friend } from '@/contract/people';
import { foldText } from '@/lib/text/fold-text';

type Searchable = Pick<Friend, 'firstName' | 'lastName' | 'username' | 'email'>;

export function filterFriends<T extends Searchable>(friends: readonly T[], search: string): T[] {
  const needle = foldText(search.trim());
  if (!needle) return [...friends];
  return friends.filter((friend) =>
    [friend.firstName, friend.lastName, friend.username, friend.email].some((field) =>
      foldText(field ?? '').includes(needle),
    ),
  );
}

/** Spec §2: the @username line shows only when the username differs from the e-mail. */
export function usernameLine(friend: Pick<Friend, 'username' | 'email'>): string | null {
  return friend.username && friend.username !== friend.email ? `@${friend.username}` : null;
}

/** The initial an avatar shows (src/lib/text/display-name.ts). */
export { initialOf } from '@/lib/text/display-name';
