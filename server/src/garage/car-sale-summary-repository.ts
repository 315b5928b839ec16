// The counts behind the sale's summary (car-sale-summary.ts): a car's logs, files, costs, notes,
// reminders and equipment, in a few grouped queries.
import type { Kysely } from 'kysely';
import type { CarPaperKind } from '../../../src/contract/car-papers';
import type { CarSaleSummary } from '../../../src/contract/car-transfers';
import type { Database } from '../db/schema';
import {
  handedOver,
  LOG_FIELDS_KEPT_BY,
  PAPER_KINDS_AT_SALE,
  REMINDER_COLUMNS_KEPT_BY,
  type SaleChoices,
} from './car-transfers-handover';

/** The counts behind a summary, read in a few grouped queries. */
export async function saleSummary(
  db: Kysely<Database>,
  carId: string,
  choices: SaleChoices,
): Promise<CarSaleSummary> {
  const logs = await db
    .selectFrom('car_logs')
    .select((eb) => [
      eb.fn.countAll<number>().as('logs'),
      eb.fn.count<number>('cost_cents').as('costs'),
      eb.fn
        .count<number>(
          eb
            .case()
            .when(eb.or([eb('content', 'is not', null), eb('location', 'is not', null)]))
            .then(1)
            .end(),
        )
        .as('notes'),
    ])
    .where('car_id', '=', carId)
    .executeTakeFirst();
  const totals = await db
    .selectFrom('car_logs')
    .select((eb) => ['currency_code', eb.fn.sum<number>('cost_cents').as('cents')])
    .where('car_id', '=', carId)
    .where('cost_cents', 'is not', null)
    .where('currency_code', 'is not', null)
    .groupBy('currency_code')
    .execute();
  const files = await db
    .selectFrom('car_log_media')
    .innerJoin('car_logs', 'car_logs.id', 'car_log_media.car_log_id')
    .innerJoin('media', 'media.id', 'car_log_media.media_id')
    .select((eb) => ['media.kind', eb.fn.countAll<number>().as('n')])
    .where('car_logs.car_id', '=', carId)
    .groupBy('media.kind')
    .execute();
  const reminders = await db
    .selectFrom('reminders')
    .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.count<number>('notes').as('notes')])
    .where('car_id', '=', carId)
    .executeTakeFirst();
  const equipment = await db
    .selectFrom('car_equipment')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('car_id', '=', carId)
    .executeTakeFirst();
  const papers = await db
    .selectFrom('car_papers')
    .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
    .where('car_id', '=', carId)
    .groupBy('kind')
    .execute();
  const papersAt = (at: 'car' | 'seller') =>
    papers
      .filter((p) => PAPER_KINDS_AT_SALE[p.kind as CarPaperKind] === at)
      .reduce((sum, p) => sum + Number(p.n), 0);
  const filesOf = (kind: string) => Number(files.find((f) => f.kind === kind)?.n ?? 0);
  const costs = handedOver(LOG_FIELDS_KEPT_BY.cost, choices);
  const notes = handedOver(LOG_FIELDS_KEPT_BY.content, choices);
  const media = handedOver(LOG_FIELDS_KEPT_BY.media, choices);
  return {
    carId,
    keepCosts: choices.keepCosts,
    keepNotes: choices.keepNotes,
    logs: { count: Number(logs?.logs ?? 0), handedOver: true },
    photos: { count: filesOf('image'), handedOver: media },
    receipts: { count: filesOf('pdf'), handedOver: media },
    costs: {
      count: Number(logs?.costs ?? 0),
      handedOver: costs,
      total: costs ? Object.fromEntries(totals.map((t) => [t.currency_code!, Number(t.cents) / 100])) : {},
    },
    notes: {
      count: Number(logs?.notes ?? 0) + Number(reminders?.notes ?? 0),
      handedOver: notes && handedOver(REMINDER_COLUMNS_KEPT_BY.notes, choices),
    },
    reminders: { count: Number(reminders?.all ?? 0), handedOver: true },
    equipment: { count: Number(equipment?.n ?? 0), handedOver: true },
    papers: { count: papersAt('car'), handedOver: true },
    papersKept: { count: papersAt('seller'), handedOver: false },
  };
}
