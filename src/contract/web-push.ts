// What every Web Push message carries (docs/ARCHITECTURE.md server "push/"): Declarative Web Push
// JSON, so that a browser that reads it (Safari 18.4+) shows it without the service worker, and the
// service worker (sw/sw-rules.ts) shows the same object everywhere else.

/** The magic number that marks a declarative push message. */
export const DECLARATIVE_WEB_PUSH = 8030;

export interface PushNotificationFields {
  /** Who did what, in the member's language ("Ben vous a écrit"). */
  title: string;
  /** The first line of a message, the post's start, the car's name… ('' when none). */
  body: string;
  /** A path of the app that opens the thing itself (the conversation, the room, the post…). */
  navigate: string;
  /** One per conversation (private messages: per pair of members), room, post, reminder…: a newer
   * push replaces the older one on the device. */
  tag: string;
  /** The member's unread count: unread notifications plus unread private messages. */
  app_badge: number;
}

export interface DeclarativePushMessage {
  web_push: typeof DECLARATIVE_WEB_PUSH;
  notification: PushNotificationFields;
}

/** The kinds of push a member switches on or off, each with its preference (src/contract/account.ts). */
export const PUSH_KINDS = [
  'messages',
  'chat',
  'friendRequests',
  'comments',
  'likes',
  'cars',
  'reminders',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** How long a chat room may be muted: 8 hours, a week, or until unmuted. */
export const CHAT_MUTE_DURATIONS = ['8h', 'week', 'forever'] as const;
export type ChatMuteDuration = (typeof CHAT_MUTE_DURATIONS)[number];

/** `mutedUntil` of a room muted until unmuted. */
export const CHAT_MUTED_FOREVER = '9999-12-31T23:59:59.999Z';

/** At most one push per member and tag in this window (the first at once, the rest at its end). */
export const PUSH_TAG_WINDOW_MS = 60_000;
