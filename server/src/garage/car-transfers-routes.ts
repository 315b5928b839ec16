// Selling a car with its logbook (issue 18): offers, answers, the seller's sold records, the car's
// owners and the narrow buyer lookup (exact username or e-mail address).
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Ok } from '../../../src/contract/envelope';
import {
  CAR_TRANSFER_ERROR_CODES as codes,
  BuyerCard,
  BuyerLookupQuery,
  CarOwners,
  CarSale,
  CarSaleDetail,
  CarSaleParams,
  CarTransfer,
  CarTransferAnswer,
  CarTransferInput,
  CarTransferParams,
} from '../../../src/contract/car-transfers';
import { IdParams } from '../../../src/contract/garage';
import { errors, OkItem, ok } from '../http/route-schemas';
import type { CarTransfersService } from './car-transfers-service';

const tags = ['cars'];

export const carTransfersRoutes: FastifyPluginAsyncTypebox<{ transfers: CarTransfersService }> = async (
  app,
  { transfers },
) => {
  const preHandler = app.authenticate;

  app.post(
    '/cars/:id/transfers',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Offer my car with its logbook to another member (they are told: a car-transfer notification)',
        description: `Owner only (403 for a member of the car, 404 for anyone else). The buyer is any member, not only a friend (404 when there is none); myself is 400. One pending transfer per car: 409 \`${codes.pending}\`. The answer is the pending transfer.`,
        params: IdParams,
        body: CarTransferInput,
        response: { 201: OkItem(CarTransfer), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await transfers.offer(request.member.id, request.params.id, request.body))),
  );

  app.get(
    '/car-transfers',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The pending transfers I offered or am offered, newest first',
        response: { 200: Ok(Type.Array(CarTransfer)), ...errors(401) },
      },
    },
    async (request) => ok(await transfers.pending(request.member.id)),
  );

  app.get(
    '/car-transfers/buyer',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Find a buyer by their exact username or e-mail address (404 when none, or me)',
        description:
          'Exact matches only (case-insensitive): no list, no partial match; the e-mail address is never answered.',
        querystring: BuyerLookupQuery,
        response: { 200: OkItem(BuyerCard), ...errors(400, 401, 404) },
      },
    },
    async (request) => ok(await transfers.findBuyer(request.member.id, request.query.q)),
  );

  app.get(
    '/car-transfers/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'One transfer (its seller and its buyer only: 404 for anyone else)',
        params: CarTransferParams,
        response: { 200: OkItem(CarTransfer), ...errors(400, 401, 404) },
      },
    },
    async (request) => ok(await transfers.get(request.member.id, request.params.id)),
  );

  app.put(
    '/car-transfers/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Accept or decline a car offered to me (buyer), or cancel my offer (seller)',
        description: `accept: in one transaction the car, its logs, fill-ups, readings, photos and reminders become the buyer's (costs and the logs' text dropped when not kept), its shared members are removed, and the seller keeps a read-only record (GET /cars/sold). The other side's verb is 403, anyone else 404; a transfer no longer pending is 409 \`${codes.notPending}\`.`,
        params: CarTransferParams,
        body: CarTransferAnswer,
        response: { 200: OkItem(CarTransfer), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await transfers.answer(request.member.id, request.params.id, request.body)),
  );

  app.get(
    '/cars/sold',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The cars I sold: read-only records of each car as it was on the day of sale, newest first',
        response: { 200: Ok(Type.Array(CarSale)), ...errors(401) },
      },
    },
    async (request) => ok(await transfers.sales(request.member.id)),
  );

  app.get(
    '/cars/sold/:saleId',
    {
      preHandler,
      schema: {
        tags,
        summary:
          "One car I sold, with its logs as they were on the day of sale (the seller's only: 404 otherwise)",
        params: CarSaleParams,
        response: { 200: OkItem(CarSaleDetail), ...errors(400, 401, 404) },
      },
    },
    async (request) => ok(await transfers.sale(request.member.id, request.params.saleId)),
  );

  app.get(
    '/cars/:id/owners',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The car\'s one history through owners: "logbook since …, N owners" (any member of the car)',
        params: IdParams,
        response: { 200: OkItem(CarOwners), ...errors(400, 401, 404) },
      },
    },
    async (request) => ok(await transfers.owners(request.member.id, request.params.id)),
  );
};
