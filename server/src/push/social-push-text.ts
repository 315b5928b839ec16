// What a social event's push says, in the member's language: who did what (the title), the first
// line or the start of the thing (the body), the path that opens it (`navigate`) and its tag (one
// per conversation, private messages: per pair of members; room; post; car; friend requests).
import {
  DECLARATIVE_WEB_PUSH,
  type DeclarativePushMessage,
  type PushNotificationFields,
} from '../../../src/contract/web-push';
import { excerptOf } from '../notifications/excerpt';
import { DEFAULT_SERVER_LOCALE, type ServerLocale } from '../platform/locales';

export type SocialFacts =
  | {
      kind: 'message';
      actor: string | null;
      actorId: string;
      memberId: string;
      messageId: string;
      line: string | null;
    }
  | { kind: 'chat'; actor: string | null; roomId: string; group: string | null; line: string | null }
  | { kind: 'chat-added'; actor: string | null; roomId: string; group: string }
  | { kind: 'friend-requested' | 'friend-accepted'; actor: string | null; actorId: string | null }
  | {
      kind: 'comment' | 'reply';
      actor: string | null;
      postId: string;
      commentId: string | null;
      post: string | null;
      line: string | null;
    }
  | { kind: 'like'; actor: string | null; postId: string; post: string | null }
  | { kind: 'mention'; actor: string | null; postId: string; commentId: string | null; line: string | null }
  | { kind: 'car-invite'; actor: string | null; carId: string; car: string }
  | {
      kind: 'car-transfer';
      action: 'offered' | 'accepted' | 'declined';
      actor: string | null;
      carId: string;
      car: string;
    }
  | {
      kind: 'car-log';
      actor: string | null;
      carId: string;
      car: string;
      logId: string | null;
      line: string | null;
    };

/** The quoted name: « Première sortie » in French, “First drive” in English. */
const quote = (text: string, fr: boolean) => (fr ? `« ${text} »` : `“${text}”`);

/** A direct conversation's tag: the same for both members, whoever writes. */
export const pairTag = (a: string, b: string) => `message-${[a, b].sort().join(':')}`;

type Fields = Omit<PushNotificationFields, 'app_badge'>;

function fields(f: SocialFacts, fr: boolean, previews: boolean): Fields {
  const who = f.actor ?? (fr ? 'Quelqu’un' : 'Someone');
  const q = (text: string | null) => (text ? ` ${quote(text, fr)}` : '');
  switch (f.kind) {
    case 'message':
      return {
        title: fr ? `${who} vous a écrit` : `${who} wrote to you`,
        body: previews ? (f.line ?? '') : '',
        navigate: `/message/${f.messageId}`,
        tag: pairTag(f.actorId, f.memberId),
      };
    case 'chat':
      return {
        title: f.group
          ? fr
            ? `${who} dans ${quote(f.group, fr)}`
            : `${who} in ${quote(f.group, fr)}`
          : fr
            ? `${who} vous a écrit`
            : `${who} wrote to you`,
        body: previews ? (f.line ?? '') : '',
        navigate: `/chat/${f.roomId}`,
        tag: `chat-${f.roomId}`,
      };
    case 'chat-added':
      return {
        title: fr
          ? `${who} vous a ajouté au groupe${q(f.group)}`
          : `${who} added you to the group${q(f.group)}`,
        body: '',
        navigate: `/chat/${f.roomId}`,
        tag: `chat-${f.roomId}`,
      };
    case 'friend-requested':
      return {
        title: fr ? `${who} vous demande en ami` : `${who} sent you a friend request`,
        body: '',
        navigate: '/friends?tab=requests',
        tag: 'friend-requests',
      };
    case 'friend-accepted':
      return {
        title: fr ? `${who} a accepté votre demande d’ami` : `${who} accepted your friend request`,
        body: '',
        navigate: f.actorId ? `/people/${f.actorId}` : '/friends',
        tag: `friend-${f.actorId ?? 'accepted'}`,
      };
    case 'comment':
    case 'reply':
      return {
        title:
          f.kind === 'comment'
            ? fr
              ? `${who} a commenté votre publication${q(f.post)}`
              : `${who} commented on your post${q(f.post)}`
            : fr
              ? `${who} a répondu à votre commentaire`
              : `${who} replied to your comment`,
        body: f.line ?? '',
        navigate: f.commentId ? `/post/${f.postId}#comment-${f.commentId}` : `/post/${f.postId}`,
        tag: `post-${f.postId}`,
      };
    case 'like':
      return {
        title: fr ? `${who} a aimé votre publication${q(f.post)}` : `${who} liked your post${q(f.post)}`,
        body: '',
        navigate: `/post/${f.postId}`,
        tag: `post-${f.postId}`,
      };
    case 'mention':
      return {
        title: f.commentId
          ? fr
            ? `${who} vous a mentionné dans un commentaire`
            : `${who} mentioned you in a comment`
          : fr
            ? `${who} vous a mentionné dans une publication`
            : `${who} mentioned you in a post`,
        body: f.line ?? '',
        navigate: f.commentId ? `/post/${f.postId}#comment-${f.commentId}` : `/post/${f.postId}`,
        tag: `post-${f.postId}`,
      };
    case 'car-invite':
      return {
        title: fr ? `${who} partage une voiture avec vous` : `${who} shares a car with you`,
        body: f.car,
        navigate: `/car/${f.carId}`,
        tag: `car-${f.carId}`,
      };
    case 'car-transfer': {
      const title = {
        offered: fr ? `${who} vous cède${q(f.car)}` : `${who} offers you${q(f.car)}`,
        accepted: fr ? `${who} a accepté votre offre` : `${who} accepted your offer`,
        declined: fr ? `${who} a refusé votre offre` : `${who} declined your offer`,
      }[f.action];
      return {
        title,
        body: f.action === 'offered' ? '' : f.car,
        // The offers wait in the garage; a declined one leaves the car with its owner (its page).
        navigate: f.action === 'declined' ? `/car/${f.carId}` : '/my-cars',
        tag: `car-${f.carId}`,
      };
    }
    case 'car-log':
      return {
        title: fr ? `${who} a ajouté une entrée à${q(f.car)}` : `${who} added a log to${q(f.car)}`,
        body: f.line ?? '',
        navigate: f.logId ? `/my-cars/${f.carId}/logs/${f.logId}` : `/car/${f.carId}`,
        tag: `car-${f.carId}`,
      };
  }
}

export function socialPushMessage(
  facts: SocialFacts,
  locale: ServerLocale | null,
  { previews, badge }: { previews: boolean; badge: number },
): DeclarativePushMessage {
  const fr = (locale ?? DEFAULT_SERVER_LOCALE) === 'fr-FR';
  return {
    web_push: DECLARATIVE_WEB_PUSH,
    notification: { ...fields(facts, fr, previews), app_badge: badge },
  };
}

/** The first line of a message (HTML or plain text), as plain text. */
export function firstLineOf(text: string, html: boolean): string {
  const line = html
    ? (text
        .split(/<br\s*\/?>|<\/(?:p|h[1-6]|li|div)>/i)
        .map((part) => excerptOf(part, { html: true }))
        .find((part) => part !== null) ?? '')
    : (text
        .split('\n')
        .map((part) => excerptOf(part))
        .find((part) => part !== null) ?? '');
  return line;
}
