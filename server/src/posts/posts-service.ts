// Posts and likes: who may read and write them, what a post may hold, and who is told.
// Read: the author and the author's friends; anyone else gets 404 (ids cannot be probed). Write:
// the author only (404 for everyone else, as the garage does).
import { randomUUID } from 'node:crypto';
import {
  type FeedMeta,
  type FeedQuery,
  type LikeResult,
  type LikersMeta,
  type LikersQuery,
  type PostLiker,
  type BuildThreadMeta,
  type BuildThreadQuery,
  type Post,
  type PostInput,
  type PostUpdate,
} from '../../../src/contract/posts';
import { POST_CONTENT_MAX, POST_IMAGES_MAX } from '../../../src/contract/constants';
import { HASHTAG_NAME, hashtagKey } from '../../../src/contract/hashtags';
import { tooManyImages, type ImageRef } from '../media/attached-images';
import { sanitizeRichText } from '../http/rich-text';
import { badRequest, conflict, notFound, foundOr404 } from '../http/errors';
import type { DiscardFiles } from '../media/media-storage';
import { excerptOf } from '../notifications/excerpt';
import type { NotificationsService } from '../notifications/notifications-service';
import { decodeFeedCursor, encodeFeedCursor, type FeedPosition } from './feed-cursor';
import type { FeedStrategy } from './feed-query';
import type { PostEvents } from './post-events';
import type { PostChanges, PostHead, PostsRepository } from './posts-repository';
import { tagsOf, type MentionsService } from './mentions-service';

/** A stored photo a post is given: its media id and size (server/src/media). */
export type PostImage = ImageRef;

/** What posts need to know of cars and their logs (build threads). */
export interface CarReads {
  /** The car of a log `memberId` may read (their car's, or a car shared with them), else null. */
  readableLogCar(memberId: string, logId: string): Promise<string | null>;
  /** Whether `memberId` may read the car (owner, member, or a friend of the owner). */
  mayReadCar(memberId: string, carId: string): Promise<boolean>;
}

export interface PostsDeps {
  posts: PostsRepository;
  /** Absent: no post may share a log, and every build thread is 404. */
  cars?: CarReads;
  areFriends(a: string, b: string): Promise<boolean>;
  friendIdsOf(memberId: string): Promise<string[]>;
  notifications: Pick<NotificationsService, 'create'>;
  /** Tells the members a post's text mentions (absent: nobody is told). */
  mentions?: Pick<MentionsService, 'tell'>;
  events: PostEvents;
  /** Removes the files of media rows the repository deleted (a replaced image, a deleted post's). */
  discardFiles: DiscardFiles;
  /** Logs what could not be told (a notification not stored); the change stands. */
  warn(err: unknown, message: string): void;
  now?: () => Date;
}

const invalid = (field: string, message: string) =>
  badRequest('Some fields are missing or invalid.', [{ field: `body.${field}`, message }]);

/** Sanitised content; 400 past POST_CONTENT_MAX characters of text, or empty without an image. */
export function cleanPostContent(html: string, hasImage: boolean): string {
  const clean = sanitizeRichText(html, 'post');
  if (clean.textLength > POST_CONTENT_MAX)
    throw invalid('content', `must not have more than ${POST_CONTENT_MAX} characters of text`);
  // An image or a video inside the text counts as content, like the post's own image.
  if (clean.textLength === 0 && !hasImage && !/<(?:img|iframe)\b/.test(clean.html))
    throw invalid('content', 'must have some text, or the post an image');
  return clean.html;
}

const noCars: CarReads = { readableLogCar: async () => null, mayReadCar: async () => false };

/** Where a feed-ordered page starts: after `before` (a previous page's meta.nextCursor), if any. */
const afterOf = (query: FeedQuery) => (query.before ? decodeFeedCursor(query.before) : null);

/** A feed-ordered page as the client reads it; the next cursor only when the page is full. */
async function feedPage(
  query: FeedQuery,
  after: FeedPosition | null,
  read: (page: {
    limit: number;
    offset: number;
    after: FeedPosition | null;
  }) => Promise<{ items: Post[]; total: number; last: FeedPosition | null }>,
): Promise<{ items: Post[]; meta: FeedMeta }> {
  const { items, total, last } = await read({ limit: query.limit, offset: query.offset, after });
  const nextCursor = last && items.length === query.limit ? encodeFeedCursor(last) : null;
  return { items, meta: { total, limit: query.limit, offset: query.offset, nextCursor } };
}

export function postsService({
  posts,
  cars = noCars,
  areFriends,
  friendIdsOf,
  notifications,
  mentions = { tell: async () => undefined },
  events,
  discardFiles,
  warn,
  now = () => new Date(),
}: PostsDeps) {
  const mayRead = async (memberId: string, authorId: string) =>
    authorId === memberId || (await areFriends(memberId, authorId));

  /** The post's head when the member may read it; else 404. */
  async function readable(memberId: string, id: string): Promise<PostHead> {
    const head = await posts.head(id);
    if (!head || !(await mayRead(memberId, head.author_id))) throw notFound('Post');
    return head;
  }

  /** The member's own post's head; 404 for anyone else's (friends' included) and missing ones. */
  async function own(memberId: string, id: string): Promise<PostHead> {
    const head = await posts.head(id);
    if (!head || head.author_id !== memberId) throw notFound('Post');
    return head;
  }

  async function load(memberId: string, id: string): Promise<Post> {
    return foundOr404(await posts.find(memberId, id), 'Post');
  }

  /** A create repeated with a used id: the stored post when it is this member's, else 409. */
  async function replayed(memberId: string, stored: PostHead): Promise<Post> {
    // Someone else's id: refuse without telling what it is.
    if (stored.author_id !== memberId)
      throw conflict('This id is already in use.', [{ field: 'body.id', message: 'is already in use' }]);
    return load(memberId, stored.id);
  }

  async function checkCar(memberId: string, carId: string | null | undefined): Promise<void> {
    if (carId && !(await posts.ownsCar(memberId, carId))) throw invalid('carId', 'must be one of your cars');
  }

  /** Tells the author's devices and friends' feeds; a failure never fails the write. */
  async function tellFeeds(authorId: string, postId: string, action: 'created' | 'updated' | 'deleted') {
    try {
      events.feedChanged(authorId, await friendIdsOf(authorId), postId, action);
    } catch (err) {
      warn(err, 'feed change not pushed');
    }
  }

  return {
    /** Whether the member may read the post (and so join its socket room). */
    async canRead(memberId: string, postId: string): Promise<boolean> {
      const head = await posts.head(postId);
      return head !== undefined && (await mayRead(memberId, head.author_id));
    },

    readable,

    /** The member's own post's head, else 404 (checked before an upload is stored). */
    own,

    /**
     * A page of the member's feed: their posts and their friends', newest first. `before` (a
     * previous page's meta.nextCursor) pages by keyset; `offset` counts from it.
     */
    async feed(
      memberId: string,
      query: FeedQuery,
      strategy?: FeedStrategy,
    ): Promise<{ items: Post[]; meta: FeedMeta }> {
      return feedPage(query, afterOf(query), (page) => posts.feed(memberId, page, strategy));
    },

    /**
     * A page of one member's posts as the caller may read them (spec: a post is for its author
     * and the author's friends): all of them for the member and their friends, none for anyone
     * else (an empty page, total 0: nothing about them is told). 404 when there is no such member.
     */
    async memberPosts(
      memberId: string,
      authorId: string,
      query: FeedQuery,
    ): Promise<{ items: Post[]; meta: FeedMeta }> {
      const after = afterOf(query);
      if (!(await posts.memberExists(authorId))) throw notFound('User');
      const empty = { total: 0, limit: query.limit, offset: query.offset, nextCursor: null };
      if (!(await mayRead(memberId, authorId))) return { items: [], meta: empty };
      return feedPage(query, after, (page) => posts.memberPosts(memberId, authorId, page));
    },

    /**
     * A tag's page: the posts carrying the tag in their own text that the member's feed would
     * show (theirs and their friends'), newest first, paged like the feed. 400 for a tag that
     * src/contract/hashtags.ts would not find; any case and accents name the same tag.
     */
    async tagPosts(
      memberId: string,
      tag: string,
      query: FeedQuery,
    ): Promise<{ items: Post[]; meta: FeedMeta }> {
      if (!HASHTAG_NAME.test(tag))
        throw badRequest('Some fields are missing or invalid.', [
          { field: 'params.tag', message: 'must be 1 to 50 letters, digits or _ (without #)' },
        ]);
      const key = hashtagKey(tag);
      return feedPage(query, afterOf(query), (page) => posts.tagPage(memberId, key, page));
    },

    /**
     * A car's build thread: the posts about it that the member may read (theirs and their
     * friends'), oldest first, for anyone who may read the car; 404 for anyone else.
     */
    async buildThread(
      memberId: string,
      carId: string,
      query: BuildThreadQuery,
    ): Promise<{ items: Post[]; meta: BuildThreadMeta }> {
      if (!(await cars.mayReadCar(memberId, carId))) throw notFound('Car');
      const { items, total } = await posts.carThread(memberId, carId, query);
      return { items, meta: { total, limit: query.limit, offset: query.offset } };
    },

    /** Who liked a post the member may read (404 otherwise), most recent first. */
    async likers(
      memberId: string,
      postId: string,
      query: LikersQuery,
    ): Promise<{ items: PostLiker[]; meta: LikersMeta }> {
      await readable(memberId, postId);
      const [items, total] = await Promise.all([
        posts.likers(postId, query.limit, query.offset),
        posts.likesCount(postId),
      ]);
      return { items, meta: { total, limit: query.limit, offset: query.offset } };
    },

    /** The stored post of a replayed create (409 when the id is someone else's); null when new. */
    async storedCreate(memberId: string, id: string): Promise<Post | null> {
      const stored = await posts.head(id);
      return stored ? replayed(memberId, stored) : null;
    },

    /** The media row of a post's current image, for a member who may read the post; else 404. */
    async image(memberId: string, postId: string, mediaId: string) {
      await readable(memberId, postId);
      return foundOr404(await posts.imageOf(postId, mediaId), 'Image');
    },

    async get(memberId: string, id: string): Promise<Post> {
      await readable(memberId, id);
      return load(memberId, id);
    },

    /**
     * `created: false` when the member already made a post with this client id: the stored one,
     * and nothing new. `image`: a file the member just uploaded.
     */
    async create(
      memberId: string,
      input: PostInput,
      images: PostImage[] = [],
    ): Promise<{ post: Post; created: boolean }> {
      if (input.id) {
        const stored = await posts.head(input.id);
        if (stored) return { post: await replayed(memberId, stored), created: false };
      }
      // A shared log's card counts as the post's content, as an image does.
      if (images.length > POST_IMAGES_MAX) throw tooManyImages(POST_IMAGES_MAX);
      const content = cleanPostContent(
        input.content ?? '',
        images.length > 0 || input.carLogId !== undefined,
      );
      const image = images[0];
      // A log I may not read is 404, like every other thing I cannot see.
      const logCar = input.carLogId ? await cars.readableLogCar(memberId, input.carLogId) : null;
      if (input.carLogId && logCar === null) throw notFound('Car log');
      // The post is about the log's car (which may be a car shared with me, not mine).
      if (logCar === null || (input.carId != null && input.carId !== logCar))
        await checkCar(memberId, input.carId);
      const at = now().toISOString();
      const id = input.id ?? randomUUID();
      const inserted = await posts.insert(
        {
          id,
          author_id: memberId,
          content,
          image_id: image?.id ?? null,
          image_width: image?.width ?? null,
          image_height: image?.height ?? null,
          car_id: input.carId ?? logCar,
          car_log_id: logCar === null ? null : (input.carLogId ?? null),
          show_cost: logCar !== null && input.showCost === true ? 1 : 0,
          created_at: at,
          updated_at: at,
        },
        tagsOf(content),
        images,
      );
      if (!inserted) {
        // The same client id raced in from another request: answer what won.
        const stored = await posts.head(id);
        if (!stored) throw conflict('This id is already in use.');
        return { post: await replayed(memberId, stored), created: false };
      }
      await tellFeeds(memberId, id, 'created');
      await mentions.tell({
        actorId: memberId,
        postId: id,
        postAuthorId: memberId,
        commentId: null,
        html: content,
      });
      return { post: await load(memberId, id), created: true };
    },

    /**
     * Changes the fields given. The photos (PostUpdate): `keepImages` keeps those listed in that
     * order, then `added` (new uploads); without it, `added` (the with-image form) replaces them
     * all, `removeImage` removes them all, and otherwise they stay.
     */
    async update(memberId: string, id: string, patch: PostUpdate, added?: PostImage[]): Promise<Post> {
      const head = await own(memberId, id);
      let images: PostImage[] | undefined;
      if (patch.keepImages !== undefined) {
        const current = new Map((await posts.images(id)).map((image) => [image.id, image]));
        const kept = patch.keepImages.map((mediaId, i) => {
          const found = current.get(mediaId);
          if (!found) throw invalid(`keepImages.${i}`, "must be one of the post's photos");
          return found;
        });
        images = [...kept, ...(added ?? [])];
      } else if (added !== undefined) images = added;
      else if (patch.removeImage === true) images = [];
      if (images && images.length > POST_IMAGES_MAX) throw tooManyImages(POST_IMAGES_MAX);
      // A shared log's card counts as content, as an image does.
      const hasImage =
        (images === undefined ? head.image_id !== null : images.length > 0) || head.car_log_id !== null;
      const changes: PostChanges = { updated_at: now().toISOString() };
      // Unchanged content must still leave the post with text or an image.
      const content = cleanPostContent(
        patch.content === undefined ? head.content : (patch.content ?? ''),
        hasImage,
      );
      changes.content = content;
      if (patch.carId !== undefined) {
        // Unchanged, it stays (a shared log's post may be about a car shared with the author).
        if (patch.carId !== head.car_id) await checkCar(memberId, patch.carId);
        changes.car_id = patch.carId;
      }
      const orphans = await posts.update(id, changes, tagsOf(content), images);
      await discardFiles(orphans);
      events.postUpdated(id, 'edited');
      await tellFeeds(memberId, id, 'updated');
      // Only a mention new to this post tells its member (docs/SPEC-NOTES.md "Hashtags and mentions").
      await mentions.tell({
        actorId: memberId,
        postId: id,
        postAuthorId: memberId,
        commentId: null,
        html: content,
      });
      return load(memberId, id);
    },

    async remove(memberId: string, id: string): Promise<void> {
      await own(memberId, id);
      const orphans = await posts.delete(id);
      await discardFiles(orphans);
      events.postUpdated(id, 'deleted');
      await tellFeeds(memberId, id, 'deleted');
    },

    /**
     * Likes a post the member may read, or takes the like back (spec §7: a toggle). A liked
     * post's author is notified (not for one's own post, not for taking a like back).
     */
    async like(memberId: string, id: string): Promise<LikeResult> {
      const head = await readable(memberId, id);
      const { liked, likesCount } = await posts.toggleLike(id, memberId, now().toISOString());
      if (liked && head.author_id !== memberId) {
        try {
          await notifications.create(head.author_id, {
            type: 'post',
            jsonPayload: {
              relatedPostId: id,
              relatedFriendId: memberId,
              actorId: memberId,
              action: 'liked',
              excerpt: excerptOf(head.content, { html: true }),
            },
          });
        } catch (err) {
          warn(err, 'like notification not stored');
        }
      }
      events.postUpdated(id, liked ? 'liked' : 'unliked', memberId);
      return { postId: id, liked, likesCount };
    },
  };
}

export type PostsService = ReturnType<typeof postsService>;
