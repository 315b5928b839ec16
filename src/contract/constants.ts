// Plain values of the contract that both sides import. No typebox here: this is the one contract
// file client code may import values from (the others run schema builders at module load).
export const API_BASE = '/api/v1.0';

export const SETTINGS_DOMAINS = [
  'energyType',
  'gearboxType',
  'upholsteryMaterial',
  'mileageUnit',
  'carLogType',
  'currencyCode',
] as const;
export type SettingsDomain = (typeof SETTINGS_DOMAINS)[number];

// ---------- people (src/contract/people.ts re-exports these) ----------
/** A bio holds at most this many characters of text (spec §5, §9). */
export const BIO_MAX_TEXT = 20_000;
/** Square sizes, in pixels, every avatar is stored at; 50 is the spec's avatar size (§9). */
export const AVATAR_SIZES = [50, 256] as const;
export type AvatarSize = (typeof AVATAR_SIZES)[number];
/** The people search needs at least this many characters (after trimming). */
export const PEOPLE_SEARCH_MIN_LENGTH = 2;
export const PEOPLE_SEARCH_MAX_LENGTH = 100;
/** Friends page size by default (spec §9); the recipient modal asks for 50. */
export const FRIENDS_PAGE_SIZE = 20;
/** Suggestions answered at most. */
export const FRIEND_SUGGESTIONS_MAX = 20;

// ---------- messages (src/contract/messages.ts re-exports these) ----------
/** Subject: plain text, at most this many characters. */
export const MESSAGE_SUBJECT_MAX = 200;
/** Content: Quill HTML (or plain text), sanitised; at most this many characters of text. */
export const MESSAGE_CONTENT_MAX_TEXT = 20_000;
export const MESSAGE_FOLDERS = ['inbox', 'sent'] as const;
export type MessageFolder = (typeof MESSAGE_FOLDERS)[number];

// ---------- posts and comments (src/contract/posts.ts re-exports these) ----------
/** A post holds at most this many characters of text (spec §5, §9 "post max 10000"). */
export const POST_CONTENT_MAX = 10_000;
/** A comment or reply holds at most this many characters of text. */
export const COMMENT_CONTENT_MAX = 2_000;
/** Feed page size by default (spec §9 "general page size 20"); at most FEED_PAGE_MAX. */
export const FEED_PAGE_SIZE = 20;
export const FEED_PAGE_MAX = 100;
/** Comments of a post: page size by default; at most COMMENTS_PAGE_MAX. */
export const COMMENTS_PAGE_SIZE = 20;
export const COMMENTS_PAGE_MAX = 100;
/** Replies of a comment: limit 20 and offset 0 by default (spec §7, §9). */
export const REPLIES_PAGE_SIZE = 20;
/** Comment list orders; newest is the default (spec §9). */
export const COMMENT_SORTS = ['newest', 'oldest'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];
export const COMMENT_SORT_DEFAULT: CommentSort = 'newest';
/**
 * `likes` of a post lists at most this many member ids: the asking member's first when they liked
 * it (so `isLiked` is `likes.includes(me)`), then the most recent others. `likesCount` is the total.
 */
export const POST_LIKES_LISTED_MAX = 100;
/** `message` of a `postUpdated` socket event (spec §3): what changed in the post. */
export const POST_UPDATE_MESSAGES = [
  'liked',
  'unliked',
  'edited',
  'deleted',
  'commented',
  'comment-edited',
  'comment-deleted',
] as const;
export type PostUpdateMessage = (typeof POST_UPDATE_MESSAGES)[number];
