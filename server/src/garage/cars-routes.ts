import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Ok } from '../../../src/contract/envelope';
import { Car, CarFeedQuery, CarInput, CarUpdate, IdParams } from '../../../src/contract/garage';
import type { CarsService } from './cars-service';
import { Deleted, errors, OkItem, ok, okList } from '../http/route-schemas';

const tags = ['cars'];

export const carsRoutes: FastifyPluginAsyncTypebox<{ cars: CarsService }> = async (app, { cars }) => {
  const preHandler = app.authenticate;

  app.get(
    '/cars/feed',
    {
      preHandler,
      schema: {
        tags,
        summary:
          "The member's cars (role owner), then the cars shared with them (ownerId, role, ownerName), newest first in each; with ownerId, a friend's cars (404 when not a friend)",
        querystring: CarFeedQuery,
        response: { 200: Ok(Type.Array(Car)), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { limit, offset, ownerId } = request.query;
      const { items, total } = await cars.feed(request.member.id, limit, offset, ownerId);
      return okList(items, { total, limit, offset });
    },
  );

  app.post(
    '/cars',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add a car (a repeated client id answers the stored car with 200)',
        body: CarInput,
        response: { 201: OkItem(Car), 200: OkItem(Car), ...errors(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const { car, created } = await cars.create(request.member.id, request.body);
      return reply.status(created ? 201 : 200).send(ok(car));
    },
  );

  app.get(
    '/cars/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'One car',
        params: IdParams,
        response: { 200: OkItem(Car), ...errors(400, 401, 404) },
      },
    },
    async (request) => ok(await cars.get(request.member.id, request.params.id)),
  );

  app.put(
    '/cars/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Change the fields given of one of my cars (owner only: 403 for a member of the car)',
        params: IdParams,
        body: CarUpdate,
        response: { 200: OkItem(Car), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await cars.update(request.member.id, request.params.id, request.body)),
  );

  app.delete(
    '/cars/:id',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Delete one of my cars, its logs and the files only they used (owner only: 403 for a member of the car)',
        params: IdParams,
        response: { 200: OkItem(Deleted), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await cars.remove(request.member.id, request.params.id);
      return ok({ id: request.params.id });
    },
  );
};
