// The search's SQL (docs/SPEC-NOTES.md "Search"), once per dialect: SQLite's FTS5 tables kept by
// the triggers of migration 0035 and ranked by bm25; PostgreSQL's GIN indexes on
// to_tsvector('simple', search_fold(…)) ranked by ts_rank. The words are the same on both: runs of
// letters and digits, folded (searchWords below, search_fold on PostgreSQL, unicode61 on SQLite).
//
// Written as SQL text, not through Kysely's builder (FTS5's MATCH and PostgreSQL's @@ have no
// builder), once per dialect and kind; the values are parameters. One query answers a page and
// the number found (count(*) over ()); a page past the end asks the number alone.
import { CompiledQuery, type Kysely } from 'kysely';
import type { SearchType } from '../../../src/contract/search';
import type { Database } from '../db/schema';
import type { Dialect } from '../db/database';

/** At most this many words are searched (the rest of a long text is ignored). */
export const SEARCH_WORDS_MAX = 12;

/**
 * The words of a search: runs of letters and digits ("#E30" is "E30", "l'Alpine" is "l" and
 * "Alpine"), as unicode61 and search_fold cut them. Empty when the text holds none.
 */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, SEARCH_WORDS_MAX);
}

/** Every word must be there; the last one may be the start of a word (typed as one searches). */
export function matchExpression(dialect: Dialect, words: string[]): string {
  const last = words.length - 1;
  // A word holds only letters and digits, so no quote nor FTS5 operator can be in it.
  if (dialect === 'sqlite') return words.map((w, i) => `"${w}"${i === last ? '*' : ''}`).join(' ');
  // PostgreSQL folds them first (POSTGRES_QUERY): unaccent may turn a letter or digit into
  // several characters ("⑴" is "(1)"), which search_fold then cuts as words again.
  return words.join(' ');
}

/**
 * The tsquery of `$1` (the words, space-separated): folded and cut as the documents are, joined by
 * `&`, the last one a prefix. No operator can survive search_fold; nothing left is NULL, which
 * matches nothing.
 */
const POSTGRES_QUERY =
  "to_tsquery('simple', regexp_replace(nullif(trim(search_fold($1)), ''), ' +', ' & ', 'g') || ':*')";

/** A member found, with what their card shows. */
export interface PersonHit {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
}

/** A car found, with its owner's card. */
export interface CarHit {
  id: string;
  make: string;
  model: string;
  nickname: string | null;
  year: number | null;
  image: string | null;
  owner_id: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
}

export interface PostHit {
  id: string;
}

type Hit = { people: PersonHit; cars: CarHit; posts: PostHit };

interface KindSql {
  /** The kind's table with its alias, and what it joins (the owner's card). */
  from: string;
  joins: string;
  columns: string;
  /** PostgreSQL: the indexed text, as migration 0035's index has it. */
  document: string;
  /** The order after the rank, so that equal ranks come the same way on both dialects. */
  then: string;
  /** SQLite: the FTS5 table, its keys, and the row its key names. */
  fts: { table: string; keys: string; alias: string };
}

// Written as IN over the member's small lists (friends, blocks, cars shared with them), which both
// engines read once per query, rather than a look-up per match (EXPLAIN QUERY PLAN: a LIST
// SUBQUERY, not a CORRELATED one): a word may be in thousands of posts or cars.

/** Neither member blocked the other (`who` is an SQL expression of the other's id). */
const notBlocked = (me: string, who: string) =>
  `${who} not in (select blocked_id from member_blocks where blocker_id = ${me}` +
  ` union all select blocker_id from member_blocks where blocked_id = ${me})`;

/** `who` is me or one of my friends. */
const meOrFriend = (me: string, who: string) =>
  `${who} in (select friend_id from friendships where member_id = ${me} union all select cast(${me} as text))`;

/** The SQL of each kind; `me` is the searching member's parameter mark. */
function kinds(me: string, dialect: Dialect): Record<SearchType, KindSql & { where: string }> {
  // SQLite reads a post's author from its FTS keys row (migration 0035), before the post's row.
  const author = dialect === 'sqlite' ? 'k.author_id' : 'p.author_id';
  return {
    // Members: anyone but me, not a deleted account, not blocked either way.
    people: {
      from: 'users u',
      joins: '',
      columns: 'u.id, u.username, u.first_name, u.last_name, u.avatar',
      document: `u.username || ' ' || u.first_name || ' ' || u.last_name`,
      where: `u.id <> ${me} and u.deleted_at is null and ${notBlocked(me, 'u.id')}`,
      then: 'u.username, u.id',
      fts: { table: 'fts_people', keys: 'fts_people_keys', alias: 'u' },
    },
    // Cars: mine, my friends' and those shared with me (docs/SECURITY-CHECKS.md "Access to
    // members' things"), never a blocked member's.
    cars: {
      from: 'cars c',
      joins: ' join users o on o.id = c.owner_id',
      columns:
        'c.id, c.make, c.model, c.nickname, c.year, c.image, c.owner_id, o.username, o.first_name, o.last_name, o.avatar',
      document: `c.make || ' ' || c.model || ' ' || coalesce(c.nickname, '')`,
      where:
        `(${meOrFriend(me, 'c.owner_id')}` +
        ` or c.id in (select car_id from car_members where user_id = ${me} and status = 'accepted'))` +
        ` and ${notBlocked(me, 'c.owner_id')}`,
      then: 'c.make, c.model, c.id',
      fts: { table: 'fts_cars', keys: 'fts_cars_keys', alias: 'c' },
    },
    // Posts: what the feed holds for me (mine and my friends'), muted friends' too (a mute only
    // quiets the feed), never a blocked member's; a removed post is deleted, so never found.
    posts: {
      from: 'posts p',
      joins: '',
      columns: 'p.id',
      document: `coalesce(p.search_text, '')`,
      where: `${meOrFriend(me, author)} and ${notBlocked(me, author)}`,
      then: 'p.created_at desc, p.id desc',
      fts: { table: 'fts_posts', keys: 'fts_posts_keys', alias: 'p' },
    },
  };
}

/**
 * The page's SQL and the count's for one dialect and kind. Parameters: SQLite `?` in text order
 * (the match, then the member three times… as `values` lists them); PostgreSQL `$1` the match, `$2`
 * the member, `$3` limit, `$4` offset.
 */
function buildSql(dialect: Dialect, type: SearchType): { page: string; count: string; memberMarks: number } {
  if (dialect === 'postgres') {
    const k = kinds('$2', dialect)[type];
    const vector = `to_tsvector('simple', search_fold(${k.document}))`;
    const body =
      `from ${k.from}${k.joins}, ${POSTGRES_QUERY} query` + ` where ${vector} @@ query and ${k.where}`;
    return {
      // ts_rank's normalization 1 divides by the document's length (as bm25 weighs it).
      page:
        `select ${k.columns}, count(*) over () as total ${body}` +
        ` order by ts_rank(${vector}, query, 1) desc, ${k.then} limit $3 offset $4`,
      count: `select count(*) as total ${body}`,
      memberMarks: 1,
    };
  }
  const k = kinds('?', dialect)[type];
  const { table, keys, alias } = k.fts;
  // The FTS rows first (the match), then the kind's row by its key; bm25 is FTS5's `rank`.
  const from = `${table} f join ${keys} k on k.key = f.rowid join ${k.from} on ${alias}.id = k.id${k.joins}`;
  const body = `from ${from} where ${table} match ? and ${k.where}`;
  const memberMarks = (k.where.match(/\?/g) ?? []).length;
  return {
    page: `select ${k.columns}, count(*) over () as total ${body} order by f.rank, ${k.then} limit ? offset ?`,
    count: `select count(*) as total ${body}`,
    memberMarks,
  };
}

export function searchRepository(db: Kysely<Database>, dialect: Dialect) {
  const built = new Map<SearchType, ReturnType<typeof buildSql>>();
  const sqlOf = (type: SearchType) => {
    let found = built.get(type);
    if (!found) {
      found = buildSql(dialect, type);
      built.set(type, found);
    }
    return found;
  };
  const valuesOf = (type: SearchType, match: string, memberId: string) =>
    dialect === 'postgres'
      ? [match, memberId]
      : [match, ...Array<string>(sqlOf(type).memberMarks).fill(memberId)];

  return {
    /** One page of what `memberId` may see that matches `words`, best first; and how many match. */
    async find<T extends SearchType>(
      type: T,
      memberId: string,
      words: string[],
      limit: number,
      offset: number,
    ): Promise<{ rows: Hit[T][]; total: number }> {
      if (words.length === 0) return { rows: [], total: 0 };
      const match = matchExpression(dialect, words);
      const { page, count } = sqlOf(type);
      const values = valuesOf(type, match, memberId);
      const { rows } = await db.executeQuery(
        CompiledQuery.raw(page, [...values, limit, offset]) as CompiledQuery<
          Hit[T] & { total: number | string }
        >,
      );
      if (rows.length > 0) return { rows, total: Number(rows[0]!.total) };
      if (offset === 0) return { rows: [], total: 0 };
      const counted = await db.executeQuery(
        CompiledQuery.raw(count, values) as CompiledQuery<{ total: number | string }>,
      );
      return { rows: [], total: Number(counted.rows[0]?.total ?? 0) };
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
