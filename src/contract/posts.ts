// Posts, likes and comments on the wire (spec §3 "Post", "Comment", §7 "Posts", "Comments";
// docs/DESIGN-NOTES.md "Entities"). Client code imports only the types from here; plain values come from
// ./constants.
import { Type, type Static } from 'typebox';
import { pageMeta } from './envelope';
import {
  COMMENT_CONTENT_MAX,
  COMMENT_SORT_DEFAULT,
  COMMENT_SORTS,
  COMMENTS_PAGE_MAX,
  COMMENTS_PAGE_SIZE,
  FEED_PAGE_MAX,
  FEED_PAGE_SIZE,
  POST_CONTENT_MAX,
  POST_IMAGES_MAX,
  POST_LIKERS_PAGE_MAX,
  POST_LIKERS_PAGE_SIZE,
  REPLIES_PAGE_SIZE,
  OFFSET_MAX,
} from './constants';
import { RICH_TEXT_MAX_HTML } from './garage';

// Nullable fields use JSON Schema type arrays, not anyOf (see ./garage: Ajv's coercion would turn
// a null into "" before an anyOf's null branch is tried).
const nullable = <T>(type: 'string' | 'integer' | 'number', options: Record<string, unknown> = {}) =>
  Type.Unsafe<T | null>({ type: [type, 'null'], ...options });

const ClientId = Type.String({
  format: 'uuid',
  description: 'Client-generated id: a repeat answers the stored item',
});

export const PostIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type PostIdParams = Static<typeof PostIdParams>;
export const CommentsOfPostParams = Type.Object({ postId: Type.String({ format: 'uuid' }) });
export type CommentsOfPostParams = Static<typeof CommentsOfPostParams>;
/** GET /posts/{id}/images/{mediaId}: the post's image (its URL changes when the image does). */
export const PostImageParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  mediaId: Type.String({ format: 'uuid' }),
});
export type PostImageParams = Static<typeof PostImageParams>;

/** Who wrote a post or a comment. */
export const PostAuthor = Type.Object({
  id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatar: nullable<string>('string'),
});
export type PostAuthor = Static<typeof PostAuthor>;

// ---------- posts ----------

/** A photo of a shared log, as the post's card shows it (served by GET /media/{id}). */
export const PostCarLogPhoto = Type.Object({
  id: Type.String(),
  url: Type.String(),
  width: nullable<number>('integer'),
  height: nullable<number>('integer'),
});
export type PostCarLogPhoto = Static<typeof PostCarLogPhoto>;

/**
 * A car log shared to the feed ("Build threads"), read from the live log whenever the post
 * is read: it follows the log's edits. `cost` and `currencyCode` are there only when the author chose
 * to show the cost (`showCost`). Photos are the log's images (never its PDF receipts).
 */
export const PostCarLog = Type.Object({
  id: Type.String(),
  carId: Type.String(),
  type: Type.String(),
  title: Type.String(),
  /** The odometer reading, in the car's mileage unit; null when the log has none. */
  mileage: nullable<number>('number'),
  /** The car's mileage unit (a key of the mileageUnit settings: km, mi). */
  mileageUnit: Type.String(),
  startDate: Type.String(),
  photos: Type.Array(PostCarLogPhoto),
  showCost: Type.Boolean(),
  cost: Type.Optional(nullable<number>('number')),
  currencyCode: Type.Optional(nullable<string>('string')),
});
export type PostCarLog = Static<typeof PostCarLog>;

/**
 * One photo of a post, a private message or a chat message: its media id (what an edit keeps by),
 * where it is served (the bearer token needed, as every media file) and its stored size in pixels,
 * so a card reserves its room (aspect ratio) before it loads.
 */
export const AttachedImage = Type.Object({
  id: Type.String(),
  url: Type.String(),
  width: nullable<number>('integer'),
  height: nullable<number>('integer'),
});
export type AttachedImage = Static<typeof AttachedImage>;

export const Post = Type.Object({
  id: Type.String(),
  author: PostAuthor,
  content: Type.String({
    description: `Sanitised Quill HTML, at most ${POST_CONTENT_MAX} characters of text`,
  }),
  /** The post's photos in their order (at most POST_IMAGES_MAX); [] when it has none. */
  images: Type.Array(AttachedImage, {
    maxItems: POST_IMAGES_MAX,
    description: `The post's photos in order, at most ${POST_IMAGES_MAX}; \`image\` is the first`,
  }),
  /**
   * The first of `images` for older clients: where it is served (needs the bearer token, as every
   * media file); null: no image.
   */
  image: nullable<string>('string'),
  /** The stored image's size in pixels, so the card can reserve its room before it loads. */
  imageWidth: nullable<number>('integer'),
  imageHeight: nullable<number>('integer'),
  /** One of the author's cars the post is about (or the car of the log it shares), or null. */
  carId: nullable<string>('string'),
  /**
   * Only on a post that shares a car log: its card, or null once the log is deleted or its
   * author may no longer read it (see carLogUnavailable). A post that shares no log has no such key.
   */
  carLog: Type.Optional(Type.Union([PostCarLog, Type.Null()])),
  /**
   * Only when `carLog` is null: why. `deleted`: the log is gone; `no-longer-shared`: the post's
   * author may no longer read the log (removed from the car, or the car was sold), so neither the
   * card nor its photos are shown. Checked each time the post is read.
   */
  carLogUnavailable: Type.Optional(Type.Union([Type.Literal('deleted'), Type.Literal('no-longer-shared')])),
  /**
   * Member ids who like it: the asking member's first when they do (the client's `isLiked` is
   * `likes.includes(me)`), then the most recent others; at most POST_LIKES_LISTED_MAX.
   */
  likes: Type.Array(Type.String()),
  likesCount: Type.Integer(),
  /** Every comment of the post, replies included. */
  commentsCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Post = Static<typeof Post>;

/** null (an empty form field) is empty content. */
const content = nullable<string>('string', {
  maxLength: RICH_TEXT_MAX_HTML,
  description: `Quill HTML (or plain text), sanitised; at most ${POST_CONTENT_MAX} characters of text`,
});
const CarRef = nullable<string>('string', { format: 'uuid', description: 'One of my cars, or null' });

/**
 * POST /posts (JSON) and POST /posts/with-image (multipart fields or one `data` JSON field, and up
 * to POST_IMAGES_MAX files, each part named `image` or `images`, in their order).
 */
export const PostInput = Type.Object({
  id: Type.Optional(ClientId),
  /** At least one character of text, unless the post has an image. */
  content: Type.Unsafe<string | null>({ ...content, default: '' }),
  carId: Type.Optional(CarRef),
  /**
   * A log I may read (of my car or a car shared with me) to share as the post's card; the post is
   * then about its car. 404 when there is no such log I may read.
   */
  carLogId: Type.Optional(Type.String({ format: 'uuid' })),
  /** true shows the log's cost on the card (hidden by default). */
  showCost: Type.Optional(Type.Boolean({ default: false })),
});
export type PostInput = Static<typeof PostInput>;

/**
 * PUT /posts/{id} and PUT /posts/{id}/with-image: changes the fields it carries. The photos: with
 * `keepImages`, the current photos listed stay in that order, the others are deleted, and the files
 * sent (with-image) come after them; without it, the JSON PUT keeps the photos and with-image
 * replaces them all by the files sent (the older clients' single-image form). At most
 * POST_IMAGES_MAX in all, else 400 TOO_MANY_IMAGES.
 */
// Derived from the fields, not from PostInput: a PUT without `content` must not get its default.
export const PostUpdate = Type.Object({
  ...Type.Partial(Type.Object({ content, carId: CarRef })).properties,
  /** true removes every photo of the post (JSON PUT only; with-image replaces them instead). */
  removeImage: Type.Optional(Type.Boolean()),
  keepImages: Type.Optional(
    Type.Array(Type.String({ format: 'uuid' }), {
      maxItems: POST_IMAGES_MAX,
      uniqueItems: true,
      description:
        "Ids of the post's current photos (`images[].id`) to keep, in their new order; the others are deleted. Each must be one of the post's photos (400 otherwise)",
    }),
  ),
});
export type PostUpdate = Static<typeof PostUpdate>;

export const FeedQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: FEED_PAGE_MAX, default: FEED_PAGE_SIZE }),
  offset: Type.Integer({
    minimum: 0,
    maximum: OFFSET_MAX,
    default: 0,
    description: 'offset = (page - 1) * limit (spec §7); with `before`, counted from the cursor',
  }),
  before: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'meta.nextCursor of the previous page: the page after it (keyset paging, fast at any depth)',
    }),
  ),
});
export type FeedQuery = Static<typeof FeedQuery>;

/** `total`: posts the feed holds (mine and my friends'). */
export const FeedMeta = pageMeta({
  /** Pass as `before` for the next page; null when this page is the last. */
  nextCursor: nullable<string>('string'),
});
export type FeedMeta = Static<typeof FeedMeta>;

/** GET /users/{id}/posts: the member whose posts are listed. */
export const MemberPostsParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type MemberPostsParams = Static<typeof MemberPostsParams>;

/**
 * GET /users/{id}/posts answers the feed's meta. `total` counts the posts the caller may read: 0
 * for someone who is neither the member nor one of their friends.
 */
export const MemberPostsQuery = FeedQuery;
export type MemberPostsQuery = FeedQuery;

/**
 * GET /tags/{tag}/posts: the tag without its `#` (1 to HASHTAG_MAX letters, digits or `_`, as
 * src/contract/hashtags.ts finds them); any case and accents (#Mégane and #megane are one tag).
 * The letters' rule is checked by the server (400 otherwise); the schema only bounds the length.
 */
export const TagPostsParams = Type.Object({
  tag: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'The tag without `#`: 1 to 50 letters (any script), digits or `_`; case and accents ignored',
  }),
});
export type TagPostsParams = Static<typeof TagPostsParams>;

/** GET /tags/{tag}/posts pages exactly like the feed (limit, offset, `before` = meta.nextCursor). */
export const TagPostsQuery = FeedQuery;
export type TagPostsQuery = FeedQuery;

/** GET /cars/{id}/build-thread: the posts about a car, oldest first. */
export const BuildThreadParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type BuildThreadParams = Static<typeof BuildThreadParams>;
export const BuildThreadQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: FEED_PAGE_MAX, default: FEED_PAGE_SIZE }),
  offset: Type.Integer({
    minimum: 0,
    maximum: OFFSET_MAX,
    default: 0,
    description: 'offset = (page - 1) * limit',
  }),
});
export type BuildThreadQuery = Static<typeof BuildThreadQuery>;
/** `total`: the posts about the car that I may read. */
export const BuildThreadMeta = pageMeta();
export type BuildThreadMeta = Static<typeof BuildThreadMeta>;

/** GET /posts/{id}/likes: who liked a post, most recent first. */
export const LikersQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: POST_LIKERS_PAGE_MAX, default: POST_LIKERS_PAGE_SIZE }),
  offset: Type.Integer({
    minimum: 0,
    maximum: OFFSET_MAX,
    default: 0,
    description: 'offset = (page - 1) * limit',
  }),
});
export type LikersQuery = Static<typeof LikersQuery>;

/** A member who liked a post: their public card (the display name is built from it, spec §3). */
export const PostLiker = Type.Object({
  id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatar: nullable<string>('string'),
  /** When they liked it. */
  likedAt: Type.String(),
});
export type PostLiker = Static<typeof PostLiker>;

/** `total` is the post's likesCount. */
export const LikersMeta = pageMeta();
export type LikersMeta = Static<typeof LikersMeta>;

/** POST /posts/{id}/like: the state after the toggle. */
export const LikeResult = Type.Object({
  postId: Type.String(),
  liked: Type.Boolean(),
  likesCount: Type.Integer(),
});
export type LikeResult = Static<typeof LikeResult>;

export const PostDeleted = Type.Object({ id: Type.String() });
export type PostDeleted = Static<typeof PostDeleted>;

/**
 * `action` of the realtime-only `post` notifications (36-dash id, nothing stored) the author and
 * their friends receive when a post appears, changes or goes: feeds refresh live.
 */
export type PostFeedAction = 'created' | 'updated' | 'deleted';
/** `action` of stored notifications: `post` (someone liked my post), `comment` (commented, replied). */
export type PostNotificationAction = 'liked' | 'commented' | 'replied';

// ---------- comments ----------

export const Comment = Type.Object({
  id: Type.String(),
  postId: Type.String(),
  author: PostAuthor,
  content: Type.String({ description: 'Sanitised Quill HTML (or plain text)' }),
  parentCommentId: nullable<string>('string'),
  /** Direct replies to this comment. */
  repliesCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Comment = Static<typeof Comment>;

const commentContent = Type.String({
  minLength: 1,
  maxLength: RICH_TEXT_MAX_HTML,
  description: `Quill HTML or plain text, sanitised; 1 to ${COMMENT_CONTENT_MAX} characters of text`,
});

export const CommentInput = Type.Object({
  id: Type.Optional(ClientId),
  postId: Type.String({ format: 'uuid' }),
  content: commentContent,
  parentCommentId: Type.Optional(
    nullable<string>('string', {
      format: 'uuid',
      description: 'A comment of the same post: this is a reply',
    }),
  ),
});
export type CommentInput = Static<typeof CommentInput>;

export const CommentUpdate = Type.Pick(CommentInput, ['content']);
export type CommentUpdate = Static<typeof CommentUpdate>;

export const CommentListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: COMMENTS_PAGE_MAX, default: COMMENTS_PAGE_SIZE }),
  offset: Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0, description: 'limit * (page - 1)' }),
  sortBy: Type.Union(
    COMMENT_SORTS.map((s) => Type.Literal(s)),
    { default: COMMENT_SORT_DEFAULT },
  ),
});
export type CommentListQuery = Static<typeof CommentListQuery>;

export const RepliesQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: COMMENTS_PAGE_MAX, default: REPLIES_PAGE_SIZE }),
  offset: Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0 }),
});
export type RepliesQuery = Static<typeof RepliesQuery>;

/** Lists of comments: `total` is how many the list holds (top-level comments, or the replies). */
export const CommentListMeta = pageMeta();
export type CommentListMeta = Static<typeof CommentListMeta>;

/** DELETE /comments/{id}: its replies went with it; the post's comment count after it. */
export const CommentDeleted = Type.Object({
  id: Type.String(),
  postId: Type.String(),
  commentsCount: Type.Integer(),
});
export type CommentDeleted = Static<typeof CommentDeleted>;
