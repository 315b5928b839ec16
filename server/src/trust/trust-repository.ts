// Blocks, mutes, reports and the moderators' audit log: the trust feature's rows.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { countRows } from '../db/paging';
import type { ModerationActionRow, ReportRow } from './trust-tables';
import './trust-tables';
import '../people/people-db';

export function trustRepository(db: Kysely<Database>) {
  return {
    async memberExists(id: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * A blocks B, in one transaction: the block, the end of their friendship, of their pending
     * friend requests and of the cars either shares with the other. Answers whether it is new.
     */
    async block(blocker: string, blocked: string, at: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('member_blocks')
          .values({ blocker_id: blocker, blocked_id: blocked, created_at: at })
          .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
          .executeTakeFirst();
        const pair = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);
        await trx
          .deleteFrom('friendships')
          .where((eb) =>
            eb.or([
              eb.and([eb('member_id', '=', blocker), eb('friend_id', '=', blocked)]),
              eb.and([eb('member_id', '=', blocked), eb('friend_id', '=', blocker)]),
            ]),
          )
          .execute();
        await trx
          .updateTable('friend_requests')
          .set({ status: 'cancelled', responded_at: at })
          .where('pair_key', '=', pair(blocker, blocked))
          .where('status', '=', 'pending')
          .execute();
        // Neither keeps a seat in (or an invitation to) the other's cars.
        await sql`delete from car_members where
          (user_id = ${blocked} and car_id in (select id from cars where owner_id = ${blocker}))
          or (user_id = ${blocker} and car_id in (select id from cars where owner_id = ${blocked}))`.execute(
          trx,
        );
        return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
      });
    },

    async unblock(blocker: string, blocked: string): Promise<void> {
      await db
        .deleteFrom('member_blocks')
        .where('blocker_id', '=', blocker)
        .where('blocked_id', '=', blocked)
        .execute();
    },

    /** The members I blocked, newest first. */
    async blocks(blocker: string, limit: number, offset: number) {
      const base = db.selectFrom('member_blocks').where('blocker_id', '=', blocker);
      const [rows, total] = await Promise.all([
        db
          .selectFrom('member_blocks as b')
          .innerJoin('users as u', 'u.id', 'b.blocked_id')
          .select(['u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.avatar', 'b.created_at'])
          .where('b.blocker_id', '=', blocker)
          .orderBy('b.created_at', 'desc')
          .orderBy('u.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        countRows(base),
      ]);
      return { rows, total };
    },

    async mute(muter: string, muted: string, at: string): Promise<void> {
      await db
        .insertInto('member_mutes')
        .values({ muter_id: muter, muted_id: muted, created_at: at })
        .onConflict((oc) => oc.columns(['muter_id', 'muted_id']).doNothing())
        .execute();
    },

    async unmute(muter: string, muted: string): Promise<void> {
      await db
        .deleteFrom('member_mutes')
        .where('muter_id', '=', muter)
        .where('muted_id', '=', muted)
        .execute();
    },

    // ---------- reports ----------

    /** The member's earlier report of this thing, if any. */
    async filing(reporter: string, targetType: string, targetId: string) {
      return db
        .selectFrom('report_filings')
        .selectAll()
        .where('reporter_id', '=', reporter)
        .where('target_type', '=', targetType)
        .where('target_id', '=', targetId)
        .executeTakeFirst();
    },

    /**
     * Files a member's report: joins the thing's open report (one more reporter) or opens one with
     * the thing as it is now. Answers the filing's report id and whether the filing is new (the
     * same member and thing again is the same filing).
     */
    async file(input: {
      reporter: string;
      targetType: string;
      targetId: string;
      targetAuthorId: string | null;
      reason: string;
      details: string | null;
      content: string;
      at: string;
    }): Promise<{ reportId: string; created: boolean; at: string }> {
      return db.transaction().execute(async (trx) => {
        const open = await trx
          .selectFrom('reports')
          .select('id')
          .where('target_type', '=', input.targetType)
          .where('target_id', '=', input.targetId)
          .where('status', '=', 'open')
          .executeTakeFirst();
        let reportId = open?.id;
        if (!reportId) {
          reportId = randomUUID();
          const opened = await trx
            .insertInto('reports')
            .values({
              id: reportId,
              target_type: input.targetType,
              target_id: input.targetId,
              target_author_id: input.targetAuthorId,
              reason: input.reason,
              details: input.details,
              content: input.content,
              status: 'open',
              reporters_count: 0,
              reported_at: input.at,
              closed_at: null,
              outcome: null,
            })
            .onConflict((oc) => oc.doNothing())
            .executeTakeFirst();
          if (Number(opened.numInsertedOrUpdatedRows ?? 0) === 0) {
            // Another member opened it meanwhile: join theirs.
            const raced = await trx
              .selectFrom('reports')
              .select('id')
              .where('target_type', '=', input.targetType)
              .where('target_id', '=', input.targetId)
              .where('status', '=', 'open')
              .executeTakeFirstOrThrow();
            reportId = raced.id;
          }
        }
        const filed = await trx
          .insertInto('report_filings')
          .values({
            reporter_id: input.reporter,
            target_type: input.targetType,
            target_id: input.targetId,
            report_id: reportId,
            reason: input.reason,
            details: input.details,
            created_at: input.at,
          })
          .onConflict((oc) => oc.columns(['reporter_id', 'target_type', 'target_id']).doNothing())
          .executeTakeFirst();
        if (Number(filed.numInsertedOrUpdatedRows ?? 0) === 0)
          return { reportId, created: false, at: input.at };
        await trx
          .updateTable('reports')
          .set((eb) => ({ reporters_count: eb('reporters_count', '+', 1) }))
          .where('id', '=', reportId)
          .execute();
        return { reportId, created: true, at: input.at };
      });
    },

    async report(id: string): Promise<ReportRow | undefined> {
      return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The queue: reports of one status (or all), oldest first. */
    async reports(status: string | undefined, limit: number, offset: number) {
      const base = status
        ? db.selectFrom('reports').where('status', '=', status as 'open' | 'closed')
        : db.selectFrom('reports');
      const [rows, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('reported_at', 'asc')
          .orderBy('id', 'asc')
          .limit(limit)
          .offset(offset)
          .execute(),
        countRows(base),
      ]);
      return { rows, total };
    },

    async reporterIds(reportId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('report_filings')
        .select('reporter_id')
        .where('report_id', '=', reportId)
        .execute();
      return rows.map((r) => r.reporter_id);
    },

    /**
     * Closes an open report with the action's outcome and writes the audit row, in one
     * transaction; false when the report was no longer open.
     */
    async close(report: ReportRow, action: Omit<ModerationActionRow, 'id'>): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const closed = await trx
          .updateTable('reports')
          .set({ status: 'closed', closed_at: action.created_at, outcome: action.action })
          .where('id', '=', report.id)
          .where('status', '=', 'open')
          .executeTakeFirst();
        if (Number(closed.numUpdatedRows) === 0) return null;
        const id = randomUUID();
        await trx
          .insertInto('moderation_actions')
          .values({ id, ...action })
          .execute();
        if (action.action === 'suspend' && action.target_author_id && action.duration_hours) {
          const until = new Date(
            Date.parse(action.created_at) + action.duration_hours * 3_600_000,
          ).toISOString();
          await trx
            .updateTable('users')
            .set({ suspended_until: until })
            .where('id', '=', action.target_author_id)
            .execute();
        }
        return id;
      });
    },

    async audit(limit: number, offset: number) {
      const base = db.selectFrom('moderation_actions');
      const [rows, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        countRows(base),
      ]);
      return { rows, total };
    },

    async isModerator(memberId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('is_moderator')
        .where('id', '=', memberId)
        .executeTakeFirst();
      return Number(row?.is_moderator ?? 0) === 1;
    },

    /** `npm run moderator`: gives or takes the role; false when no member has this e-mail. */
    async setModerator(email: string, on: boolean): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ is_moderator: on ? 1 : 0 })
        .where('email', '=', email.trim().toLowerCase())
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A removed chat line is gone for everyone (the room keeps its numbering). */
    async deleteChatMessage(id: string): Promise<void> {
      await db.deleteFrom('chat_messages').where('id', '=', id).execute();
    },
  };
}

export type TrustRepository = ReturnType<typeof trustRepository>;
