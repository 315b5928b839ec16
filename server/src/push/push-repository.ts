import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ServerLocale } from '../legal/locales';
import type { PushSubscriptionsTable } from './push-tables';
import { insertIfNew } from '../db/insert-if-new';

export interface StoredPushSubscription {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: string;
}

const toSubscription = (r: PushSubscriptionsTable): StoredPushSubscription => ({
  id: r.id,
  userId: r.user_id,
  endpoint: r.endpoint,
  p256dh: r.p256dh,
  auth: r.auth,
  createdAt: r.created_at,
});

export function pushRepository(db: Kysely<Database>) {
  return {
    async findByEndpoint(endpoint: string): Promise<StoredPushSubscription | undefined> {
      const row = await db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('endpoint', '=', endpoint)
        .executeTakeFirst();
      return row ? toSubscription(row) : undefined;
    },

    async listByUser(userId: string): Promise<StoredPushSubscription[]> {
      const rows = await db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
      return rows.map(toSubscription);
    },

    /** Inserts unless the endpoint is known already; true when a row was written. */
    async insert(s: StoredPushSubscription): Promise<boolean> {
      return insertIfNew(
        db.insertInto('push_subscriptions').values({
          id: s.id,
          user_id: s.userId,
          endpoint: s.endpoint,
          p256dh: s.p256dh,
          auth: s.auth,
          created_at: s.createdAt,
        }),
        'endpoint',
      );
    },

    /** The endpoint's keys (and owner) as now posted, when it is still owned by `fromUserId`. */
    async update(
      endpoint: string,
      fromUserId: string,
      to: { userId: string; p256dh: string; auth: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('push_subscriptions')
        .set({ user_id: to.userId, p256dh: to.p256dh, auth: to.auth })
        .where('endpoint', '=', endpoint)
        .where('user_id', '=', fromUserId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes the member's subscription at this endpoint; false when there is none of theirs. */
    async deleteOwn(userId: string, endpoint: string): Promise<string | undefined> {
      const row = await db
        .deleteFrom('push_subscriptions')
        .where('endpoint', '=', endpoint)
        .where('user_id', '=', userId)
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /** The push service said the endpoint is gone (404/410). */
    async deleteById(id: string): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },

    /** The interface language the member chose, if any: their pushes speak it. */
    async languageOf(userId: string): Promise<ServerLocale | null> {
      const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
      return (row?.language as ServerLocale | null | undefined) ?? null;
    },
  };
}

export type PushRepository = ReturnType<typeof pushRepository>;
