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
