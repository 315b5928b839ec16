import { DELETED_MEMBER_USERNAME_PREFIX } from '@/contract/constants';
import { translate } from '../i18n/core';

export const UNKNOWN_USER = 'Unknown User';
export const DELETED_MEMBER_KEY = 'PEOPLE.DELETED_MEMBER';

type Named = {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  email?: string | null;
};

/** Whether the server marks this author as a deleted account's tombstone. */
export const isDeletedMember = (user: Named | null | undefined): boolean =>
  !!user?.username?.startsWith(DELETED_MEMBER_USERNAME_PREFIX);

/**
 * Spec §3: "first last" trimmed, else the username, else the e-mail, else "Unknown User". A deleted
 * member (their messages, chat messages and comments stay with friends) is "Deleted member".
 */
export function displayName(user: Named | null | undefined): string {
  if (!user) return UNKNOWN_USER;
  if (isDeletedMember(user)) return translate(DELETED_MEMBER_KEY);
  const full = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();
  if (full) return full;
  if (user.username?.trim()) return user.username.trim();
  if (user.email?.trim()) return user.email.trim();
  return UNKNOWN_USER;
}

/** Spec §2: the upper-cased first letter of the display name (a whole character, not half an emoji). */
export function initialOf(user: Named | null | undefined): string {
  const [first = ''] = Array.from(displayName(user));
  return first.toLocaleUpperCase();
}
