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

// ---------- chat (src/contract/chat.ts re-exports these) ----------
/** A chat group's name: plain text, 1 to this many characters after trimming. */
export const CHAT_GROUP_NAME_MAX = 100;
/** A chat group's description: plain text, at most this many characters after trimming. */
export const CHAT_GROUP_DESCRIPTION_MAX = 1_000;
/** A group has at most this many members besides its owner (memberIds holds at most this many). */
export const CHAT_GROUP_MEMBERS_MAX = 50;
/** A chat message: plain text, 1 to this many characters after trimming (stored as is, shown as text). */
export const CHAT_MESSAGE_CONTENT_MAX = 4_000;
/** Chat lists: page size by default (spec §9 "page 1, 20 per page"); at most CHAT_PAGE_MAX. */
export const CHAT_PAGE_SIZE = 20;
export const CHAT_PAGE_MAX = 100;
/** The server relays at most one `chat_typing` per socket and room in this interval (others dropped). */
export const CHAT_TYPING_MIN_INTERVAL_MS = 1_000;
/** A client shows "typing" this long after the last `chatTyping` (and re-sends while typing, every 2-3 s). */
export const CHAT_TYPING_TTL_MS = 5_000;
/**
 * `action` in the jsonPayload of realtime-only `chatgroup` notifications:
 * created (you are in a new group), updated (name/description/members changed), added (you were
 * added), removed (you were removed: drop the group and its room), left (a member left, sent to the
 * remaining members; the leaver's own devices get `removed`), deleted (the owner deleted it).
 */
export const CHAT_GROUP_ACTIONS = ['created', 'updated', 'added', 'removed', 'left', 'deleted'] as const;
export type ChatGroupAction = (typeof CHAT_GROUP_ACTIONS)[number];
/**
 * `action` in the jsonPayload of realtime-only `chatroom` notifications:
 * created (a room you are in was created), updated (participants or name changed),
 * read (you marked it read on a device: your unreadCount is now 0), removed (you are no longer in it).
 */
export const CHAT_ROOM_ACTIONS = ['created', 'updated', 'read', 'removed'] as const;
export type ChatRoomAction = (typeof CHAT_ROOM_ACTIONS)[number];
