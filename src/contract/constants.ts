// Plain values of the contract that both sides import. No typebox here: this is the one contract
// file client code may import values from (the others run schema builders at module load).
export const API_BASE = '/api/v1.0';

/** The version of the terms of use a sign-up accepts: their date (server/src/legal). */
export const TERMS_VERSION = '2026-12-06';

export const SETTINGS_DOMAINS = [
  'energyType',
  'gearboxType',
  'upholsteryMaterial',
  'mileageUnit',
  'carLogType',
  'currencyCode',
] as const;
export type SettingsDomain = (typeof SETTINGS_DOMAINS)[number];

// ---------- lists (every paged list of the API) ----------
/** `limit` of a list by default (spec §9 "general page size 20"), and at most (unless a list says). */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
/** `offset` of a list at most. */
export const OFFSET_MAX = 1_000_000;

// ---------- accounts (src/contract/auth.ts re-exports these) ----------
/** 3 to 30 letters, digits, `_`, `.` or `-`. */
export const USERNAME_PATTERN = '^[A-Za-z0-9_.-]{3,30}$';
/**
 * A deleted member's tombstone has the username `~deleted-<id>`, which USERNAME_PATTERN
 * refuses: clients show "Deleted member" for an author whose username starts with it.
 */
export const DELETED_MEMBER_USERNAME_PREFIX = '~deleted-';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** An address with one @ and a dot in the domain; surrounding spaces are allowed (the server trims). */
export const EMAIL_PATTERN = '^\\s*[^\\s@]+@[^\\s@.]+(\\.[^\\s@.]+)+\\s*$';
export const EMAIL_MAX = 254;
/** First and last names: 1 to this many characters. */
export const PERSON_NAME_MAX = 80;
export const CITY_MAX = 120;

// ---------- uploads (server/src/media/media-processing.ts enforces these) ----------
/** Per file: 10 MiB (docs/SECURITY-CHECKS.md "Uploads"). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Files per car log upload. */
export const MAX_FILES_PER_LOG = 10;
/** Photos a post carries (its `images`); more is 400 TOO_MANY_IMAGES. */
export const POST_IMAGES_MAX = 10;
/** Photos a private message or a chat message carries (its `images`); more is 400 TOO_MANY_IMAGES. */
export const MESSAGE_IMAGES_MAX = 4;

// ---------- garage (src/contract/garage.ts re-exports these) ----------
/** A car description holds at most this many characters of text (spec §5, §9). */
export const CAR_DESCRIPTION_MAX_TEXT = 20_000;
/** Log content shares the car description's budget: both are long Quill texts. */
export const CAR_LOG_CONTENT_MAX_TEXT = 20_000;
/**
 * Raw HTML may be much longer than its text (a colour on every word is ~40 characters of markup
 * each); this caps what is parsed at all, at half the default body limit.
 */
export const RICH_TEXT_MAX_HTML = 500_000;
/** A car's make, model and nickname: at most this many characters. */
export const CAR_NAME_MAX = 80;
/** A car's year: from the first car to this side of 2100. */
export const CAR_YEAR_MIN = 1885;
export const CAR_YEAR_MAX = 2100;
/** A car's or a log's odometer reading, at most. */
export const MILEAGE_MAX = 100_000_000;
/** A log's title and location: at most this many characters. */
export const CAR_LOG_TITLE_MAX = 200;
export const CAR_LOG_LOCATION_MAX = 200;
export const CAR_LOG_MAX_TAGS = 20;
/** Logs one car holds at most: a create, a move or an import past it answers 409 CAR_LOG_LIMIT. */
export const CAR_LOGS_MAX = 50_000;
export const CAR_LOG_TAG_MAX_LENGTH = 40;
/** A log's cost: 0 to this much, with at most CAR_LOG_COST_DECIMALS decimals. */
export const CAR_LOG_COST_MAX = 1_000_000_000;
export const CAR_LOG_COST_DECIMALS = 2;
/** Months covered by `costByMonth` in the stats, the current month included. */
export const CAR_LOG_STATS_MONTHS = 24;
/** A page of a car's log book holds at most this many logs. */
export const CAR_LOG_PAGE_MAX = 500;

// ---------- reminders (src/contract/maintenance-api.ts re-exports these) ----------
/** A reminder's notes: at most this many characters. */
export const REMINDER_NOTES_MAX = 2000;
/** A reminder's interval in months (1 to this many), and its soon-window in days (0 to this many). */
export const REMINDER_INTERVAL_MONTHS_MAX = 600;
export const REMINDER_SOON_DAYS_MAX = 3650;

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
/** Who liked a post (GET /posts/{id}/likes): page size by default; at most POST_LIKERS_PAGE_MAX. */
export const POST_LIKERS_PAGE_SIZE = 20;
export const POST_LIKERS_PAGE_MAX = 100;
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

// ---------- imports ----------

/** The formats POST /cars/{id}/imports reads. */
export const IMPORT_FORMATS = [
  'paddock',
  'lubelogger-fuel',
  'lubelogger-service',
  'lubelogger-repair',
  'lubelogger-upgrade',
  'lubelogger-tax',
  'fuelly-web',
  'fuelly-app',
  'fuelly-services',
  'acar',
  'drivvo',
  'fuelio',
  'spritmonitor',
  'hammond',
] as const;
/** The date formats an import can be told to read. */
export const IMPORT_DATE_FORMATS = [
  'yyyy-mm-dd',
  'dd/mm/yyyy',
  'mm/dd/yyyy',
  'dd.mm.yyyy',
  'dd-mm-yyyy',
  'mm-dd-yyyy',
  'yyyy/mm/dd',
] as const;
/**
 * The years an imported date may fall in: the first car (1886) to 2100. A date outside is a typo or
 * a corrupt cell, never a log (the dossier and the calendar cannot place it).
 */
export const IMPORT_YEAR_MIN = 1886;
export const IMPORT_YEAR_MAX = 2100;
/** The largest figure an imported cell may hold (odometers, quantities, costs are far below). */
export const IMPORT_NUMBER_MAX = 1_000_000_000_000;
/**
 * What the preview says of a problem row (each a translatable message with parameters):
 * unreadable-date / unreadable-number / unreadable-flag / missing-value / out-of-range: a cell that
 * cannot be read or is beyond the limits (skipped); invalid-fill: the app marked the fill invalid
 * (skipped); odometer-order / odometer-jump: the reading is out of order with its neighbours, likely
 * a typo (asked: the member may correct it, else skipped); duplicate-in-file: the same row again
 * in the file (kept once); already-stored: the car holds this log already (left out);
 * unknown-type / unknown-currency: a value Paddock's settings do not know (skipped);
 * other-vehicle: in a file of several vehicles, a row of another vehicle than the one with the most
 * rows (left out); invalid-value: anything else the row breaks (skipped).
 */
export const IMPORT_PROBLEM_CODES = [
  'unreadable-date',
  'unreadable-number',
  'unreadable-flag',
  'missing-value',
  'out-of-range',
  'invalid-fill',
  'odometer-order',
  'odometer-jump',
  'duplicate-in-file',
  'already-stored',
  'unknown-type',
  'unknown-currency',
  'other-vehicle',
  'invalid-value',
] as const;
/** What the import does with a problem row: leave it out, keep it (once), or ask the member. */
export const IMPORT_PROBLEM_ACTIONS = ['skip', 'keep', 'ask'] as const;
/** How many rows of a dry run come back as a preview. */
export const IMPORT_PREVIEW_ROWS = 20;
/** At most this many row errors are listed (the counts stay exact). */
export const IMPORT_MAX_ERRORS = 500;
/** Data rows one import reads at most: a longer file answers 413 IMPORT_TOO_MANY_ROWS. */
export const IMPORT_MAX_ROWS = 20_000;
/** Imports a member may run in an hour (dry runs, the previews, not counted): then 429. */
export const IMPORTS_PER_HOUR = 100;

// ---------- search (GET /search, docs/SPEC-NOTES.md "Search") ----------
/** What the search finds: members, cars, posts. */
export const SEARCH_TYPES = ['people', 'cars', 'posts'] as const;
/** The text searched, trimmed: 1 to this many characters. */
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_PAGE_MAX = 50;
/** The search field waits this long after typing (spec: search debounce 300 ms). */
export const SEARCH_DEBOUNCE_MS = 300;
/** Recent searches kept on the device, per member. */
export const SEARCH_RECENT_MAX = 10;

// Trust and safety (trust.ts): its error codes, lists and limits.
/** Error codes of this feature, beside the generic ones of envelope.ts. */
export const TRUST_ERROR_CODES = {
  /** 403: a suspended member tries to post, comment, send a message or chat. */
  suspended: 'MEMBER_SUSPENDED',
  /** 409: the report was acted on already. */
  reportNotOpen: 'REPORT_NOT_OPEN',
} as const;

export const REPORT_TARGET_TYPES = ['user', 'post', 'comment', 'message', 'chat-message', 'car'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'nudity', 'violence', 'scam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const MODERATION_ACTIONS = ['dismiss', 'remove-content', 'warn', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const REPORT_STATUSES = ['open', 'closed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_DETAILS_MAX = 1000;
export const MODERATION_NOTE_MAX = 1000;
/** A suspension lasts 1 hour to a year. */
export const SUSPENSION_HOURS_MAX = 24 * 366;

export const MESSAGES_FROM = ['friends', 'everyone'] as const;
export type MessagesFrom = (typeof MESSAGES_FROM)[number];
