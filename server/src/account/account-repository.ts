import type { Kysely } from 'kysely';
import {
  DEFAULT_MESSAGES_FROM,
  DEFAULT_NOTIFICATION_PREFERENCES,
  type MessagesFrom,
  type NotificationPreferences,
} from '../../../src/contract/account';
import '../trust/trust-tables';
import type { Database } from '../db/schema';
import type { NotificationPreferencesTable } from './account-tables';
import { columnValues } from '../db/paging';

const COLUMNS = {
  notifyLikes: 'notify_likes',
  notifyComments: 'notify_comments',
  notifyFriendRequests: 'notify_friend_requests',
  notifyMessages: 'notify_messages',
  notifyChat: 'notify_chat',
  pushMessages: 'push_messages',
  pushChat: 'push_chat',
  pushFriendRequests: 'push_friend_requests',
  pushComments: 'push_comments',
  pushLikes: 'push_likes',
  pushMentions: 'push_mentions',
  pushCars: 'push_cars',
  pushReminders: 'push_reminders',
  pushPreviews: 'push_previews',
} as const satisfies Record<keyof NotificationPreferences, keyof NotificationPreferencesTable>;

const KEYS = Object.keys(COLUMNS) as (keyof NotificationPreferences)[];

export function accountRepository(db: Kysely<Database>) {
  return {
    // ---------- e-mail changes ----------

    /** A new link for the member; the ones sent before stop working. */
    async insertEmailToken(
      t: { tokenHash: string; userId: string; newEmail: string; expiresAt: string },
      now: string,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('email_change_tokens')
          .set({ used_at: now })
          .where('user_id', '=', t.userId)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('email_change_tokens')
          .values({
            token_hash: t.tokenHash,
            user_id: t.userId,
            new_email: t.newEmail,
            created_at: now,
            expires_at: t.expiresAt,
            used_at: null,
          })
          .execute();
      });
    },

    /** Spends a valid token in one conditional update; answers its member and address. */
    async consumeEmailToken(
      tokenHash: string,
      now: string,
      trx: Kysely<Database> = db,
    ): Promise<{ user_id: string; new_email: string } | undefined> {
      return trx
        .updateTable('email_change_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'new_email'])
        .executeTakeFirst();
    },

    async emailTaken(email: string, trx: Kysely<Database> = db): Promise<boolean> {
      return !!(await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst());
    },

    /** The member's current address (inside the change's transaction: one connection on SQLite). */
    async emailOf(userId: string, trx: Kysely<Database>): Promise<string | undefined> {
      const row = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      return row?.email;
    },

    async setEmail(userId: string, email: string, now: string, trx: Kysely<Database>): Promise<void> {
      await trx.updateTable('users').set({ email, updated_at: now }).where('id', '=', userId).execute();
    },

    /** Reset links went to the old address: they stop working with it. */
    async spendResetTokens(userId: string, now: string, trx: Kysely<Database>): Promise<void> {
      await trx
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },

    /** Ends the member's sessions but `keep`; answers the ids ended. */
    async revokeOtherSessions(
      userId: string,
      keep: string,
      now: string,
      trx: Kysely<Database>,
    ): Promise<string[]> {
      return columnValues(
        trx
          .updateTable('sessions')
          .set({ revoked_at: now })
          .where('user_id', '=', userId)
          .where('id', '!=', keep)
          .where('revoked_at', 'is', null)
          .returning('id'),
        'id',
      );
    },

    // ---------- notification preferences ----------

    async preferences(memberId: string): Promise<NotificationPreferences> {
      const row = await db
        .selectFrom('notification_preferences')
        .selectAll()
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
      return Object.fromEntries(
        KEYS.map((k) => [k, Number(row[COLUMNS[k]]) === 1]),
      ) as NotificationPreferences;
    },

    /** Who may send the member a private message (`messagesFrom`). */
    async messagesFrom(memberId: string): Promise<MessagesFrom> {
      const row = await db
        .selectFrom('notification_preferences')
        .select('messages_from')
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return row?.messages_from === 'everyone' ? 'everyone' : DEFAULT_MESSAGES_FROM;
    },

    async saveMessagesFrom(memberId: string, value: MessagesFrom, now: string): Promise<void> {
      const defaults = Object.fromEntries(
        KEYS.map((k) => [COLUMNS[k], DEFAULT_NOTIFICATION_PREFERENCES[k] ? 1 : 0]),
      ) as Pick<NotificationPreferencesTable, (typeof COLUMNS)[keyof typeof COLUMNS]>;
      await db
        .insertInto('notification_preferences')
        .values({ member_id: memberId, ...defaults, messages_from: value, updated_at: now })
        .onConflict((oc) => oc.column('member_id').doUpdateSet({ messages_from: value, updated_at: now }))
        .execute();
    },

    async savePreferences(memberId: string, prefs: NotificationPreferences, now: string): Promise<void> {
      const values = Object.fromEntries(KEYS.map((k) => [COLUMNS[k], prefs[k] ? 1 : 0])) as Pick<
        NotificationPreferencesTable,
        (typeof COLUMNS)[keyof typeof COLUMNS]
      >;
      await db
        .insertInto('notification_preferences')
        .values({ member_id: memberId, ...values, updated_at: now })
        .onConflict((oc) => oc.column('member_id').doUpdateSet({ ...values, updated_at: now }))
        .execute();
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
