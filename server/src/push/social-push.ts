// Push for every social event (docs/ARCHITECTURE.md server "push/"): a private message, a chat
// line, a friend request received or accepted, a comment or a reply, a like, a mention, an invitation to a
// shared car, a sale offer or its answer, a new log on a car shared with me. Each kind has its own
// switch in the member's preferences (pushMessages, pushChat, …); a member never gets a push for
// their own action, nor for a chat room they muted. The message is Declarative Web Push JSON in the
// member's language (social-push-text.ts), carrying their unread count as `app_badge`; a burst on
// one tag is throttled by the push service (one a minute, the rest folded into one).
//
// The features do not call this module: the notifications service hands it every notification it
// is told (stored or not), and the chat and the garage tell it their realtime-only events the same
// way (`reach`). It finds what the text needs (names, the first line, the post's start) itself.
import type { NotificationPreferences } from '../../../src/contract/account';
import type { NotificationPayload, NotificationType } from '../../../src/contract/socket-events';
import type { DeclarativePushMessage } from '../../../src/contract/web-push';
import type { PushService } from './push-service';
import type { SocialPushRepository } from './social-push-repository';
import { socialPushMessage, type SocialFacts } from './social-push-text';

/** What a feature told a member (a notification, stored or realtime-only). */
export interface ToldEvent {
  type: NotificationType;
  jsonPayload: NotificationPayload;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** The switch that governs a told event's push, or null: no push for it. */
export function pushPreferenceFor(
  type: NotificationType,
  action: unknown,
): keyof NotificationPreferences | null {
  switch (type) {
    case 'message':
      return action === undefined ? 'pushMessages' : null; // `sent`/`read`: the sender's devices
    case 'chatmessage':
      return 'pushChat';
    case 'chatgroup':
      return action === 'added' ? 'pushChat' : null;
    case 'friend':
      return action === 'requested' || action === 'accepted' ? 'pushFriendRequests' : null;
    case 'comment':
      return 'pushComments';
    case 'post':
      return action === 'liked' ? 'pushLikes' : null;
    case 'mention':
      return 'pushMentions';
    case 'car-invite':
      return action === 'invited' ? 'pushCars' : null;
    case 'car-transfer':
      return action === 'offered' || action === 'accepted' || action === 'declined' ? 'pushCars' : null;
    case 'car log':
      return action === 'created' ? 'pushCars' : null;
    default:
      return null;
  }
}

export interface SocialPushDeps {
  push: PushService;
  repo: SocialPushRepository;
  now?: () => Date;
}

export function socialPush({ push, repo, now = () => new Date() }: SocialPushDeps) {
  /** What the text needs, read now; null when the thing is gone (nothing to push). */
  async function factsOf(memberId: string, { type, jsonPayload: p }: ToldEvent): Promise<SocialFacts | null> {
    const actorId = str(p.actorId) ?? str(p.senderId) ?? str(p.relatedFriendId);
    const actor = (actorId && (await repo.nameOf(actorId))) || null;
    switch (type) {
      case 'message': {
        const messageId = str(p.relatedMessageId);
        if (!messageId || !actorId) return null;
        return {
          kind: 'message',
          actor,
          actorId,
          memberId,
          messageId,
          line: await repo.messageLine(messageId),
        };
      }
      case 'chatmessage':
      case 'chatgroup': {
        const roomId = str(p.relatedChatRoomId);
        if (!roomId) return null;
        if (await repo.muted(memberId, roomId, now())) return null;
        const groupId = str(p.relatedChatGroupId);
        const group = groupId ? ((await repo.groupName(groupId)) ?? str(p.excerpt)) : null;
        if (type === 'chatgroup') return { kind: 'chat-added', actor, roomId, group: group ?? '' };
        const messageId = str(p.relatedChatMessageId);
        return {
          kind: 'chat',
          actor,
          roomId,
          group,
          line: messageId ? await repo.chatLine(messageId) : null,
        };
      }
      case 'friend':
        return { kind: p.action === 'requested' ? 'friend-requested' : 'friend-accepted', actor, actorId };
      case 'comment': {
        const postId = str(p.relatedPostId);
        if (!postId) return null;
        return {
          kind: p.action === 'replied' ? 'reply' : 'comment',
          actor,
          postId,
          commentId: str(p.relatedCommentId),
          post: await repo.postExcerpt(postId),
          line: str(p.excerpt),
        };
      }
      case 'post': {
        const postId = str(p.relatedPostId);
        return postId ? { kind: 'like', actor, postId, post: str(p.excerpt) } : null;
      }
      case 'mention': {
        const postId = str(p.relatedPostId);
        if (!postId) return null;
        return { kind: 'mention', actor, postId, commentId: str(p.relatedCommentId), line: str(p.excerpt) };
      }
      case 'car-invite':
      case 'car-transfer':
      case 'car log': {
        const carId = str(p.relatedCarId);
        if (!carId) return null;
        const car = str(p.excerpt) ?? '';
        if (type === 'car-invite') return { kind: 'car-invite', actor, carId, car };
        if (type === 'car log')
          return { kind: 'car-log', actor, carId, car, logId: str(p.relatedCarLogId), line: str(p.title) };
        const action = p.action === 'accepted' || p.action === 'declined' ? p.action : 'offered';
        return { kind: 'car-transfer', action, actor, carId, car };
      }
      default:
        return null;
    }
  }

  return {
    /** The push service it hands its messages to (tests drain it after moving its clock). */
    service: push,

    /**
     * A feature told `memberId` something: pushed to their devices when its kind is on in their
     * preferences, it is not their own action and not a room they muted. Never throws.
     */
    reach(memberId: string, event: ToldEvent): Promise<void> {
      const key = pushPreferenceFor(event.type, event.jsonPayload.action);
      if (key === null) return Promise.resolve();
      const p = event.jsonPayload;
      const actorId = str(p.actorId) ?? str(p.senderId);
      if (actorId === memberId) return Promise.resolve();
      return push.notify(
        memberId,
        async (locale): Promise<DeclarativePushMessage | null> => {
          const preferences = await repo.preferences(memberId);
          if (!preferences[key]) return null;
          // A chat line comes here without the notifications' screening: a block still silences it.
          if (actorId && (await repo.blocked(memberId, actorId))) return null;
          const facts = await factsOf(memberId, event);
          if (!facts) return null;
          return socialPushMessage(facts, locale, {
            previews: preferences.pushPreviews,
            badge: await repo.unreadCount(memberId),
          });
        },
        { throttle: true, urgency: event.type === 'post' ? 'low' : 'normal' },
      );
    },
  };
}

export type SocialPush = ReturnType<typeof socialPush>;

// One per database (as the notifications service): createPushService sets it, the notifications
// service and the features read it when they tell someone something.
const registry = new WeakMap<object, SocialPush>();

export function setSocialPush(db: object, social: SocialPush): void {
  registry.set(db, social);
}

/** The app's social push (none in an app built without push). */
export function socialPushOf(db: object): SocialPush | undefined {
  return registry.get(db);
}
