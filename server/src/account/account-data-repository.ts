// A member's own data, all of it (GDPR articles 20 and 17): the paged reads of the
// export, and the deletion of an account down to its tombstone (migration 0018). Reads go page by
// page in primary-key order (EXPORT_PAGE rows at a time), so a large account is never held in
// memory. Portable SQL only: the server suite runs on SQLite and PostgreSQL.
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import { DELETED_MEMBER_USERNAME_PREFIX } from '../../../src/contract/constants';
import { columnValues } from '../db/paging';
import type { Database } from '../db/schema';
import '../chat/chat-tables';
import '../messages/messages-table';
import '../notifications/notifications-table';
import '../people/people-db';
import '../posts/posts-tables';
import './account-tables';

/** Rows read per query by the export. */
export const EXPORT_PAGE = 500;

/** Every row `fetch` pages through, in key order: `fetch(after)` answers the page after that key. */
export async function* pages<T>(
  fetch: (after: string | null) => Promise<T[]>,
  key: (row: T) => string,
): AsyncGenerator<T> {
  let after: string | null = null;
  for (;;) {
    const rows = await fetch(after);
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < EXPORT_PAGE || last === undefined) return;
    after = key(last);
  }
}

/**
 * Every row `query` selects (each with an `id`), page by page in `key` order: the key column is
 * the row's id, or the column it is selected from (a joined table's).
 */
function inKeyOrder<DB, TB extends keyof DB, O extends { id: string }>(
  query: SelectQueryBuilder<DB, TB, O>,
  key = 'id',
): AsyncGenerator<O> {
  return pages(
    (after) =>
      query
        .$if(after !== null, (q) => q.where(sql.ref(key), '>', after ?? ''))
        .orderBy(sql.ref(key))
        .limit(EXPORT_PAGE)
        .execute(),
    (row) => row.id,
  );
}

/** A table and the columns that name the member in its rows (any of them: the row is theirs). */
type MemberRows = readonly [table: string, ...columns: string[]];

/** Deletes the member's rows from each table, in the order given (triggers and cascades see that order). */
async function deleteRows(trx: Transaction<Database>, memberId: string, tables: readonly MemberRows[]) {
  for (const [table, ...columns] of tables) {
    const theirs = columns.map((column) => sql`${sql.ref(column)} = ${memberId}`);
    await sql`delete from ${sql.table(table)} where ${sql.join(theirs, sql` or `)}`.execute(trx);
  }
}

/** The files the member's own cars show: their images and their logs' files. */
function filesOfCarsOf(eb: ExpressionBuilder<Database, 'media'>, memberId: string) {
  return eb.or([
    eb(
      'media.id',
      'in',
      eb
        .selectFrom('car_log_media')
        .innerJoin('car_logs', 'car_logs.id', 'car_log_media.car_log_id')
        .innerJoin('cars', 'cars.id', 'car_logs.car_id')
        .select('car_log_media.media_id')
        .where('cars.owner_id', '=', memberId),
    ),
    eb(
      'media.id',
      'in',
      eb
        .selectFrom('cars')
        .select('cars.image')
        .where('cars.owner_id', '=', memberId)
        .where('cars.image', 'is not', null)
        .$narrowType<{ image: string }>(),
    ),
  ]);
}

/**
 * The member's uploads that another member's car shows (a log's file, the car's image) become
 * that car's owner's, so deleting the account leaves them where they are.
 */
async function handOverFilesOnOthersCars(trx: Transaction<Database>, memberId: string) {
  await sql`update media set owner_id = (
              select c.owner_id from car_log_media f
              join car_logs l on l.id = f.car_log_id
              join cars c on c.id = l.car_id
              where f.media_id = media.id and c.owner_id <> ${memberId}
              limit 1)
            where owner_id = ${memberId} and exists (
              select 1 from car_log_media f
              join car_logs l on l.id = f.car_log_id
              join cars c on c.id = l.car_id
              where f.media_id = media.id and c.owner_id <> ${memberId})`.execute(trx);
  await sql`update media set owner_id = (
              select c.owner_id from cars c where c.image = media.id and c.owner_id <> ${memberId} limit 1)
            where owner_id = ${memberId} and exists (
              select 1 from cars c where c.image = media.id and c.owner_id <> ${memberId})`.execute(trx);
}

/** What the deletion leaves to do after its commit: files to remove, sessions to disconnect. */
export interface DeletedAccount {
  mediaKeys: string[];
  avatar: string | null;
  sessionIds: string[];
}

export function accountDataRepository(db: Kysely<Database>) {
  return {
    profile: (memberId: string) =>
      db.selectFrom('users').selectAll().where('id', '=', memberId).executeTakeFirst(),

    /** When the session was signed into (a refresh-token family starts at sign-in). */
    async sessionStartedAt(sessionId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select('created_at')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return row?.created_at;
    },

    preferences: (memberId: string) =>
      db
        .selectFrom('notification_preferences')
        .selectAll()
        .where('member_id', '=', memberId)
        .executeTakeFirst(),

    cars: (memberId: string) =>
      inKeyOrder(db.selectFrom('cars').selectAll().where('owner_id', '=', memberId)),

    carLogs: (memberId: string) =>
      inKeyOrder(
        db
          .selectFrom('car_logs as l')
          .innerJoin('cars as c', 'c.id', 'l.car_id')
          .selectAll('l')
          .where('c.owner_id', '=', memberId),
        'l.id',
      ),

    /** A car's papers (registration, insurance, inspection), oldest first. */
    carPapers: (carId: string) =>
      db
        .selectFrom('car_papers')
        .select(['id', 'kind', 'media_id', 'created_at'])
        .where('car_id', '=', carId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    /** The files of these logs, in position order. */
    async logMedia(logIds: string[]) {
      if (logIds.length === 0) return [];
      return db
        .selectFrom('car_log_media')
        .select(['car_log_id', 'media_id', 'position'])
        .where('car_log_id', 'in', logIds)
        .orderBy('car_log_id')
        .orderBy('position')
        .execute();
    },

    reminders: (memberId: string) =>
      inKeyOrder(db.selectFrom('reminders').selectAll().where('owner_id', '=', memberId)),

    posts: (memberId: string) =>
      inKeyOrder(
        db
          .selectFrom('posts')
          .select([
            'id',
            'content',
            'image_id',
            'car_id',
            'likes_count',
            'comments_count',
            'created_at',
            'updated_at',
          ])
          .where('author_id', '=', memberId),
      ),

    /** The comments the member wrote, on anyone's post. */
    comments: (memberId: string) =>
      inKeyOrder(
        db
          .selectFrom('comments')
          .select(['id', 'post_id', 'parent_comment_id', 'content', 'created_at', 'updated_at'])
          .where('author_id', '=', memberId),
      ),

    /** Private messages the member sent or received. */
    messages: (memberId: string) =>
      inKeyOrder(
        db
          .selectFrom('messages')
          .selectAll()
          .where((eb) => eb.or([eb('sender_id', '=', memberId), eb('recipient_id', '=', memberId)])),
      ),

    /** Chat messages the member wrote. */
    chatMessages: (memberId: string) =>
      inKeyOrder(
        db
          .selectFrom('chat_messages')
          .select(['id', 'chat_room_id', 'seq', 'content', 'created_at'])
          .where('sender_id', '=', memberId),
      ),

    friends: (memberId: string) =>
      inKeyOrder(
        db
          .selectFrom('friendships as f')
          .innerJoin('users as u', 'u.id', 'f.friend_id')
          .select(['u.id as id', 'u.username', 'u.first_name', 'u.last_name', 'f.created_at'])
          .where('f.member_id', '=', memberId),
        'f.friend_id',
      ),

    /** The member's uploaded files (car photos, receipts, post images). */
    media: (memberId: string) =>
      inKeyOrder(db.selectFrom('media').selectAll().where('owner_id', '=', memberId)),

    /**
     * Deletes everything only the member owns and empties the users row into a tombstone, in one
     * transaction. Kept: the private and chat messages they wrote and their comments on others'
     * posts (their friends' conversations), with the tombstone as author. Answers the files to
     * remove and the sessions to disconnect once committed.
     */
    async deleteAccount(memberId: string, at: string): Promise<DeletedAccount> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select('avatar')
          .where('id', '=', memberId)
          .executeTakeFirst();
        const sessionIds = await columnValues(
          trx.selectFrom('sessions').select('id').where('user_id', '=', memberId),
          'id',
        );
        // A file belongs with the log or car that shows it, not with who uploaded it: a driver's
        // receipt on the owner's fill-up, an editor's photo of the owner's car stay that car's
        // owner's. The files on the member's own cars go with those cars, whoever uploaded them.
        await handOverFilesOnOthersCars(trx, memberId);
        const mediaKeys = await columnValues(
          trx
            .selectFrom('media')
            .select('storage_key')
            .where((eb) => eb.or([eb('owner_id', '=', memberId), filesOfCarsOf(eb, memberId)])),
          'storage_key',
        );
        await trx
          .deleteFrom('media')
          .where((eb) => filesOfCarsOf(eb, memberId))
          .execute();

        // Posts first (their comments and likes go with them, counters kept by triggers), then
        // the member's likes elsewhere, then cars (logs, reminders and log files by cascade).
        await deleteRows(trx, memberId, [
          ['posts', 'author_id'],
          ['post_likes', 'member_id'],
          ['post_authors', 'author_id'],
          ['cars', 'owner_id'],
          ['reminders', 'owner_id'],
          ['media', 'owner_id'],
          ['friendships', 'member_id', 'friend_id'],
          ['friend_requests', 'sender_id', 'recipient_id'],
          ['notifications', 'member_id'],
          ['notification_preferences', 'member_id'],
          // Trust (migration 0034): their blocks and mutes, both ways, and their own reports; the
          // reports' copies stay with the moderators.
          ['member_blocks', 'blocker_id', 'blocked_id'],
          ['member_mutes', 'muter_id', 'muted_id'],
          ['report_filings', 'reporter_id'],
        ]);
        // Messages the other side has deleted too are nobody's conversation any more.
        await trx
          .deleteFrom('messages')
          .where((eb) =>
            eb.or([
              eb.and([eb('sender_id', '=', memberId), eb('recipient_deleted', '=', 1)]),
              eb.and([eb('recipient_id', '=', memberId), eb('sender_deleted', '=', 1)]),
            ]),
          )
          .execute();
        await deleteRows(trx, memberId, [
          ['message_counters', 'member_id'],
          ['email_change_tokens', 'user_id'],
          ['password_reset_tokens', 'user_id'],
          ['external_identities', 'user_id'],
          ['idempotency_keys', 'member_id'],
          // The push and calendar tables belong to other features (server/src/push, maintenance):
          // a tombstone never cascades, so their rows go here by name.
          ['push_subscriptions', 'user_id'],
          ['push_tags', 'user_id'],
          ['calendar_keys', 'member_id'],
          // Cars shared with the member: their memberships and invitations go; the logs
          // they wrote on those cars stay the cars' (their author is the tombstone).
          ['car_members', 'user_id'],
        ]);
        // Selling a car: their pending offers go, and so do their records of cars they sold.
        await sql`delete from car_transfers where status = 'pending'
                  and (from_user_id = ${memberId} or to_user_id = ${memberId})`.execute(trx);
        // Refresh tokens go with their sessions (cascade).
        await deleteRows(trx, memberId, [
          ['car_sales', 'seller_id'],
          ['sessions', 'user_id'],
        ]);

        const tombstone = `${DELETED_MEMBER_USERNAME_PREFIX}${memberId}`;
        await trx
          .updateTable('users')
          .set({
            email: tombstone,
            username: tombstone,
            username_lower: tombstone,
            password_hash: null,
            first_name: '',
            last_name: '',
            city: null,
            bio: null,
            avatar: null,
            language: null,
            deleted_at: at,
            updated_at: at,
          })
          .where('id', '=', memberId)
          .execute();
        return {
          mediaKeys,
          avatar: user?.avatar ?? null,
          sessionIds,
        };
      });
    },
  };
}

export type AccountDataRepository = ReturnType<typeof accountDataRepository>;
