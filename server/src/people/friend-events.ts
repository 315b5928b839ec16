// What friends are told. A request received and a request accepted are stored notifications of
// type 'friend' (they show in the bell); the other changes are realtime-only events (the 36-dash
// id), so that open lists refresh. `relatedFriendId` is always the other member's id.
import type { FastifyInstance } from 'fastify';
import { notificationsService } from '../notifications/notifications-service';

export type FriendAction = 'requested' | 'accepted' | 'declined' | 'cancelled' | 'removed';

export interface FriendEvent {
  /** The member the event is about, seen from the receiver: the other side. */
  relatedFriendId: string;
  relatedFriendRequestId?: string;
  action: FriendAction;
}

export interface FriendNotify {
  /** Stored and pushed: it shows in the receiver's notifications. */
  stored(memberId: string, event: FriendEvent): Promise<void>;
  /** Pushed only. */
  live(memberId: string, event: FriendEvent): void;
  /** The member answered (or was answered) this request: its notifications of theirs are read. */
  requestSettled(memberId: string, requestId: string): Promise<void>;
  /** What these members may read changed: their sockets leave the post rooms they lost. */
  accessChanged(memberIds: string[]): void;
}

/** Through the notifications service; a failure is logged and never fails the change told. */
export function friendNotifier(app: FastifyInstance): FriendNotify {
  const notifications = notificationsService(app);
  const payload = ({ relatedFriendId, relatedFriendRequestId, action }: FriendEvent) => ({
    relatedFriendId,
    ...(relatedFriendRequestId ? { relatedFriendRequestId } : {}),
    action,
  });
  return {
    async stored(memberId, event) {
      try {
        // The other side did it: they asked, or they accepted.
        await notifications.create(memberId, {
          type: 'friend',
          jsonPayload: { ...payload(event), actorId: event.relatedFriendId },
        });
      } catch (err) {
        app.log.warn({ err, action: event.action }, 'friend notification failed');
      }
    },
    live(memberId, event) {
      try {
        notifications.createRealtimeOnly(memberId, { type: 'friend', jsonPayload: payload(event) });
      } catch (err) {
        app.log.warn({ err, action: event.action }, 'friend event failed');
      }
    },
    requestSettled: (memberId, requestId) =>
      notifications.readRelatedQuietly(memberId, 'friend-request', requestId),
    accessChanged(memberIds) {
      for (const memberId of memberIds)
        app.realtime
          .revalidatePostRooms(memberId)
          .catch((err: unknown) => app.log.warn({ err }, 'post rooms check failed'));
    },
  };
}
