// Attacks on object access, against a listening server: for every entity and every verb,
// another member's id answers 404 (403 where the rule is about the act, not the id) and changes
// nothing; bodies cannot set owner, author, counters or timestamps (docs/SECURITY-CHECKS.md "Access to
// members' things", ASVS 8.2.2, 8.2.3).
//
// The table `CASES` holds one row per (entity, verb). A new entity (e.g. chat rooms and chat
// messages) is covered by adding its objects to `World` / `setUp` and appending rows.
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from './media-fixtures';
import { connected, startServer, type Answer, type Attacker, type Server } from './attack-fixtures';
import { eventually } from './auth-fixtures';

/** Text in every object of the victim: no refused answer may carry it. */
const SECRET = 'VICTIM-SECRET-7f3a';

interface World {
  /** The victim, who owns every object below. */
  owner: Attacker;
  /** A friend of the owner: may read some things (cars, posts, car photo), write none. */
  friend: Attacker;
  /** Nobody's friend. */
  stranger: Attacker;
  /** The owner's other friend, recipient of the owner's message and target of a pending request. */
  partner: Attacker;
  /** Someone the owner asked to be friends with (pending). */
  asked: Attacker;
  car: { id: string; image: string };
  log: { id: string; mediaId: string };
  post: { id: string; mediaId: string };
  comment: { id: string };
  message: { id: string };
  notification: { id: string };
  friendRequest: { id: string };
  /** The owner's group (partner is its member) with its room and a message in it. */
  chatGroup: { id: string; roomId: string; messageId: string };
  /** The owner's direct room with partner, and a message in it. */
  chatDirect: { roomId: string; messageId: string };
  /** The owner's reminder on the car. */
  reminder: { id: string };
  /** The owner's tyre set on the car. */
  equipment: { id: string };
  /** The owner's registration certificate on the car (a paper) and its file. */
  paper: { id: string; fileId: string };
  /** The owner's device subscribed to Web Push, and the owner's calendar feed URL. */
  push: { endpoint: string; body: PushBody };
  calendarUrl: string;
  /** The owner's public history link of the car (a capability URL), by id. */
  historyLink: { id: string };
  /** The owner's pending offer of a second car to partner, and a third car sold to partner. */
  transfer: { id: string };
  sale: { id: string };
  /** Objects of the attackers themselves, for the attacks that mix their ids with the victim's. */
  own: Record<'friend' | 'stranger', { carId: string; logId: string; postId: string; reminderId: string }>;
}

type Role = 'friend' | 'stranger';

interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

interface Case {
  entity: string;
  verb: string;
  /** Who tries it: a stranger always; a friend for what friends may not do either. */
  as: Role[];
  request: (w: World, role: Role) => Request;
  /** Accepted refusals; 404 unless the rule is about the act (e.g. 403 not a friend). */
  expect?: number[];
}

const form = (fields: Record<string, string>, file?: { name: string; bytes: Buffer }) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file) body.append(file.name, new Blob([new Uint8Array(file.bytes)], { type: 'image/png' }), 'x.png');
  return body;
};
let image: Buffer;

interface PushBody {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}
/** A browser's PushSubscription JSON: its own P-256 public key and auth secret. */
function pushBody(endpoint: string): PushBody {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const both: Role[] = ['stranger', 'friend'];
const strangerOnly: Role[] = ['stranger'];

/** Every (entity, verb) with another member's id. Append rows for new entities. */
const CASES: Case[] = [
  // ---- cars: friends may read, only the owner writes ----
  {
    entity: 'car',
    verb: 'read',
    as: strangerOnly,
    request: (w) => ({ method: 'GET', path: `/cars/${w.car.id}` }),
  },
  {
    entity: 'car',
    verb: 'list of the owner',
    as: strangerOnly,
    request: (w) => ({ method: 'GET', path: `/cars/feed?ownerId=${w.owner.id}` }),
  },
  {
    entity: 'car',
    verb: 'update',
    as: both,
    request: (w) => ({ method: 'PUT', path: `/cars/${w.car.id}`, body: { make: 'Hacked', ownerId: 'x' } }),
  },
  {
    entity: 'car',
    verb: 'update with image',
    as: both,
    request: (w) => ({
      method: 'PUT',
      path: `/cars/${w.car.id}/with-image`,
      body: form({ make: 'Hacked' }, { name: 'image', bytes: image }),
    }),
  },
  {
    entity: 'car',
    verb: 'delete',
    as: both,
    request: (w) => ({ method: 'DELETE', path: `/cars/${w.car.id}` }),
  },
  {
    entity: 'car',
    verb: "create with the victim's id",
    as: both,
    request: (w) => ({ method: 'POST', path: '/cars', body: { id: w.car.id, make: 'Hacked', model: 'X' } }),
    expect: [409],
  },
  {
    entity: 'car',
    verb: "create with image and the victim's id",
    as: both,
    request: (w) => ({
      method: 'POST',
      path: '/cars/with-image',
      body: form({ id: w.car.id, make: 'Hacked', model: 'X' }, { name: 'image', bytes: image }),
    }),
    expect: [409],
  },
  {
    entity: 'car',
    verb: 'post about it',
    as: both,
    request: (w) => ({ method: 'POST', path: '/posts', body: { content: 'Mine now', carId: w.car.id } }),
    expect: [400, 404],
  },
  {
    entity: 'car',
    verb: 'tie one of my posts to it',
    as: both,
    request: (w, role) => ({
      method: 'PUT',
      path: `/posts/${w.own[role].postId}`,
      body: { carId: w.car.id },
    }),
    expect: [400, 404],
  },
  // ---- car logs: the owner's alone, friends included ----
  {
    entity: 'car log',
    verb: 'read',
    as: both,
    request: (w) => ({ method: 'GET', path: `/car-logs/log/${w.log.id}` }),
  },
  {
    entity: 'car log',
    verb: 'list',
    as: both,
    request: (w) => ({ method: 'GET', path: `/car-logs/${w.car.id}` }),
  },
  {
    entity: 'car log',
    verb: 'list filtered by type',
    as: both,
    request: (w) => ({ method: 'GET', path: `/car-logs/${w.car.id}?type=maintenance` }),
  },
  {
    entity: 'car log',
    verb: 'stats',
    as: both,
    request: (w) => ({ method: 'GET', path: `/car-logs/stats/${w.car.id}` }),
  },
  // ---- a car's history in and out: the owner's alone, friends included ----
  {
    entity: 'car history',
    verb: 'export as CSV',
    as: both,
    request: (w) => ({ method: 'GET', path: `/cars/${w.car.id}/export?format=paddock&kind=all` }),
  },
  {
    entity: 'car history',
    verb: "import into the victim's car",
    as: both,
    request: (w) => ({
      method: 'POST',
      path: `/cars/${w.car.id}/imports?dryRun=false&onError=skip`,
      body: form(
        {},
        {
          name: 'file',
          bytes: Buffer.from('Date,Description,Cost,Notes,Tags\n2025-01-01,Planted,1,,\n'),
        },
      ),
    }),
  },
  {
    entity: 'car log',
    verb: "create in the victim's car",
    as: strangerOnly,
    request: (w) => ({
      method: 'POST',
      path: '/car-logs',
      body: { carId: w.car.id, type: 'maintenance', title: 'Planted', startDate: '2025-01-01' },
    }),
  },
  {
    entity: 'car log',
    verb: "create in the victim's car (the car is not shared with them)",
    as: ['friend'],
    request: (w) => ({
      method: 'POST',
      path: '/car-logs',
      body: { carId: w.car.id, type: 'maintenance', title: 'Planted', startDate: '2025-01-01' },
    }),
    // A friend sees the car, so the refusal is about the act (their role), not the id.
    expect: [403],
  },
  {
    entity: 'car log',
    verb: "create with media in the victim's car",
    as: strangerOnly,
    request: (w) => ({
      method: 'POST',
      path: '/car-logs/with-media',
      body: form(
        { carId: w.car.id, type: 'maintenance', title: 'Planted', startDate: '2025-01-01' },
        { name: 'media', bytes: image },
      ),
    }),
  },
  {
    entity: 'car log',
    verb: "create with media in the victim's car (the car is not shared with them)",
    as: ['friend'],
    request: (w) => ({
      method: 'POST',
      path: '/car-logs/with-media',
      body: form(
        { carId: w.car.id, type: 'maintenance', title: 'Planted', startDate: '2025-01-01' },
        { name: 'media', bytes: image },
      ),
    }),
    // A friend sees the car, so the refusal is about the act (their role), not the id.
    expect: [403],
  },
  {
    entity: 'car log',
    verb: "create with the victim's id",
    as: both,
    request: (w, role) => ({
      method: 'POST',
      path: '/car-logs',
      body: {
        id: w.log.id,
        carId: w.own[role].carId,
        type: 'maintenance',
        title: 'X',
        startDate: '2025-01-01',
      },
    }),
    expect: [409],
  },
  {
    entity: 'car log',
    verb: 'update',
    as: both,
    request: (w) => ({ method: 'PUT', path: `/car-logs/${w.log.id}`, body: { title: 'Hacked' } }),
  },
  {
    entity: 'car log',
    verb: "move one's own log into the victim's car",
    as: strangerOnly,
    request: (w, role) => ({
      method: 'PUT',
      path: `/car-logs/${w.own[role].logId}`,
      body: { carId: w.car.id },
    }),
  },
  {
    entity: 'car log',
    verb: "move one's own log into the victim's car (the car is not shared with them)",
    as: ['friend'],
    request: (w, role) => ({
      method: 'PUT',
      path: `/car-logs/${w.own[role].logId}`,
      body: { carId: w.car.id },
    }),
    // A friend sees the car, so the refusal is about the act (their role), not the id.
    expect: [403],
  },
  {
    entity: 'car log',
    verb: 'update with media',
    as: both,
    request: (w) => ({
      method: 'PUT',
      path: `/car-logs/${w.log.id}/with-media`,
      body: form({ title: 'Hacked' }, { name: 'media', bytes: image }),
    }),
  },
  {
    entity: 'car log',
    verb: 'delete',
    as: both,
    request: (w) => ({ method: 'DELETE', path: `/car-logs/${w.log.id}` }),
  },
  // ---- posts: friends read, comment and like; only the author writes ----
  {
    entity: 'post',
    verb: 'read',
    as: strangerOnly,
    request: (w) => ({ method: 'GET', path: `/posts/${w.post.id}` }),
  },
  {
    entity: 'post',
    verb: 'update',
    as: both,
    request: (w) => ({ method: 'PUT', path: `/posts/${w.post.id}`, body: { content: '<p>Hacked</p>' } }),
  },
  {
    entity: 'post',
    verb: 'remove its image',
    as: both,
    request: (w) => ({ method: 'PUT', path: `/posts/${w.post.id}`, body: { removeImage: true } }),
  },
  {
    entity: 'post',
    verb: 'update with image',
    as: both,
    request: (w) => ({
      method: 'PUT',
      path: `/posts/${w.post.id}/with-image`,
      body: form({ content: 'Hacked' }, { name: 'image', bytes: image }),
    }),
  },
  {
    entity: 'post',
    verb: 'delete',
    as: both,
    request: (w) => ({ method: 'DELETE', path: `/posts/${w.post.id}` }),
  },
  {
    entity: 'post',
    verb: 'like',
    as: strangerOnly,
    request: (w) => ({ method: 'POST', path: `/posts/${w.post.id}/like` }),
  },
  {
    entity: 'post',
    verb: 'list who liked it',
    as: strangerOnly,
    request: (w) => ({ method: 'GET', path: `/posts/${w.post.id}/likes` }),
  },
  {
    entity: 'post',
    verb: "create with the victim's id",
    as: both,
    request: (w) => ({ method: 'POST', path: '/posts', body: { id: w.post.id, content: 'Hacked' } }),
    expect: [409],
  },
  {
    entity: 'post',
    verb: 'read its image',
    as: strangerOnly,
    request: (w) => ({ method: 'GET', path: `/posts/${w.post.id}/images/${w.post.mediaId}` }),
  },
  {
    entity: 'post',
    verb: "read the victim's file through one's own post",
    as: both,
    request: (w, role) => ({ method: 'GET', path: `/posts/${w.own[role].postId}/images/${w.log.mediaId}` }),
  },
  // ---- comments ----
  {
    entity: 'comment',
    verb: 'list of the post',
    as: strangerOnly,
    request: (w) => ({ method: 'GET', path: `/comments/post/${w.post.id}` }),
  },
  {
    entity: 'comment',
    verb: 'read',
    as: strangerOnly,
    request: (w) => ({ method: 'GET', path: `/comments/${w.comment.id}` }),
  },
  {
    entity: 'comment',
    verb: 'replies',
    as: strangerOnly,
    request: (w) => ({ method: 'GET', path: `/comments/${w.comment.id}/replies` }),
  },
  {
    entity: 'comment',
    verb: 'create on the post',
    as: strangerOnly,
    request: (w) => ({ method: 'POST', path: '/comments', body: { postId: w.post.id, content: 'Planted' } }),
  },
  {
    entity: 'comment',
    verb: 'reply to it under one of my posts',
    as: both,
    request: (w, role) => ({
      method: 'POST',
      path: '/comments',
      body: { postId: w.own[role].postId, parentCommentId: w.comment.id, content: 'Planted' },
    }),
    expect: [400, 404],
  },
  {
    entity: 'comment',
    verb: "create with the victim's id",
    as: both,
    request: (w, role) => ({
      method: 'POST',
      path: '/comments',
      body: { id: w.comment.id, postId: w.own[role].postId, content: 'Hacked' },
    }),
    expect: [409],
  },
  {
    entity: 'comment',
    verb: 'update',
    as: both,
    request: (w) => ({ method: 'PUT', path: `/comments/${w.comment.id}`, body: { content: 'Hacked' } }),
  },
  {
    entity: 'comment',
    verb: 'delete',
    as: both,
    request: (w) => ({ method: 'DELETE', path: `/comments/${w.comment.id}` }),
  },
  // ---- private messages: the two participants only ----
  {
    entity: 'message',
    verb: 'read',
    as: both,
    request: (w) => ({ method: 'GET', path: `/messages/${w.message.id}` }),
  },
  {
    entity: 'message',
    verb: 'mark read',
    as: both,
    request: (w) => ({ method: 'PUT', path: `/messages/${w.message.id}/read` }),
  },
  {
    entity: 'message',
    verb: 'delete',
    as: both,
    request: (w) => ({ method: 'DELETE', path: `/messages/${w.message.id}` }),
  },
  {
    entity: 'message',
    verb: "create with the victim's id",
    as: ['friend'],
    request: (w) => ({
      method: 'POST',
      path: '/messages',
      body: { id: w.message.id, recipientId: w.owner.id, subject: 'x', content: 'Hacked' },
    }),
    expect: [409],
  },
  {
    entity: 'message',
    verb: 'write to a non-friend',
    as: strangerOnly,
    request: (w) => ({
      method: 'POST',
      path: '/messages',
      body: { recipientId: w.owner.id, subject: 'x', content: 'Spam' },
    }),
    expect: [403],
  },
  // ---- reports (docs/SPEC-NOTES.md "Trust"): only what the reporter can see ----
  ...(
    [
      ['post', (w: World) => w.post.id, strangerOnly],
      ['comment', (w: World) => w.comment.id, strangerOnly],
      ['message', (w: World) => w.message.id, both],
      ['chat-message', (w: World) => w.chatGroup.messageId, both],
      ['car', (w: World) => w.car.id, strangerOnly],
    ] as const
  ).map(([targetType, id, as]): Case => ({
    entity: 'report',
    verb: `of a ${targetType} one cannot see`,
    as: [...as],
    request: (w) => ({
      method: 'POST',
      path: '/reports',
      body: { targetType, targetId: id(w), reason: 'spam', details: SECRET },
    }),
  })),
  // ---- moderation: moderators only (403 for any other member) ----
  {
    entity: 'moderation',
    verb: 'read the queue',
    as: both,
    request: () => ({ method: 'GET', path: '/moderation/reports?status=open' }),
    expect: [403],
  },
  {
    entity: 'moderation',
    verb: 'act on a report',
    as: both,
    request: (w) => ({
      method: 'POST',
      path: `/moderation/reports/${w.post.id}/actions`,
      body: { action: 'remove-content', note: 'x' },
    }),
    expect: [403],
  },
  {
    entity: 'moderation',
    verb: 'read the audit log',
    as: both,
    request: () => ({ method: 'GET', path: '/moderation/audit' }),
    expect: [403],
  },
  // ---- notifications: the recipient only ----
  {
    entity: 'notification',
    verb: 'read',
    as: both,
    request: (w) => ({ method: 'GET', path: `/notifications/${w.notification.id}` }),
  },
  {
    entity: 'notification',
    verb: 'mark read',
    as: both,
    request: (w) => ({ method: 'PUT', path: `/notifications/${w.notification.id}/read` }),
  },
  {
    entity: 'notification',
    verb: 'delete',
    as: both,
    request: (w) => ({ method: 'DELETE', path: `/notifications/${w.notification.id}` }),
  },
  // ---- media files: as the thing they belong to ----
  {
    entity: 'media file',
    verb: "read a log's file",
    as: both,
    request: (w) => ({ method: 'GET', path: `/media/${w.log.mediaId}` }),
  },
  {
    entity: 'media file',
    verb: "delete a log's file",
    as: both,
    request: (w) => ({ method: 'DELETE', path: `/files/${w.log.mediaId}` }),
  },
  {
    entity: 'media file',
    verb: "read a car's photo",
    as: strangerOnly,
    request: (w) => ({ method: 'GET', path: w.car.image.replace('/api/v1.0', '') }),
  },
  {
    entity: 'media file',
    verb: "delete a car's photo",
    as: both,
    request: (w) => ({ method: 'DELETE', path: `/files/${w.car.image.split('/').pop()}` }),
  },
  {
    entity: 'media file',
    verb: "read a post's image by its file id",
    as: strangerOnly,
    request: (w) => ({ method: 'GET', path: `/media/${w.post.mediaId}` }),
  },
  // ---- friend requests: the two parties only ----
  {
    entity: 'friend request',
    verb: 'accept',
    as: both,
    request: (w) => ({
      method: 'PUT',
      path: `/friends/request/${w.friendRequest.id}`,
      body: { action: 'accept' },
    }),
  },
  {
    entity: 'friend request',
    verb: 'decline',
    as: both,
    request: (w) => ({
      method: 'PUT',
      path: `/friends/request/${w.friendRequest.id}`,
      body: { action: 'decline' },
    }),
  },
  {
    entity: 'friend request',
    verb: 'cancel',
    as: both,
    request: (w) => ({ method: 'DELETE', path: `/friends/request/${w.friendRequest.id}` }),
  },
  // ---- chat groups, rooms and messages: members / participants only ----
  {
    entity: 'chat group',
    verb: 'read',
    as: both,
    request: (w) => ({ method: 'GET', path: `/chat-groups/${w.chatGroup.id}` }),
  },
  {
    entity: 'chat group',
    verb: 'update',
    as: both,
    request: (w, role) => ({
      method: 'PUT',
      path: `/chat-groups/${w.chatGroup.id}`,
      body: { name: 'Hacked', memberIds: [w[role].id] },
    }),
  },
  {
    entity: 'chat group',
    verb: 'delete',
    as: both,
    request: (w) => ({ method: 'DELETE', path: `/chat-groups/${w.chatGroup.id}` }),
  },
  {
    entity: 'chat group',
    verb: 'leave',
    as: both,
    request: (w) => ({ method: 'POST', path: `/chat-groups/${w.chatGroup.id}/leave` }),
  },
  {
    entity: 'chat group',
    verb: "create with the victim's id",
    as: both,
    request: (w) => ({
      method: 'POST',
      path: '/chat-groups',
      body: { id: w.chatGroup.id, name: 'Hacked', memberIds: [] },
    }),
    expect: [409],
  },
  {
    entity: 'chat group',
    verb: 'read its messages',
    as: both,
    request: (w) => ({ method: 'GET', path: `/chat-messages?chatGroupId=${w.chatGroup.id}` }),
  },
  {
    entity: 'chat group',
    verb: 'send to it',
    as: both,
    request: (w) => ({
      method: 'POST',
      path: '/chat-messages',
      body: { chatGroupId: w.chatGroup.id, content: 'Planted' },
    }),
  },
  ...(['chatGroup', 'chatDirect'] as const).flatMap((which): Case[] => [
    {
      entity: `chat room (${which === 'chatGroup' ? 'group' : 'direct'})`,
      verb: 'read',
      as: both,
      request: (w) => ({ method: 'GET', path: `/chat-rooms/${w[which].roomId}` }),
    },
    {
      entity: `chat room (${which === 'chatGroup' ? 'group' : 'direct'})`,
      verb: 'read its messages',
      as: both,
      request: (w) => ({ method: 'GET', path: `/chat-messages/chat-room/${w[which].roomId}` }),
    },
    {
      entity: `chat room (${which === 'chatGroup' ? 'group' : 'direct'})`,
      verb: 'mark all read',
      as: both,
      request: (w) => ({ method: 'POST', path: `/chat-messages/${w[which].roomId}/mark-all-read` }),
    },
    {
      entity: `chat room (${which === 'chatGroup' ? 'group' : 'direct'})`,
      verb: 'mute its pushes',
      as: both,
      request: (w) => ({
        method: 'PUT',
        path: `/chat-rooms/${w[which].roomId}/mute`,
        body: { duration: 'forever' },
      }),
    },
    {
      entity: `chat room (${which === 'chatGroup' ? 'group' : 'direct'})`,
      verb: 'unmute its pushes',
      as: both,
      request: (w) => ({ method: 'DELETE', path: `/chat-rooms/${w[which].roomId}/mute` }),
    },
    {
      entity: `chat room (${which === 'chatGroup' ? 'group' : 'direct'})`,
      verb: 'send to it',
      as: both,
      request: (w) => ({
        method: 'POST',
        path: '/chat-messages',
        body: { chatRoomId: w[which].roomId, content: 'Planted' },
      }),
    },
    {
      entity: `chat message (${which === 'chatGroup' ? 'group' : 'direct'})`,
      verb: 'read',
      as: both,
      request: (w) => ({ method: 'GET', path: `/chat-messages/${w[which].messageId}` }),
    },
    {
      entity: `chat message (${which === 'chatGroup' ? 'group' : 'direct'})`,
      verb: "create with the victim's id",
      as: ['friend'],
      request: (w) => ({
        method: 'POST',
        path: '/chat-messages',
        body: { id: w[which].messageId, recipientId: w.owner.id, content: 'Hacked' },
      }),
      expect: [409],
    },
  ]),
  {
    entity: 'chat message (direct)',
    verb: 'write to a non-friend',
    as: strangerOnly,
    request: (w) => ({
      method: 'POST',
      path: '/chat-messages',
      body: { recipientId: w.owner.id, content: 'Spam' },
    }),
    expect: [403],
  },
  // ---- the maintenance tracker: a car's odometer and economy, reminders, devices ----
  {
    entity: 'car',
    verb: 'odometer',
    as: both,
    request: (w) => ({ method: 'GET', path: `/cars/${w.car.id}/odometer` }),
  },
  {
    entity: 'car',
    verb: 'fuel economy',
    as: both,
    request: (w) => ({ method: 'GET', path: `/cars/${w.car.id}/fuel-economy?unit=km_per_l` }),
  },
  {
    entity: 'reminder',
    verb: 'read',
    as: both,
    request: (w) => ({ method: 'GET', path: `/reminders/${w.reminder.id}` }),
  },
  {
    entity: 'reminder',
    verb: "list of the victim's car",
    as: both,
    request: (w) => ({ method: 'GET', path: `/reminders?carId=${w.car.id}` }),
  },
  {
    entity: 'reminder',
    verb: 'update',
    as: both,
    request: (w) => ({ method: 'PUT', path: `/reminders/${w.reminder.id}`, body: { title: 'Hacked' } }),
  },
  {
    entity: 'reminder',
    verb: 'delete',
    as: both,
    request: (w) => ({ method: 'DELETE', path: `/reminders/${w.reminder.id}` }),
  },
  {
    entity: 'reminder',
    verb: "create on the victim's car",
    as: strangerOnly,
    request: (w) => ({
      method: 'POST',
      path: '/reminders',
      body: { carId: w.car.id, title: 'Planted', intervalMonths: 1 },
    }),
  },
  {
    // A friend reads the car, so the act, not the id, is refused.
    entity: 'reminder',
    verb: "create on the victim's car (not shared with them)",
    as: ['friend'],
    request: (w) => ({
      method: 'POST',
      path: '/reminders',
      body: { carId: w.car.id, title: 'Planted', intervalMonths: 1 },
    }),
    expect: [403],
  },
  {
    entity: 'reminder',
    verb: "create with the victim's id",
    as: both,
    request: (w, role) => ({
      method: 'POST',
      path: '/reminders',
      body: { id: w.reminder.id, carId: w.own[role].carId, title: 'Hacked', intervalMonths: 1 },
    }),
    expect: [409],
  },
  {
    entity: 'reminder',
    verb: "move one of mine to the victim's car",
    as: strangerOnly,
    request: (w, role) => ({
      method: 'PUT',
      path: `/reminders/${w.own[role].reminderId}`,
      body: { carId: w.car.id },
    }),
  },
  {
    entity: 'reminder',
    verb: "move one of mine to the victim's car (not shared with them)",
    as: ['friend'],
    request: (w, role) => ({
      method: 'PUT',
      path: `/reminders/${w.own[role].reminderId}`,
      body: { carId: w.car.id },
    }),
    expect: [403],
  },
  {
    entity: 'push subscription',
    verb: 'delete',
    as: both,
    request: (w) => ({ method: 'DELETE', path: '/push-subscriptions', body: { endpoint: w.push.endpoint } }),
  },
  // ---- reached from the route list (route coverage below): the car's history, sale and thread ----
  {
    entity: 'car history',
    verb: 'dossier PDF',
    as: both,
    request: (w) => ({ method: 'GET', path: `/cars/${w.car.id}/history.pdf` }),
    expect: [403, 404],
  },
  {
    entity: 'car history',
    verb: 'make a public link',
    as: both,
    request: (w) => ({ method: 'POST', path: `/cars/${w.car.id}/history-links`, body: { hide: [] } }),
    expect: [403, 404],
  },
  {
    entity: 'car history',
    verb: 'list the public links',
    as: both,
    request: (w) => ({ method: 'GET', path: `/cars/${w.car.id}/history-links` }),
    expect: [403, 404],
  },
  {
    entity: 'car history',
    verb: 'revoke a public link',
    as: both,
    request: (w) => ({ method: 'DELETE', path: `/history-links/${w.historyLink.id}` }),
  },
  {
    entity: 'car sale',
    verb: "offer the victim's car",
    as: both,
    request: (w, role) => ({
      method: 'POST',
      path: `/cars/${w.car.id}/transfers`,
      body: { toUserId: w[role].id, keepCosts: true, keepNotes: true },
    }),
    expect: [403, 404],
  },
  {
    entity: 'car sale',
    verb: 'read an offer',
    as: both,
    request: (w) => ({ method: 'GET', path: `/car-transfers/${w.transfer.id}` }),
  },
  {
    entity: 'car sale',
    verb: "accept another member's offer",
    as: both,
    request: (w) => ({ method: 'PUT', path: `/car-transfers/${w.transfer.id}`, body: { action: 'accept' } }),
    expect: [403, 404],
  },
  {
    entity: 'car sale',
    verb: 'read a past sale',
    as: both,
    request: (w) => ({ method: 'GET', path: `/cars/sold/${w.sale.id}` }),
  },
  {
    entity: 'car sale',
    verb: "list a car's owners",
    as: strangerOnly,
    request: (w) => ({ method: 'GET', path: `/cars/${w.car.id}/owners` }),
    expect: [403, 404],
  },
  {
    entity: 'post',
    verb: "a car's build thread",
    as: strangerOnly,
    request: (w) => ({ method: 'GET', path: `/cars/${w.car.id}/build-thread` }),
  },
  {
    entity: 'car sale',
    verb: 'what a buyer would receive (before an offer)',
    as: both,
    request: (w) => ({ method: 'GET', path: `/cars/${w.car.id}/sale-summary?keepCosts=true&keepNotes=true` }),
    expect: [403, 404],
  },
  {
    entity: 'car sale',
    verb: "what another member's offer hands over",
    as: both,
    request: (w) => ({ method: 'GET', path: `/car-transfers/${w.transfer.id}/summary` }),
  },
  // ---- tyres and equipment: the car's owner and members only ----
  {
    entity: 'equipment',
    verb: "list of the victim's car",
    as: both,
    request: (w) => ({ method: 'GET', path: `/cars/${w.car.id}/equipment` }),
  },
  {
    entity: 'equipment',
    verb: "create on the victim's car",
    as: both,
    request: (w) => ({
      method: 'POST',
      path: `/cars/${w.car.id}/equipment`,
      body: { kind: 'tyres', name: 'Planted' },
    }),
    expect: [403, 404],
  },
  {
    entity: 'equipment',
    verb: "create with the victim's id",
    as: both,
    request: (w, role) => ({
      method: 'POST',
      path: `/cars/${w.own[role].carId}/equipment`,
      body: { id: w.equipment.id, kind: 'tyres', name: 'Hacked' },
    }),
    expect: [409],
  },
  {
    entity: 'equipment',
    verb: 'read',
    as: both,
    request: (w) => ({ method: 'GET', path: `/equipment/${w.equipment.id}` }),
  },
  {
    entity: 'equipment',
    verb: 'update',
    as: both,
    request: (w) => ({ method: 'PUT', path: `/equipment/${w.equipment.id}`, body: { name: 'Hacked' } }),
    expect: [403, 404],
  },
  {
    entity: 'equipment',
    verb: 'mount',
    as: both,
    request: (w) => ({
      method: 'POST',
      path: `/equipment/${w.equipment.id}/mount`,
      body: { mileage: 5, date: '2026-02-01' },
    }),
    expect: [403, 404],
  },
  {
    entity: 'equipment',
    verb: 'remove',
    as: both,
    request: (w) => ({
      method: 'POST',
      path: `/equipment/${w.equipment.id}/remove`,
      body: { mileage: 5, date: '2026-02-01' },
    }),
    expect: [403, 404],
  },
  {
    entity: 'equipment',
    verb: 'delete',
    as: both,
    request: (w) => ({ method: 'DELETE', path: `/equipment/${w.equipment.id}` }),
    expect: [403, 404],
  },
  // ---- the car's papers: its owner and members only, never public, not even to friends ----
  {
    entity: 'car paper',
    verb: "list of the victim's car",
    as: both,
    request: (w) => ({ method: 'GET', path: `/cars/${w.car.id}/papers` }),
  },
  {
    entity: 'car paper',
    verb: 'read its file',
    as: both,
    request: (w) => ({ method: 'GET', path: `/media/${w.paper.fileId}` }),
  },
  {
    entity: 'car paper',
    verb: "attach to the victim's car",
    as: both,
    request: (w) => ({
      method: 'POST',
      path: `/cars/${w.car.id}/papers`,
      body: form({ kind: 'registration' }, { name: 'file', bytes: image }),
    }),
    expect: [403, 404],
  },
  {
    entity: 'car paper',
    verb: "attach with the victim's id",
    as: both,
    request: (w, role) => ({
      method: 'POST',
      path: `/cars/${w.own[role].carId}/papers`,
      body: form({ id: w.paper.id, kind: 'registration' }, { name: 'file', bytes: image }),
    }),
    expect: [409],
  },
  {
    entity: 'car paper',
    verb: 'delete',
    as: both,
    request: (w) => ({ method: 'DELETE', path: `/cars/${w.car.id}/papers/${w.paper.id}` }),
    expect: [403, 404],
  },
  {
    entity: 'car paper',
    verb: "delete through the attacker's own car",
    as: both,
    request: (w, role) => ({ method: 'DELETE', path: `/cars/${w.own[role].carId}/papers/${w.paper.id}` }),
  },
  {
    entity: 'fuel economy',
    verb: 'of one energy',
    as: both,
    request: (w) => ({ method: 'GET', path: `/cars/${w.car.id}/fuel-economy?energy=gasoline` }),
  },
  // New entities: append their rows here.
  // ---- shared cars: the owner's members; a friend sees the car, so acts are 403 ----
  {
    entity: 'car member',
    verb: 'list',
    as: both,
    request: (w) => ({ method: 'GET', path: `/cars/${w.car.id}/members` }),
  },
  {
    entity: 'car member',
    verb: 'invite',
    as: strangerOnly,
    request: (w, role) => ({
      method: 'POST',
      path: `/cars/${w.car.id}/members`,
      body: { userId: w[role].id, role: 'editor' },
    }),
  },
  {
    entity: 'car member',
    verb: 'invite (the car is not shared with them)',
    as: ['friend'],
    request: (w) => ({
      method: 'POST',
      path: `/cars/${w.car.id}/members`,
      body: { userId: w.friend.id, role: 'editor' },
    }),
    expect: [403],
  },
  {
    entity: 'car member',
    verb: 'change a role',
    as: strangerOnly,
    request: (w) => ({
      method: 'PUT',
      path: `/cars/${w.car.id}/members/${w.partner.id}`,
      body: { role: 'editor' },
    }),
  },
  {
    entity: 'car member',
    verb: 'change a role (the car is not shared with them)',
    as: ['friend'],
    request: (w) => ({
      method: 'PUT',
      path: `/cars/${w.car.id}/members/${w.partner.id}`,
      body: { role: 'editor' },
    }),
    expect: [403],
  },
  {
    entity: 'car member',
    verb: 'remove',
    as: strangerOnly,
    request: (w) => ({ method: 'DELETE', path: `/cars/${w.car.id}/members/${w.partner.id}` }),
  },
  {
    entity: 'car member',
    verb: 'remove (the car is not shared with them)',
    as: ['friend'],
    request: (w) => ({ method: 'DELETE', path: `/cars/${w.car.id}/members/${w.partner.id}` }),
    expect: [403],
  },
  {
    entity: 'car member',
    verb: 'leave (no membership)',
    as: both,
    request: (w, role) => ({ method: 'DELETE', path: `/cars/${w.car.id}/members/${w[role].id}` }),
  },
  {
    entity: 'car invitation',
    verb: 'accept one never made',
    as: both,
    request: (w) => ({ method: 'PUT', path: `/car-invites/${w.car.id}`, body: { action: 'accept' } }),
  },
];

let s: Server;
let w: World;

async function ok(res: Promise<Answer>, status = 201) {
  const answer = await res;
  expect(answer.status, answer.text).toBe(status);
  return answer.json.data;
}

async function setUp(): Promise<World> {
  const [owner, friend, stranger, partner, asked] = [
    await s.member({ firstName: 'Victor', lastName: SECRET }),
    await s.member(),
    await s.member(),
    await s.member(),
    await s.member(),
  ];
  await s.befriend(owner, friend);
  await s.befriend(partner, owner);
  const car = await ok(
    s.call(
      'POST',
      '/cars/with-image',
      owner,
      form(
        { make: 'Alpine', model: 'A110', nickname: SECRET, description: `<p>${SECRET}</p>` },
        { name: 'image', bytes: image },
      ),
    ),
  );
  // The car is shared with partner (a driver), so member rows have a real target.
  await ok(s.call('POST', `/cars/${car.id}/members`, owner, { userId: partner.id, role: 'driver' }));
  await ok(s.call('PUT', `/car-invites/${car.id}`, partner, { action: 'accept' }), 200);
  const log = await ok(
    s.call(
      'POST',
      '/car-logs/with-media',
      owner,
      form(
        {
          carId: car.id,
          type: 'maintenance',
          title: SECRET,
          content: `<p>${SECRET}</p>`,
          startDate: '2025-03-14',
        },
        { name: 'media', bytes: image },
      ),
    ),
  );
  const post = await ok(
    s.call(
      'POST',
      '/posts/with-image',
      owner,
      form({ content: `<p>${SECRET}</p>` }, { name: 'image', bytes: image }),
    ),
  );
  const comment = await ok(
    s.call('POST', '/comments', owner, { postId: post.id, content: `<p>${SECRET}</p>` }),
  );
  // A friend's comment gives the owner a notification.
  await ok(s.call('POST', '/comments', friend, { postId: post.id, content: 'Nice' }));
  const message = await ok(
    s.call('POST', '/messages', owner, {
      recipientId: partner.id,
      subject: SECRET,
      content: `<p>${SECRET}</p>`,
    }),
  );
  const friendRequest = await ok(s.call('POST', '/friends/request', owner, { userId: asked.id }));
  const group = await ok(
    s.call('POST', '/chat-groups', owner, { name: SECRET, description: SECRET, memberIds: [partner.id] }),
  );
  const groupMessage = await ok(
    s.call('POST', '/chat-messages', owner, { chatGroupId: group.id, content: SECRET }),
  );
  const directMessage = await ok(
    s.call('POST', '/chat-messages', owner, { recipientId: partner.id, content: SECRET }),
  );
  const reminder = await ok(
    s.call('POST', '/reminders', owner, {
      carId: car.id,
      title: SECRET,
      logType: 'maintenance',
      intervalMonths: 12,
      notes: SECRET,
    }),
  );
  const equipment = await ok(
    s.call('POST', `/cars/${car.id}/equipment`, owner, { kind: 'tyres', name: SECRET, dotCode: '0120' }),
  );
  await ok(
    s.call('POST', `/equipment/${equipment.id}/mount`, owner, { mileage: 1, date: '2026-01-01' }),
    200,
  );
  const paper = await ok(
    s.call(
      'POST',
      `/cars/${car.id}/papers`,
      owner,
      form({ kind: 'registration' }, { name: 'file', bytes: image }),
    ),
  );
  const push = pushBody(`https://push.example/${owner.id}`);
  await ok(s.call('POST', '/push-subscriptions', owner, push));
  const calendar = await ok(s.call('GET', '/reminders/calendar-key', owner), 200);
  const historyLink = await ok(s.call('POST', `/cars/${car.id}/history-links`, owner, { hide: [] }));
  const offered = await ok(s.call('POST', '/cars', owner, { make: 'Lancia', model: SECRET }));
  const transfer = await ok(
    s.call('POST', `/cars/${offered.id}/transfers`, owner, {
      toUserId: partner.id,
      keepCosts: true,
      keepNotes: true,
    }),
  );
  const sold = await ok(s.call('POST', '/cars', owner, { make: 'Saab', model: SECRET }));
  const sale = await ok(
    s.call('POST', `/cars/${sold.id}/transfers`, owner, {
      toUserId: partner.id,
      keepCosts: true,
      keepNotes: true,
    }),
  );
  await ok(s.call('PUT', `/car-transfers/${sale.id}`, partner, { action: 'accept' }), 200);
  const sales = (await ok(s.call('GET', '/cars/sold', owner), 200)) as { id: string }[];
  expect(sales.length).toBe(1);
  const notifications = (await ok(s.call('GET', '/notifications?limit=100', owner), 200)) as { id: string }[];
  expect(notifications.length).toBeGreaterThan(0);

  const own = {} as World['own'];
  for (const [role, who] of [
    ['friend', friend],
    ['stranger', stranger],
  ] as const) {
    const ownCar = await ok(s.call('POST', '/cars', who, { make: 'Fiat', model: '500' }));
    const ownLog = await ok(
      s.call('POST', '/car-logs', who, {
        carId: ownCar.id,
        type: 'maintenance',
        title: 'Mine',
        startDate: '2025-01-01',
      }),
    );
    const ownPost = await ok(s.call('POST', '/posts', who, { content: 'Mine' }));
    const ownReminder = await ok(
      s.call('POST', '/reminders', who, { carId: ownCar.id, title: 'Mine', intervalMonths: 6 }),
    );
    own[role] = { carId: ownCar.id, logId: ownLog.id, postId: ownPost.id, reminderId: ownReminder.id };
  }
  const postImage = /\/images\/([0-9a-f-]{36})/.exec(post.image as string);
  expect(postImage, post.image).not.toBeNull();
  return {
    owner,
    friend,
    stranger,
    partner,
    asked,
    car: { id: car.id, image: car.image },
    log: { id: log.id, mediaId: log.media[0].id },
    post: { id: post.id, mediaId: postImage![1]! },
    comment: { id: comment.id },
    message: { id: message.id },
    notification: { id: notifications[0]!.id },
    friendRequest: { id: friendRequest.request.id },
    chatGroup: { id: group.id, roomId: group.chatRoomId, messageId: groupMessage.id },
    chatDirect: { roomId: directMessage.chatRoomId, messageId: directMessage.id },
    reminder: { id: reminder.id },
    equipment: { id: equipment.id },
    paper: { id: paper.id, fileId: paper.fileId },
    push: { endpoint: push.endpoint, body: push },
    calendarUrl: calendar.url,
    historyLink: { id: historyLink.id },
    transfer: { id: transfer.id },
    sale: { id: sales[0]!.id },
    own,
  };
}

/** Everything of the victim's as the victim (and the other parties) see it. */
async function snapshot(): Promise<string> {
  const reads: [string, Attacker][] = [
    [`/cars/${w.car.id}`, w.owner],
    ['/cars/feed', w.owner],
    [`/car-logs/log/${w.log.id}`, w.owner],
    [`/car-logs/${w.car.id}`, w.owner],
    [`/car-logs/stats/${w.car.id}`, w.owner],
    [`/cars/${w.car.id}/equipment`, w.owner],
    [`/cars/${w.car.id}/papers`, w.owner],
    [`/cars/${w.car.id}/members`, w.owner],
    ['/cars/feed', w.partner],
    [`/posts/${w.post.id}`, w.owner],
    [`/comments/${w.comment.id}`, w.owner],
    [`/comments/post/${w.post.id}`, w.owner],
    [`/messages/${w.message.id}`, w.owner],
    ['/messages?folder=sent', w.owner],
    ['/messages?folder=inbox', w.partner],
    ['/notifications?limit=100', w.owner],
    ['/files', w.owner],
    ['/friends/requests', w.owner],
    ['/friends/requests', w.asked],
    ['/friends', w.owner],
    [`/chat-groups/${w.chatGroup.id}`, w.owner],
    ['/chat-groups', w.owner],
    ['/chat-rooms', w.owner],
    ['/chat-rooms', w.partner],
    [`/chat-messages/chat-room/${w.chatGroup.roomId}`, w.owner],
    [`/chat-messages/chat-room/${w.chatDirect.roomId}`, w.owner],
    [`/cars/${w.car.id}/odometer`, w.owner],
    [`/cars/${w.car.id}/fuel-economy`, w.owner],
    ['/reminders', w.owner],
    [`/reminders/${w.reminder.id}`, w.owner],
    ['/reminders/calendar-key', w.owner],
  ];
  const answers = await Promise.all(reads.map(([p, who]) => s.call('GET', p, who)));
  for (const a of answers) expect(a.status, a.text).toBe(200);
  const bytes = await Promise.all(
    [
      `/media/${w.log.mediaId}`,
      w.car.image.replace('/api/v1.0', ''),
      `/media/${w.post.mediaId}`,
      `/media/${w.paper.fileId}`,
    ].map((p) => s.call('GET', p, w.owner)),
  );
  for (const b of bytes) expect(b.status).toBe(200);
  return JSON.stringify([answers.map((a) => a.json), bytes.map((b) => b.text.length)]);
}

beforeAll(async () => {
  image = await png(16, 16);
  s = await startServer();
  w = await setUp();
}, 60_000);
afterAll(() => s.close());

const rows = CASES.flatMap((c) => c.as.map((role) => [c.entity, c.verb, role, c] as const));

describe("another member's objects", () => {
  it.each(rows)('%s: %s as a %s is refused and changes nothing', async (_entity, _verb, role, c) => {
    const before = await snapshot();
    const attacker = w[role];
    const { method, path, body } = c.request(w, role);
    const res = await s.call(method, path, attacker, body);
    expect(c.expect ?? [404], `${method} ${path}: ${res.status} ${res.text}`).toContain(res.status);
    expect(res.json, res.text).toMatchObject({ success: false, error: { code: expect.any(String) } });
    expect(res.text).not.toContain(SECRET);
    expect(await snapshot()).toBe(before);
  });

  it('a friend reads what friends may read (the refusals above are not a broken route)', async () => {
    for (const p of [
      `/cars/${w.car.id}`,
      `/posts/${w.post.id}`,
      w.car.image.replace('/api/v1.0', ''),
      `/comments/${w.comment.id}`,
    ])
      expect((await s.call('GET', p, w.friend)).status, p).toBe(200);
    const feed = await s.call('GET', `/cars/feed?ownerId=${w.owner.id}`, w.friend);
    expect(feed.json.data.map((c: { id: string }) => c.id)).toContain(w.car.id);
  });

  it("the calendar key is one's own: another member's ask or renewal gives theirs, never the victim's", async () => {
    const feedOf = (url: string) => s.call('GET', url.slice(url.indexOf('/reminders/')), null);
    for (const role of both) {
      const attacker = w[role];
      // Asked, then renewed (which ends the first URL at once): each one the attacker's own.
      for (const ask of [
        () => s.call('GET', '/reminders/calendar-key', attacker),
        () => s.call('POST', '/reminders/calendar-key/renew', attacker),
      ]) {
        const { url } = (await ok(ask(), 200)) as { url: string };
        expect(url).not.toBe(w.calendarUrl);
        const feed = await feedOf(url);
        expect(feed.status, feed.text).toBe(200);
        expect(feed.text).not.toContain(SECRET);
      }
    }
    const own = await ok(s.call('GET', '/reminders/calendar-key', w.owner), 200);
    expect(own.url).toBe(w.calendarUrl);
    const feed = await feedOf(w.calendarUrl);
    expect(feed.text).toContain(SECRET); // the control: the victim's own feed holds the reminder
    // The victim's device is still subscribed: posting its subscription again finds it (200, not 201).
    expect((await s.call('POST', '/push-subscriptions', w.owner, w.push.body)).status).toBe(200);
  });

  it("an Idempotency-Key reused by another member never replays the victim's answer", async () => {
    const key = `attack-${w.owner.id}`;
    const mine = await s.call(
      'POST',
      '/posts',
      w.owner,
      { content: `<p>${SECRET}</p>` },
      { 'idempotency-key': key },
    );
    expect(mine.status).toBe(201);
    const theirs = await s.call(
      'POST',
      '/posts',
      w.stranger,
      { content: '<p>Mine</p>' },
      { 'idempotency-key': key },
    );
    expect(theirs.text).not.toContain(SECRET);
    if (theirs.status === 201) expect(theirs.json.data.author.id).toBe(w.stranger.id);
    await ok(s.call('DELETE', `/posts/${mine.json.data.id}`, w.owner), 200);
  });
});

describe("socket rooms of another member's things", () => {
  it('joining a post room or typing in a chat room one may not read carries nothing either way', async () => {
    // The stranger's own post, made before any socket is open (its feed event reaches no one here):
    // the marker room below.
    const own = await ok(s.call('POST', '/posts', w.stranger, { content: '<p>Marker</p>' }));
    const [stranger, owner, partner] = [
      s.socket({ token: w.stranger.token }),
      s.socket({ token: w.owner.token }),
      s.socket({ token: w.partner.token }),
    ];
    await Promise.all([connected(stranger), connected(owner), connected(partner)]);
    const strangerGot: string[] = [];
    stranger.on('postUpdated', (e) => strangerGot.push(`post ${e.postId}`));
    stranger.on('chatTyping', (e) => strangerGot.push(`typing ${e.chatRoomId}`));
    stranger.on('notification', (e) => strangerGot.push(`notification ${e.type}`));
    const ownerGot: string[] = [];
    owner.on('chatTyping', (e) => ownerGot.push(`${e.userId} ${e.chatRoomId}`));
    const partnerSaw = new Promise<string>((resolve) => partner.on('chatTyping', (e) => resolve(e.userId)));

    stranger.emit('join_post', w.post.id);
    for (const room of [w.chatGroup.roomId, w.chatDirect.roomId]) stranger.emit('chat_typing', room);
    // A socket's events are handled in order: once the stranger's socket is in its own post's room,
    // the join and the typing sent before it were handled (and refused), not still pending.
    stranger.emit('join_post', own.id);
    await eventually(async () =>
      (await s.t.app.realtime.toPost(own.id).fetchSockets()).length === 1 ? true : undefined,
    );
    // The owner's friend comments (a postUpdated to the post room) and the owner types in a room.
    await ok(s.call('POST', '/comments', w.friend, { postId: w.post.id, content: 'Again' }));
    owner.emit('chat_typing', w.chatGroup.roomId);
    // The control: the partner, a participant, sees the owner typing.
    expect(await partnerSaw).toBe(w.owner.id);
    // Markers instead of a delay: a server writes to a socket in order, so once a later event has
    // reached a socket, anything sent to it before has too. The stranger comments on their own post
    // (a postUpdated to its room); the partner types in their direct chat with the owner.
    await ok(s.call('POST', '/comments', w.stranger, { postId: own.id, content: 'Marker' }));
    partner.emit('chat_typing', w.chatDirect.roomId);
    await eventually(() => (strangerGot.length > 0 && ownerGot.length > 0 ? true : undefined));
    expect(strangerGot).toEqual([`post ${own.id}`]);
    expect(ownerGot).toEqual([`${w.partner.id} ${w.chatDirect.roomId}`]);
    for (const socket of [stranger, owner, partner]) socket.disconnect();
  });
});

describe('foreign fields in bodies', () => {
  const OLD = '2001-01-01T00:00:00.000Z';
  const recent = (iso: string) => expect(Math.abs(Date.parse(iso) - Date.now())).toBeLessThan(60_000);

  it('a car keeps its owner and server timestamps', async () => {
    const me = w.stranger;
    const foreign = { ownerId: w.owner.id, createdAt: OLD, updatedAt: OLD, image: w.car.image, logCount: 99 };
    const car = await ok(s.call('POST', '/cars', me, { make: 'Lancia', model: 'Delta', ...foreign }));
    expect(car.ownerId).toBe(me.id);
    expect(car.image).toBeNull();
    recent(car.createdAt);
    recent(car.updatedAt);
    const updated = await ok(s.call('PUT', `/cars/${car.id}`, me, { model: 'Integrale', ...foreign }), 200);
    expect(updated).toMatchObject({
      ownerId: me.id,
      model: 'Integrale',
      image: null,
      createdAt: car.createdAt,
    });
    // The victim's car is not among the stranger's.
    const mine = await ok(s.call('GET', '/cars/feed', me), 200);
    expect(mine.map((c: { id: string }) => c.id)).not.toContain(w.car.id);
  });

  it('a car log keeps its owner, media and timestamps', async () => {
    const me = w.stranger;
    const log = await ok(
      s.call('POST', '/car-logs', me, {
        carId: w.own.stranger.carId,
        type: 'maintenance',
        title: 'Tyres',
        startDate: '2025-02-02',
        ownerId: w.owner.id,
        media: [{ id: w.log.mediaId, url: `/api/v1.0/media/${w.log.mediaId}` }],
        createdAt: OLD,
        updatedAt: OLD,
      }),
    );
    expect(log.media).toEqual([]);
    expect(log.carId).toBe(w.own.stranger.carId);
    recent(log.createdAt);
    const read = await ok(s.call('GET', `/car-logs/log/${log.id}`, me), 200);
    expect(read.media).toEqual([]);
  });

  it('a post keeps its author, counters, image and timestamps', async () => {
    const me = w.stranger;
    const foreign = {
      author: { id: w.owner.id, username: 'victim', firstName: 'V', lastName: 'V' },
      authorId: w.owner.id,
      userId: w.owner.id,
      likes: [w.owner.id, w.friend.id],
      likesCount: 99,
      commentsCount: 42,
      image: `/api/v1.0/posts/${w.post.id}/images/${w.post.mediaId}`,
      imageWidth: 1,
      createdAt: OLD,
      updatedAt: OLD,
    };
    const post = await ok(s.call('POST', '/posts', me, { content: '<p>Hello</p>', ...foreign }));
    expect(post).toMatchObject({
      author: { id: me.id },
      likes: [],
      likesCount: 0,
      commentsCount: 0,
      image: null,
    });
    recent(post.createdAt);
    const updated = await ok(
      s.call('PUT', `/posts/${post.id}`, me, { content: '<p>Edited</p>', ...foreign }),
      200,
    );
    expect(updated).toMatchObject({
      author: { id: me.id },
      likes: [],
      likesCount: 0,
      commentsCount: 0,
      image: null,
    });
    expect(updated.createdAt).toBe(post.createdAt);
  });

  it('a comment keeps its author, post, counters and timestamps', async () => {
    const me = w.friend;
    const comment = await ok(
      s.call('POST', '/comments', me, {
        postId: w.own.friend.postId,
        content: 'Hello',
        author: { id: w.owner.id },
        authorId: w.owner.id,
        repliesCount: 7,
        createdAt: OLD,
      }),
    );
    expect(comment).toMatchObject({ author: { id: me.id }, postId: w.own.friend.postId, repliesCount: 0 });
    recent(comment.createdAt);
    const updated = await ok(
      s.call('PUT', `/comments/${comment.id}`, me, {
        content: 'Edited',
        postId: w.post.id,
        author: { id: w.owner.id },
      }),
      200,
    );
    expect(updated).toMatchObject({ author: { id: me.id }, postId: w.own.friend.postId });
  });

  it('a chat group keeps its owner and counters; a chat message its sender and room', async () => {
    const me = w.friend;
    const group = await ok(
      s.call('POST', '/chat-groups', me, {
        name: 'Mine',
        memberIds: [w.owner.id],
        owner: { id: w.owner.id },
        ownerId: w.owner.id,
        memberCount: 99,
        chatRoomId: w.chatGroup.roomId,
        createdAt: OLD,
      }),
    );
    expect(group).toMatchObject({ owner: { id: me.id }, memberCount: 2 });
    expect(group.chatRoomId).not.toBe(w.chatGroup.roomId);
    recent(group.createdAt);
    const message = await ok(
      s.call('POST', '/chat-messages', me, {
        chatGroupId: group.id,
        content: 'Hello',
        senderId: w.owner.id,
        sender: { id: w.owner.id },
        createdAt: OLD,
      }),
    );
    expect(message).toMatchObject({ chatRoomId: group.chatRoomId, sender: { id: me.id } });
    recent(message.createdAt);
  });

  it('a message keeps its sender, read mark and timestamp', async () => {
    const me = w.friend;
    const message = await ok(
      s.call('POST', '/messages', me, {
        recipientId: w.owner.id,
        subject: 'Hi',
        content: 'Hello',
        sender: { id: w.partner.id },
        senderId: w.partner.id,
        isRead: true,
        createdAt: OLD,
      }),
    );
    expect(message).toMatchObject({ sender: { id: me.id }, recipient: { id: w.owner.id }, isRead: false });
    recent(message.createdAt);
  });

  it("a profile update cannot change one's id, e-mail or creation date", async () => {
    const me = w.stranger;
    const before = await ok(s.call('GET', '/users/me', me), 200);
    const res = await s.call('PUT', '/users/me', me, {
      city: 'Lyon',
      id: w.owner.id,
      email: 'taken-over@example.com',
      createdAt: OLD,
      avatar: w.car.image,
    });
    // Either the unknown fields are dropped or the body is refused; never applied.
    expect([200, 400]).toContain(res.status);
    const after = await ok(s.call('GET', '/users/me', me), 200);
    expect(after).toMatchObject({
      id: me.id,
      email: before.email,
      createdAt: before.createdAt,
      avatar: before.avatar,
    });
    const login = await s.call('POST', '/auth/login', null, {
      email: 'taken-over@example.com',
      password: 'x'.repeat(12),
    });
    expect(login.status).toBe(401);
  });
});

// ---- route coverage: every route the app serves is in the table above, or reviewed below ----

/**
 * Routes that need no row, each with why: nothing of another member's can be named through them
 * (public routes, and a member's own singletons or lists). Reviewed: a new route is not here, so it
 * fails the coverage test until it gets a row in CASES or a reviewed line here.
 */
const NO_ROW: Record<string, string> = {
  // Public: no member signed in, nothing of a member's named by id.
  'GET /api/v1.0/health': 'public',
  'POST /api/v1.0/auth/signup': 'public',
  'POST /api/v1.0/auth/login': 'public (attacks-tokens.test.ts)',
  'POST /api/v1.0/auth/refresh': 'public, the refresh token is the capability (attacks-tokens.test.ts)',
  'POST /api/v1.0/auth/logout': 'ends the session its refresh token names (attacks-tokens.test.ts)',
  'POST /api/v1.0/auth/forgot-password':
    'public, answers alike for any address (attacks-enumeration.test.ts)',
  'GET /api/v1.0/auth/validate-reset-token/:token': 'public, the token is the capability',
  'POST /api/v1.0/auth/reset-password': 'public, the token is the capability (attacks-tokens.test.ts)',
  'GET /api/v1.0/auth/providers': 'public',
  'GET /api/v1.0/auth/:provider': 'public sign-in redirect',
  'GET /api/v1.0/auth/:provider/callback': 'public sign-in callback, its state is the capability',
  'GET /api/v1.0/legal/:type': 'public',
  'GET /api/v1.0/settings': 'public',
  'GET /api/v1.0/reminders/calendar.ics': 'the key is the capability (the calendar-key test above)',
  'GET /api/v1.0/history/:token.pdf': 'public dossier, the token is the capability',
  'GET /api/v1.0/history/:token/media/:mediaId': 'public dossier, the token is the capability',
  'GET /history/:token': 'public dossier page, the token is the capability',
  'POST /api/v1.0/users/me/email/confirm': 'the mailed token is the capability',
  // Attacked in their own files, with the world they need (photos, tags, mentions, search).
  'GET /api/v1.0/messages/:id/images/:mediaId':
    "a message's photo: its two members only, a stranger or a member who deleted it gets 404 (attached-images.test.ts)",
  'POST /api/v1.0/messages/with-images':
    'sends as the caller, to whom the messaging rules allow, with at most 4 photos (attached-images.test.ts)',
  'GET /api/v1.0/chat-messages/:id/images/:mediaId':
    "a chat line's photo: the room's current members only; a removed member gets 404 (attached-images.test.ts)",
  'POST /api/v1.0/chat-messages/with-images':
    'writes as the caller in a room they are in, with at most 4 photos (attached-images.test.ts)',
  'GET /api/v1.0/users/by-username/:username':
    "a member's public card by name; 404 for a member who blocked the caller (attacks-tags.test.ts)",
  'GET /api/v1.0/tags/:tag/posts': "only the posts the caller's feed holds (attacks-tags.test.ts)",
  'GET /api/v1.0/search': 'only what the searcher may see (search.test.ts, attacks-trust.test.ts)',
  // The member's own singletons and lists: no id of another member's thing to give.
  'GET /api/v1.0/auth/me': 'own',
  'GET /api/v1.0/car-transfers': 'own offers, made and received',
  'GET /api/v1.0/car-transfers/buyer': 'finds a buyer by exact username (attacks-enumeration.test.ts)',
  'GET /api/v1.0/cars/sold': 'own past sales',
  'GET /api/v1.0/reminders/calendar-key': 'own key (the calendar-key test above)',
  'POST /api/v1.0/reminders/calendar-key/renew': 'own key (the calendar-key test above)',
  'GET /api/v1.0/push-subscriptions/vapid-public-key': 'the server key',
  'POST /api/v1.0/push-subscriptions':
    "subscribes the caller's device; the victim's stays subscribed (the calendar-key test above)",
  'GET /api/v1.0/notifications': 'own',
  'GET /api/v1.0/notifications/unread/count': 'own',
  'PUT /api/v1.0/notifications/read-all': 'own',
  'POST /api/v1.0/notifications/read-related': 'own notifications about the given thing',
  'GET /api/v1.0/messages': 'own folders',
  'GET /api/v1.0/messages/unread/count': 'own',
  'GET /api/v1.0/users/me': 'own (the profile-update test above)',
  'PUT /api/v1.0/users/me': 'own (the profile-update test above)',
  'GET /api/v1.0/users/search': "members' public cards, by design",
  'GET /api/v1.0/users/:id': "a member's public card, readable by any member by design",
  'GET /api/v1.0/users/:id/avatar': "a member's public avatar, readable by any member by design",
  'PUT /api/v1.0/users/me/avatar': 'own',
  'DELETE /api/v1.0/users/me/avatar': 'own',
  'GET /api/v1.0/friends': 'own',
  'GET /api/v1.0/friends/requests': 'own',
  'GET /api/v1.0/friends/suggestions': 'own',
  'POST /api/v1.0/friends/request': 'asks anyone, by design',
  'DELETE /api/v1.0/friends/:id': "ends the caller's own friendship with that member",
  'GET /api/v1.0/posts/feed': "own feed (friends' posts only: posts-feed.test.ts)",
  'GET /api/v1.0/users/:id/posts': 'an empty page to a non-friend, by design (posts-member-lists.test.ts)',
  'POST /api/v1.0/posts/images': 'own upload',
  'POST /api/v1.0/posts/with-image': 'own new post (the foreign-fields tests above)',
  'GET /api/v1.0/chat-groups': 'own',
  'GET /api/v1.0/chat-rooms': 'own',
  'GET /api/v1.0/files': 'own',
  'PUT /api/v1.0/users/me/password': 'own, needs the current password',
  'POST /api/v1.0/users/me/email': 'own, needs the current password',
  'GET /api/v1.0/users/me/preferences': 'own',
  'PUT /api/v1.0/users/me/preferences': 'own',
  'GET /api/v1.0/users/me/export': 'own',
  'DELETE /api/v1.0/users/me': 'own, needs the current password',
  // Trust: the caller's own blocks and mutes of any member, by design (attacks-trust.test.ts).
  'POST /api/v1.0/users/:id/block': "the caller's own block of that member (attacks-trust.test.ts)",
  'DELETE /api/v1.0/users/:id/block': "the caller's own block of that member (attacks-trust.test.ts)",
  'GET /api/v1.0/users/me/blocks': 'own',
  'POST /api/v1.0/users/:id/mute': "the caller's own mute of that member (attacks-trust.test.ts)",
  'DELETE /api/v1.0/users/:id/mute': "the caller's own mute of that member (attacks-trust.test.ts)",
};

/** `/cars/:id/members` → a pattern matching the concrete paths the table's rows call. */
const patternOf = (url: string) =>
  new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\?:[A-Za-z]+/g, '[^/]+')}$`);

describe('route coverage of the table', () => {
  it('every route the app serves has a row in CASES, or is reviewed as needing none', () => {
    const routes = s.t.app.routeList.map((r) => ({
      key: `${r.method} ${r.url}`,
      method: r.method,
      pattern: patternOf(r.url),
    }));
    const covered = new Set<string>();
    for (const c of CASES)
      for (const role of c.as) {
        const { method, path } = c.request(w, role);
        const bare = `/api/v1.0${path.split('?')[0]}`;
        const route = routes.find((r) => r.method === method && r.pattern.test(bare));
        expect(route, `${c.entity}: ${c.verb} calls ${method} ${bare}, which no route serves`).toBeDefined();
        covered.add(route!.key);
      }
    const missing = routes.map((r) => r.key).filter((key) => !covered.has(key) && !(key in NO_ROW));
    expect(missing, 'routes with no row in CASES and not reviewed in NO_ROW').toEqual([]);
    const stale = Object.keys(NO_ROW).filter((key) => covered.has(key) || !routes.some((r) => r.key === key));
    expect(stale, 'NO_ROW lines for routes that have a row, or that no longer exist').toEqual([]);
  });
});
