// What the social pushes read from the database (server/src/push/social-push.ts): the member's
// switches, names, the first line of a message, the start of a post, a room's mute, the badge.
import type { Kysely } from 'kysely';
import type { NotificationPreferences } from '../../../src/contract/account';
import { accountRepository } from '../account/account-repository';
import type { Database } from '../db/schema';
import { excerptOf } from '../notifications/excerpt';
import { firstLineOf } from './social-push-text';
import { blockedEitherWay } from '../trust/trust-checks-repository';

/** What the pushes read from the database (their own queries, no feature's service). */
export function socialPushRepository(db: Kysely<Database>) {
  const account = accountRepository(db);
  return {
    preferences: (memberId: string): Promise<NotificationPreferences> => account.preferences(memberId),

    /** Whether either member blocked the other: nothing of the actor reaches the member. */
    blocked: (memberId: string, actorId: string): Promise<boolean> => blockedEitherWay(db, memberId, actorId),

    /** The name a push calls a member: their first name, else their username. */
    async nameOf(memberId: string): Promise<string | null> {
      const row = await db
        .selectFrom('users')
        .select(['first_name', 'username'])
        .where('id', '=', memberId)
        .executeTakeFirst();
      return row ? row.first_name.trim() || row.username : null;
    },

    /** Unread notifications plus unread private messages: the icon's badge. */
    async unreadCount(memberId: string): Promise<number> {
      const [notifications, messages] = await Promise.all([
        db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('member_id', '=', memberId)
          .where('is_read', '=', 0)
          .executeTakeFirst(),
        db
          .selectFrom('message_counters')
          .select('inbox_unread')
          .where('member_id', '=', memberId)
          .executeTakeFirst(),
      ]);
      return Number(notifications?.n ?? 0) + Number(messages?.inbox_unread ?? 0);
    },

    async messageLine(id: string): Promise<string | null> {
      const row = await db.selectFrom('messages').select('content').where('id', '=', id).executeTakeFirst();
      return row ? firstLineOf(row.content, true) : null;
    },

    async postExcerpt(id: string): Promise<string | null> {
      const row = await db.selectFrom('posts').select('content').where('id', '=', id).executeTakeFirst();
      return row ? excerptOf(row.content, { html: true }) : null;
    },

    async chatLine(id: string): Promise<string | null> {
      const row = await db
        .selectFrom('chat_messages')
        .select('content')
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? firstLineOf(row.content, false) : null;
    },

    async groupName(groupId: string): Promise<string | null> {
      const row = await db
        .selectFrom('chat_groups')
        .select('name')
        .where('id', '=', groupId)
        .executeTakeFirst();
      return row?.name ?? null;
    },

    /** Whether the member muted the room until after `at`. */
    async muted(memberId: string, roomId: string, at: Date): Promise<boolean> {
      const row = await db
        .selectFrom('chat_room_participants')
        .select('muted_until')
        .where('chat_room_id', '=', roomId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return !!row?.muted_until && Date.parse(row.muted_until) > at.getTime();
    },
  };
}

export type SocialPushRepository = ReturnType<typeof socialPushRepository>;
