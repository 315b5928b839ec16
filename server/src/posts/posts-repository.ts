// Posts and likes: the only code that touches their tables (with the feed's SQL in feed-query.ts).
import type { Insertable } from 'kysely';
import { API_BASE, POST_LIKES_LISTED_MAX } from '../../../src/contract/constants';
import type { Post, PostLiker } from '../../../src/contract/posts';
import type { Db } from '../db/database';
import type { FeedPosition } from './feed-cursor';
import { chooseFeedStrategy, feedQueries, type FeedRow, type FeedStrategy } from './feed-query';
import { toAuthor, type PostsTable } from './posts-tables';
import './posts-tables';
import { hasRow } from '../db/paging';
import { cardOf, loadCarLogCards, type CarLogCard } from './post-car-logs-repository';
import { readRows } from '../db/fast-read';
import { htmlToText } from '../http/rich-text';

export type { FeedRow };

/** Where a post's image is served: the URL names the file, so a replaced image is a new URL. */
export const postImageUrl = (postId: string, mediaId: string) =>
  `${API_BASE}/posts/${postId}/images/${mediaId}`;

/** The site's number of posts is the feed strategy's yardstick; it need not be exact. */
export const ALL_POSTS_TTL_MS = 60_000;

/**
 * The listed likes as `memberId` sees them: theirs first when they like the post (the client's
 * isLiked), then the most recent others, at most POST_LIKES_LISTED_MAX.
 */
export function listedLikes(memberId: string, row: Pick<FeedRow, 'likers' | 'liked'>): string[] {
  const likers = row.likers ? row.likers.split(',') : [];
  const mine = likers.indexOf(memberId);
  if (mine > 0) likers.unshift(...likers.splice(mine, 1));
  else if (mine < 0 && (row.liked === true || Number(row.liked) === 1)) {
    likers.unshift(memberId);
    likers.length = Math.min(likers.length, POST_LIKES_LISTED_MAX);
  }
  return likers;
}

/**
 * The post as the API shows it. Only a post that shares a car log has a `carLog` key (its card from
 * `cards`, or null when the log is gone): every other post answers exactly as before build threads.
 */
export function toPost(memberId: string, row: FeedRow, cards?: Map<string, CarLogCard>): Post {
  const image = row.image_id === null ? null : postImageUrl(row.id, row.image_id);
  const post: Post = {
    id: row.id,
    author: toAuthor(row),
    content: row.content,
    image,
    imageWidth: image === null || row.image_width === null ? null : Number(row.image_width),
    imageHeight: image === null || row.image_height === null ? null : Number(row.image_height),
    carId: row.car_id,
    likes: listedLikes(memberId, row),
    likesCount: Number(row.likes_count),
    commentsCount: Number(row.comments_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.car_log_id) {
    const { card, unavailable } = cardOf(row, cards ?? new Map());
    post.carLog = card;
    if (unavailable) post.carLogUnavailable = unavailable;
  }
  return post;
}

export type NewPost = Omit<Insertable<PostsTable>, 'likes_count' | 'likers' | 'comments_count'>;
export type PostChanges = Partial<
  Pick<
    PostsTable,
    'content' | 'car_id' | 'car_log_id' | 'image_id' | 'image_width' | 'image_height' | 'updated_at'
  >
>;

/** The columns a service needs to decide who may do what to a post. */
export interface PostHead {
  id: string;
  author_id: string;
  image_id: string | null;
  content: string;
  car_id: string | null;
  car_log_id: string | null;
}

export function postsRepository(db: Db, options: { now?: () => number } = {}) {
  const { kysely } = db;
  const now = options.now ?? Date.now;
  const queries = feedQueries(db.dialect);
  let allPosts: { total: number; at: number } | null = null;

  async function siteSize(): Promise<number> {
    if (allPosts && now() - allPosts.at < ALL_POSTS_TTL_MS) return allPosts.total;
    const rows = await readRows(kysely, queries.all());
    allPosts = { total: Number(rows[0]?.total ?? 0), at: now() };
    return allPosts.total;
  }

  /** The rows as posts, with the cards of those that share a log (one query, only if any does). */
  async function toPosts(memberId: string, rows: FeedRow[]): Promise<Post[]> {
    const cards = rows.some((row) => row.car_log_id) ? await loadCarLogCards(kysely, rows) : undefined;
    return rows.map((row) => toPost(memberId, row, cards));
  }

  return {
    /** The post as `memberId` sees it (their like listed first), or undefined. No access check. */
    async find(memberId: string, id: string): Promise<Post | undefined> {
      const { rows } = await kysely.executeQuery(queries.one(memberId, id));
      const row = rows[0];
      return row && (await toPosts(memberId, [row]))[0];
    },

    /**
     * The posts of `ids` as `memberId` sees them, in the order of `ids`, a missing one left out;
     * one query for the page (at most FEED_PAGE_MAX ids). No access check.
     */
    async findMany(memberId: string, ids: readonly string[]): Promise<Post[]> {
      if (ids.length === 0) return [];
      const rows = await readRows(kysely, queries.many(memberId, ids));
      const byId = new Map(rows.map((row) => [row.id, row]));
      const ordered = ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [row] : [];
      });
      return toPosts(memberId, ordered);
    },

    async head(id: string): Promise<PostHead | undefined> {
      return kysely
        .selectFrom('posts')
        .select(['id', 'author_id', 'image_id', 'content', 'car_id', 'car_log_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * One page of the member's feed, newest first, after `after` when given; and how many posts
     * the feed holds. `strategy` forces a plan (tests compare them); by default the cheaper one.
     */
    async feed(
      memberId: string,
      { limit, offset, after }: { limit: number; offset: number; after: FeedPosition | null },
      strategy?: FeedStrategy,
    ): Promise<{ items: Post[]; total: number; last: FeedPosition | null }> {
      const size = await readRows(kysely, queries.size(memberId));
      const total = Number(size[0]?.total ?? 0);
      if (total === 0 || offset >= total) return { items: [], total, last: null };
      const feedSize = { posts: total, authors: Number(size[0]?.authors ?? 0) };
      const plan = strategy ?? chooseFeedStrategy(feedSize, await siteSize(), limit, offset);
      const rows = await readRows(kysely, queries.page(plan, memberId, limit, offset, after));
      const lastRow = rows[rows.length - 1];
      return {
        items: await toPosts(memberId, rows),
        total,
        last: lastRow ? { createdAt: lastRow.created_at, id: lastRow.id } : null,
      };
    },

    /** Whether a member with this id exists. */
    async memberExists(id: string): Promise<boolean> {
      return hasRow(kysely.selectFrom('users').where('id', '=', id));
    },

    /**
     * One page of `authorId`'s posts as `memberId` sees them, newest first, after `after` when
     * given; and how many posts the author has (post_authors, kept by triggers).
     */
    async memberPosts(
      memberId: string,
      authorId: string,
      { limit, offset, after }: { limit: number; offset: number; after: FeedPosition | null },
    ): Promise<{ items: Post[]; total: number; last: FeedPosition | null }> {
      const count = await kysely
        .selectFrom('post_authors')
        .select('posts_count')
        .where('author_id', '=', authorId)
        .executeTakeFirst();
      const total = Number(count?.posts_count ?? 0);
      if (total === 0) return { items: [], total, last: null };
      const { rows } = await kysely.executeQuery(
        queries.memberPage(memberId, authorId, limit, offset, after),
      );
      const lastRow = rows[rows.length - 1];
      return {
        items: await toPosts(memberId, rows),
        total,
        last: lastRow ? { createdAt: lastRow.created_at, id: lastRow.id } : null,
      };
    },

    /** One page of who liked the post, most recent first (index post_likes_recent). */
    async likers(postId: string, limit: number, offset: number): Promise<PostLiker[]> {
      const rows = await kysely
        .selectFrom('post_likes as l')
        .innerJoin('users as u', 'u.id', 'l.member_id')
        .select([
          'u.id as id',
          'u.username as username',
          'u.first_name as first_name',
          'u.last_name as last_name',
          'u.avatar as avatar',
          'l.created_at as liked_at',
        ])
        .where('l.post_id', '=', postId)
        .orderBy('l.created_at', 'desc')
        .orderBy('l.member_id', 'asc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        username: row.username,
        firstName: row.first_name,
        lastName: row.last_name,
        avatar: row.avatar,
        likedAt: row.liked_at,
      }));
    },

    /** How many like the post (kept by triggers). */
    async likesCount(postId: string): Promise<number> {
      const row = await kysely
        .selectFrom('posts')
        .select('likes_count')
        .where('id', '=', postId)
        .executeTakeFirst();
      return Number(row?.likes_count ?? 0);
    },

    /** Inserts unless the id exists already (a replayed create); true when a row was written. */
    async insert(post: NewPost): Promise<boolean> {
      const result = await kysely
        .insertInto('posts')
        .values({ ...post, search_text: htmlToText(post.content) })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * Writes the changes; a replaced or removed image's media row goes in the same transaction
     * (a post's image is its own file). Answers the storage keys of the files to remove after it.
     */
    async update(id: string, changes: PostChanges): Promise<string[]> {
      return kysely.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('posts')
          .select('image_id')
          .where('id', '=', id)
          .executeTakeFirst();
        const text = changes.content === undefined ? {} : { search_text: htmlToText(changes.content) };
        await trx
          .updateTable('posts')
          .set({ ...changes, ...text })
          .where('id', '=', id)
          .execute();
        const previous = before?.image_id ?? null;
        if (previous === null || !('image_id' in changes) || changes.image_id === previous) return [];
        const media = await trx
          .deleteFrom('media')
          .where('id', '=', previous)
          .returning('storage_key')
          .executeTakeFirst();
        return media ? [media.storage_key] : [];
      });
    },

    /**
     * Deletes the post with its likes and comments (the foreign keys cascade; triggers keep the
     * counts) and its image's media row. Answers the storage keys of the files to remove after it.
     */
    async delete(id: string): Promise<string[]> {
      return kysely.transaction().execute(async (trx) => {
        const post = await trx
          .deleteFrom('posts')
          .where('id', '=', id)
          .returning('image_id')
          .executeTakeFirst();
        if (!post?.image_id) return [];
        const media = await trx
          .deleteFrom('media')
          .where('id', '=', post.image_id)
          .returning('storage_key')
          .executeTakeFirst();
        return media ? [media.storage_key] : [];
      });
    },

    /**
     * One page of the posts about `carId` that `memberId` may read (theirs and their friends'),
     * oldest first: the car's build thread; and how many there are.
     */
    async carThread(
      memberId: string,
      carId: string,
      { limit, offset }: { limit: number; offset: number },
    ): Promise<{ items: Post[]; total: number }> {
      const { rows: size } = await kysely.executeQuery(queries.carThreadSize(memberId, carId));
      const total = Number(size[0]?.total ?? 0);
      if (total === 0 || offset >= total) return { items: [], total };
      const { rows } = await kysely.executeQuery(queries.carThread(memberId, carId, limit, offset));
      return { items: await toPosts(memberId, rows), total };
    },

    /** Likes the post, or takes the like back when there is one; the count after it. */
    async toggleLike(
      postId: string,
      memberId: string,
      at: string,
    ): Promise<{ liked: boolean; likesCount: number }> {
      return kysely.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('post_likes')
          .where('post_id', '=', postId)
          .where('member_id', '=', memberId)
          .executeTakeFirst();
        const liked = Number(removed.numDeletedRows) === 0;
        if (liked) {
          await trx
            .insertInto('post_likes')
            .values({ post_id: postId, member_id: memberId, created_at: at })
            .onConflict((oc) => oc.columns(['post_id', 'member_id']).doNothing())
            .execute();
        }
        const row = await trx
          .selectFrom('posts')
          .select('likes_count')
          .where('id', '=', postId)
          .executeTakeFirst();
        return { liked, likesCount: Number(row?.likes_count ?? 0) };
      });
    },

    /** Whether `carId` is one of the member's cars. */
    async ownsCar(memberId: string, carId: string): Promise<boolean> {
      return hasRow(kysely.selectFrom('cars').where('id', '=', carId).where('owner_id', '=', memberId));
    },

    /** The media row of a post's image, when `mediaId` is its current image. */
    async imageOf(postId: string, mediaId: string) {
      return kysely
        .selectFrom('posts')
        .innerJoin('media', 'media.id', 'posts.image_id')
        .selectAll('media')
        .where('posts.id', '=', postId)
        .where('posts.image_id', '=', mediaId)
        .executeTakeFirst();
    },
  };
}

export type PostsRepository = ReturnType<typeof postsRepository>;
