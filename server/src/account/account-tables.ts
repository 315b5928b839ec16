// The account-settings tables (migration 0014), added to the shared Kysely `Database` type from
// here so that the feature keeps its tables beside its code.
export interface EmailChangeTokensTable {
  /** SHA-256 of the link's token: the token itself is only in the mail. */
  token_hash: string;
  user_id: string;
  /** Trimmed and lower-cased. */
  new_email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface NotificationPreferencesTable {
  member_id: string;
  /** 0 or 1 each */
  notify_likes: number;
  notify_comments: number;
  notify_friend_requests: number;
  notify_messages: number;
  notify_chat: number;
  /** Web Push switches (migration 0032), 0 or 1 each. */
  push_messages: number;
  push_chat: number;
  push_friend_requests: number;
  push_comments: number;
  push_likes: number;
  /** Migration 0036. */
  push_mentions: number;
  push_cars: number;
  push_reminders: number;
  push_previews: number;
  updated_at: string;
}

declare module '../db/schema' {
  interface Database {
    email_change_tokens: EmailChangeTokensTable;
    notification_preferences: NotificationPreferencesTable;
  }
}
