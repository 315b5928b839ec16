// Posts and likes: the only code that touches their tables (with the feed's SQL in feed-query.ts).
import type { Insertable, Transaction } from 'kysely';
import { API_BASE, POST_LIKES_LISTED_MAX } from '../../../src/contract/constants';
import type { AttachedImage, Post, PostLiker } from '../../../src/contract/posts';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { FeedPosition } from './feed-cursor';
import { chooseFeedStrategy, feedQueries, type FeedRow, type FeedStrategy } from './feed-query';
import { toAuthor, type PostsTable } from './posts-tables';
import './posts-tables';
import { columnValues, hasRow } from '../db/paging';
import { cardOf, loadCarLogCards, type CarLogCard } from './post-car-logs-repository';
import { readRows } from '../db/fast-read';
import { htmlToText } from '../http/rich-text';
import { attachedImages, byOwner, type ImageRef } from '../media/attached-images';

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
export function toPost(
  memberId: string,
  row: FeedRow,
  cards?: Map<string, CarLogCard>,
  photos?: Map<string, AttachedImage[]>,
): Post {
  const image = row.image_id === null ? null : postImageUrl(row.id, row.image_id);
  const post: Post = {
    id: row.id,
    author: toAuthor(row),
    content: row.content,
    // posts.image_id is the first photo: a post without it has none (no look-up was needed).
    images:
      image === null
        ? []
        : (photos?.get(row.id) ??
          attachedImages(
            [{ media_id: row.image_id!, width: row.image_width, height: row.image_height }],
            (mediaId) => postImageUrl(row.id, mediaId),
          )),
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

  /** The photos of these posts in order (one query), by post id. */
  async function photosOf(postIds: string[]): Promise<Map<string, AttachedImage[]>> {
    const rows = await kysely
      .selectFrom('post_images')
      .select(['post_id as owner', 'media_id', 'width', 'height'])
      .where('post_id', 'in', postIds)
      .orderBy('post_id')
      .orderBy('position')
      .execute();
    const out = new Map<string, AttachedImage[]>();
    for (const [postId, list] of byOwner(rows))
      out.set(
        postId,
        attachedImages(list, (mediaId) => postImageUrl(postId, mediaId)),
      );
    return out;
  }

  /**
   * The rows as posts, with the cards of those that share a log and the photos of those that have
   * any (one query each, only when a row needs it: posts.image_id tells which have photos).
   */
  async function toPosts(memberId: string, rows: FeedRow[]): Promise<Post[]> {
    const withPhotos = rows.filter((row) => row.image_id !== null).map((row) => row.id);
    const [cards, photos] = await Promise.all([
      rows.some((row) => row.car_log_id) ? loadCarLogCards(kysely, rows) : undefined,
      withPhotos.length > 0 ? photosOf(withPhotos) : undefined,
    ]);
    return rows.map((row) => toPost(memberId, row, cards, photos));
  }

  /** Deletes these media rows (a post's photos are its own files); answers their storage keys. */
  async function deleteMedia(trx: Transaction<Database>, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await trx.deleteFrom('media').where('id', 'in', ids).returning('storage_key').execute();
    return rows.map((r) => r.storage_key);
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

    /**
     * One page of the posts carrying the tag (its key) that the member sees, newest first, after
     * `after` when given; and how many there are.
     */
    async tagPage(
      memberId: string,
      tag: string,
      { limit, offset, after }: { limit: number; offset: number; after: FeedPosition | null },
    ): Promise<{ items: Post[]; total: number; last: FeedPosition | null }> {
      const size = await readRows(kysely, queries.tagSize(memberId, tag));
      const total = Number(size[0]?.total ?? 0);
      if (total === 0) return { items: [], total, last: null };
      const rows = await readRows(kysely, queries.tagPage(memberId, tag, limit, offset, after));
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

    /**
     * Inserts the post, the tags of its text (their keys) and its photos (in this order; the first
     * is also `image_id`) in one transaction, unless the id exists already (a replayed create);
     * true when a row was written.
     */
    async insert(post: NewPost, tags: string[] = [], images: ImageRef[] = []): Promise<boolean> {
      return kysely.transaction().execute(async (trx) => {
        const result = await trx
          .insertInto('posts')
          .values({ ...post, search_text: htmlToText(post.content) })
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        if (tags.length > 0)
          await trx
            .insertInto('post_tags')
            .values(tags.map((tag) => ({ post_id: post.id, tag, created_at: post.created_at })))
            .execute();
        if (images.length > 0)
          await trx
            .insertInto('post_images')
            .values(
              images.map((image, position) => ({
                post_id: post.id,
                media_id: image.id,
                position,
                width: image.width,
                height: image.height,
              })),
            )
            .execute();
        return true;
      });
    },

    /** The post's photos in order (their media ids and sizes). */
    async images(postId: string): Promise<ImageRef[]> {
      const rows = await kysely
        .selectFrom('post_images')
        .select(['media_id', 'width', 'height'])
        .where('post_id', '=', postId)
        .orderBy('position')
        .execute();
      return rows.map((r) => ({
        id: r.media_id,
        width: r.width === null ? null : Number(r.width),
        height: r.height === null ? null : Number(r.height),
      }));
    },

    /**
     * Writes the changes (and the text's search words); the text's tags when given (their keys)
     * replace those it had; with `images`, they become the post's photos in that order (the first
     * also `image_id`), and the media rows of the photos left out go in the same transaction (a
     * post's photos are its own files). Answers the storage keys of the files to remove after it.
     */
    async update(id: string, changes: PostChanges, tags?: string[], images?: ImageRef[]): Promise<string[]> {
      return kysely.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('posts')
          .select(['created_at'])
          .where('id', '=', id)
          .executeTakeFirst();
        const text = changes.content === undefined ? {} : { search_text: htmlToText(changes.content) };
        const first = images?.[0];
        await trx
          .updateTable('posts')
          .set({
            ...changes,
            ...text,
            ...(images === undefined
              ? {}
              : {
                  image_id: first?.id ?? null,
                  image_width: first?.width ?? null,
                  image_height: first?.height ?? null,
                }),
          })
          .where('id', '=', id)
          .execute();
        // The tags of the text as it is now replace those it had.
        if (tags && before) {
          await trx.deleteFrom('post_tags').where('post_id', '=', id).execute();
          if (tags.length > 0)
            await trx
              .insertInto('post_tags')
              .values(tags.map((tag) => ({ post_id: id, tag, created_at: before.created_at })))
              .execute();
        }
        if (images === undefined) return [];
        const previous = await columnValues(
          trx.selectFrom('post_images').select('media_id').where('post_id', '=', id),
          'media_id',
        );
        await trx.deleteFrom('post_images').where('post_id', '=', id).execute();
        if (images.length > 0)
          await trx
            .insertInto('post_images')
            .values(
              images.map((image, position) => ({
                post_id: id,
                media_id: image.id,
                position,
                width: image.width,
                height: image.height,
              })),
            )
            .execute();
        const kept = new Set(images.map((image) => image.id));
        return deleteMedia(
          trx,
          previous.filter((mediaId) => !kept.has(mediaId)),
        );
      });
    },

    /**
     * Deletes the post with its likes, comments and photos (the foreign keys cascade; triggers keep
     * the counts) and its photos' media rows. Answers the storage keys of the files to remove after it.
     */
    async delete(id: string): Promise<string[]> {
      return kysely.transaction().execute(async (trx) => {
        const photos = await columnValues(
          trx.selectFrom('post_images').select('media_id').where('post_id', '=', id),
          'media_id',
        );
        const post = await trx
          .deleteFrom('posts')
          .where('id', '=', id)
          .returning('image_id')
          .executeTakeFirst();
        if (!post) return [];
        return deleteMedia(trx, [...new Set([...photos, ...(post.image_id ? [post.image_id] : [])])]);
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

    /** The media row of a post's photo, when `mediaId` is one of its current photos. */
    async imageOf(postId: string, mediaId: string) {
      return kysely
        .selectFrom('post_images')
        .innerJoin('media', 'media.id', 'post_images.media_id')
        .selectAll('media')
        .where('post_images.post_id', '=', postId)
        .where('post_images.media_id', '=', mediaId)
        .executeTakeFirst();
    },
  };
}

export type PostsRepository = ReturnType<typeof postsRepository>;
