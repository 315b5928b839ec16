import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ServerLocale } from '../platform/locales';
import type { PushDeliveriesTable, PushSubscriptionsTable } from './push-tables';
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

/** A message waiting for one device, with that device's subscription. */
export interface PendingDelivery {
  id: string;
  subscription: StoredPushSubscription;
  payload: string;
  topic: string | null;
  urgency: string;
  expiresAt: string;
  /** Attempts made before this one. */
  attempts: number;
  createdAt: string;
}

export type NewDelivery = Omit<PushDeliveriesTable, 'attempts' | 'lease_until'>;

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
      to: { userId: string; p256dh: string; auth: string; createdAt: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('push_subscriptions')
        .set({ user_id: to.userId, p256dh: to.p256dh, auth: to.auth, created_at: to.createdAt })
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

    /**
     * Keeps the member's `keep` newest subscriptions and deletes the others (their pending
     * messages with them): a member's devices are capped, the oldest dropped.
     */
    async keepNewest(userId: string, keep: number): Promise<void> {
      const rows = await db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const older = rows.slice(keep).map((r) => r.id);
      if (older.length > 0) await db.deleteFrom('push_subscriptions').where('id', 'in', older).execute();
    },

    async addDeliveries(rows: readonly NewDelivery[]): Promise<void> {
      if (rows.length > 0)
        await db
          .insertInto('push_deliveries')
          .values([...rows])
          .execute();
    },

    /**
     * Takes up to `limit` messages due at `now` that no node holds, each by compare-and-set of its
     * lease (held until `leaseUntil`; its attempts counted): of several nodes, one takes each.
     */
    async claimDue(now: string, leaseUntil: string, limit: number): Promise<PendingDelivery[]> {
      const free = (q: ReturnType<typeof due>) =>
        q.where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]));
      const due = () => db.selectFrom('push_deliveries').where('next_attempt_at', '<=', now);
      const candidates = await free(due()).select('id').orderBy('next_attempt_at').limit(limit).execute();
      const claimed: string[] = [];
      for (const { id } of candidates) {
        const result = await db
          .updateTable('push_deliveries')
          .set((eb) => ({ lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
          .where('id', '=', id)
          .where('next_attempt_at', '<=', now)
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) claimed.push(id);
      }
      if (claimed.length === 0) return [];
      const rows = await db
        .selectFrom('push_deliveries as d')
        .innerJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
        .select([
          'd.id',
          'd.payload',
          'd.topic',
          'd.urgency',
          'd.expires_at',
          'd.attempts',
          'd.created_at',
          's.id as s_id',
          's.user_id',
          's.endpoint',
          's.p256dh',
          's.auth',
          's.created_at as s_created_at',
        ])
        .where('d.id', 'in', claimed)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        subscription: {
          id: r.s_id,
          userId: r.user_id,
          endpoint: r.endpoint,
          p256dh: r.p256dh,
          auth: r.auth,
          createdAt: r.s_created_at,
        },
        payload: r.payload,
        topic: r.topic,
        urgency: r.urgency,
        expiresAt: r.expires_at,
        attempts: Number(r.attempts) - 1,
        createdAt: r.created_at,
      }));
    },

    /** The push service accepted the message (or it is given up): never sent again. */
    async deliveryDone(id: string): Promise<void> {
      await db.deleteFrom('push_deliveries').where('id', '=', id).execute();
    },

    /** Tried again at `at`, by whichever node takes it then. */
    async deliveryLater(id: string, at: string): Promise<void> {
      await db
        .updateTable('push_deliveries')
        .set({ next_attempt_at: at, lease_until: null })
        .where('id', '=', id)
        .execute();
    },

    /** When the next message falls due (a held one: when its lease ends), if any waits. */
    async nextDue(): Promise<string | null> {
      const row = await db
        .selectFrom('push_deliveries')
        .select(
          sql<string | null>`min(case when lease_until is not null and lease_until > next_attempt_at
            then lease_until else next_attempt_at end)`.as('next'),
        )
        .executeTakeFirst();
      return row?.next ?? null;
    },

    /**
     * The instant a push of `tag` to the member may go, at most one per `windowMs`: now when the
     * last went a window ago or more (or never); else the end of that window (`fresh`: a new slot,
     * its messages to write), or the slot already waiting (`fresh: false`: fold into its messages).
     * Compare-and-set on the row: of two pushes at once, one takes each slot.
     */
    async takeSlot(
      userId: string,
      tag: string,
      now: Date,
      windowMs: number,
    ): Promise<{ at: string; fresh: boolean }> {
      const at = now.toISOString();
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await db
          .selectFrom('push_tags')
          .select('sent_at')
          .where('user_id', '=', userId)
          .where('tag', '=', tag)
          .executeTakeFirst();
        if (!row) {
          if (
            await insertIfNew(
              db.insertInto('push_tags').values({ user_id: userId, tag, sent_at: at }),
              'user_id',
              'tag',
            )
          )
            return { at, fresh: true };
          continue;
        }
        const last = Date.parse(row.sent_at);
        if (last > now.getTime()) return { at: row.sent_at, fresh: false };
        const next = last + windowMs <= now.getTime() ? at : new Date(last + windowMs).toISOString();
        const result = await db
          .updateTable('push_tags')
          .set({ sent_at: next })
          .where('user_id', '=', userId)
          .where('tag', '=', tag)
          .where('sent_at', '=', row.sent_at)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) return { at: next, fresh: true };
      }
      return { at, fresh: true };
    },

    /** Rewrites the messages of `key` not attempted yet; answers how many. */
    async replacePending(key: string, payload: string, now: string): Promise<number> {
      const result = await db
        .updateTable('push_deliveries')
        .set({ payload })
        .where('coalesce_key', '=', key)
        .where('attempts', '=', 0)
        .where('lease_until', 'is', null)
        .where('next_attempt_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async pendingCount(): Promise<number> {
      const row = await db
        .selectFrom('push_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** The interface language the member chose, if any: their pushes speak it. */
    async languageOf(userId: string): Promise<ServerLocale | null> {
      const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
      return (row?.language as ServerLocale | null | undefined) ?? null;
    },
  };
}

export type PushRepository = ReturnType<typeof pushRepository>;
