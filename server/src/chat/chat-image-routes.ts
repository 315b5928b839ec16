// A chat line's photos: sent with the line (multipart; server/src/media checks them, re-encodes
// them without EXIF and counts them in the sender's quota) and served to the room's participants
// only, checked each time one is read: a member removed from the group, or who left it, gets 404.
import { Type } from 'typebox';
import { ChatMessage, ChatMessageImageParams, ChatMessageWithImagesCreate } from '../../../src/contract/chat';
import { MESSAGE_IMAGES_MAX } from '../../../src/contract/constants';
import { answer, errors, memberRoutes, ok, type RoutePlugin } from '../http/route-schemas';
import { IMAGE_FIELDS, tooManyImages, withSavedImages } from '../media/attached-images';
import { sendAttachedImage } from '../media/attached-image-reply';
import type { MediaService } from '../media/media-service';
import { multipartBody } from '../media/media-schemas';
import { readMultipart } from '../media/multipart-body';
import type { ObjectStore } from '../media/object-store';
import type { ChatService } from './chat-service';

const tags = ['chat messages'];

/** GET /chat-messages/{id}/images/{mediaId}: the bytes, for the room's participants. */
export const chatImageRoutes: RoutePlugin<{ chat: ChatService; store: ObjectStore }> = async (
  app,
  { chat, store },
) => {
  const route = memberRoutes(app.authenticate, tags);
  app.get(
    '/chat-messages/:id/images/:mediaId',
    route("A photo of a chat line (its `images` URLs), for its room's participants now; 404 otherwise", {
      params: ChatMessageImageParams,
      response: { 200: Type.Unknown(), ...errors(400, 401, 404, 503) },
    }),
    async (request, reply) => {
      const { id, mediaId } = request.params;
      const row = await chat.image(request.member.id, id, mediaId);
      return sendAttachedImage(reply, { store, log: request.log, row, fileName: `chat-${id}.webp` });
    },
  );
};

/** POST /chat-messages/with-images: a line with up to MESSAGE_IMAGES_MAX photos. */
export const chatUploadRoutes: RoutePlugin<{ chat: ChatService; media: MediaService }> = async (
  app,
  { chat, media },
) => {
  const route = memberRoutes(app.authenticate, tags);
  app.post(
    '/chat-messages/with-images',
    route(
      `Send 1 to ${MESSAGE_IMAGES_MAX} photos, with or without text, to a friend, a group or a room, as POST /chat-messages (multipart: the fields as form fields or one \`data\` JSON field, each file part named \`image\` or \`images\`, kept in the order sent; more is 400 TOO_MANY_IMAGES). A repeated client id answers the stored message with 200 and pushes nothing`,
      {
        ...multipartBody('image` or `images', true),
        response: answer.stored(ChatMessage, 400, 401, 403, 404, 409, 413, 415),
      },
    ),
    async (request, reply) => {
      const { fields, files } = await readMultipart(
        request,
        ChatMessageWithImagesCreate,
        IMAGE_FIELDS,
        MESSAGE_IMAGES_MAX,
        () => tooManyImages(MESSAGE_IMAGES_MAX),
      );
      const input = fields as ChatMessageWithImagesCreate;
      const memberId = request.member.id;
      // A replayed send answers the stored line without storing the files again.
      if (input.id) {
        const stored = await chat.storedSend(memberId, input.id);
        if (stored) return reply.status(200).send(ok(stored));
      }
      const { message, created } = await withSavedImages(media, memberId, files, (images) =>
        chat.send(memberId, input, images),
      );
      return reply.status(created ? 201 : 200).send(ok(message));
    },
  );
};
