// The realtime contract: one typed event map for socket.io, shared by client and server.
// Plain types only, so the client bundle pays nothing for it.

/** An id made of 36 dashes marks a realtime event that has no stored notification (spec §3). */
export const REALTIME_ONLY_ID = '-'.repeat(36);

export const NOTIFICATION_TYPES = [
  'message',
  'chatroom',
  'chatmessage',
  'chatgroup',
  'car',
  'car log',
  'post',
  'comment',
  'friend',
  'reminder',
  'car-invite',
  'car-transfer',
  'moderation',
  // A member mentioned me (@username) in a post or a comment (docs/SPEC-NOTES.md "Hashtags and mentions").
  'mention',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationPayload {
  /** The member who did it (stored notifications; the list and the push name them in `actor`). */
  actorId?: string | null;
  /** Plain text (never HTML): the start of the comment, post, subject or group name. */
  excerpt?: string | null;
  relatedMessageId?: string | null;
  relatedChatRoomId?: string | null;
  relatedChatMessageId?: string | null;
  relatedChatGroupId?: string | null;
  relatedCarId?: string | null;
  relatedCarLogId?: string | null;
  relatedPostId?: string | null;
  relatedCommentId?: string | null;
  relatedFriendId?: string | null;
  relatedFriendRequestId?: string | null;
  /** `reminder`: the reminder whose state became `state` ('soon' or 'overdue'). */
  relatedReminderId?: string | null;
  /** Extra facts for the receiver (e.g. `action: "deleted"`); never secrets. */
  [extra: string]: unknown;
}

/** Who did it, as GET /notifications names them. */
export interface NotificationActor {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
}

export interface NotificationEvent {
  id: string;
  type: NotificationType | (string & {});
  jsonPayload: NotificationPayload;
  /** Stored notifications: who did it (null when nobody or unknown). Realtime-only events lack it. */
  actor?: NotificationActor | null;
  isRead?: boolean;
  createdAt: string;
}

/**
 * Some of my notifications were read (on another device, or because their item was opened there:
 * a message read, a friend request answered, a chat room read). Realtime-only, to every socket of
 * the member: mark `ids` read in cached lists (all of them when `all`) and show `unreadCount`.
 */
export interface NotificationsReadEvent {
  ids: string[];
  /** Read-all: every notification up to now is read. */
  all: boolean;
  /** The member's unread notifications after the change (the bell's figure). */
  unreadCount: number;
}

export interface PostUpdatedEvent {
  postId: string;
  message: string;
}

/**
 * Someone else is typing in a chat room I am in (volatile: may be dropped). Show it for
 * CHAT_TYPING_TTL_MS after the last one (src/contract/constants.ts).
 */
export interface ChatTypingEvent {
  chatRoomId: string;
  userId: string;
}

export interface ServerToClientEvents {
  notification: (event: NotificationEvent) => void;
  notificationsRead: (event: NotificationsReadEvent) => void;
  postUpdated: (event: PostUpdatedEvent) => void;
  chatTyping: (event: ChatTypingEvent) => void;
}

export interface ClientToServerEvents {
  join_post: (postId: string) => void;
  leave_post: (postId: string) => void;
  /**
   * I am typing in this chat room (its id). Relayed as `chatTyping` to the room's other
   * participants; ignored from a non-participant and when sent more often than
   * CHAT_TYPING_MIN_INTERVAL_MS per room.
   */
  chat_typing: (chatRoomId: string) => void;
}

/** What the handshake carries: `io(url, { auth: { token } })`. */
export interface SocketAuth {
  token: string;
}

/** The server refuses a handshake with an Error whose message contains this text (spec §4). */
export const SOCKET_AUTH_ERROR = 'Authentication error';

/**
 * The server could not check the token (its database is unreachable): not a verdict on the token,
 * so the client keeps its session and connects again later (with backoff).
 */
export const SOCKET_UNAVAILABLE_ERROR = 'Service unavailable';
