// The resale dossier's links table (migration 0019), added to the shared Kysely `Database` type from
// here so that the feature keeps its table beside its code.
import type { Generated } from 'kysely';
export interface HistoryLinksTable {
  id: string;
  car_id: string;
  owner_id: string;
  /** JSON array of the hidden fields: cost, location, notes. */
  hide: string;
  /** The token is HMAC(server secret, link id + nonce): shown again without being stored. */
  nonce: string;
  /** SHA-256 (hex) of the token: the token itself is only in the link's URL. */
  token_hash: string;
  /** 1: the page shows the car's plate (migration 0026); 0 by default. */
  show_plate?: Generated<number>;
  created_at: string;
}

declare module '../db/schema' {
  interface Database {
    history_links: HistoryLinksTable;
  }
}
