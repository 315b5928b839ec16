// Private messages on the wire (spec §3 "Message", §7 "Messages"; docs/DESIGN-NOTES.md "Entities": a message
// goes only between friends). Client code imports only the types from this file.
import { Type, type Static } from 'typebox';
import { pageMeta } from './envelope';
import { RICH_TEXT_MAX_HTML } from './garage';
import { AttachedImage } from './posts';

import {
  MESSAGE_CONTENT_MAX_TEXT,
  MESSAGE_FOLDERS,
  MESSAGE_SUBJECT_MAX,
  type MessageFolder,
} from './constants';
import { MESSAGE_IMAGES_MAX, OFFSET_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';

export { MESSAGE_CONTENT_MAX_TEXT, MESSAGE_FOLDERS, MESSAGE_SUBJECT_MAX, type MessageFolder };

/** A participant as a message shows them. */
export const MessageParticipant = Type.Object({
  id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatar: Type.Unsafe<string | null>({ type: ['string', 'null'] }),
});
export type MessageParticipant = Static<typeof MessageParticipant>;

export const Message = Type.Object({
  id: Type.String(),
  sender: MessageParticipant,
  recipient: MessageParticipant,
  subject: Type.String(),
  content: Type.String({ description: "Sanitised Quill HTML ('' for a message of photos only)" }),
  /**
   * The message's photos in order (at most MESSAGE_IMAGES_MAX), served to its two participants
   * only (GET /messages/{id}/images/{mediaId}); [] when it has none.
   */
  images: Type.Array(AttachedImage, { maxItems: MESSAGE_IMAGES_MAX }),
  /** Whether the recipient has read it (the same for both participants). */
  isRead: Type.Boolean(),
  createdAt: Type.String(),
});
export type Message = Static<typeof Message>;

export const MessageInput = Type.Object({
  id: Type.Optional(
    Type.String({ format: 'uuid', description: 'Client-generated id: a repeat answers the stored message' }),
  ),
  recipientId: Type.String({ format: 'uuid', description: 'A friend of the sender' }),
  subject: Type.String({ maxLength: MESSAGE_SUBJECT_MAX, default: '', description: 'Plain text' }),
  content: Type.String({
    minLength: 1,
    maxLength: RICH_TEXT_MAX_HTML,
    description: `Quill HTML or plain text, sanitised; 1 to ${MESSAGE_CONTENT_MAX_TEXT} characters of text`,
  }),
});
export type MessageInput = Static<typeof MessageInput>;

/**
 * POST /messages/with-images (multipart: these fields as form fields or one `data` JSON field, and
 * 1 to MESSAGE_IMAGES_MAX photos, each part named `image` or `images`). The content may then be
 * empty: a message of photos only.
 */
export const MessageWithImagesInput = Type.Object({
  ...Type.Omit(MessageInput, ['content']).properties,
  content: Type.Unsafe<string | null>({
    type: ['string', 'null'],
    maxLength: RICH_TEXT_MAX_HTML,
    default: '',
    description: `Quill HTML or plain text, sanitised; at most ${MESSAGE_CONTENT_MAX_TEXT} characters of text, empty when photos are sent`,
  }),
});
export type MessageWithImagesInput = Static<typeof MessageWithImagesInput>;

/** GET /messages/{id}/images/{mediaId}: a photo of a message (its participants only). */
export const MessageImageParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  mediaId: Type.String({ format: 'uuid' }),
});
export type MessageImageParams = Static<typeof MessageImageParams>;

export const MessageListQuery = Type.Object({
  folder: Type.Union([Type.Literal('inbox'), Type.Literal('sent')], { default: 'inbox' }),
  limit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT }),
  offset: Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0 }),
  unreadOnly: Type.Boolean({
    default: false,
    description:
      'As text: "true" or "false". Inbox: the messages I have not read; sent: those my recipients have not read',
  }),
});
export type MessageListQuery = Static<typeof MessageListQuery>;

/** `total`: how many messages the folder holds (with `unreadOnly`, the unread ones). */
export const MessageListMeta = pageMeta({
  /** Unread messages in my inbox, whatever the folder asked (the spec's list state `unreadCount`). */
  unreadCount: Type.Integer(),
});
export type MessageListMeta = Static<typeof MessageListMeta>;

/** PUT /messages/{id}/read: the message and my unread count after it. */
export const MessageRead = Type.Object({ message: Message, unreadCount: Type.Integer() });
export type MessageRead = Static<typeof MessageRead>;

/** DELETE /messages/{id}: gone from my folders (the other participant keeps it). */
export const MessageDeleted = Type.Object({ id: Type.String(), unreadCount: Type.Integer() });
export type MessageDeleted = Static<typeof MessageDeleted>;

export const MessageUnreadCount = Type.Object({ count: Type.Integer() });
export type MessageUnreadCount = Static<typeof MessageUnreadCount>;
