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
// - `type` selects the client's update stream: one of NOTIFICATION_TYPES in
//   src/contract/socket-events.ts. A new feature with a new stream adds its type there (the client
//   routes on it); `jsonPayload` carries the related ids the spec names (relatedMessageId,
//   relatedFriendId, relatedPostId, …) and may add small facts such as `action`; never secrets.
// - A push that fails (no socket server, Redis down) is logged and never fails the caller.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Notification } from '../../../src/contract/notifications';
import {
  REALTIME_ONLY_ID,
  type NotificationEvent,
  type NotificationPayload,
  type NotificationType,
} from '../../../src/contract/socket-events';
import { notFound } from '../http/errors';
import { notificationsRepository, type NotificationsRepository } from './notifications-repository';

export interface NewNotification {
  type: NotificationType;
  jsonPayload: NotificationPayload;
}

/** Sends one event to every socket of a member (app.realtime.notify, or nothing in a slim test app). */
export type Push = (memberId: string, event: NotificationEvent) => void;

interface Deps {
  notifications: NotificationsRepository;
  push: Push;
  now?: () => Date;
}

export function createNotificationsService({ notifications, push, now = () => new Date() }: Deps) {
  /** The member's own notification; another member's id answers 404 like an unknown one. */
  async function get(memberId: string, id: string): Promise<Notification> {
    const found = await notifications.find(memberId, id);
    if (!found) throw notFound('Notification');
    return found;
  }

  return {
    /** Stores the notification and pushes it with its stored id; answers it. */
    async create(memberId: string, { type, jsonPayload }: NewNotification): Promise<Notification> {
      const notification: Notification = {
        id: randomUUID(),
        type,
        jsonPayload,
        isRead: false,
        createdAt: now().toISOString(),
      };
      await notifications.insert(memberId, notification);
      push(memberId, notification);
      return notification;
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
      await notifications.markRead(memberId, id);
      const notification = await get(memberId, id);
      return { notification, unreadCount: await notifications.unreadCount(memberId) };
    },

    async markAllRead(memberId: string): Promise<{ updated: number; unreadCount: number }> {
      const updated = await notifications.markAllRead(memberId);
      return { updated, unreadCount: await notifications.unreadCount(memberId) };
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
    });
    services.set(app.db, service);
  }
  return service;
}
