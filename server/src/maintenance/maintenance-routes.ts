import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../src/contract/garage';
import * as contract from '../../../src/contract/maintenance-api';
import { Deleted, errors, OkItem, answer, memberRoutes, type RoutePlugin } from '../http/route-schemas';
import type { MaintenanceService } from './maintenance-service';

/** The odometer, fuel economy and reminders of my cars (issue 16). */
export const maintenanceRoutes: RoutePlugin<{ maintenance: MaintenanceService }> = async (
  app,
  { maintenance },
) => {
  const preHandler = app.authenticate;

  app.get(
    '/cars/:id/odometer',
    {
      preHandler,
      schema: {
        tags: ['cars'],
        summary:
          "A car's odometer: current figure, dated readings and distance a day (the owner and the car's members)",
        params: IdParams,
        response: { 200: OkItem(contract.Odometer), ...errors(400, 401, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await maintenance.odometer(request.member.id, request.params.id),
    }),
  );

  app.get(
    '/cars/:id/fuel-economy',
    {
      preHandler,
      schema: {
        tags: ['cars'],
        summary:
          "A car's fuel or energy economy in one unit: Σ distance ÷ Σ fuel of the valid full-to-full segments (the owner and the car's members)",
        params: IdParams,
        querystring: contract.FuelEconomyQuery,
        response: { 200: OkItem(contract.FuelEconomy), ...errors(400, 401, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await maintenance.fuelEconomy(request.member.id, request.params.id, request.query.unit),
    }),
  );

  const tags = ['reminders'];
  const route = memberRoutes(preHandler, tags);

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
    async (request) => ({
      success: true as const,
      data: await maintenance.get(request.member.id, request.params.id),
    }),
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
    async (request, reply) => {
      const { reminder, created } = await maintenance.create(request.member.id, request.body);
      return reply.status(created ? 201 : 200).send({ success: true as const, data: reminder });
    },
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
    async (request) => ({
      success: true as const,
      data: await maintenance.update(request.member.id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/reminders/:id',
    route('Delete a reminder (owner and editors)', {
      params: IdParams,
      response: answer.item(Deleted, 400, 401, 403, 404),
    }),
    async (request) => {
      await maintenance.remove(request.member.id, request.params.id);
      return { success: true as const, data: { id: request.params.id } };
    },
  );
};
