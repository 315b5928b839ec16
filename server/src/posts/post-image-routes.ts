// A post's image: uploaded with the post (multipart, server/src/media checks, re-encodes and counts
// it against the member's quota) and served to whoever may read the post.
import { Type } from 'typebox';
import { Post, PostIdParams, PostImageParams, PostInput, PostUpdate } from '../../../src/contract/posts';
import { richTextImageSrc } from '../../../src/contract/rich-text';
import { badRequest, notFound } from '../http/errors';
import { multipartBody } from '../media/media-schemas';
import type { MediaService } from '../media/media-service';
import { IMAGE_FIELDS, tooManyImages, withSavedImages } from '../media/attached-images';
import { POST_IMAGES_MAX } from '../../../src/contract/constants';
import { fsErrorCode, mediaStorage } from '../media/media-storage';
import { readMultipart, requireImage } from '../media/multipart-body';
import { errors, OkItem, ok, answer, memberRoutes, type RoutePlugin } from '../http/route-schemas';
import { sendFileStream } from '../http/file-reply';
import type { ObjectStore, StoredObject } from '../media/object-store';
import type { PostImage, PostsService } from './posts-service';

const tags = ['posts'];

/** An image uploaded for a post's text: where the text shows it (`<img src>`). */
const TextImage = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
});

/** GET /posts/{id}/images/{mediaId}: the bytes, for the author and their friends. */
export const postImageRoutes: RoutePlugin<{ posts: PostsService; store: ObjectStore }> = async (
  app,
  { posts, store },
) => {
  const storage = mediaStorage(store);
  const route = memberRoutes(app.authenticate, tags);
  app.get(
    '/posts/:id/images/:mediaId',
    route("A photo of a post I can read (the URLs of the post's `images`, `image` the first)", {
      params: PostImageParams,
      response: { 200: Type.Unknown(), ...errors(400, 401, 404, 503) },
    }),
    async (request, reply) => {
      const { id, mediaId } = request.params;
      const row = await posts.image(request.member.id, id, mediaId);
      let object: StoredObject;
      try {
        object = await storage.open(row.storage_key);
      } catch (error) {
        // The row outlived its file (a restored database, a hand-cleaned disk): the image is gone.
        if (fsErrorCode(error) !== 'ENOENT') throw error;
        request.log.warn({ mediaId, storageKey: row.storage_key }, 'post image missing from disk');
        throw notFound('Image');
      }
      return sendFileStream(reply, { mime: row.mime, fileName: `post-${id}.webp`, ...object });
    },
  );
};

/**
 * POST /posts/with-image and PUT /posts/{id}/with-image: the post's fields plus up to
 * POST_IMAGES_MAX photos, each part named `image` (the older single-image form) or `images`.
 */
export const postUploadRoutes: RoutePlugin<{
  posts: PostsService;
  media: MediaService;
}> = async (app, { posts, media }) => {
  const preHandler = app.authenticate;
  const route = memberRoutes(preHandler, tags);

  /** Stores the upload (checked, re-encoded, within quota); null when no file was sent. */
  async function store(memberId: string, files: Awaited<ReturnType<typeof readMultipart>>['files']) {
    const [row] = await media.save(memberId, await media.prepare(memberId, files, false));
    return row ?? null;
  }
  const imageOf = (row: { id: string; width: number | null; height: number | null }): PostImage => ({
    id: row.id,
    width: row.width === null ? null : Number(row.width),
    height: row.height === null ? null : Number(row.height),
  });

  app.post(
    '/posts/images',
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Upload an image to show inside my post's text (multipart, one `image`); answers its path. " +
          'Friends can see it once a post of mine shows it.',
        ...multipartBody('image', false),
        response: { 201: OkItem(TextImage), ...errors(400, 401, 413, 415, 503) },
      },
    },
    async (request, reply) => {
      const { files } = await readMultipart(request, Type.Object({}), 'image', 1);
      if (files.length === 0)
        throw badRequest('Send the image as "image".', [{ field: 'body.image', message: 'is required' }]);
      const row = await store(request.member.id, files);
      if (!row)
        throw badRequest('Send the image as "image".', [{ field: 'body.image', message: 'is required' }]);
      const { id, width, height } = imageOf(row);
      return reply.status(201).send(ok({ id, url: richTextImageSrc(id), width, height }));
    },
  );

  const tooMany = () => tooManyImages(POST_IMAGES_MAX);

  app.post(
    '/posts/with-image',
    route(
      `Write a post with up to ${POST_IMAGES_MAX} photos (multipart: each file part named \`image\` or \`images\`, kept in the order sent; more is 400 TOO_MANY_IMAGES); a repeated client id answers the stored post`,
      {
        ...multipartBody('image` or `images', true),
        response: answer.stored(Post, 400, 401, 409, 413, 415),
      },
    ),
    async (request, reply) => {
      const { fields, files } = await readMultipart(
        request,
        PostInput,
        IMAGE_FIELDS,
        POST_IMAGES_MAX,
        tooMany,
      );
      const input = fields as PostInput;
      const memberId = request.member.id;
      // A replayed create answers the stored post without storing the files again.
      if (input.id) {
        const stored = await posts.storedCreate(memberId, input.id);
        if (stored) return reply.status(200).send(ok(stored));
      }
      const { post, created } = await withSavedImages(media, memberId, files, (images) =>
        posts.create(memberId, input, images),
      );
      return reply.status(created ? 201 : 200).send(ok(post));
    },
  );

  app.put(
    '/posts/:id/with-image',
    route(
      `Change the fields given of one of my posts and its photos (multipart; files as \`image\` or \`images\`). With \`keepImages\` (repeated form field, or a list in \`data\`): those photos stay in that order, the others are deleted, the files sent come after them; without it the files sent replace every photo (the old ones are deleted). At most ${POST_IMAGES_MAX} in all, else 400 TOO_MANY_IMAGES`,
      {
        ...multipartBody('image` or `images', true),
        params: PostIdParams,
        response: answer.item(Post, 400, 401, 404, 413, 415),
      },
    ),
    async (request) => {
      const { fields, files } = await readMultipart(
        request,
        PostUpdate,
        IMAGE_FIELDS,
        POST_IMAGES_MAX,
        tooMany,
      );
      const memberId = request.member.id;
      await posts.own(memberId, request.params.id);
      const patch = { ...(fields as PostUpdate), removeImage: false };
      // The older form replaces the image: it must send one.
      if (patch.keepImages === undefined) requireImage(files);
      const post = await withSavedImages(media, memberId, files, (images) =>
        posts.update(memberId, request.params.id, patch, images),
      );
      return ok(post);
    },
  );
};
