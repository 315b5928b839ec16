// The member's database name, Dexie-free: the start-up looks into it (lib/offline/writes-waiting.ts)
// before Dexie is loaded.

export const DB_NAME = 'paddock';

/** The outbox's table (index.ts's schema). */
export const OUTBOX_TABLE = 'outbox';

/** The cache of server files shown on this device (index.ts's schema; lib/offline/media.ts). */
export const MEDIA_CACHE_TABLE = 'mediaCache';

/**
 * Each member has a database of their own on a shared device: another member signing in after a
 * session expired must neither see the first one's garage nor send their unsent writes.
 */
export function databaseNameFor(memberId: string | null | undefined): string {
  return memberId ? `${DB_NAME}-${memberId}` : DB_NAME;
}
