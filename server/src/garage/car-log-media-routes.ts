import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CarLog, CarLogInput, CarLogSaved, CarLogUpdate, IdParams } from '../../../src/contract/garage';
import { errors, OkItem, ok } from '../http/route-schemas';
import { MAX_FILES_PER_LOG } from '../media/media-processing';
import { multipartBody } from '../media/media-schemas';
import type { MediaService } from '../media/media-service';
import { readMultipart } from '../media/multipart-body';
import type { CarLogsService } from './car-logs-service';
import { matchAcceptLanguage } from '../platform/locale';

const tags = ['car logs'];

/** POST /car-logs/with-media and PUT /car-logs/:id/with-media: photos and PDF receipts. */
export const carLogMediaRoutes: FastifyPluginAsyncTypebox<{
  logs: CarLogsService;
  media: MediaService;
}> = async (app, { logs, media }) => {
  const preHandler = app.authenticate;

  app.post(
    '/car-logs/with-media',
    {
      preHandler,
      schema: {
        tags,
        summary: `Add a log with up to ${MAX_FILES_PER_LOG} photos or PDF receipts (multipart)`,
        ...multipartBody('media', true),
        response: {
          201: OkItem(CarLog),
          200: OkItem(CarLog),
          ...errors(400, 401, 403, 404, 409, 413, 415, 503),
        },
      },
    },
    async (request, reply) => {
      const memberId = request.member.id;
      const read = await readMultipart(request, CarLogInput, 'media', MAX_FILES_PER_LOG);
      const input = read.fields as CarLogInput;
      // A replayed create answers the stored log without storing the files again.
      const stored = await logs.replayed(memberId, input.id);
      if (stored) return reply.status(200).send(ok(stored));
      const prepared = await media.prepare(memberId, read.files, true);
      // The files first (linked to nothing yet), then the log and its links in one transaction: a
      // process killed half-way leaves no log, or the log with its files, never a log without them
      // (which a replay of this create would then answer as done).
      const saved = await media.save(memberId, prepared);
      let outcome: { log: CarLog; created: boolean };
      try {
        outcome = await logs.createWithFiles(
          memberId,
          input,
          saved.map((r) => r.id),
          matchAcceptLanguage(request.headers['accept-language']),
        );
      } catch (error) {
        await media.discardSaved(saved);
        throw error;
      }
      if (!outcome.created) await media.discardSaved(saved);
      return reply.status(outcome.created ? 201 : 200).send(ok(outcome.log));
    },
  );

  app.put(
    '/car-logs/:id/with-media',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Change the fields given of one of my logs and add photos or PDF receipts (multipart)',
        ...multipartBody('media', true),
        params: IdParams,
        response: { 200: OkItem(CarLogSaved), ...errors(400, 401, 403, 404, 413, 415, 503) },
      },
    },
    async (request) => {
      const memberId = request.member.id;
      const read = await readMultipart(request, CarLogUpdate, 'media', MAX_FILES_PER_LOG);
      await logs.get(memberId, request.params.id);
      const prepared = await media.prepare(memberId, read.files, true);
      const { overwritten } = await logs.update(memberId, request.params.id, read.fields as CarLogUpdate);
      await media.linkToLog(request.params.id, await media.save(memberId, prepared));
      const log = await logs.get(memberId, request.params.id);
      return ok(overwritten ? { ...log, overwritten } : log);
    },
  );
};
