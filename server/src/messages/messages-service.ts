// Private messages: the rules (friends only, participants only, read once, delete for oneself) and
// the notifications they raise.
import { randomUUID } from 'node:crypto';
import {
  MESSAGE_CONTENT_MAX_TEXT,
  type Message,
  type MessageFolder,
  type MessageInput,
  type MessageWithImagesInput,
} from '../../../src/contract/messages';
import { MESSAGE_IMAGES_MAX } from '../../../src/contract/constants';
import { tooManyImages, type ImageRef } from '../media/attached-images';
import type { DiscardFiles } from '../media/media-storage';
import { badRequest, conflict, forbidden, notFound, foundOr404 } from '../http/errors';
import { excerptOf } from '../notifications/excerpt';
import type { NotificationsService } from '../notifications/notifications-service';
import { sanitizeRichText } from '../http/rich-text';
import type { MessagesRepository, StoredMessage } from './messages-repository';

interface Deps {
  messages: MessagesRepository;
  /** Whether two members are friends (server/src/people). */
  areFriends(a: string, b: string): Promise<boolean>;
  /** Whether either member blocked the other (server/src/trust): then nobody writes to the other. */
  blocked?: (a: string, b: string) => Promise<boolean>;
  /** Who may write to the member (`messagesFrom` in their preferences): 'friends' unless they chose 'everyone'. */
  messagesFrom?: (memberId: string) => Promise<string>;
  notifications: Pick<NotificationsService, 'create' | 'createRealtimeOnly' | 'readRelatedQuietly'>;
  /** Logs a notification that could not be stored; the message is sent all the same. */
  warn(err: unknown, message: string): void;
  /** Removes the files of media rows the repository deleted (a message both participants deleted). */
  discardFiles?: DiscardFiles;
  now?: () => Date;
}

/** Which side of a message a member is on, if any and if they have not deleted it. */
function roleOf(memberId: string, row: StoredMessage): 'sender' | 'recipient' | null {
  // A message to oneself is not possible (one is not one's own friend); the inbox side wins.
  if (row.recipient_id === memberId && Number(row.recipient_deleted) === 0) return 'recipient';
  if (row.sender_id === memberId && Number(row.sender_deleted) === 0) return 'sender';
  return null;
}

export const NOT_A_FRIEND = 'You can only write to your friends.';

export function messagesService({
  messages,
  areFriends,
  blocked = async () => false,
  messagesFrom = async () => 'friends',
  notifications,
  warn,
  discardFiles = async () => {},
  now = () => new Date(),
}: Deps) {
  /** Friends may always write; anyone when the recipient chose 'everyone'; never across a block. */
  async function mayWrite(memberId: string, recipientId: string): Promise<boolean> {
    if (await blocked(memberId, recipientId)) return false;
    if (await areFriends(memberId, recipientId)) return true;
    return (await messagesFrom(recipientId)) === 'everyone';
  }

  /** The message as the member may see it: a participant who has not deleted it; else 404. */
  async function visible(
    memberId: string,
    id: string,
  ): Promise<{ row: StoredMessage; role: 'sender' | 'recipient' }> {
    const row = await messages.findStored(id);
    const role = row ? roleOf(memberId, row) : null;
    if (!row || !role) throw notFound('Message');
    return { row, role };
  }

  async function load(id: string): Promise<Message> {
    return foundOr404(await messages.find(id), 'Message');
  }

  /** A create repeated with a used id: the stored message when it is this sender's, else 409. */
  async function replayed(memberId: string, stored: StoredMessage): Promise<Message> {
    // Someone else's id: refuse without telling what it is.
    if (stored.sender_id !== memberId)
      throw conflict('This id is already in use.', [{ field: 'body.id', message: 'is already in use' }]);
    return load(stored.id);
  }

  /** Tells the member's other devices to refresh their folders and badge (nothing is stored). */
  function syncDevices(
    memberId: string,
    messageId: string,
    action: 'sent' | 'read' | 'deleted',
    images: Message['images'] = [],
  ) {
    notifications.createRealtimeOnly(memberId, {
      type: 'message',
      jsonPayload: { relatedMessageId: messageId, action, ...(images.length > 0 ? { images } : {}) },
    });
  }

  /** Deletes the message for one side; a message nobody keeps takes its photos' files along. */
  async function deleteFor(memberId: string, id: string, role: 'sender' | 'recipient'): Promise<boolean> {
    const { changed, files } = await messages.deleteFor(memberId, id, role);
    if (files.length > 0) await discardFiles(files);
    return changed;
  }

  return {
    async list(
      memberId: string,
      query: { folder: MessageFolder; limit: number; offset: number; unreadOnly: boolean },
    ): Promise<{ items: Message[]; total: number; unreadCount: number }> {
      // The counters first: their version says which page starts this process knows still hold.
      const counters = await messages.counters(memberId);
      const items = await messages.page(memberId, query.folder, query, counters.version);
      let total: number;
      if (query.folder === 'inbox') total = query.unreadOnly ? counters.inboxUnread : counters.inboxTotal;
      else total = query.unreadOnly ? await messages.countSentUnread(memberId) : counters.sentTotal;
      return { items, total, unreadCount: counters.inboxUnread };
    },

    async get(memberId: string, id: string): Promise<Message> {
      await visible(memberId, id);
      return load(id);
    },

    async unreadCount(memberId: string): Promise<number> {
      return (await messages.counters(memberId)).inboxUnread;
    },

    /** The media row of a photo of a message the member may see (a participant); else 404. */
    async image(memberId: string, id: string, mediaId: string) {
      await visible(memberId, id);
      return foundOr404(await messages.imageOf(id, mediaId), 'Image');
    },

    /** A replayed create's stored message (409 when the id is someone else's); null when new. */
    async storedSend(memberId: string, id: string): Promise<Message | null> {
      const stored = await messages.findStored(id);
      return stored ? replayed(memberId, stored) : null;
    },

    /**
     * Sends a message to a friend (403 otherwise), with the photos just stored (then its content
     * may be empty). `created: false` when this member already sent a message with this client id:
     * the stored one, nothing new, no second notification.
     */
    async send(
      memberId: string,
      input: MessageInput | MessageWithImagesInput,
      images: ImageRef[] = [],
    ): Promise<{ message: Message; created: boolean }> {
      if (input.recipientId === memberId) {
        throw badRequest('Some fields are missing or invalid.', [
          { field: 'body.recipientId', message: 'must be another member' },
        ]);
      }
      if (input.id) {
        const stored = await messages.findStored(input.id);
        if (stored) return { message: await replayed(memberId, stored), created: false };
      }
      // A blocked sender is answered as any member who may not write (never told of the block).
      if (!(await mayWrite(memberId, input.recipientId))) throw forbidden(NOT_A_FRIEND);
      if (images.length > MESSAGE_IMAGES_MAX) throw tooManyImages(MESSAGE_IMAGES_MAX);
      const clean = sanitizeRichText(input.content ?? '');
      // Photos alone are a message; text alone or with them is bounded as always.
      if ((clean.textLength === 0 && images.length === 0) || clean.textLength > MESSAGE_CONTENT_MAX_TEXT) {
        throw badRequest('Some fields are missing or invalid.', [
          {
            field: 'body.content',
            message: `must have 1 to ${MESSAGE_CONTENT_MAX_TEXT} characters of text`,
          },
        ]);
      }
      const row: StoredMessage = {
        id: input.id ?? randomUUID(),
        sender_id: memberId,
        recipient_id: input.recipientId,
        subject: input.subject,
        content: clean.textLength === 0 ? '' : clean.html,
        is_read: 0,
        sender_deleted: 0,
        recipient_deleted: 0,
        created_at: now().toISOString(),
      };
      if (!(await messages.insert(row, images))) {
        // The same client id raced in from another request: answer what won.
        const stored = await messages.findStored(row.id);
        if (!stored) throw conflict('This id is already in use.');
        return { message: await replayed(memberId, stored), created: false };
      }
      const message = await load(row.id);
      try {
        await notifications.create(input.recipientId, {
          type: 'message',
          jsonPayload: {
            relatedMessageId: row.id,
            relatedFriendId: memberId,
            actorId: memberId,
            excerpt: excerptOf(input.subject),
            // The photos' ids, URLs and sizes: the recipient's screens reserve their room at once.
            ...(message.images.length > 0 ? { images: message.images } : {}),
          },
        });
      } catch (err) {
        warn(err, 'message notification not stored');
      }
      syncDevices(memberId, row.id, 'sent', message.images);
      return { message, created: true };
    },

    /**
     * The recipient marks a message read. Only an unread message changes (and lowers the count
     * once); marking it again answers the same message and count (docs/DESIGN-NOTES.md: the spec's double
     * decrement is fixed). The sender may not (403); anyone else gets 404. Its notification is
     * read too, on every device (`notificationsRead`), even when the message was read already.
     */
    async markRead(memberId: string, id: string): Promise<{ message: Message; unreadCount: number }> {
      const { role } = await visible(memberId, id);
      if (role !== 'recipient') throw forbidden('Only the recipient can mark a message read.');
      if (await messages.markRead(memberId, id, now().toISOString())) syncDevices(memberId, id, 'read');
      await notifications.readRelatedQuietly(memberId, 'message', id);
      const [message, counters] = await Promise.all([load(id), messages.counters(memberId)]);
      return { message, unreadCount: counters.inboxUnread };
    },

    /** The moderators removed the message: it leaves both participants' folders. */
    async removeForEveryone(id: string): Promise<void> {
      const row = await messages.findStored(id);
      if (!row) throw notFound('Message');
      for (const [memberId, role] of [
        [row.recipient_id, 'recipient'],
        [row.sender_id, 'sender'],
      ] as const)
        if (await deleteFor(memberId, id, role)) syncDevices(memberId, id, 'deleted');
    },

    /** Deletes the message from the member's folders only; the other participant keeps it. */
    async remove(memberId: string, id: string): Promise<{ id: string; unreadCount: number }> {
      const { role } = await visible(memberId, id);
      if (await deleteFor(memberId, id, role)) syncDevices(memberId, id, 'deleted');
      return { id, unreadCount: (await messages.counters(memberId)).inboxUnread };
    },
  };
}

export type MessagesService = ReturnType<typeof messagesService>;
