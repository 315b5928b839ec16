import { Type } from 'typebox';
import { IdParams } from '../../../src/contract/garage';
import { Deleted, errors, ok, okList, answer, memberRoutes, type RoutePlugin } from '../http/route-schemas';
import { sendFileBytes } from '../http/file-reply';
import { FilesList } from './media-schemas';
import type { MediaService } from './media-service';

const tags = ['media'];

export const mediaRoutes: RoutePlugin<{ media: MediaService }> = async (app, { media }) => {
  const route = memberRoutes(app.authenticate, tags);

  app.get(
    '/media/:id',
    route('The bytes of one of my files (404 also when its bytes are no longer on disk)', {
      params: IdParams,
      response: { 200: Type.Unknown(), ...errors(400, 401, 404) },
    }),
    async (request, reply) => {
      const { row, bytes } = await media.read(request.member.id, request.params.id);
      const ext = row.kind === 'pdf' ? 'pdf' : 'webp';
      // Only server-made characters in the header: the stored name could hold anything.
      const safe =
        row.original_name
          .replace(/\.[^.]*$/, '')
          .replace(/[^\w.-]+/g, '_')
          .slice(0, 80) || 'file';
      return sendFileBytes(reply, { mime: row.mime, fileName: `${safe}.${ext}`, bytes });
    },
  );

  app.get(
    '/files',
    route('My files, what uses each, and my storage quota', {
      response: { 200: FilesList, ...errors(401) },
    }),
    async (request) => {
      const { items, totalBytes, quotaBytes } = await media.list(request.member.id);
      return okList(items, { totalBytes, quotaBytes });
    },
  );

  app.delete(
    '/files/:id',
    route('Delete one of my files and its links to cars and logs', {
      params: IdParams,
      response: answer.item(Deleted, 400, 401, 404),
    }),
    async (request) => {
      await media.remove(request.member.id, request.params.id);
      return ok({ id: request.params.id });
    },
  );
};
