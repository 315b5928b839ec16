// The Web Push subscriptions' table (migration 0016), added to the shared
// Kysely `Database` type from here so that the feature keeps its tables beside its code.
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  /** The push service's URL for one browser: unique across members. */
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url as the browser gives them. */
  p256dh: string;
  auth: string;
  created_at: string;
}

declare module '../db/schema' {
  interface Database {
    push_subscriptions: PushSubscriptionsTable;
  }
}
