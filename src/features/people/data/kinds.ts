// The outbox entry kinds of the people feature: friendships, the profile and the account's language
// (docs/OFFLINE-FIRST.md: every write goes through the outbox).
export const PEOPLE_KINDS = {
  friendRequest: 'friend.request',
  friendAnswer: 'friend.answer',
  friendCancel: 'friend.cancel',
  friendRemove: 'friend.remove',
  profileUpdate: 'profile.update',
  profileAvatar: 'profile.avatar',
  language: 'profile.language',
} as const;

/** The row the account's writes are queued under: one at a time, in the member's order. */
export const ACCOUNT_ENTITY = 'account:me';
/** The language has its own row: a new choice replaces one not sent yet. */
export const LANGUAGE_ENTITY = 'account:language';
