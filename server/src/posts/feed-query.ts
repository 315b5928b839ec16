// The feed's SQL: "posts by me and my friends, newest first" (the budget in docs/BENCHMARKS.md: 100,000
// posts, ≥ 1,000 req/s at 10 connections, the 500th page by cursor no slower than 1.5× the first).
//
// Written as SQL text, once per dialect and variant, not through Kysely's builder: SQLite needs to
// be told which index to walk (INDEXED BY, and a `+` that keeps the author test off the author
// index), which the builder cannot say, and building plus compiling a query cost as much as
// running it (see server/src/messages/messages-repository.ts). The values are parameters.
//
// Two ways to read a page (migration 0009 has the indexes):
// - 'byAuthor': the feed's authors' ranges of posts_author_order, merged and sorted. Reads every
//   post of the feed (after the cursor): right for a small feed, whatever the rest of the site.
// - 'byTime': posts_order from the newest (or from the cursor) down, keeping the feed's authors'
//   rows. Reads about (offset + limit) × all posts ÷ feed posts entries: right for a feed that is a
//   fair share of all posts, and as fast on page 500 as on page 1 when paged by cursor.
// `chooseFeedStrategy` picks the one expected to read fewer entries, in both dialects (each is
// told which index to use in its own way).
//
// The page's ids come from the index alone; only those rows are then read whole, with their
// author and their likers (posts.likers, kept by the triggers of migration 0009: a second query
// and one JS object per like cost the page a third more).
import { CompiledQuery } from 'kysely';
import { FEED_PAGE_MAX, POST_LIKES_LISTED_MAX } from '../../../src/contract/constants';
import type { Dialect } from '../db/database';
import type { FeedPosition } from './feed-cursor';
import type { AuthorColumns, PostRow } from './posts-tables';

export type FeedStrategy = 'byAuthor' | 'byTime';

/** A post as the queries answer it: its row, its author's public fields, its listed likers. */
export interface FeedRow extends PostRow, AuthorColumns {
  /** The most recent likers' ids, newest first, joined by commas (null when nobody likes it). */
  likers: string | null;
  /** Whether the asking member likes it; only asked (non-null) when more like it than are listed. */
  liked: number | boolean | null;
}

/**
 * The cheaper way to read a page. byTime reads about (offset + limit) × all ÷ feed entries of
 * posts_order. byAuthor reads, per author, the entries down to where the page's last post can no
 * longer be (SQLite stops an author's range once it cannot beat the rows it holds): at most
 * authors × (offset + limit) of the feed's, each through a sorter that costs more the more rows it
 * keeps. Measured on the bench's site (tests/bench/feed-bench.mjs), this picks the faster plan from
 * page 1 to offset 10,000, for the dense feed and for a member whose friends post little.
 */
export function chooseFeedStrategy(
  { posts, authors }: { posts: number; authors: number },
  allPosts: number,
  limit: number,
  offset: number,
): FeedStrategy {
  if (posts <= 0) return 'byAuthor';
  const wanted = offset + limit;
  const byTime = (wanted * Math.max(allPosts, posts)) / posts;
  const byAuthor = Math.min(posts, Math.max(1, authors) * wanted) * (1 + Math.log2(wanted) / 10);
  return byTime < byAuthor ? 'byTime' : 'byAuthor';
}

/** A friend the member (`member`, a parameter mark) has not muted. */
const NOT_MUTED = (member: string) =>
  `not exists (select 1 from member_mutes m where m.muter_id = ${member} and m.muted_id = friend_id)`;

/** Parameter marks in text order: SQLite's `?` repeat the value, PostgreSQL's `$n` name it. */
const placeholders = (dialect: Dialect) => {
  let n = 0;
  return dialect === 'postgres' ? () => `$${++n}` : () => '?';
};

/** The columns of a post as FeedRow has them, from `p` (posts) and `u` (users). */
function postColumns(member: string): string {
  return (
    'p.id, p.author_id, p.content, p.image_id, p.image_width, p.image_height, p.car_id, p.car_log_id, p.show_cost, ' +
    'p.likes_count, p.likers, p.comments_count, p.created_at, p.updated_at, ' +
    'u.username, u.first_name, u.last_name, u.avatar, ' +
    // posts.likers lists everyone while they are few; past that, ask whether I am one of them.
    `case when p.likes_count > ${POST_LIKES_LISTED_MAX} then exists (select 1 from post_likes where post_id = p.id and member_id = ${member}) end as liked`
  );
}

interface Variant {
  sql: string;
  /** Parameter values in the text's order. */
  values(memberId: string, limit: number, offset: number, after: FeedPosition | null): unknown[];
}

/**
 * The page's LIMIT is written into the text (an integer checked here, never a client's string):
 * bound as a parameter, it made SQLite re-plan the query on every call.
 */
function buildPage(dialect: Dialect, strategy: FeedStrategy, withCursor: boolean, limit: number): Variant {
  const pg = dialect === 'postgres';
  const next = placeholders(dialect);
  const columns = postColumns(next());
  // The member's own posts are in the feed too, not those of the friends they muted (docs/SPEC-NOTES.md
  // "Trust"). PostgreSQL wants the lone value's type.
  const authors = pg
    ? `select friend_id from friendships where member_id = $1 and ${NOT_MUTED('$1')} union all select $1::text`
    : `select friend_id from friendships where member_id = ${next()} and ${NOT_MUTED(next())} union all select ${next()}`;
  const cursor = withCursor ? ` and (created_at, id) < (${next()}, ${next()})` : '';
  const order = 'order by created_at desc, id desc';
  let page: string;
  if (pg && strategy === 'byAuthor') {
    // PostgreSQL reads every post of every author and sorts them; told to take each author's
    // newest first (LATERAL … LIMIT), it reads what SQLite's early stop reads.
    const perAuthor = next();
    page =
      `select id, created_at from (select friend_id as author_id from friendships where member_id = $1 and ${NOT_MUTED('$1')}` +
      ' union all select $1::text) a cross join lateral (select id, created_at from posts' +
      ` where author_id = a.author_id${cursor} ${order} limit ${perAuthor}) x`;
  } else if (pg) {
    // An expression, not the column: the author index cannot serve it, so posts_order is walked.
    page = `select id, created_at from posts where (author_id || '') in (${authors})${cursor}`;
  } else if (strategy === 'byTime') {
    // `+` makes the author test a filter, so that SQLite walks posts_order rather than seeking
    // each author in posts_author_order.
    page = `select id, created_at from posts indexed by posts_order where +author_id in (${authors})${cursor}`;
  } else {
    page = `select id, created_at from posts indexed by posts_author_order where author_id in (${authors})${cursor}`;
  }
  const offset = next();
  const sql =
    `select ${columns} from (${page} ${order} limit ${limit} offset ${offset}) page` +
    ' join posts p on p.id = page.id join users u on u.id = p.author_id' +
    ' order by page.created_at desc, page.id desc';
  return {
    sql,
    values: (memberId, l, o, after) => [
      memberId,
      ...(pg ? [] : [memberId, memberId, memberId]),
      ...(withCursor && after ? [after.createdAt, after.id] : []),
      ...(pg && strategy === 'byAuthor' ? [l + o] : []),
      o,
    ],
  };
}

/** The feed's queries for one dialect; each SQL text is made once. */
export function feedQueries(dialect: Dialect) {
  const pg = dialect === 'postgres';
  const variants = new Map<string, Variant>();
  const variant = (strategy: FeedStrategy, withCursor: boolean, limit: number) => {
    if (!Number.isInteger(limit) || limit < 1 || limit > FEED_PAGE_MAX)
      throw new RangeError(`A feed page holds 1 to ${FEED_PAGE_MAX} posts, not ${limit}`);
    const key = `${strategy}:${withCursor}:${limit}`;
    let found = variants.get(key);
    if (!found) {
      found = buildPage(dialect, strategy, withCursor, limit);
      variants.set(key, found);
    }
    return found;
  };

  const sizeSql =
    'select coalesce(sum(posts_count), 0) as total, count(*) as authors from post_authors where author_id in ' +
    (pg
      ? '(select friend_id from friendships where member_id = $1 union all select $1::text)'
      : '(select friend_id from friendships where member_id = ? union all select ?)');
  const oneSql = (() => {
    const next = placeholders(dialect);
    const columns = postColumns(next());
    return `select ${columns} from posts p join users u on u.id = p.author_id where p.id = ${next()}`;
  })();

  // Several posts by id (a page found elsewhere, as the search finds it): one text per number of
  // ids, so that each is prepared once.
  const manySqls = new Map<number, string>();
  const manySql = (count: number) => {
    let found = manySqls.get(count);
    if (!found) {
      const next = placeholders(dialect);
      const columns = postColumns(next());
      const ids = Array.from({ length: count }, () => next()).join(', ');
      found = `select ${columns} from posts p join users u on u.id = p.author_id where p.id in (${ids})`;
      manySqls.set(count, found);
    }
    return found;
  };

  // One member's posts: their range of posts_author_order, newest first (after the cursor).
  const memberSql = (withCursor: boolean) => {
    const next = placeholders(dialect);
    const columns = postColumns(next());
    const author = next();
    const cursor = withCursor ? ` and (p.created_at, p.id) < (${next()}, ${next()})` : '';
    return (
      `select ${columns} from posts p join users u on u.id = p.author_id where p.author_id = ${author}` +
      `${cursor} order by p.created_at desc, p.id desc limit ${next()} offset ${next()}`
    );
  };
  const memberSqls = { plain: memberSql(false), after: memberSql(true) };

  // A car's build thread: the posts about it that the member may read (theirs and their friends'),
  // oldest first, through posts_car_thread (migration 0024).
  const readableBy = (member: string, again: string) =>
    `(p.author_id = ${member} or exists (select 1 from friendships f where f.member_id = ${again} and f.friend_id = p.author_id))`;
  const carThreadSql = (() => {
    const next = placeholders(dialect);
    const columns = postColumns(next());
    const car = next();
    const readable = readableBy(next(), next());
    return (
      `select ${columns} from posts p join users u on u.id = p.author_id where p.car_id = ${car} and ${readable}` +
      ` order by p.created_at asc, p.id asc limit ${next()} offset ${next()}`
    );
  })();
  const carThreadSizeSql = (() => {
    const next = placeholders(dialect);
    const car = next();
    return `select count(*) as total from posts p where p.car_id = ${car} and ${readableBy(next(), next())}`;
  })();

  // A tag's page (docs/SPEC-NOTES.md "Hashtags and mentions"): the posts carrying the tag that the
  // feed would show the member (theirs, their friends' but those they muted; never across a block),
  // newest first through post_tags_order (migration 0036).
  const tagFilter = (next: () => string) => {
    const tag = next();
    const [me, again, muter, blocker, blocked] = [next(), next(), next(), next(), next()];
    return (
      `t.tag = ${tag} and (p.author_id = ${me} or exists (select 1 from friendships f where f.member_id = ${again}` +
      ` and f.friend_id = p.author_id and not exists (select 1 from member_mutes m where m.muter_id = ${muter} and m.muted_id = p.author_id)))` +
      ` and not exists (select 1 from member_blocks b where (b.blocker_id = ${blocker} and b.blocked_id = p.author_id)` +
      ` or (b.blocker_id = p.author_id and b.blocked_id = ${blocked}))`
    );
  };
  const tagFrom = 'from post_tags t join posts p on p.id = t.post_id';
  const tagSql = (withCursor: boolean) => {
    const next = placeholders(dialect);
    const columns = postColumns(next());
    const filter = tagFilter(next);
    const cursor = withCursor ? ` and (t.created_at, t.post_id) < (${next()}, ${next()})` : '';
    return (
      `select ${columns} ${tagFrom} join users u on u.id = p.author_id where ${filter}${cursor}` +
      ` order by t.created_at desc, t.post_id desc limit ${next()} offset ${next()}`
    );
  };
  const tagSqls = { plain: tagSql(false), after: tagSql(true) };
  const tagSizeSql = `select count(*) as total ${tagFrom} where ${tagFilter(placeholders(dialect))}`;
  const tagValues = (memberId: string, tag: string) => [
    tag,
    memberId,
    memberId,
    memberId,
    memberId,
    memberId,
  ];

  type Total = { total: number | string };
  return {
    /** One page of the posts carrying `tag` (its key) that `memberId` sees, newest first, after `after`. */
    tagPage(
      memberId: string,
      tag: string,
      limit: number,
      offset: number,
      after: FeedPosition | null,
    ): CompiledQuery<FeedRow> {
      const values = [
        memberId,
        ...tagValues(memberId, tag),
        ...(after ? [after.createdAt, after.id] : []),
        limit,
        offset,
      ];
      return CompiledQuery.raw(after ? tagSqls.after : tagSqls.plain, values) as CompiledQuery<FeedRow>;
    },

    /** How many posts carrying `tag` (its key) `memberId` sees. */
    tagSize(memberId: string, tag: string): CompiledQuery<Total> {
      return CompiledQuery.raw(tagSizeSql, tagValues(memberId, tag)) as CompiledQuery<Total>;
    },

    /** One page of the member's feed, newest first, after `after` when given. */
    page(
      strategy: FeedStrategy,
      memberId: string,
      limit: number,
      offset: number,
      after: FeedPosition | null,
    ): CompiledQuery<FeedRow> {
      const v = variant(strategy, after !== null, limit);
      return CompiledQuery.raw(v.sql, v.values(memberId, limit, offset, after)) as CompiledQuery<FeedRow>;
    },

    /** One page of `authorId`'s posts as `memberId` sees them, newest first, after `after`. */
    memberPage(
      memberId: string,
      authorId: string,
      limit: number,
      offset: number,
      after: FeedPosition | null,
    ): CompiledQuery<FeedRow> {
      const values = [memberId, authorId, ...(after ? [after.createdAt, after.id] : []), limit, offset];
      return CompiledQuery.raw(after ? memberSqls.after : memberSqls.plain, values) as CompiledQuery<FeedRow>;
    },

    /** One page of the posts about `carId` that `memberId` may read, oldest first. */
    carThread(memberId: string, carId: string, limit: number, offset: number): CompiledQuery<FeedRow> {
      return CompiledQuery.raw(carThreadSql, [
        memberId,
        carId,
        memberId,
        memberId,
        limit,
        offset,
      ]) as CompiledQuery<FeedRow>;
    },

    /** How many posts about `carId` `memberId` may read. */
    carThreadSize(memberId: string, carId: string): CompiledQuery<Total> {
      return CompiledQuery.raw(carThreadSizeSql, [carId, memberId, memberId]) as CompiledQuery<Total>;
    },

    /** One post as `memberId` sees it (no access check). */
    one(memberId: string, postId: string): CompiledQuery<FeedRow> {
      return CompiledQuery.raw(oneSql, [memberId, postId]) as CompiledQuery<FeedRow>;
    },

    /**
     * The posts of `postIds` as `memberId` sees them, in no order (no access check); at most
     * FEED_PAGE_MAX ids.
     */
    many(memberId: string, postIds: readonly string[]): CompiledQuery<FeedRow> {
      if (postIds.length < 1 || postIds.length > FEED_PAGE_MAX)
        throw new RangeError(`Posts are read 1 to ${FEED_PAGE_MAX} at a time, not ${postIds.length}`);
      return CompiledQuery.raw(manySql(postIds.length), [memberId, ...postIds]) as CompiledQuery<FeedRow>;
    },

    /** How many posts the member's feed holds (theirs and their friends'), by how many authors. */
    size(memberId: string): CompiledQuery<Total & { authors: number | string }> {
      return CompiledQuery.raw(sizeSql, pg ? [memberId] : [memberId, memberId]) as CompiledQuery<
        Total & { authors: number | string }
      >;
    },

    /** Every post of the site (the feed strategy's yardstick). */
    all(): CompiledQuery<Total> {
      return CompiledQuery.raw(
        'select coalesce(sum(posts_count), 0) as total from post_authors',
      ) as CompiledQuery<Total>;
    },
  };
}

export type FeedQueries = ReturnType<typeof feedQueries>;
