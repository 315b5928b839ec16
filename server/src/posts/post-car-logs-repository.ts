// Build threads: the car log a post shares, as its card. Cards are read when posts are:
// one query for a whole page (and one for the authors' memberships), and only for the page's posts
// that share a log (a page without any asks nothing more). The card follows the live log; a deleted
// log's post answers `carLog: null`. Access is checked when the card is read, not only when it was
// shared: the card shows while the post's author may still read the log (the car's owner, or a
// member it is shared with); a viewer removed from the car, or a seller once the car is sold, keeps
// the post but the card answers `carLog: null` with `carLogUnavailable: 'no-longer-shared'`.
import type { Kysely } from 'kysely';
import type { PostCarLog } from '../../../src/contract/posts';
import type { Database } from '../db/schema';
import { mediaUrl } from '../media/media-url';
import './posts-tables';
import '../people/people-db';

/** What a post row says of its card. */
export interface CarLogRef {
  author_id: string;
  car_log_id: string | null;
  show_cost: number | boolean | null;
}

/** A card without the author's cost choice applied (the cost is dropped per post). */
export type CarLogCard = Omit<PostCarLog, 'showCost' | 'cost' | 'currencyCode'> & {
  cost: number | null;
  currencyCode: string | null;
  /** Who among the page's authors may read the log now: the car's owner and accepted members. */
  readers: Set<string>;
};

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * The cards of the logs the rows share, by log id, with who among the rows' authors may read each
 * now; two queries, nothing asked when no row shares a log.
 */
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
      'c.owner_id',
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
        readers: new Set([row.owner_id]),
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
  if (cards.size === 0) return cards;
  // The authors the cars are shared with (accepted memberships only: an invitation reads nothing).
  const authors = [...new Set(rows.map((r) => r.author_id))];
  const carIds = [...new Set([...cards.values()].map((c) => c.carId))];
  const members = await db
    .selectFrom('car_members')
    .select(['car_id', 'user_id'])
    .where('car_id', 'in', carIds)
    .where('user_id', 'in', authors)
    .where('status', '=', 'accepted')
    .execute();
  const membersOf = new Map<string, string[]>();
  for (const m of members) membersOf.set(m.car_id, [...(membersOf.get(m.car_id) ?? []), m.user_id]);
  for (const card of cards.values()) for (const id of membersOf.get(card.carId) ?? []) card.readers.add(id);
  return cards;
}

/** Why a post that shares a log shows no card: the log is gone, or its author may no longer read it. */
export type CardUnavailable = 'deleted' | 'no-longer-shared';

/**
 * The post's card as the API shows it (the cost only when the author chose to show it), or null
 * and why: a deleted log, or a log the post's author may no longer read.
 */
export function cardOf(
  ref: CarLogRef,
  cards: Map<string, CarLogCard>,
): { card: PostCarLog; unavailable?: undefined } | { card: null; unavailable: CardUnavailable } {
  const found = ref.car_log_id === null ? undefined : cards.get(ref.car_log_id);
  if (!found) return { card: null, unavailable: 'deleted' };
  const { cost, currencyCode, readers, ...rest } = found;
  if (!readers.has(ref.author_id)) return { card: null, unavailable: 'no-longer-shared' };
  const showCost = ref.show_cost === true || Number(ref.show_cost) === 1;
  return { card: showCost ? { ...rest, showCost, cost, currencyCode } : { ...rest, showCost } };
}

/**
 * Whether a log's file is shown on a post's card that `memberId` may read (theirs, or a friend's):
 * the post's audience sees its card's photos, though the car's logs are not theirs to read. Only
 * while the card shows: the post's author may still read the log (the car's owner or an accepted
 * member), as the card itself is checked when read.
 */
export async function isShownOnReadableCard(
  db: Kysely<Database>,
  memberId: string,
  mediaId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('car_log_media as clm')
    .innerJoin('posts as p', 'p.car_log_id', 'clm.car_log_id')
    .innerJoin('car_logs as l', 'l.id', 'clm.car_log_id')
    .innerJoin('cars as c', 'c.id', 'l.car_id')
    .select('p.id')
    .where('clm.media_id', '=', mediaId)
    .where((eb) =>
      eb.or([
        eb('c.owner_id', '=', eb.ref('p.author_id')),
        eb.exists(
          eb
            .selectFrom('car_members as cm')
            .select('cm.user_id')
            .whereRef('cm.car_id', '=', 'c.id')
            .whereRef('cm.user_id', '=', 'p.author_id')
            .where('cm.status', '=', 'accepted'),
        ),
      ]),
    )
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
