// The trust tables (migration 0034), added to the shared Kysely `Database` type from here so that
// the feature keeps its tables beside its code.
import type { Generated, Selectable } from 'kysely';

/** `blocker_id` blocked `blocked_id`: read both ways (each one's things vanish for the other). */
export interface MemberBlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

/** `muter_id` muted `muted_id`: their posts leave the muter's feed, their likes and comments notify no more. */
export interface MemberMutesTable {
  muter_id: string;
  muted_id: string;
  created_at: string;
}

/** One reported thing waiting for, or acted on by, the moderators. */
export interface ReportsTable {
  id: string;
  target_type: string;
  target_id: string;
  target_author_id: string | null;
  /** The first reporter's reason and details. */
  reason: string;
  details: string | null;
  /** JSON text: ReportedContent, the thing as it was first reported. */
  content: string;
  status: 'open' | 'closed';
  reporters_count: number;
  reported_at: string;
  closed_at: string | null;
  /** The moderation action that closed it. */
  outcome: string | null;
}

/** One member's report of one thing (the same member and thing again is the same row). */
export interface ReportFilingsTable {
  reporter_id: string;
  target_type: string;
  target_id: string;
  report_id: string;
  reason: string;
  details: string | null;
  created_at: string;
}

/** The audit log: one row per moderation action, never changed. */
export interface ModerationActionsTable {
  id: string;
  report_id: string;
  moderator_id: string;
  action: string;
  note: string | null;
  duration_hours: number | null;
  target_type: string;
  target_id: string;
  target_author_id: string | null;
  created_at: string;
}

export type ReportRow = Selectable<ReportsTable>;
export type ModerationActionRow = Selectable<ModerationActionsTable>;

declare module '../db/schema' {
  interface Database {
    member_blocks: MemberBlocksTable;
    member_mutes: MemberMutesTable;
    reports: ReportsTable;
    report_filings: ReportFilingsTable;
    moderation_actions: ModerationActionsTable;
  }
  interface UsersTable {
    /** 0 or 1: set by the operator's `npm run moderator` (migration 0034). */
    is_moderator: Generated<number>;
    /** A suspended member cannot post, comment, send messages or chat until then. */
    suspended_until: Generated<string | null>;
    /** The terms of use accepted at sign-up (null: an older client's sign-up, or before 0034). */
    terms_version: Generated<string | null>;
    terms_accepted_at: Generated<string | null>;
  }
}

declare module '../account/account-tables' {
  interface NotificationPreferencesTable {
    /** 'friends' (default) or 'everyone': who may send me a private message. */
    messages_from: Generated<string>;
  }
}
