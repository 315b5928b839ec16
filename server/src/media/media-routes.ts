import { Type } from 'typebox';
import { IdParams } from '../../../src/contract/garage';
import { Deleted, errors, ok, okList, answer, memberRoutePlugin } from '../http/route-schemas';
import { sendFileStream } from '../http/file-reply';
import { FilesList } from './media-schemas';
import type { MediaService } from './media-service';

export const mediaRoutes = memberRoutePlugin<{ media: MediaService }>(['media'], (app, route, { media }) => {
  app.get(
    '/media/:id',
    route(
      'The bytes of one of my files, streamed from the media store (404 also when its bytes are gone; 503 MEDIA_STORE_UNAVAILABLE when the store cannot be reached)',
      {
        params: IdParams,
        response: { 200: Type.Unknown(), ...errors(400, 401, 404, 503) },
      },
    ),
    async (request, reply) => {
      const { row, object } = await media.read(request.member.id, request.params.id);
      const ext = row.kind === 'pdf' ? 'pdf' : 'webp';
      // Only server-made characters in the header: the stored name could hold anything.
      const safe =
        row.original_name
          .replace(/\.[^.]*$/, '')
          .replace(/[^\w.-]+/g, '_')
          .slice(0, 80) || 'file';
      return sendFileStream(reply, { mime: row.mime, fileName: `${safe}.${ext}`, ...object });
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
      description:
        "A file another member's car shows belongs with that car: its uploader deletes it only while their role lets them change the log (403 otherwise).",
      params: IdParams,
      response: answer.item(Deleted, 400, 401, 403, 404),
    }),
    async (request) => {
      await media.remove(request.member.id, request.params.id);
      return ok({ id: request.params.id });
    },
  );
});
