import { Type } from 'typebox';
import { Ok } from '../../../src/contract/envelope';
import { Car, CarFeedQuery, CarInput, CarSaved, CarUpdate, IdParams } from '../../../src/contract/garage';
import type { CarsService } from './cars-service';
import { Deleted, errors, ok, okList, answer, memberRoutePlugin, sendStored } from '../http/route-schemas';

export const carsRoutes = memberRoutePlugin<{ cars: CarsService }>(['cars'], (app, route, { cars }) => {
  app.get(
    '/cars/feed',
    route(
      "The member's cars (role owner), then the cars shared with them (ownerId, role, ownerName), newest first in each; with ownerId, a friend's cars (404 when not a friend)",
      {
        querystring: CarFeedQuery,
        response: { 200: Ok(Type.Array(Car)), ...errors(400, 401) },
      },
    ),
    async (request) => {
      const { limit, offset, ownerId } = request.query;
      const { items, total } = await cars.feed(request.member.id, limit, offset, ownerId);
      return okList(items, { total, limit, offset });
    },
  );

  app.post(
    '/cars',
    route('Add a car (a repeated client id answers the stored car with 200)', {
      body: CarInput,
      response: answer.stored(Car, 400, 401, 409),
    }),
    async (request, reply) => sendStored(reply, 'car', await cars.create(request.member.id, request.body)),
  );

  app.get(
    '/cars/:id',
    route('One car', { params: IdParams, response: answer.item(Car, 400, 401, 404) }),
    async (request) => ok(await cars.get(request.member.id, request.params.id)),
  );

  app.put(
    '/cars/:id',
    route('Change the fields given of one of my cars (owner only: 403 for a member of the car)', {
      params: IdParams,
      body: CarUpdate,
      response: answer.item(CarSaved, 400, 401, 403, 404),
    }),
    async (request) => ok(await cars.update(request.member.id, request.params.id, request.body)),
  );

  app.delete(
    '/cars/:id',
    route(
      'Delete one of my cars, its logs and the files only they used (owner only: 403 for a member of the car)',
      { params: IdParams, response: answer.item(Deleted, 400, 401, 403, 404) },
    ),
    async (request) => {
      await cars.remove(request.member.id, request.params.id);
      return ok({ id: request.params.id });
    },
  );
});
