// Chat groups, chat rooms and chat messages on the wire (spec §3 "Chat group, chat room, chat
// message", §7 "Chat"; docs/DESIGN-NOTES.md "Entities"). Client code imports only the types from this file;
// plain values come from ./constants.
//
// - A chat group has an owner and members (the owner's friends when added); each group has exactly
//   one chat room, whose participants are the owner and the members.
// - A direct chat room joins two friends; there is one per pair, created by the first message sent
//   with `recipientId` (either direction answers the same room).
// - Whoever is not a participant (or not a member of the group) gets 404 for the group, its room,
//   its messages and its read mark.
// - Content is plain text: trimmed, 1 to CHAT_MESSAGE_CONTENT_MAX characters, stored as sent (no
//   HTML is interpreted): clients render it as text, never as HTML.
import { Type, type Static } from 'typebox';
import { pageMeta } from './envelope';
import { CHAT_MUTE_DURATIONS } from './web-push';
import { AttachedImage } from './posts';
import {
  CHAT_GROUP_DESCRIPTION_MAX,
  CHAT_GROUP_MEMBERS_MAX,
  CHAT_GROUP_NAME_MAX,
  CHAT_MESSAGE_CONTENT_MAX,
  CHAT_PAGE_MAX,
  CHAT_PAGE_SIZE,
  MESSAGE_IMAGES_MAX,
  OFFSET_MAX,
} from './constants';

// Nullable fields use JSON Schema type arrays, not anyOf (see ./garage).
const nullable = <T>(type: 'string' | 'integer', options: Record<string, unknown> = {}) =>
  Type.Unsafe<T | null>({ type: [type, 'null'], ...options });

const Uuid = (description?: string) =>
  Type.String({ format: 'uuid', ...(description ? { description } : {}) });
const ClientId = Uuid('Client-generated id: a repeat by the same member answers the stored item (200)');
const Limit = Type.Integer({ minimum: 1, maximum: CHAT_PAGE_MAX, default: CHAT_PAGE_SIZE });
const Offset = Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0 });

// ---------- params ----------

export const ChatIdParams = Type.Object({ id: Uuid() });
export type ChatIdParams = Static<typeof ChatIdParams>;
/** GET /chat-messages/chat-room/{roomId}. */
export const ChatRoomIdParams = Type.Object({ roomId: Uuid() });
export type ChatRoomIdParams = Static<typeof ChatRoomIdParams>;

// ---------- people ----------

/**
 * A chat participant as others see them. No e-mail or city: group members need not be friends.
 * Display name: firstName + ' ' + lastName trimmed, else username.
 */
export const ChatMember = Type.Object({
  id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatar: nullable<string>('string'),
});
export type ChatMember = Static<typeof ChatMember>;

// ---------- messages ----------

export const ChatMessage = Type.Object({
  id: Type.String(),
  chatRoomId: Type.String(),
  sender: ChatMember,
  content: Type.String({
    description: "Plain text, shown as text (never as HTML); '' for a line of photos only",
  }),
  /**
   * The line's photos in order (at most MESSAGE_IMAGES_MAX), served to the room's participants
   * only, checked when read (GET /chat-messages/{id}/images/{mediaId}); [] when it has none.
   */
  images: Type.Array(AttachedImage, { maxItems: MESSAGE_IMAGES_MAX }),
  createdAt: Type.String({ format: 'date-time' }),
  fromBlockedMember: Type.Optional(
    Type.Boolean({
      description:
        'true for a line of a member I blocked or who blocked me: its content and images are empty, the app shows it collapsed',
    }),
  ),
});
export type ChatMessage = Static<typeof ChatMessage>;

/**
 * POST /chat-messages. Exactly one of recipientId (direct: a friend; the pair's room is created on
 * first use), chatGroupId (the group's room) or chatRoomId (any room I am in) — else 400.
 */
export const ChatMessageCreate = Type.Object({
  id: Type.Optional(ClientId),
  content: Type.String({
    minLength: 1,
    maxLength: CHAT_MESSAGE_CONTENT_MAX * 2,
    description: `Plain text; trimmed, then 1 to ${CHAT_MESSAGE_CONTENT_MAX} characters`,
  }),
  recipientId: Type.Optional(Uuid('Direct: a friend of the sender')),
  chatGroupId: Type.Optional(Uuid('A group I am a member of')),
  chatRoomId: Type.Optional(Uuid('A room I am a participant of')),
});
export type ChatMessageCreate = Static<typeof ChatMessageCreate>;

/**
 * POST /chat-messages/with-images (multipart: these fields as form fields or one `data` JSON field,
 * and 1 to MESSAGE_IMAGES_MAX photos, each part named `image` or `images`). The content may then be
 * empty: a line of photos only.
 */
export const ChatMessageWithImagesCreate = Type.Object({
  ...Type.Omit(ChatMessageCreate, ['content']).properties,
  content: Type.Unsafe<string | null>({
    type: ['string', 'null'],
    maxLength: CHAT_MESSAGE_CONTENT_MAX * 2,
    default: '',
    description: `Plain text; trimmed, then at most ${CHAT_MESSAGE_CONTENT_MAX} characters; may be empty when photos are sent`,
  }),
});
export type ChatMessageWithImagesCreate = Static<typeof ChatMessageWithImagesCreate>;

/** GET /chat-messages/{id}/images/{mediaId}: a photo of a chat line (the room's participants only). */
export const ChatMessageImageParams = Type.Object({ id: Uuid(), mediaId: Uuid() });
export type ChatMessageImageParams = Static<typeof ChatMessageImageParams>;

/** GET /chat-messages: exactly one of recipientId (the direct room with that member) or chatGroupId. */
export const ChatMessageListQuery = Type.Object({
  limit: Limit,
  offset: Offset,
  recipientId: Type.Optional(Uuid('The other member of a direct chat')),
  chatGroupId: Type.Optional(Uuid('A group I am a member of')),
});
export type ChatMessageListQuery = Static<typeof ChatMessageListQuery>;

/** GET /chat-messages/chat-room/{roomId}. */
export const ChatPageQuery = Type.Object({ limit: Limit, offset: Offset });
export type ChatPageQuery = Static<typeof ChatPageQuery>;

/** Message pages, newest first. `chatRoomId` is null when no direct room exists yet for recipientId. */
export const ChatMessageListMeta = pageMeta({
  chatRoomId: nullable<string>('string'),
});
export type ChatMessageListMeta = Static<typeof ChatMessageListMeta>;

// ---------- rooms ----------

export const ChatRoom = Type.Object({
  id: Type.String(),
  /** The group this room belongs to; null for a direct room. */
  chatGroupId: nullable<string>('string'),
  /** The group's name; null for a direct room (show the other participant's name). */
  name: nullable<string>('string'),
  /** Everyone in the room, me included (a direct room: the two friends). */
  participants: Type.Array(ChatMember),
  lastMessage: Type.Unsafe<ChatMessage | null>({ anyOf: [ChatMessage, { type: 'null' }] }),
  /** Messages from others since I last marked the room read. */
  unreadCount: Type.Integer({ minimum: 0 }),
  /** Until when I muted the room's pushes (9999-12-31…: until I unmute it); null: not muted. */
  mutedUntil: nullable<string>('string'),
  createdAt: Type.String({ format: 'date-time' }),
  /** Last activity: the newest message's time, else the room's creation. Lists sort on it. */
  updatedAt: Type.String({ format: 'date-time' }),
});
export type ChatRoom = Static<typeof ChatRoom>;

/** GET /chat-rooms meta: `unreadCount` sums my unread messages over all my rooms (a badge). */
export const ChatRoomListMeta = pageMeta({
  unreadCount: Type.Integer(),
});
export type ChatRoomListMeta = Static<typeof ChatRoomListMeta>;

/** POST /chat-messages/{roomId}/mark-all-read (empty body): the room's new state for me. */
export const ChatRoomRead = Type.Object({
  chatRoomId: Type.String(),
  unreadCount: Type.Integer({ minimum: 0 }),
  lastReadAt: Type.String({ format: 'date-time' }),
});
export type ChatRoomRead = Static<typeof ChatRoomRead>;

/** PUT /chat-rooms/{id}/mute: no push for the room's messages for 8 hours, a week, or until unmuted. */
export const ChatRoomMuteBody = Type.Object(
  { duration: Type.Union(CHAT_MUTE_DURATIONS.map((d) => Type.Literal(d))) },
  { additionalProperties: false },
);
export type ChatRoomMuteBody = Static<typeof ChatRoomMuteBody>;

/** The room's mute as it stands for me (`mutedUntil` null: not muted). */
export const ChatRoomMute = Type.Object({
  chatRoomId: Type.String(),
  mutedUntil: nullable<string>('string'),
});
export type ChatRoomMute = Static<typeof ChatRoomMute>;

// ---------- groups ----------

export const ChatGroup = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  owner: ChatMember,
  /**
   * The members besides the owner (what memberIds sets). Always present on GET/POST/PUT of one
   * group; in GET /chat-groups only with withMembers=true.
   */
  members: Type.Optional(Type.Array(ChatMember)),
  /** Owner included. */
  memberCount: Type.Integer(),
  /** The group's room (send with chatGroupId or chatRoomId; read with either). */
  chatRoomId: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type ChatGroup = Static<typeof ChatGroup>;

const GroupName = Type.String({
  minLength: 1,
  maxLength: CHAT_GROUP_NAME_MAX * 2,
  description: `Plain text; trimmed, then 1 to ${CHAT_GROUP_NAME_MAX} characters`,
});
const GroupDescription = Type.String({
  maxLength: CHAT_GROUP_DESCRIPTION_MAX * 2,
  description: `Plain text; trimmed, then at most ${CHAT_GROUP_DESCRIPTION_MAX} characters`,
});
const MemberIds = Type.Array(Uuid(), {
  maxItems: CHAT_GROUP_MEMBERS_MAX,
  description: `Members besides the owner, each a friend of the owner (else 400); at most ${CHAT_GROUP_MEMBERS_MAX}; duplicates and the owner's own id are ignored`,
});

/** POST /chat-groups: I become the owner. */
export const ChatGroupCreate = Type.Object({
  id: Type.Optional(ClientId),
  name: GroupName,
  description: Type.Optional(GroupDescription),
  memberIds: MemberIds,
});
export type ChatGroupCreate = Static<typeof ChatGroupCreate>;

/**
 * PUT /chat-groups/{id}: the owner only (403 for other members). Absent fields stay; memberIds
 * replaces the whole member set (besides the owner): newcomers must be the owner's friends, those
 * left out are removed from the group and its room.
 */
export const ChatGroupUpdate = Type.Partial(Type.Omit(ChatGroupCreate, ['id']));
export type ChatGroupUpdate = Static<typeof ChatGroupUpdate>;

/** GET /chat-groups: the groups I own or am a member of, newest activity first. */
export const ChatGroupListQuery = Type.Object({
  limit: Limit,
  offset: Offset,
  withMembers: Type.Boolean({ default: false, description: 'As text: "true" or "false"' }),
});
export type ChatGroupListQuery = Static<typeof ChatGroupListQuery>;

export const ChatGroupListMeta = pageMeta();
export type ChatGroupListMeta = Static<typeof ChatGroupListMeta>;

/** DELETE /chat-groups/{id} (owner) and POST /chat-groups/{id}/leave (a member, not the owner). */
export const ChatGroupGone = Type.Object({ id: Type.String() });
export type ChatGroupGone = Static<typeof ChatGroupGone>;
