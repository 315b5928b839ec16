// A private message's photos: sent with the message (multipart; server/src/media checks them,
// re-encodes them without EXIF and counts them in the sender's quota) and served to its two
// participants only, checked each time one is read (a participant who deleted it gets 404).
import { Type } from 'typebox';
import { MESSAGE_IMAGES_MAX } from '../../../src/contract/constants';
import { Message, MessageImageParams, MessageWithImagesInput } from '../../../src/contract/messages';
import { answer, errors, memberRoutes, ok, type RoutePlugin } from '../http/route-schemas';
import { IMAGE_FIELDS, tooManyImages, withSavedImages } from '../media/attached-images';
import { sendAttachedImage } from '../media/attached-image-reply';
import type { MediaService } from '../media/media-service';
import { multipartBody } from '../media/media-schemas';
import { readMultipart } from '../media/multipart-body';
import type { ObjectStore } from '../media/object-store';
import type { MessagesService } from './messages-service';

const tags = ['messages'];

/** GET /messages/{id}/images/{mediaId}: the bytes, for the message's participants. */
export const messageImageRoutes: RoutePlugin<{ messages: MessagesService; store: ObjectStore }> = async (
  app,
  { messages, store },
) => {
  const route = memberRoutes(app.authenticate, tags);
  app.get(
    '/messages/:id/images/:mediaId',
    route('A photo of a message I sent or received and still keep (its `images` URLs); 404 otherwise', {
      params: MessageImageParams,
      response: { 200: Type.Unknown(), ...errors(400, 401, 404, 503) },
    }),
    async (request, reply) => {
      const { id, mediaId } = request.params;
      const row = await messages.image(request.member.id, id, mediaId);
      return sendAttachedImage(reply, { store, log: request.log, row, fileName: `message-${id}.webp` });
    },
  );
};

/** POST /messages/with-images: a message with up to MESSAGE_IMAGES_MAX photos. */
export const messageUploadRoutes: RoutePlugin<{ messages: MessagesService; media: MediaService }> = async (
  app,
  { messages, media },
) => {
  const route = memberRoutes(app.authenticate, tags);
  app.post(
    '/messages/with-images',
    route(
      `Send a message with 1 to ${MESSAGE_IMAGES_MAX} photos to a friend (multipart: the fields as form fields or one \`data\` JSON field, each file part named \`image\` or \`images\`, kept in the order sent; more is 400 TOO_MANY_IMAGES). The content may be empty. A repeated client id answers the stored message with 200`,
      {
        ...multipartBody('image` or `images', true),
        response: answer.stored(Message, 400, 401, 403, 409, 413, 415),
      },
    ),
    async (request, reply) => {
      const { fields, files } = await readMultipart(
        request,
        MessageWithImagesInput,
        IMAGE_FIELDS,
        MESSAGE_IMAGES_MAX,
        () => tooManyImages(MESSAGE_IMAGES_MAX),
      );
      const input = fields as MessageWithImagesInput;
      const memberId = request.member.id;
      // A replayed send answers the stored message without storing the files again.
      if (input.id) {
        const stored = await messages.storedSend(memberId, input.id);
        if (stored) return reply.status(200).send(ok(stored));
      }
      const { message, created } = await withSavedImages(media, memberId, files, (images) =>
        messages.send(memberId, input, images),
      );
      return reply.status(created ? 201 : 200).send(ok(message));
    },
  );
};
