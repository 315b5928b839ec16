import type { Generated } from 'kysely';

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
    push_deliveries: PushDeliveriesTable;
    push_tags: PushTagsTable;
  }
}

/** A message still to hand to one device's push service (migration 0027). */
export interface PushDeliveriesTable {
  id: string;
  subscription_id: string;
  /** The message as sent before encryption (JSON). */
  payload: string;
  /** The Topic header: a newer message of the same topic replaces one the service still holds. */
  topic: string | null;
  urgency: string;
  /** ISO instant: past it the message is dropped (the TTL counts from its first attempt). */
  expires_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** ISO instant until which a node holds the row while it sends; null when free. */
  lease_until: string | null;
  created_at: string;
  /** `${member}:${tag}` of a throttled push (migration 0032): a later push of the same key rewrites
   * the payload of one not attempted yet instead of queueing another. */
  coalesce_key?: string | null;
}

/** When a member's last push of a tag went or will go (migration 0032): one a minute at most. */
export interface PushTagsTable {
  user_id: string;
  tag: string;
  sent_at: string;
}
