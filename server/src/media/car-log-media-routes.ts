import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CarLog, CarLogInput, CarLogUpdate, IdParams } from '../../../src/contract/garage';
import { carLogsRepository } from '../garage/car-logs-repository';
import { carLogsService } from '../garage/car-logs-service';
import { carsRepository } from '../garage/cars-repository';
import { garageNotifier, type GarageNotify } from '../garage/garage-events';
import { errors, OkItem } from '../http/route-schemas';
import { settingsRepository } from '../settings/settings-repository';
import { MAX_FILES_PER_LOG } from './media-processing';
import { mediaRepository, type MediaRow } from './media-repository';
import { multipartBody } from './media-schemas';
import { mediaService } from './media-service';
import { fileDiscarder, mediaStorage } from './media-storage';
import { readMultipart } from './multipart-body';

const tags = ['car logs'];

/** POST /car-logs/with-media and PUT /car-logs/:id/with-media: photos and PDF receipts. */
export const carLogMediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const logsRepository = carLogsRepository(app.db.kysely);
  const notify = garageNotifier(app);
  const logs = carLogsService({
    cars: carsRepository(app.db.kysely),
    logs: logsRepository,
    settings: settingsRepository(app.db.kysely),
    notify,
    discardFiles: fileDiscarder(app.config.dataDir, app.log),
  });
  const files = mediaRepository(app.db.kysely);
  const media = mediaService({ media: files, storage: mediaStorage(app.config.dataDir), log: app.log });
  /** Links files just saved to a log; on a failure (the log deleted meanwhile) takes them back. */
  async function link(carLogId: string, rows: MediaRow[]): Promise<void> {
    try {
      await files.linkToLog(
        carLogId,
        rows.map((r) => r.id),
      );
    } catch (error) {
      await media.discardSaved(rows);
      throw error;
    }
  }
  const preHandler = app.authenticate;

  app.post(
    '/car-logs/with-media',
    {
      preHandler,
      schema: {
        tags,
        summary: `Add a log with up to ${MAX_FILES_PER_LOG} photos or PDF receipts (multipart)`,
        ...multipartBody('media', true),
        response: { 201: OkItem(CarLog), 200: OkItem(CarLog), ...errors(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const memberId = request.member.id;
      const read = await readMultipart(request, CarLogInput, 'media', MAX_FILES_PER_LOG);
      const input = read.fields as CarLogInput;
      // A replayed create answers the stored log without storing the files again.
      const stored = input.id ? await logsRepository.findById(input.id) : undefined;
      if (stored && stored.ownerId === memberId)
        return reply.status(200).send({ success: true as const, data: stored.log });
      const prepared = await media.prepare(memberId, read.files, true);
      // The files first (linked to nothing yet), then the log and its links in one transaction: a
      // process killed half-way leaves no log, or the log with its files, never a log without them
      // (which a replay of this create would then answer as done).
      const saved = await media.save(memberId, prepared);
      const changes: Parameters<GarageNotify>[] = [];
      let outcome: { log: CarLog; created: boolean };
      try {
        outcome = await app.db.kysely.transaction().execute(async (trx) => {
          const result = await carLogsService({
            cars: carsRepository(trx),
            logs: carLogsRepository(trx),
            settings: settingsRepository(trx),
            notify: (...change) => void changes.push(change),
            discardFiles: fileDiscarder(app.config.dataDir, app.log),
          }).create(memberId, input);
          if (result.created)
            await mediaRepository(trx).linkToLog(
              result.log.id,
              saved.map((r) => r.id),
            );
          return result;
        });
      } catch (error) {
        await media.discardSaved(saved);
        throw error;
      }
      if (!outcome.created) {
        await media.discardSaved(saved);
        return reply.status(200).send({ success: true as const, data: outcome.log });
      }
      for (const change of changes) notify(...change);
      return reply
        .status(201)
        .send({ success: true as const, data: await logs.get(memberId, outcome.log.id) });
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
        response: { 200: OkItem(CarLog), ...errors(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
      const memberId = request.member.id;
      const read = await readMultipart(request, CarLogUpdate, 'media', MAX_FILES_PER_LOG);
      await logs.get(memberId, request.params.id);
      const prepared = await media.prepare(memberId, read.files, true);
      await logs.update(memberId, request.params.id, read.fields as CarLogUpdate);
      await link(request.params.id, await media.save(memberId, prepared));
      return { success: true as const, data: await logs.get(memberId, request.params.id) };
    },
  );
};
