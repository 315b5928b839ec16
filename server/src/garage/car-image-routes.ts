import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Car, CarInput, CarSaved, CarUpdate, IdParams } from '../../../src/contract/garage';
import { errors, OkItem, ok } from '../http/route-schemas';
import { multipartBody } from '../media/media-schemas';
import { withSavedImage, type MediaService } from '../media/media-service';
import { mediaUrl } from '../media/media-url';
import { readMultipart, requireImage } from '../media/multipart-body';
import type { CarsService } from './cars-service';

const tags = ['cars'];

/** POST /cars/with-image and PUT /cars/:id/with-image: a car's fields plus one `image` file. */
export const carImageRoutes: FastifyPluginAsyncTypebox<{ cars: CarsService; media: MediaService }> = async (
  app,
  { cars, media },
) => {
  const preHandler = app.authenticate;

  app.post(
    '/cars/with-image',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add a car with its image (multipart; a repeated client id answers the stored car)',
        ...multipartBody('image', false),
        response: { 201: OkItem(Car), 200: OkItem(Car), ...errors(400, 401, 409, 413, 415, 503) },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readMultipart(request, CarInput, 'image', 1);
      const input = fields as CarInput;
      // A replayed create answers the stored car without storing the file again.
      const stored = await cars.replayed(request.member.id, input.id);
      if (stored) return reply.status(200).send(ok(stored));
      const { car, created } = await withSavedImage(media, request.member.id, files, (image) =>
        cars.create(request.member.id, input, image ? mediaUrl(image.id) : null),
      );
      return reply.status(created ? 201 : 200).send(ok(car));
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
        response: { 200: OkItem(CarSaved), ...errors(400, 401, 403, 404, 413, 415, 503) },
      },
    },
    async (request) => {
      const { fields, files } = await readMultipart(request, CarUpdate, 'image', 1);
      await cars.get(request.member.id, request.params.id);
      requireImage(files);
      // The image it replaces is deleted with the update when nothing else uses it.
      const car = await withSavedImage(media, request.member.id, files, (image) =>
        cars.update(
          request.member.id,
          request.params.id,
          fields as CarUpdate,
          image ? mediaUrl(image.id) : undefined,
        ),
      );
      return ok(car);
    },
  );
};
