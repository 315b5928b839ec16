// Notifications on the wire (spec §3 "Notification", §7 "Notifications"; docs/DESIGN-NOTES.md "Entities").
// A stored notification is also pushed over the socket as a `notification` event with the same id;
// realtime-only events carry the 36-dash id (REALTIME_ONLY_ID in ./socket-events) and are never
// listed here. Client code imports only the types from this file.
import { Type, type Static } from 'typebox';
import { pageMeta } from './envelope';
import { OFFSET_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';

// Nullable strings as JSON Schema type arrays (not anyOf), as in ./garage: Ajv's coercion would
// turn a null into "" before an anyOf's null branch is tried.
const relatedId = (what: string) =>
  Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], description: `The related ${what}` }));

/** An excerpt in a notification holds at most this many characters (then ends with "…"). */
export const NOTIFICATION_EXCERPT_MAX = 120;

/**
 * The ids a notification points at (spec §3); features may add small extra facts (e.g. `action`).
 * Stored notifications also say who did it (`actorId`) and what (`excerpt`); rows stored before
 * those existed lack them (the list then takes the actor from `relatedFriendId`).
 */
export const NotificationPayload = Type.Object(
  {
    actorId: relatedId('member who did it (the list joins their current name as `actor`)'),
    excerpt: Type.Optional(
      Type.Unsafe<string | null>({
        type: ['string', 'null'],
        maxLength: NOTIFICATION_EXCERPT_MAX,
        description:
          'Plain text, never HTML (show it as text): the start of the comment, of the liked post, ' +
          "the message's subject, the group's name",
      }),
    ),
    relatedMessageId: relatedId('private message'),
    relatedChatRoomId: relatedId('chat room'),
    relatedChatMessageId: relatedId('chat message'),
    relatedChatGroupId: relatedId('chat group'),
    relatedCarId: relatedId('car'),
    relatedCarLogId: relatedId('car log'),
    relatedPostId: relatedId('post'),
    relatedCommentId: relatedId('comment'),
    relatedFriendId: relatedId('member (friend request or friend)'),
    relatedFriendRequestId: relatedId('friend request'),
    relatedCarTransferId: relatedId('car transfer (car-transfer: a car offered to me, or my offer answered)'),
  },
  { additionalProperties: true },
);
export type NotificationPayload = Static<typeof NotificationPayload> & { [extra: string]: unknown };

/** Who did it, as they are named now (a renamed member shows their new name). */
export const NotificationActor = Type.Object({
  id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
});
export type NotificationActor = Static<typeof NotificationActor>;

export const Notification = Type.Object({
  id: Type.String(),
  type: Type.String({
    description:
      'Selects the client update stream (spec §4): message, chatroom, chatmessage, chatgroup, car, car log, post, comment, friend',
  }),
  jsonPayload: NotificationPayload,
  /**
   * Who did it; null when nobody did (a system notice) or the member is gone. The server always
   * sends it; optional in the type for entries a device cached before it existed.
   */
  actor: Type.Optional(Type.Union([NotificationActor, Type.Null()])),
  isRead: Type.Boolean(),
  createdAt: Type.String(),
});
export type Notification = Static<typeof Notification>;

export const NotificationListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT }),
  offset: Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0 }),
  unreadOnly: Type.Boolean({ default: false, description: 'As text: "true" or "false"' }),
});
export type NotificationListQuery = Static<typeof NotificationListQuery>;

/** `total`: how many the list has in all (with `unreadOnly`, the unread ones). */
export const NotificationListMeta = pageMeta({
  /** The member's unread notifications, whatever the filter (the bell's figure). */
  unreadCount: Type.Integer(),
});
export type NotificationListMeta = Static<typeof NotificationListMeta>;

export const UnreadCount = Type.Object({ count: Type.Integer() });
export type UnreadCount = Static<typeof UnreadCount>;

/** PUT /notifications/{id}/read: the notification and the unread count after it. */
export const NotificationRead = Type.Object({ notification: Notification, unreadCount: Type.Integer() });
export type NotificationRead = Static<typeof NotificationRead>;

/** PUT /notifications/read-all: how many changed (0 when all were read already). */
export const NotificationsReadAll = Type.Object({ updated: Type.Integer(), unreadCount: Type.Integer() });
export type NotificationsReadAll = Static<typeof NotificationsReadAll>;

/** DELETE answers the id and the unread count after it. */
export const NotificationDeleted = Type.Object({ id: Type.String(), unreadCount: Type.Integer() });
export type NotificationDeleted = Static<typeof NotificationDeleted>;

/**
 * What POST /notifications/read-related names, and the payload field it matches: opening an item
 * marks read every notification of mine that points at it.
 * - `friend`: the `friend` notifications about that member (request, acceptance), e.g. on their profile.
 * - `post`: every notification about the post (likes, comments and replies on it).
 */
export const NOTIFICATION_RELATED_FIELDS = {
  message: 'relatedMessageId',
  'friend-request': 'relatedFriendRequestId',
  friend: 'relatedFriendId',
  post: 'relatedPostId',
  comment: 'relatedCommentId',
  chatroom: 'relatedChatRoomId',
  chatgroup: 'relatedChatGroupId',
  car: 'relatedCarId',
  'car-log': 'relatedCarLogId',
} as const;
export type NotificationRelatedType = keyof typeof NOTIFICATION_RELATED_FIELDS;

export const NotificationsReadRelatedBody = Type.Object(
  {
    relatedType: Type.Unsafe<NotificationRelatedType>({
      type: 'string',
      enum: Object.keys(NOTIFICATION_RELATED_FIELDS),
      description: 'The kind of item opened',
    }),
    relatedId: Type.String({ format: 'uuid', description: 'Its id' }),
  },
  { additionalProperties: false },
);
export type NotificationsReadRelatedBody = Static<typeof NotificationsReadRelatedBody>;

/** POST /notifications/read-related: the ids it marked read (none when all were read) and the count after it. */
export const NotificationsReadRelated = Type.Object({
  ids: Type.Array(Type.String()),
  unreadCount: Type.Integer(),
});
export type NotificationsReadRelated = Static<typeof NotificationsReadRelated>;
