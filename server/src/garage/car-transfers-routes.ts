// Selling a car with its logbook: offers, answers, the seller's sold records, the car's
// owners and the narrow buyer lookup (exact username only).
import {
  CAR_TRANSFER_DECLINED_DAYS,
  CAR_TRANSFER_ERROR_CODES as codes,
  CAR_TRANSFER_OFFERS_PER_DAY,
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
  CarSaleSummary,
  CarSaleSummaryQuery,
} from '../../../src/contract/car-transfers';
import { IdParams } from '../../../src/contract/garage';
import { ok, answer, memberRoutePlugin } from '../http/route-schemas';
import type { CarTransfersService } from './car-transfers-service';
import type { CarSaleSummaryService } from './car-sale-summary';

type Services = { transfers: CarTransfersService; summaries: CarSaleSummaryService };

export const carTransfersRoutes = memberRoutePlugin<Services>(
  ['cars'],
  (app, route, { transfers, summaries }) => {
    app.get(
      '/cars/:id/sale-summary',
      route('What a buyer would receive of my car with these choices, before I offer it (owner only)', {
        description:
          'Counts of logs, photos, PDF receipts, costs (with their totals), notes, reminders and equipment, each with whether the choices hand it over: the sale screen says it plainly and asks for confirmation. 403 for a member of the car, 404 for anyone else.',
        params: IdParams,
        querystring: CarSaleSummaryQuery,
        response: answer.item(CarSaleSummary, 400, 401, 403, 404),
      }),
      async (request) => ok(await summaries.preview(request.member.id, request.params.id, request.query)),
    );

    app.get(
      '/car-transfers/:id/summary',
      route('What the buyer receives with this offer (its seller and its buyer only: 404 for anyone else)', {
        description:
          "The same answer as GET /cars/{id}/sale-summary, with the offer's choices: the buyer sees it before accepting.",
        params: CarTransferParams,
        response: answer.item(CarSaleSummary, 400, 401, 404),
      }),
      async (request) => ok(await summaries.ofTransfer(request.member.id, request.params.id)),
    );

    app.post(
      '/cars/:id/transfers',
      route('Offer my car with its logbook to another member (they are told: a car-transfer notification)', {
        description: `Owner only (403 for a member of the car, 404 for anyone else). The buyer is any member, not only a friend (404 when there is none); myself is 400. One pending transfer per car: 409 \`${codes.pending}\`. A seller makes at most ${CAR_TRANSFER_OFFERS_PER_DAY} offers in any 24 hours (cancelled and declined ones count): 429 \`${codes.dailyLimit}\`. A member who declined the car is not offered it again for ${CAR_TRANSFER_DECLINED_DAYS} days: 409 \`${codes.declinedRecently}\`. The answer is the pending transfer.`,
        params: IdParams,
        body: CarTransferInput,
        response: answer.created(CarTransfer, 400, 401, 403, 404, 409, 429),
      }),
      async (request, reply) =>
        reply.status(201).send(ok(await transfers.offer(request.member.id, request.params.id, request.body))),
    );

    app.get(
      '/car-transfers',
      route('The pending transfers I offered or am offered, newest first', {
        response: answer.array(CarTransfer, 401),
      }),
      async (request) => ok(await transfers.pending(request.member.id)),
    );

    app.get(
      '/car-transfers/buyer',
      route('Find a buyer by their exact username (404 when none, or me)', {
        description:
          'Exact username only (case-insensitive): no list, no partial match. An e-mail address is never looked up: any text with an @ answers the same 404, with or without an account behind it, so addresses cannot be probed.',
        querystring: BuyerLookupQuery,
        response: answer.item(BuyerCard, 400, 401, 404),
      }),
      async (request) => ok(await transfers.findBuyer(request.member.id, request.query.q)),
    );

    app.get(
      '/car-transfers/:id',
      route('One transfer (its seller and its buyer only: 404 for anyone else)', {
        params: CarTransferParams,
        response: answer.item(CarTransfer, 400, 401, 404),
      }),
      async (request) => ok(await transfers.get(request.member.id, request.params.id)),
    );

    app.put(
      '/car-transfers/:id',
      route('Accept or decline a car offered to me (buyer), or cancel my offer (seller)', {
        description: `accept: in one transaction the car, its logs, fill-ups, readings, photos and reminders become the buyer's (costs and the logs' text dropped when not kept), its shared members are removed, and the seller keeps a read-only record (GET /cars/sold). The other side's verb is 403, anyone else 404; a transfer no longer pending is 409 \`${codes.notPending}\`.`,
        params: CarTransferParams,
        body: CarTransferAnswer,
        response: answer.item(CarTransfer, 400, 401, 403, 404, 409),
      }),
      async (request) => ok(await transfers.answer(request.member.id, request.params.id, request.body)),
    );

    app.get(
      '/cars/sold',
      route('The cars I sold: read-only records of each car as it was on the day of sale, newest first', {
        response: answer.array(CarSale, 401),
      }),
      async (request) => ok(await transfers.sales(request.member.id)),
    );

    app.get(
      '/cars/sold/:saleId',
      route(
        "One car I sold, with its logs as they were on the day of sale (the seller's only: 404 otherwise)",
        {
          params: CarSaleParams,
          response: answer.item(CarSaleDetail, 400, 401, 404),
        },
      ),
      async (request) => ok(await transfers.sale(request.member.id, request.params.saleId)),
    );

    app.get(
      '/cars/:id/owners',
      route('The car\'s one history through owners: "logbook since …, N owners" (any member of the car)', {
        params: IdParams,
        response: answer.item(CarOwners, 400, 401, 404),
      }),
      async (request) => ok(await transfers.owners(request.member.id, request.params.id)),
    );
  },
);
