// What the buyer of a car will receive, counted from the car's rows and classified by the same
// lists the sale's transaction uses (car-transfers-handover.ts): the seller sees it before offering,
// and both sides of an offer read it again, so the buyer sees what the seller saw.
import type { Kysely } from 'kysely';
import type { CarSaleSummary } from '../../../src/contract/car-transfers';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import type { CarAccessService } from './car-access';
import type { SaleChoices } from './car-transfers-handover';
import { saleSummary } from './car-sale-summary-repository';

export function carSaleSummaryService(
  db: Kysely<Database>,
  access: CarAccessService,
  findTransfer: (
    id: string,
  ) => Promise<
    | { car_id: string; from_user_id: string; to_user_id: string; keep_costs: number; keep_notes: number }
    | undefined
  >,
) {
  return {
    /** The owner, before offering: what these choices would hand over (403 a member, 404 anyone else). */
    async preview(memberId: string, carId: string, choices: SaleChoices): Promise<CarSaleSummary> {
      await access.writable(memberId, carId, (role) => role === 'owner');
      return saleSummary(db, carId, choices);
    },

    /** Either side of an offer (404 for anyone else): what it hands over, counted now. */
    async ofTransfer(memberId: string, transferId: string): Promise<CarSaleSummary> {
      const row = await findTransfer(transferId);
      if (!row || (row.from_user_id !== memberId && row.to_user_id !== memberId))
        throw notFound('Car transfer');
      return saleSummary(db, row.car_id, {
        keepCosts: Boolean(row.keep_costs),
        keepNotes: Boolean(row.keep_notes),
      });
    },
  };
}

export type CarSaleSummaryService = ReturnType<typeof carSaleSummaryService>;
