// The outbox entry kinds of the people feature: friendships, the profile's fields and picture, and
// the account's language (docs/OFFLINE-FIRST.md: every write goes through the outbox).
export const PEOPLE_KINDS = {
  friendRequest: 'friend.request',
  friendAnswer: 'friend.answer',
  friendCancel: 'friend.cancel',
  friendRemove: 'friend.remove',
  language: 'profile.language',
  profile: 'profile.update',
  avatar: 'profile.avatar',
} as const;

/** The language has its own row: a new choice replaces one not sent yet. */
export const LANGUAGE_ENTITY = 'account:language';

/** The profile's fields have their own row: a new save replaces one not sent yet. */
export const PROFILE_ENTITY = 'account:profile';

/** My picture has its own row (a new file, or its removal): a newer change replaces one not sent. */
export const AVATAR_ENTITY = 'account:avatar';
