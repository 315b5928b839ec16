import {
  CarEquipment,
  CarEquipmentInput,
  CarEquipmentUpdate,
  EquipmentMove,
} from '../../../src/contract/car-equipment';
import { IdParams } from '../../../src/contract/garage';
import { Deleted, ok, answer, memberRoutePlugin, sendStored } from '../http/route-schemas';
import type { CarEquipmentService } from './car-equipment-service';

type Services = { equipment: CarEquipmentService };

/** Tyres and equipment of a car: read by the owner and the car's members, written by owner and editors. */
export const carEquipmentRoutes = memberRoutePlugin<Services>(['cars'], (app, route, { equipment }) => {
  app.get(
    '/cars/:id/equipment',
    route(
      "A car's tyre sets and other equipment, oldest first, each with the distance it has covered, its age (DOT date) and the reminder it reached (the owner and the car's members)",
      { params: IdParams, response: answer.array(CarEquipment, 400, 401, 404) },
    ),
    async (request) => ok(await equipment.list(request.member.id, request.params.id)),
  );

  app.post(
    '/cars/:id/equipment',
    route(
      'Add a tyre set or other equipment to a car, not mounted (owner and editors; a repeated client id answers the stored set with 200)',
      {
        params: IdParams,
        body: CarEquipmentInput,
        response: answer.stored(CarEquipment, 400, 401, 403, 404, 409),
      },
    ),
    async (request, reply) =>
      sendStored(
        reply,
        'equipment',
        await equipment.create(request.member.id, request.params.id, request.body),
      ),
  );

  app.get(
    '/equipment/:id',
    route("One set of equipment (the owner and the car's members)", {
      params: IdParams,
      response: answer.item(CarEquipment, 400, 401, 404),
    }),
    async (request) => ok(await equipment.get(request.member.id, request.params.id)),
  );

  app.put(
    '/equipment/:id',
    route('Change the fields given of a set (owner and editors)', {
      params: IdParams,
      body: CarEquipmentUpdate,
      response: answer.item(CarEquipment, 400, 401, 403, 404),
    }),
    async (request) => ok(await equipment.update(request.member.id, request.params.id, request.body)),
  );

  app.post(
    '/equipment/:id/mount',
    route(
      'Mount a set at an odometer reading (owner and editors): 409 when mounted already, 400 before its last removal',
      { params: IdParams, body: EquipmentMove, response: answer.item(CarEquipment, 400, 401, 403, 404, 409) },
    ),
    async (request) => ok(await equipment.mount(request.member.id, request.params.id, request.body)),
  );

  app.post(
    '/equipment/:id/remove',
    route(
      'Remove a mounted set at an odometer reading (owner and editors): 409 when not mounted, 400 before its mounting',
      { params: IdParams, body: EquipmentMove, response: answer.item(CarEquipment, 400, 401, 403, 404, 409) },
    ),
    async (request) => ok(await equipment.remove(request.member.id, request.params.id, request.body)),
  );

  app.delete(
    '/equipment/:id',
    route('Delete a set and its history (owner and editors)', {
      params: IdParams,
      response: answer.item(Deleted, 400, 401, 403, 404),
    }),
    async (request) => {
      await equipment.delete(request.member.id, request.params.id);
      return ok({ id: request.params.id });
    },
  );
});
