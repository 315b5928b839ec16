// Spec §4 notification routing: the notification's type text picks the update stream; a
// notification with a stored id (not the 36-dash realtime-only id) also fires 'notification'.
import {
  REALTIME_ONLY_ID,
  type ChatTypingEvent,
  type NotificationEvent,
  type NotificationType,
  type NotificationsReadEvent,
  type PostUpdatedEvent,
} from '@/contract/socket-events';

export type StreamName =
  | 'notification'
  | 'message'
  | 'chatroom'
  | 'chatmessage'
  | 'chatgroup'
  | 'car'
  | 'carLog'
  | 'post'
  | 'comment'
  | 'friend'
  | 'reminder'
  | 'postUpdated'
  | 'chatTyping'
  | 'notificationsRead';
export type StreamEvent<S extends StreamName> = S extends 'postUpdated'
  ? PostUpdatedEvent
  : S extends 'chatTyping'
    ? ChatTypingEvent
    : S extends 'notificationsRead'
      ? NotificationsReadEvent
      : NotificationEvent;
type AnyEvent = NotificationEvent | PostUpdatedEvent | ChatTypingEvent | NotificationsReadEvent;
type AnyListener = (event: AnyEvent) => void;

export const STREAM_BY_TYPE: Record<NotificationType, StreamName> = {
  message: 'message',
  chatroom: 'chatroom',
  chatmessage: 'chatmessage',
  chatgroup: 'chatgroup',
  car: 'car',
  'car log': 'carLog',
  post: 'post',
  comment: 'comment',
  friend: 'friend',
  reminder: 'reminder',
  // An invitation to share a car: the garage's car stream refreshes it.
  'car-invite': 'car',
  // A car offered to me, or my offer answered: the garage's car stream refreshes it.
  'car-transfer': 'car',
  // A moderation outcome (my content removed, a warning, my report closed): the feed refreshes.
  moderation: 'post',
  // A member mentioned me in a post or a comment: the feed refreshes (the post may be new to it).
  mention: 'post',
};

const listeners = new Map<StreamName, Set<AnyListener>>();

export function onStream<S extends StreamName>(
  stream: S,
  listener: (event: StreamEvent<S>) => void,
): () => void {
  const set = listeners.get(stream) ?? new Set<AnyListener>();
  listeners.set(stream, set);
  const wrapped = listener as AnyListener;
  set.add(wrapped);
  return () => set.delete(wrapped);
}

function fire(stream: StreamName, event: AnyEvent): void {
  listeners.get(stream)?.forEach((listener) => {
    try {
      listener(event);
    } catch (error) {
      console.error(`realtime listener for ${stream} failed`, error); // one bad screen must not stop the others
    }
  });
}

function isNotification(value: unknown): value is NotificationEvent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.type === 'string';
}

export function routeNotification(event: unknown): void {
  if (!isNotification(event)) return; // validate at the edge: ignore malformed pushes
  const normalised: NotificationEvent = {
    ...event,
    jsonPayload: typeof event.jsonPayload === 'object' && event.jsonPayload !== null ? event.jsonPayload : {},
  };
  const stream = (STREAM_BY_TYPE as Record<string, StreamName | undefined>)[normalised.type];
  if (stream) fire(stream, normalised);
  if (normalised.id !== REALTIME_ONLY_ID) fire('notification', normalised);
}

export function routePostUpdated(event: unknown): void {
  if (typeof event !== 'object' || event === null) return;
  const { postId, message } = event as Record<string, unknown>;
  if (typeof postId !== 'string') return;
  fire('postUpdated', { postId, message: typeof message === 'string' ? message : '' });
}

/** `chatTyping` (volatile): someone else types in a chat room I am in. */
export function routeChatTyping(event: unknown): void {
  if (typeof event !== 'object' || event === null) return;
  const { chatRoomId, userId } = event as Record<string, unknown>;
  if (typeof chatRoomId !== 'string' || typeof userId !== 'string') return;
  fire('chatTyping', { chatRoomId, userId });
}

/** `notificationsRead`: some of my notifications were read (another device, an item opened there). */
export function routeNotificationsRead(event: unknown): void {
  if (typeof event !== 'object' || event === null) return;
  const { ids, all, unreadCount } = event as Record<string, unknown>;
  if (typeof unreadCount !== 'number' || !Number.isFinite(unreadCount)) return;
  fire('notificationsRead', {
    ids: Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [],
    all: all === true,
    unreadCount: Math.max(0, unreadCount),
  });
}
