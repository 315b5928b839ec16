// Build threads (issue 18): the car log a post shares, as its card. Cards are read when posts are:
// one query for a whole page, and only for the page's posts that share a log (a page without any
// asks nothing more). The card follows the live log; a deleted log's post answers `carLog: null`.
import type { Kysely } from 'kysely';
import type { PostCarLog } from '../../../src/contract/posts';
import type { Database } from '../db/schema';
import { mediaUrl } from '../media/media-url';
import './posts-tables';
import '../people/people-db';

/** What a post row says of its card. */
export interface CarLogRef {
  car_log_id: string | null;
  show_cost: number | boolean | null;
}

/** A card without the author's cost choice applied (the cost is dropped per post). */
export type CarLogCard = Omit<PostCarLog, 'showCost' | 'cost' | 'currencyCode'> & {
  cost: number | null;
  currencyCode: string | null;
};

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The cards of the logs the rows share, by log id, in one query; nothing asked when none does. */
export async function loadCarLogCards(
  db: Kysely<Database>,
  rows: readonly CarLogRef[],
): Promise<Map<string, CarLogCard>> {
  const cards = new Map<string, CarLogCard>();
  const ids = [...new Set(rows.map((r) => r.car_log_id).filter((id): id is string => id !== null))];
  if (ids.length === 0) return cards;
  const found = await db
    .selectFrom('car_logs as l')
    .innerJoin('cars as c', 'c.id', 'l.car_id')
    .leftJoin('car_log_media as clm', 'clm.car_log_id', 'l.id')
    .leftJoin('media as m', (join) => join.onRef('m.id', '=', 'clm.media_id').on('m.kind', '=', 'image'))
    .select([
      'l.id',
      'l.car_id',
      'l.type',
      'l.title',
      'l.mileage',
      'c.mileage_unit',
      'l.start_date',
      'l.cost_cents',
      'l.currency_code',
      'm.id as media_id',
      'm.width as media_width',
      'm.height as media_height',
    ])
    .where('l.id', 'in', ids)
    .orderBy('l.id')
    .orderBy('clm.position')
    .execute();
  for (const row of found) {
    let card = cards.get(row.id);
    if (!card) {
      card = {
        id: row.id,
        carId: row.car_id,
        type: row.type,
        title: row.title,
        mileage: num(row.mileage),
        mileageUnit: row.mileage_unit,
        startDate: row.start_date,
        photos: [],
        cost: row.cost_cents === null ? null : Number(row.cost_cents) / 100,
        currencyCode: row.currency_code,
      };
      cards.set(row.id, card);
    }
    if (row.media_id)
      card.photos.push({
        id: row.media_id,
        url: mediaUrl(row.media_id),
        width: num(row.media_width),
        height: num(row.media_height),
      });
  }
  return cards;
}

/** The post's card as the API shows it: the cost only when the author chose to show it. */
export function cardOf(ref: CarLogRef, cards: Map<string, CarLogCard>): PostCarLog | null {
  const card = ref.car_log_id === null ? undefined : cards.get(ref.car_log_id);
  if (!card) return null;
  const { cost, currencyCode, ...rest } = card;
  const showCost = ref.show_cost === true || Number(ref.show_cost) === 1;
  return showCost ? { ...rest, showCost, cost, currencyCode } : { ...rest, showCost };
}

/**
 * Whether a log's file is shown on a post's card that `memberId` may read (theirs, or a friend's):
 * the post's audience sees its card's photos, though the car's logs are not theirs to read.
 */
export async function isShownOnReadableCard(
  db: Kysely<Database>,
  memberId: string,
  mediaId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('car_log_media as clm')
    .innerJoin('posts as p', 'p.car_log_id', 'clm.car_log_id')
    .select('p.id')
    .where('clm.media_id', '=', mediaId)
    .where((eb) =>
      eb.or([
        eb('p.author_id', '=', memberId),
        eb.exists(
          eb
            .selectFrom('friendships as f')
            .select('f.friend_id')
            .where('f.member_id', '=', memberId)
            .whereRef('f.friend_id', '=', 'p.author_id'),
        ),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}
