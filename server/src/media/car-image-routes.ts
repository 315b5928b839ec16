import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { areFriends } from '../people/friendship';
import { Car, CarInput, CarUpdate, IdParams } from '../../../src/contract/garage';
import { badRequest } from '../http/errors';
import { settingsRepository } from '../settings/settings-repository';
import { carsRepository } from '../garage/cars-repository';
import { carsService } from '../garage/cars-service';
import { garageNotifier } from '../garage/garage-events';
import { errors, OkItem } from '../http/route-schemas';
import { mediaRepository } from './media-repository';
import { multipartBody } from './media-schemas';
import { mediaService } from './media-service';
import { fileDiscarder, mediaStorage } from './media-storage';
import { mediaUrl } from './media-url';
import { readMultipart } from './multipart-body';

const tags = ['cars'];

/** POST /cars/with-image and PUT /cars/:id/with-image: a car's fields plus one `image` file. */
export const carImageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repository = carsRepository(app.db.kysely);
  const cars = carsService({
    cars: repository,
    settings: settingsRepository(app.db.kysely),
    notify: garageNotifier(app),
    friends: { areFriends: (a, b) => areFriends(app.db.kysely, a, b) },
    discardFiles: fileDiscarder(app.config.dataDir, app.log),
  });
  const media = mediaService({
    media: mediaRepository(app.db.kysely),
    storage: mediaStorage(app.config.dataDir),
    log: app.log,
  });
  const preHandler = app.authenticate;

  app.post(
    '/cars/with-image',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add a car with its image (multipart; a repeated client id answers the stored car)',
        ...multipartBody('image', false),
        response: { 201: OkItem(Car), 200: OkItem(Car), ...errors(400, 401, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readMultipart(request, CarInput, 'image', 1);
      const input = fields as CarInput;
      // A replayed create answers the stored car without storing the file again.
      const stored = input.id ? await repository.findById(input.id) : undefined;
      if (stored && stored.ownerId === request.member.id)
        return reply.status(200).send({ success: true as const, data: stored });
      const prepared = await media.prepare(request.member.id, files, false);
      const [image] = await media.save(request.member.id, prepared);
      try {
        const { car, created } = await cars.create(
          request.member.id,
          input,
          image ? mediaUrl(image.id) : null,
        );
        return reply.status(created ? 201 : 200).send({ success: true as const, data: car });
      } catch (error) {
        // Fields refused (e.g. an unknown setting): the file would be an orphan.
        if (image) await media.discardSaved([image]);
        throw error;
      }
    },
  );

  app.put(
    '/cars/:id/with-image',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Change the fields given of one of my cars and replace its image (multipart; the old image is deleted)',
        ...multipartBody('image', false),
        params: IdParams,
        response: { 200: OkItem(Car), ...errors(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
      const { fields, files } = await readMultipart(request, CarUpdate, 'image', 1);
      await cars.get(request.member.id, request.params.id);
      if (files.length === 0)
        throw badRequest('Send the new image as "image".', [{ field: 'body.image', message: 'is required' }]);
      const [image] = await media.save(
        request.member.id,
        await media.prepare(request.member.id, files, false),
      );
      try {
        // The image it replaces is deleted with the update when nothing else uses it.
        const url = image ? mediaUrl(image.id) : undefined;
        const car = await cars.update(request.member.id, request.params.id, fields as CarUpdate, url);
        return { success: true as const, data: car };
      } catch (error) {
        // Fields refused (e.g. an unknown setting): the new file would be an orphan.
        if (image) await media.discardSaved([image]);
        throw error;
      }
    },
  );
};
