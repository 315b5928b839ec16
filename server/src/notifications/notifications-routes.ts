import { IdParams } from '../../../src/contract/garage';
import * as contract from '../../../src/contract/notifications';
import type { NotificationsService } from './notifications-service';
import { ok, okPage, answer, memberRoutePlugin } from '../http/route-schemas';

/** Spec §7 "Notifications": the member's own only; another member's id answers 404. */
export const notificationsRoutes = memberRoutePlugin<{ notifications: NotificationsService }>(
  ['notifications'],
  (app, route, { notifications }) => {
    app.get(
      '/notifications',
      route('My notifications, newest first (meta: total and unreadCount)', {
        querystring: contract.NotificationListQuery,
        response: answer.list(contract.Notification, contract.NotificationListMeta, 400, 401),
      }),
      async (request) => okPage(request.query, await notifications.list(request.member.id, request.query)),
    );

    app.get(
      '/notifications/unread/count',
      route('How many of my notifications are unread (the bell)', {
        response: answer.item(contract.UnreadCount, 401),
      }),
      async (request) => ok({ count: await notifications.unreadCount(request.member.id) }),
    );

    app.put(
      '/notifications/read-all',
      route('Mark all my notifications read', {
        response: answer.item(contract.NotificationsReadAll, 401),
      }),
      async (request) => ok(await notifications.markAllRead(request.member.id)),
    );

    app.post(
      '/notifications/read-related',
      route('Mark read my notifications about an item I opened (a message, a request, a post…)', {
        description:
          'Marks read every unread notification of mine whose payload points at the item ' +
          '(relatedType selects the field: message → relatedMessageId, friend-request → ' +
          'relatedFriendRequestId, friend → relatedFriendId of `friend` notifications, post → ' +
          'relatedPostId, comment → relatedCommentId, chatroom → relatedChatRoomId, chatgroup → ' +
          'relatedChatGroupId, car → relatedCarId, car-log → relatedCarLogId). Answers the ids ' +
          'changed (none: nothing to do, not an error; an unknown or foreign id changes nothing) ' +
          'and the unread count; every socket of mine gets `notificationsRead` when some changed.',
        body: contract.NotificationsReadRelatedBody,
        response: answer.item(contract.NotificationsReadRelated, 400, 401),
      }),
      async (request) =>
        ok(
          await notifications.markRelatedRead(
            request.member.id,
            request.body.relatedType,
            request.body.relatedId,
          ),
        ),
    );

    app.get(
      '/notifications/:id',
      route('One of my notifications', {
        params: IdParams,
        response: answer.item(contract.Notification, 400, 401, 404),
      }),
      async (request) => ok(await notifications.get(request.member.id, request.params.id)),
    );

    app.put(
      '/notifications/:id/read',
      route('Mark one notification read (again: no change); answers it and the unread count', {
        params: IdParams,
        response: answer.item(contract.NotificationRead, 400, 401, 404),
      }),
      async (request) => ok(await notifications.markRead(request.member.id, request.params.id)),
    );

    app.delete(
      '/notifications/:id',
      route('Delete one of my notifications; answers the unread count after it', {
        params: IdParams,
        response: answer.item(contract.NotificationDeleted, 400, 401, 404),
      }),
      async (request) => ok(await notifications.remove(request.member.id, request.params.id)),
    );
  },
);
