import {
  CarIdParams,
  CarLog,
  CarLogInput,
  CarLogListMeta,
  CarLogListQuery,
  CarLogSaved,
  CarLogStats,
  CarLogUpdate,
  IdParams,
} from '../../../src/contract/garage';
import type { CarLogsService } from './car-logs-service';
import { matchAcceptLanguage } from '../platform/locale';
import { Deleted, ok, okList, answer, memberRoutePlugin, sendStored } from '../http/route-schemas';

type Services = { logs: CarLogsService };

export const carLogsRoutes = memberRoutePlugin<Services>(['car logs'], (app, route, { logs }) => {
  app.get(
    '/car-logs/:carId',
    route("One page of a car's logs, latest start date first (the owner and the car's members)", {
      params: CarIdParams,
      querystring: CarLogListQuery,
      response: answer.list(CarLog, CarLogListMeta, 400, 401, 404),
    }),
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await logs.list(request.member.id, request.params.carId, request.query);
      return okList(items, { total, page, limit });
    },
  );

  app.get(
    '/car-logs/log/:id',
    route("One log (the owner and the car's members); `authorId` says who wrote it", {
      params: IdParams,
      response: answer.item(CarLog, 400, 401, 404),
    }),
    async (request) => ok(await logs.get(request.member.id, request.params.id)),
  );

  app.get(
    '/car-logs/stats/:carId',
    route("A car's log figures: counts, costs by currency, type and month, mileage span", {
      params: CarIdParams,
      response: answer.item(CarLogStats, 400, 401, 404),
    }),
    async (request) => ok(await logs.stats(request.member.id, request.params.carId)),
  );

  app.post(
    '/car-logs',
    route(
      'Add a log to one of my cars or a car shared with me as driver (fill-ups and readings) or editor (a repeated client id answers the stored log with 200; 403 when my role does not allow it)',
      {
        body: CarLogInput,
        response: answer.stored(CarLog, 400, 401, 403, 404, 409),
      },
    ),
    async (request, reply) =>
      sendStored(
        reply,
        'log',
        await logs.create(
          request.member.id,
          request.body,
          matchAcceptLanguage(request.headers['accept-language']),
        ),
      ),
  );

  app.put(
    '/car-logs/:id',
    route(
      'Change the fields given of a log (owner and editors: any log; drivers: their own; it may move to another car I may write to); the later write wins, and with `base` the answer names in `overwritten` the fields changed elsewhere since, with the values replaced',
      {
        params: IdParams,
        body: CarLogUpdate,
        response: answer.item(CarLogSaved, 400, 401, 403, 404, 409),
      },
    ),
    async (request) => ok(await logs.update(request.member.id, request.params.id, request.body)),
  );

  app.delete(
    '/car-logs/:id',
    route('Delete a log and the files only it used (owner and editors: any log; drivers: their own)', {
      params: IdParams,
      response: answer.item(Deleted, 400, 401, 403, 404),
    }),
    async (request) => {
      await logs.remove(request.member.id, request.params.id);
      return ok({ id: request.params.id });
    },
  );
});
