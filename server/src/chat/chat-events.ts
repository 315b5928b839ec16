// The chat's events (docs/ARCHITECTURE.md server "chat/"): realtime-only (36-dash id), so that chat
// does not flood the notification list; only being added to a group is stored (the bell tells the
// newcomer who added them to which group). A chat line is also pushed to the others' devices.
import type { ChatGroupAction, ChatRoomAction } from '../../../src/contract/constants';
import type { AttachedImage } from '../../../src/contract/posts';
import { excerptOf } from '../notifications/excerpt';
import type { NotificationsService } from '../notifications/notifications-service';

export type ChatNotifications = Pick<
  NotificationsService,
  'createQuietly' | 'createRealtimeOnly' | 'readRelatedQuietly' | 'reach'
>;

export function chatEvents(notifications: ChatNotifications) {
  return {
    group(memberIds: Iterable<string>, groupId: string, roomId: string, action: ChatGroupAction) {
      for (const memberId of memberIds)
        notifications.createRealtimeOnly(memberId, {
          type: 'chatgroup',
          jsonPayload: { relatedChatGroupId: groupId, relatedChatRoomId: roomId, action },
        });
    },

    room(memberIds: Iterable<string>, roomId: string, groupId: string | null, action: ChatRoomAction) {
      for (const memberId of memberIds)
        notifications.createRealtimeOnly(memberId, {
          type: 'chatroom',
          jsonPayload: { relatedChatRoomId: roomId, relatedChatGroupId: groupId, action },
        });
    },

    /** A stored notification to each newcomer: who added them, to which group (its name). */
    async added(memberIds: string[], byId: string, groupId: string, roomId: string, name: string) {
      for (const memberId of memberIds)
        await notifications.createQuietly(memberId, {
          type: 'chatgroup',
          jsonPayload: {
            relatedChatGroupId: groupId,
            relatedChatRoomId: roomId,
            actorId: byId,
            action: 'added',
            excerpt: excerptOf(name),
          },
        });
    },

    /**
     * A new message, to every participant's sockets (the sender's other devices too), and as a
     * Web Push to the others' devices (their pushChat switch, the rooms they muted). A participant
     * blocked either way with the sender (`blocked`) hears of the line flagged
     * `fromBlockedMember` (their app shows it collapsed, and the line reads empty for them) and
     * gets no push (docs/SPEC-NOTES.md "Trust").
     */
    message(
      participantIds: Iterable<string>,
      payload: {
        roomId: string;
        messageId: string;
        groupId: string | null;
        senderId: string;
        /** The line's photos (ids, URLs, sizes): screens reserve their room before fetching. */
        images?: AttachedImage[];
      },
      blocked: ReadonlySet<string> = new Set(),
    ) {
      for (const participant of participantIds) {
        const fromBlockedMember = blocked.has(participant);
        const event = {
          type: 'chatmessage' as const,
          jsonPayload: {
            relatedChatRoomId: payload.roomId,
            relatedChatMessageId: payload.messageId,
            relatedChatGroupId: payload.groupId,
            senderId: payload.senderId,
            ...(fromBlockedMember ? { fromBlockedMember: true } : {}),
            ...(!fromBlockedMember && payload.images && payload.images.length > 0
              ? { images: payload.images }
              : {}),
          },
        };
        notifications.createRealtimeOnly(participant, event);
        if (participant !== payload.senderId && !fromBlockedMember) notifications.reach(participant, event);
      }
    },
  };
}

export type ChatEvents = ReturnType<typeof chatEvents>;
