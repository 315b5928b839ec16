import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AVATAR_SIZES } from '../../../src/contract/people';
import { CurrentUser } from '../../../src/contract/user';
import { AppError, badRequest } from '../http/errors';
import { MAX_FILE_BYTES } from '../media/media-processing';
import { peopleTags as tags, type PeopleServices } from './people-services';
import { ok, answer, memberRoutes, type RoutePlugin } from '../http/route-schemas';

/** The file's field: `avatar`, or `image` as the other uploads name theirs (docs/DESIGN-NOTES.md). */
const FILE_FIELDS = new Set(['avatar', 'image']);

const tooLarge = () =>
  new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    `The image is too large: at most ${MAX_FILE_BYTES / 1024 / 1024} MiB.`,
  );

/** The one image of the upload; other form fields are ignored. */
async function readAvatar(request: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (!FILE_FIELDS.has(part.fieldname)) {
        await part.toBuffer();
        throw badRequest(`Unexpected file field "${part.fieldname}": send the image as "avatar".`);
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Send one image only.');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the avatar as multipart/form-data.');
    throw error;
  }
  if (!bytes)
    throw badRequest('Send the image as "avatar".', [{ field: 'body.avatar', message: 'is required' }]);
  return bytes;
}

/** PUT and DELETE /users/me/avatar. Multipart is parsed in this scope only. */
export const avatarRoutes: RoutePlugin<{ services: PeopleServices }> = async (app, { services }) => {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, parts: 11 } });
  const { profiles } = services;
  const route = memberRoutes(app.authenticate, tags);

  app.put(
    '/users/me/avatar',
    route('Replace my avatar (multipart, one image as `avatar`)', {
      description: `The image is judged by its content (JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF; SVG is refused), cropped to a square, re-encoded as WebP at ${AVATAR_SIZES.join(' and ')} px without any metadata; the previous avatar is deleted. Answers me with the new \`avatar\` URL.`,
      consumes: ['multipart/form-data'],
      response: answer.item(CurrentUser, 400, 401, 404, 409, 413, 415),
    }),
    async (request) => ok(await profiles.setAvatar(request.member.id, await readAvatar(request))),
  );

  app.delete(
    '/users/me/avatar',
    route('Remove my avatar (its files are deleted)', {
      response: answer.item(CurrentUser, 401, 404, 409),
    }),
    async (request) => ok(await profiles.removeAvatar(request.member.id)),
  );
};
