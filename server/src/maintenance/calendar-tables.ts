// The calendar-feed keys' table (migration 0016), added to the shared Kysely `Database` type from
// here so that the feature keeps its tables beside its code.
export interface CalendarKeysTable {
  member_id: string;
  /** SHA-256 (hex) of the feed key: the key itself is only in the member's URL. */
  key_hash: string;
  /** The key is HMAC(server secret, member id + nonce): shown again without being stored. */
  nonce: string;
  created_at: string;
}

declare module '../db/schema' {
  interface Database {
    calendar_keys: CalendarKeysTable;
  }
}
