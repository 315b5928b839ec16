// Account settings on the wire: password, e-mail with a confirmation
// mail, notification preferences. The language lives on the profile (PUT /users/me). Client code
// imports only the types from this file.
import { Type, type Static } from 'typebox';
import { EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN } from './auth';

/** A confirmation link for a new e-mail address works this long, once. */
export const EMAIL_CHANGE_TTL_SECONDS = 24 * 3600;

/** Codes of the account-settings errors (also in the envelope's ERROR_CODES). */
export const ACCOUNT_ERROR_CODES = {
  /** The current password given is wrong (or the account has none: set one with forgot-password). */
  invalidCurrentPassword: 'INVALID_CURRENT_PASSWORD',
  /** The confirmation link is unknown, used, expired, or its address was taken meanwhile. */
  invalidEmailToken: 'INVALID_EMAIL_TOKEN',
  /** DELETE /users/me of an account without a password, signed in too long ago (403). */
  reauthenticationRequired: 'REAUTHENTICATION_REQUIRED',
} as const;

/**
 * DELETE /users/me of an account without a password (made through an outside provider): the
 * session must have been signed into this long ago at most (a fresh sign-in is the proof).
 */
export const ACCOUNT_DELETE_FRESH_SIGN_IN_SECONDS = 5 * 60;

/** GET /users/me/export is expensive: at most this many a member in an hour (then 429). */
export const ACCOUNT_EXPORTS_PER_HOUR = 3;

/** DELETE /users/me: the password (omitted or empty only for an account without one). */
export const DeleteAccountBody = Type.Object(
  { password: Type.Optional(Type.String({ maxLength: 1024 })) },
  { additionalProperties: false },
);
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

/** The account is deleted: every session ended, the e-mail address free again. */
export const AccountDeleted = Type.Object({ deleted: Type.Literal(true) });
export type AccountDeleted = Static<typeof AccountDeleted>;

/** PUT /users/me/password. `newPassword` follows the sign-up rules (length, not a common one). */
export const ChangePasswordBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
    newPassword: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** The password changed; `sessionsEnded` other devices were signed out (this one stays). */
export const ChangePasswordResult = Type.Object({
  message: Type.String(),
  sessionsEnded: Type.Integer(),
});
export type ChangePasswordResult = Static<typeof ChangePasswordResult>;

/** POST /users/me/email: mails a confirmation link to `newEmail`. */
export const ChangeEmailBody = Type.Object(
  {
    newEmail: Type.String({ pattern: EMAIL_PATTERN, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type ChangeEmailBody = Static<typeof ChangeEmailBody>;

/** POST /users/me/email/confirm: the token from the link (`/confirm-email?token=…`). */
export const ConfirmEmailBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 512 }) },
  { additionalProperties: false },
);
export type ConfirmEmailBody = Static<typeof ConfirmEmailBody>;

export const EmailChanged = Type.Object({ email: Type.String(), message: Type.String() });
export type EmailChanged = Static<typeof EmailChanged>;

/** Which stored notifications and which pushes a member gets (all true by default but pushLikes). */
export const NotificationPreferences = Type.Object({
  notifyLikes: Type.Boolean({ description: 'Someone liked my post' }),
  notifyComments: Type.Boolean({ description: 'A comment on my post, a reply to my comment' }),
  notifyFriendRequests: Type.Boolean({ description: 'A friend request received or accepted' }),
  notifyMessages: Type.Boolean({ description: 'A private message received' }),
  notifyChat: Type.Boolean({ description: 'Added to a chat group' }),
  // Web Push to my devices, per kind of event (never for my own action).
  pushMessages: Type.Boolean({ description: 'Push: a private message' }),
  pushChat: Type.Boolean({ description: 'Push: a chat line in a group, a room or a direct chat I am in' }),
  pushFriendRequests: Type.Boolean({ description: 'Push: a friend request received or accepted' }),
  pushComments: Type.Boolean({ description: 'Push: a comment on my post, a reply to my comment' }),
  pushLikes: Type.Boolean({ description: 'Push: a like on my post (off by default)' }),
  pushMentions: Type.Boolean({
    description: 'Push: a member mentioned me (@username) in a post or a comment',
  }),
  pushCars: Type.Boolean({
    description:
      'Push: an invitation to a shared car, a sale offer or its answer, a new log on a car shared with me',
  }),
  pushReminders: Type.Boolean({ description: 'Push: a reminder due soon or overdue' }),
  pushPreviews: Type.Boolean({ description: "A private message's push shows its first line" }),
});
export type NotificationPreferences = Static<typeof NotificationPreferences>;
export type NotificationPreferenceKey = keyof NotificationPreferences;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  notifyLikes: true,
  notifyComments: true,
  notifyFriendRequests: true,
  notifyMessages: true,
  notifyChat: true,
  pushMessages: true,
  pushChat: true,
  pushFriendRequests: true,
  pushComments: true,
  pushLikes: false,
  pushMentions: true,
  pushCars: true,
  pushReminders: true,
  pushPreviews: true,
};

/** PUT /users/me/preferences: the fields it carries change; it answers them all. */
export const NotificationPreferencesUpdate = Type.Partial(NotificationPreferences, {
  additionalProperties: false,
});
export type NotificationPreferencesUpdate = Static<typeof NotificationPreferencesUpdate>;

/** Who may send me a private message: my friends (the default) or any member (docs/SPEC-NOTES.md "Trust"). */
export const MessagesFrom = Type.Union([Type.Literal('friends'), Type.Literal('everyone')], {
  description:
    'Who may send me a private message: `friends` (default) or `everyone`; never a member I blocked or who blocked me',
});
export type MessagesFrom = Static<typeof MessagesFrom>;
export const DEFAULT_MESSAGES_FROM: MessagesFrom = 'friends';

/** GET /users/me/preferences: the notification switches and the privacy settings. */
export const MemberPreferences = Type.Object({
  ...NotificationPreferences.properties,
  messagesFrom: MessagesFrom,
});
export type MemberPreferences = Static<typeof MemberPreferences>;

/** PUT /users/me/preferences: the fields it carries change; it answers them all. */
export const MemberPreferencesUpdate = Type.Partial(MemberPreferences, { additionalProperties: false });
export type MemberPreferencesUpdate = Static<typeof MemberPreferencesUpdate>;

/**
 * The preference that governs a stored notification of this type (and `action`), or null when
 * none does. A notification turned off is neither stored nor counted; the update it carries still
 * reaches the member's open screens as a realtime-only event.
 */
export function preferenceFor(type: string, action: unknown): NotificationPreferenceKey | null {
  switch (type) {
    case 'post':
      return action === 'liked' ? 'notifyLikes' : null;
    case 'comment':
      return 'notifyComments';
    case 'friend':
      return 'notifyFriendRequests';
    case 'message':
      return 'notifyMessages';
    case 'chatgroup':
    case 'chatroom':
    case 'chatmessage':
      return 'notifyChat';
    default:
      return null;
  }
}
