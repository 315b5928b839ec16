// Notifications: stored for the member, and pushed to their sockets.
//
// How a feature tells a member something (README):
//   const notifications = notificationsService(app);   // once, where the feature builds its service
//   await notifications.create(memberId, { type: 'friend', jsonPayload: { relatedFriendId: requesterId } });
//   notifications.createRealtimeOnly(memberId, { type: 'car', jsonPayload: { relatedCarId, action } });
// - `create` stores the notification (it shows in GET /notifications and counts in the bell) and
//   pushes it over the socket with its stored id, so the client fires both its type's update stream
//   and its notification stream (spec §4). Call it after the change it announces is committed.
// - `createRealtimeOnly` only pushes, with the 36-dash id: "something changed, refresh", nothing
//   to list (e.g. another device of the same member read a message).
// - `markRelatedRead(memberId, 'message', messageId)`: where a feature's own read action happens
//   (a message read, a friend request answered, a chat room read), the notifications about that
//   item are read too. Every read (one, all, related) is told to all the member's sockets as a
//   `notificationsRead` event (ids and the new unread count), so every bell agrees.
// - `type` selects the client's update stream: one of NOTIFICATION_TYPES in
//   src/contract/socket-events.ts. A new feature with a new stream adds its type there (the client
//   routes on it); `jsonPayload` carries the related ids the spec names (relatedMessageId,
//   relatedFriendId, relatedPostId, …) and may add small facts such as `action`; never secrets.
//   A stored notification also says who did it (`actorId`: the list and the push join their
//   current name as `actor`) and what (`excerpt`: excerptOf(text) from ./excerpt, plain text).
// - `createQuietly` is `create` for a side effect: a failure is logged, never thrown.
// - A push that fails (no socket server, Redis down) is logged and never fails the caller.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  NOTIFICATION_RELATED_FIELDS,
  type Notification,
  type NotificationRelatedType,
  type NotificationsReadRelated,
} from '../../../src/contract/notifications';
import {
  REALTIME_ONLY_ID,
  type NotificationEvent,
  type NotificationPayload,
  type NotificationsReadEvent,
  type NotificationType,
} from '../../../src/contract/socket-events';
import { preferenceFor } from '../../../src/contract/account';
import { accountRepository } from '../account/account-repository';
import { socialPushOf } from '../push/social-push';
import { notFound, foundOr404 } from '../http/errors';
import { notificationsRepository, type NotificationsRepository } from './notifications-repository';
import { blockedEitherWay, hasMuted } from '../trust/trust-checks-repository';
import type { Db } from '../db/database';

export interface NewNotification {
  type: NotificationType;
  jsonPayload: NotificationPayload;
}

/** Sends one event to every socket of a member (app.realtime.notify, or nothing in a slim test app). */
export type Push = (memberId: string, event: NotificationEvent) => void;

/** Tells every socket of a member that some of their notifications were read. */
export type TellRead = (memberId: string, event: NotificationsReadEvent) => void;

interface Deps {
  notifications: NotificationsRepository;
  push: Push;
  tellRead?: TellRead;
  /** Whether the member wants this notification stored (their preferences); true by default. */
  allows?: (memberId: string, notification: NewNotification) => Promise<boolean>;
  /**
   * What the member's blocks and mutes make of a notification from its actor (server/src/trust):
   * 'drop' (blocked either way: nothing stored, nothing pushed), 'quiet' (muted: pushed
   * realtime-only, like a type turned off), or null.
   */
  screen?: (memberId: string, notification: NewNotification) => Promise<'drop' | 'quiet' | null>;
  /**
   * Hands a social event to the member's devices as a Web Push (server/src/push/social-push.ts
   * decides: the member's push switches, own actions, muted rooms, the throttle). Never throws.
   */
  reach?: (memberId: string, notification: NewNotification) => void;
  /** Logs what a feature's side effect could not do (see `readRelatedQuietly`). */
  warn?: (err: unknown, message: string) => void;
  now?: () => Date;
}

export function createNotificationsService({
  notifications,
  push,
  tellRead = () => undefined,
  allows = async () => true,
  screen = async () => null,
  reach = () => undefined,
  warn = () => undefined,
  now = () => new Date(),
}: Deps) {
  /** The member's own notification; another member's id answers 404 like an unknown one. */
  async function get(memberId: string, id: string): Promise<Notification> {
    return foundOr404(await notifications.find(memberId, id), 'Notification');
  }

  /**
   * Stores the notification and pushes it with its stored id; answers it. A type the member turned
   * off (GET /users/me/preferences) is pushed realtime-only instead, so that open screens still
   * refresh, and answered with the 36-dash id: nothing stored, nothing counted.
   */
  async function create(memberId: string, { type, jsonPayload }: NewNotification): Promise<Notification> {
    const screened = await screen(memberId, { type, jsonPayload });
    // The push has its own switches: a notification kept out of the bell may still be pushed,
    // but never one from a member blocked or muted (server/src/trust).
    if (screened === null) reach(memberId, { type, jsonPayload });
    if (screened !== null || !(await allows(memberId, { type, jsonPayload }))) {
      const event = { id: REALTIME_ONLY_ID, type, jsonPayload, createdAt: now().toISOString() };
      if (screened !== 'drop') push(memberId, event);
      return { ...event, actor: null, isRead: false };
    }
    const notification: Notification = {
      id: randomUUID(),
      type,
      jsonPayload,
      actor: null,
      isRead: false,
      createdAt: now().toISOString(),
    };
    await notifications.insert(memberId, notification);
    notification.actor = await notifications.actor(jsonPayload).catch(() => null);
    push(memberId, notification);
    return notification;
  }

  /**
   * Marks read my notifications about an item (opened on some device, or read through its own
   * action); answers the ids changed and the count after. `friend` matches only `friend`
   * notifications (the member's id is also the actor of messages, likes and comments).
   */
  async function markRelatedRead(
    memberId: string,
    relatedType: NotificationRelatedType,
    relatedId: string,
  ): Promise<NotificationsReadRelated> {
    const field = NOTIFICATION_RELATED_FIELDS[relatedType];
    const ids = await notifications.markRelatedRead(
      memberId,
      field,
      relatedId,
      relatedType === 'friend' ? 'friend' : undefined,
    );
    const unreadCount = await notifications.unreadCount(memberId);
    if (ids.length > 0) tellRead(memberId, { ids, all: false, unreadCount });
    return { ids, unreadCount };
  }

  return {
    create,

    /** `create` for a feature's side effect: a failure is logged, never thrown. */
    async createQuietly(memberId: string, notification: NewNotification): Promise<void> {
      try {
        await create(memberId, notification);
      } catch (err) {
        warn(err, `${notification.type} notification not stored`);
      }
    },

    /**
     * A social event that is not stored (a chat line, a new log on a shared car) handed to the
     * member's devices as a Web Push, when their switches allow it.
     */
    reach(memberId: string, notification: NewNotification): void {
      reach(memberId, notification);
    },

    /** Pushes an event that is not stored: its id is the 36-dash REALTIME_ONLY_ID. */
    createRealtimeOnly(memberId: string, { type, jsonPayload }: NewNotification): void {
      push(memberId, { id: REALTIME_ONLY_ID, type, jsonPayload, createdAt: now().toISOString() });
    },

    list(memberId: string, query: { limit: number; offset: number; unreadOnly: boolean }) {
      return notifications.list(memberId, query);
    },

    get,

    /** Marking a read notification again changes nothing and answers the same. */
    async markRead(
      memberId: string,
      id: string,
    ): Promise<{ notification: Notification; unreadCount: number }> {
      const changed = await notifications.markRead(memberId, id);
      const notification = await get(memberId, id);
      const unreadCount = await notifications.unreadCount(memberId);
      if (changed) tellRead(memberId, { ids: [id], all: false, unreadCount });
      return { notification, unreadCount };
    },

    async markAllRead(memberId: string): Promise<{ updated: number; unreadCount: number }> {
      const updated = await notifications.markAllRead(memberId);
      const unreadCount = await notifications.unreadCount(memberId);
      if (updated > 0) tellRead(memberId, { ids: [], all: true, unreadCount });
      return { updated, unreadCount };
    },

    /**
     * Marks read my notifications about an item (opened on some device, or read through its own
     * action); answers the ids changed and the count after. `friend` matches only `friend`
     * notifications (the member's id is also the actor of messages, likes and comments).
     */
    markRelatedRead,

    /** markRelatedRead for a feature's own read action: a failure is logged, never thrown. */
    async readRelatedQuietly(
      memberId: string,
      relatedType: NotificationRelatedType,
      relatedId: string,
    ): Promise<void> {
      try {
        await markRelatedRead(memberId, relatedType, relatedId);
      } catch (err) {
        warn(err, 'related notifications not marked read');
      }
    },

    async remove(memberId: string, id: string): Promise<{ id: string; unreadCount: number }> {
      if (!(await notifications.delete(memberId, id))) throw notFound('Notification');
      return { id, unreadCount: await notifications.unreadCount(memberId) };
    },

    unreadCount(memberId: string): Promise<number> {
      return notifications.unreadCount(memberId);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** Pushes through app.realtime when the app has it; a failed push is logged, never thrown. */
export function realtimePush(app: FastifyInstance): Push {
  return (memberId, event) => {
    if (!app.hasDecorator('realtime')) return;
    try {
      app.realtime.notify(memberId, event);
    } catch (err) {
      app.log.warn({ err, type: event.type }, 'notification push failed');
    }
  };
}

/** The member's notification preferences decide; a type no preference governs is always stored. */
export function preferencesAllow(
  preferences: (memberId: string) => Promise<Record<string, boolean>>,
): NonNullable<Deps['allows']> {
  return async (memberId, { type, jsonPayload }) => {
    const key = preferenceFor(type, jsonPayload.action);
    return key === null || (await preferences(memberId))[key] !== false;
  };
}

/** Blocks drop what the actor does; mutes quiet their likes and comments (docs/SPEC-NOTES.md "Trust"). */
export function trustScreen(db: Db['kysely']): NonNullable<Deps['screen']> {
  return async (memberId, { type, jsonPayload }) => {
    const actor = typeof jsonPayload.actorId === 'string' ? jsonPayload.actorId : null;
    if (!actor || actor === memberId) return null;
    if (await blockedEitherWay(db, memberId, actor)) return 'drop';
    const likeOrComment = type === 'comment' || (type === 'post' && jsonPayload.action === 'liked');
    return likeOrComment && (await hasMuted(db, memberId, actor)) ? 'quiet' : null;
  };
}

/** Emits `notificationsRead` to the member's sockets when the app has them; never throws. */
export function realtimeTellRead(app: FastifyInstance): TellRead {
  return (memberId, event) => {
    if (!app.hasDecorator('realtime')) return;
    try {
      app.realtime.toMember(memberId).emit('notificationsRead', event);
    } catch (err) {
      app.log.warn({ err }, 'notifications read event failed');
    }
  };
}

// One per database (every plugin scope of an app shares the root's `db`), whichever scope asks first.
const services = new WeakMap<object, NotificationsService>();

/**
 * The notifications service of this app. Features call it where they build their own service:
 * `notificationsService(app).create(memberId, …)`.
 */
export function notificationsService(app: FastifyInstance): NotificationsService {
  let service = services.get(app.db);
  if (!service) {
    service = createNotificationsService({
      notifications: notificationsRepository(app.db.kysely),
      push: realtimePush(app),
      tellRead: realtimeTellRead(app),
      allows: preferencesAllow(accountRepository(app.db.kysely).preferences),
      screen: trustScreen(app.db.kysely),
      reach: (memberId, notification) => {
        const social = socialPushOf(app.db);
        if (social)
          void social
            .reach(memberId, notification)
            .catch((err: unknown) => app.log.warn({ err }, 'push not sent'));
      },
      warn: (err, message) => app.log.warn({ err }, message),
    });
    services.set(app.db, service);
  }
  return service;
}
