import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CarIdParams,
  CarLog,
  CarLogInput,
  CarLogListMeta,
  CarLogListQuery,
  CarLogStats,
  CarLogUpdate,
  IdParams,
} from '../../../src/contract/garage';
import type { CarLogsService } from './car-logs-service';
import { Deleted, errors, OkItem, ok, okList } from '../http/route-schemas';

const tags = ['car logs'];

export const carLogsRoutes: FastifyPluginAsyncTypebox<{ logs: CarLogsService }> = async (app, { logs }) => {
  const preHandler = app.authenticate;

  app.get(
    '/car-logs/:carId',
    {
      preHandler,
      schema: {
        tags,
        summary: "One page of a car's logs, latest start date first (the owner and the car's members)",
        params: CarIdParams,
        querystring: CarLogListQuery,
        response: {
          200: Type.Object({ success: Type.Literal(true), data: Type.Array(CarLog), meta: CarLogListMeta }),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await logs.list(request.member.id, request.params.carId, request.query);
      return okList(items, { total, page, limit });
    },
  );

  app.get(
    '/car-logs/log/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: "One log (the owner and the car's members); `authorId` says who wrote it",
        params: IdParams,
        response: { 200: OkItem(CarLog), ...errors(400, 401, 404) },
      },
    },
    async (request) => ok(await logs.get(request.member.id, request.params.id)),
  );

  app.get(
    '/car-logs/stats/:carId',
    {
      preHandler,
      schema: {
        tags,
        summary: "A car's log figures: counts, costs by currency, type and month, mileage span",
        params: CarIdParams,
        response: { 200: OkItem(CarLogStats), ...errors(400, 401, 404) },
      },
    },
    async (request) => ok(await logs.stats(request.member.id, request.params.carId)),
  );

  app.post(
    '/car-logs',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Add a log to one of my cars or a car shared with me as driver (fill-ups and readings) or editor (a repeated client id answers the stored log with 200; 403 when my role does not allow it)',
        body: CarLogInput,
        response: { 201: OkItem(CarLog), 200: OkItem(CarLog), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { log, created } = await logs.create(request.member.id, request.body);
      return reply.status(created ? 201 : 200).send(ok(log));
    },
  );

  app.put(
    '/car-logs/:id',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Change the fields given of a log (owner and editors: any log; drivers: their own; it may move to another car I may write to); the later write wins',
        params: IdParams,
        body: CarLogUpdate,
        response: { 200: OkItem(CarLog), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await logs.update(request.member.id, request.params.id, request.body)),
  );

  app.delete(
    '/car-logs/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Delete a log and the files only it used (owner and editors: any log; drivers: their own)',
        params: IdParams,
        response: { 200: OkItem(Deleted), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await logs.remove(request.member.id, request.params.id);
      return ok({ id: request.params.id });
    },
  );
};
