import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../src/contract/garage';
import * as contract from '../../../src/contract/maintenance-api';
import {
  Deleted,
  errors,
  ok,
  answer,
  memberRoutes,
  sendStored,
  type RoutePlugin,
} from '../http/route-schemas';
import type { MaintenanceService } from './maintenance-service';

/** The odometer, fuel economy and reminders of my cars. */
export const maintenanceRoutes: RoutePlugin<{ maintenance: MaintenanceService }> = async (
  app,
  { maintenance },
) => {
  const carRoute = memberRoutes(app.authenticate, ['cars']);

  app.get(
    '/cars/:id/odometer',
    carRoute(
      "A car's odometer: current figure, dated readings and distance a day (the owner and the car's members)",
      { params: IdParams, response: answer.item(contract.Odometer, 400, 401, 404) },
    ),
    async (request) => ok(await maintenance.odometer(request.member.id, request.params.id)),
  );

  app.get(
    '/cars/:id/fuel-economy',
    carRoute(
      "A car's fuel or energy economy for one of its energies (?energy=KEY, default the main one) in one unit: Σ distance ÷ Σ fuel of the valid full-to-full segments of that energy (the owner and the car's members). A charge to the usual target is a fill with fuel.fullTank true",
      {
        params: IdParams,
        querystring: contract.FuelEconomyQuery,
        response: answer.item(contract.FuelEconomy, 400, 401, 404),
      },
    ),
    async (request) =>
      ok(
        await maintenance.fuelEconomy(
          request.member.id,
          request.params.id,
          request.query.unit,
          request.query.energy,
        ),
      ),
  );

  const route = memberRoutes(app.authenticate, ['reminders']);

  app.get(
    '/reminders',
    route(
      'The reminders of my cars and the cars shared with me (of one car with carId), each with its state',
      {
        querystring: contract.ReminderListQuery,
        response: {
          200: Type.Object({ success: Type.Literal(true), data: Type.Array(contract.Reminder) }),
          ...errors(400, 401, 404),
        },
      },
    ),
    // The answer is serialised once by this route's schema (reply.serialize) and may be kept so
    // (maintenance.listJson): sent as a string with its JSON type, Fastify sends it as it is, through
    // the same onSend hooks as any answer.
    // (The typed reply takes the envelope only: the string goes through the untyped one.)
    async (request, reply) => {
      const json = await maintenance.listJson(request.member.id, request.query.carId, (data) => {
        const body = reply.serialize({ success: true as const, data });
        return typeof body === 'string' ? body : Buffer.from(body as ArrayBuffer).toString('utf8');
      });
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  );

  app.get(
    '/reminders/:id',
    route('One reminder of a car I own or that is shared with me, with its state', {
      params: IdParams,
      response: answer.item(contract.Reminder, 400, 401, 404),
    }),
    async (request) => ok(await maintenance.get(request.member.id, request.params.id)),
  );

  app.post(
    '/reminders',
    route(
      'Add a reminder to one of my cars: an interval (months, distance or both) or a due date or distance (a repeated client id answers the stored reminder with 200)',
      {
        body: contract.ReminderInput,
        response: answer.stored(contract.Reminder, 400, 401, 403, 404, 409),
      },
    ),
    async (request, reply) =>
      sendStored(reply, 'reminder', await maintenance.create(request.member.id, request.body)),
  );

  app.put(
    '/reminders/:id',
    route(
      'Change the fields given of a reminder (owner and editors; it may move to another car they may write to)',
      {
        params: IdParams,
        body: contract.ReminderUpdate,
        response: answer.item(contract.Reminder, 400, 401, 403, 404),
      },
    ),
    async (request) => ok(await maintenance.update(request.member.id, request.params.id, request.body)),
  );

  app.delete(
    '/reminders/:id',
    route('Delete a reminder (owner and editors)', {
      params: IdParams,
      response: answer.item(Deleted, 400, 401, 403, 404),
    }),
    async (request) => {
      await maintenance.remove(request.member.id, request.params.id);
      return ok({ id: request.params.id });
    },
  );
};
