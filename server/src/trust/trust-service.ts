// Block, mute, report and moderate: the rules (docs/SPEC-NOTES.md "Trust").
// - Blocking ends the friendship, the pending requests and the car sharing of the two; the blocked
//   member is never told (nothing is pushed to them). Mute and block are idempotent.
// - A report is of a thing the reporter can see (404 otherwise); the same member reporting the same
//   thing again gets the same report (200). The thing is copied as it is into the report.
// - Only moderators read the queue and act (403 for anyone else). An action closes the report,
//   goes into the audit log, and tells the reporters the outcome; remove-content, warn and suspend
//   tell the author why.
import type { NotificationPayload } from '../../../src/contract/socket-events';
import {
  TRUST_ERROR_CODES,
  type BlockedMember,
  type ModerationActionBody,
  type ModerationAuditEntry,
  type ModerationReport,
  type Report,
  type ReportBody,
  type ReportedContent,
  type ReportTargetType,
} from '../../../src/contract/trust';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import type { NotificationsService } from '../notifications/notifications-service';
import type { ContentRemover } from './content-removers';
import type { TrustRepository } from './trust-repository';
import type { ModerationActionRow, ReportRow } from './trust-tables';

interface Deps {
  trust: TrustRepository;
  /** The thing as the member sees it now, or 404 (./report-targets-repository). */
  target(memberId: string, type: ReportTargetType, id: string): Promise<ReportedContent>;
  removers: Map<ReportTargetType, ContentRemover>;
  notifications: Pick<NotificationsService, 'createQuietly' | 'createRealtimeOnly'>;
  /** Each member's sockets drop the rooms (posts, cars) they may no longer read. */
  accessChanged(memberIds: string[]): void;
  now?: () => Date;
}

const notSelf = (memberId: string, id: string) => {
  if (memberId === id)
    throw badRequest('Some fields are missing or invalid.', [
      { field: 'params.id', message: 'must be another member' },
    ]);
};

function toReport(row: ReportRow): ModerationReport {
  return {
    id: row.id,
    targetType: row.target_type,
    targetId: row.target_id,
    reason: row.reason,
    details: row.details,
    reportedAt: row.reported_at,
    reporterCount: Number(row.reporters_count),
    status: row.status,
    outcome: row.outcome,
    content: JSON.parse(row.content) as ReportedContent,
  };
}

function toAudit(row: ModerationActionRow): ModerationAuditEntry {
  return {
    id: row.id,
    reportId: row.report_id,
    moderatorId: row.moderator_id,
    action: row.action,
    note: row.note,
    durationHours: row.duration_hours === null ? null : Number(row.duration_hours),
    targetType: row.target_type,
    targetId: row.target_id,
    targetAuthorId: row.target_author_id,
    createdAt: row.created_at,
  };
}

/** What the author of acted-on content is told. */
const AUTHOR_ACTIONS = { 'remove-content': 'content-removed', warn: 'warned', suspend: 'suspended' } as const;

export function trustService({
  trust,
  target,
  removers,
  notifications,
  accessChanged,
  now = () => new Date(),
}: Deps) {
  async function existing(id: string) {
    if (!(await trust.memberExists(id))) throw notFound('User');
  }

  async function moderator(memberId: string) {
    if (!(await trust.isModerator(memberId))) throw forbidden('Only moderators can do that.');
  }

  return {
    async block(memberId: string, id: string): Promise<{ id: string; blocked: true }> {
      notSelf(memberId, id);
      await existing(id);
      if (await trust.block(memberId, id, now().toISOString())) {
        // Only the blocker's devices refresh their friends; the blocked member is not told.
        notifications.createRealtimeOnly(memberId, {
          type: 'friend',
          jsonPayload: { relatedFriendId: id, action: 'removed' },
        });
        accessChanged([memberId, id]);
      }
      return { id, blocked: true };
    },

    async unblock(memberId: string, id: string): Promise<{ id: string; blocked: false }> {
      notSelf(memberId, id);
      await existing(id);
      await trust.unblock(memberId, id);
      return { id, blocked: false };
    },

    async blocks(memberId: string, limit: number, offset: number) {
      const { rows, total } = await trust.blocks(memberId, limit, offset);
      const items: BlockedMember[] = rows.map((r) => ({
        id: r.id,
        username: r.username,
        firstName: r.first_name,
        lastName: r.last_name,
        avatar: r.avatar,
        blockedAt: r.created_at,
      }));
      return { items, total };
    },

    async mute(memberId: string, id: string): Promise<{ id: string; muted: true }> {
      notSelf(memberId, id);
      await existing(id);
      await trust.mute(memberId, id, now().toISOString());
      return { id, muted: true };
    },

    async unmute(memberId: string, id: string): Promise<{ id: string; muted: false }> {
      notSelf(memberId, id);
      await existing(id);
      await trust.unmute(memberId, id);
      return { id, muted: false };
    },

    /** 201 with a new report; 200 with the same one when this member reported this thing before. */
    async report(memberId: string, body: ReportBody): Promise<{ report: Report; created: boolean }> {
      const earlier = await trust.filing(memberId, body.targetType, body.targetId);
      const answer = (
        reportId: string,
        f: { reason: string; details: string | null; created_at: string },
      ) => ({
        id: reportId,
        targetType: body.targetType,
        targetId: body.targetId,
        reason: f.reason,
        details: f.details,
        reportedAt: f.created_at,
      });
      if (earlier) return { report: answer(earlier.report_id, earlier), created: false };
      const content = await target(memberId, body.targetType, body.targetId);
      const details = body.details?.trim() || null;
      const filed = await trust.file({
        reporter: memberId,
        targetType: body.targetType,
        targetId: body.targetId,
        targetAuthorId: content.authorId,
        reason: body.reason,
        details,
        content: JSON.stringify(content),
        at: now().toISOString(),
      });
      if (!filed.created) {
        // The same member's report raced in from another request: answer the stored one.
        const stored = await trust.filing(memberId, body.targetType, body.targetId);
        if (stored) return { report: answer(stored.report_id, stored), created: false };
      }
      return {
        report: answer(filed.reportId, { reason: body.reason, details, created_at: filed.at }),
        created: true,
      };
    },

    async queue(memberId: string, status: string | undefined, limit: number, offset: number) {
      await moderator(memberId);
      const { rows, total } = await trust.reports(status, limit, offset);
      return { items: rows.map(toReport), total };
    },

    async act(memberId: string, reportId: string, body: ModerationActionBody): Promise<ModerationReport> {
      await moderator(memberId);
      const report = await trust.report(reportId);
      if (!report) throw notFound('Report');
      if (report.status !== 'open')
        throw new AppError(409, TRUST_ERROR_CODES.reportNotOpen, 'This report was acted on already.');
      const note = body.note?.trim() || null;
      const author = report.target_author_id;
      if (body.action === 'suspend' && body.durationHours === undefined)
        throw badRequest('Some fields are missing or invalid.', [
          { field: 'body.durationHours', message: 'is required to suspend' },
        ]);
      if (body.action !== 'dismiss' && !author)
        throw badRequest('Some fields are missing or invalid.', [
          { field: 'body.action', message: 'this thing has no author to act on' },
        ]);
      const type = report.target_type as ReportTargetType;
      const remover = removers.get(type);
      if (body.action === 'remove-content' && !remover)
        throw badRequest('Some fields are missing or invalid.', [
          { field: 'body.action', message: `a ${type} cannot be removed: warn or suspend its author` },
        ]);
      const at = now().toISOString();
      const closed = await trust.close(report, {
        report_id: report.id,
        moderator_id: memberId,
        action: body.action,
        note,
        duration_hours: body.action === 'suspend' ? (body.durationHours ?? null) : null,
        target_type: report.target_type,
        target_id: report.target_id,
        target_author_id: author,
        created_at: at,
      });
      if (!closed)
        throw new AppError(409, TRUST_ERROR_CODES.reportNotOpen, 'This report was acted on already.');
      if (body.action === 'remove-content' && remover && author) {
        // Gone already (its author deleted it): nothing more to remove.
        await remover(report.target_id, author).catch((err: unknown) => {
          if ((err as { statusCode?: number }).statusCode !== 404) throw err;
        });
      }
      const told: NotificationPayload = {
        relatedReportId: report.id,
        targetType: report.target_type,
        targetId: report.target_id,
        note,
      };
      if (body.action !== 'dismiss' && author) {
        const until =
          body.action === 'suspend' && body.durationHours
            ? new Date(Date.parse(at) + body.durationHours * 3_600_000).toISOString()
            : null;
        await notifications.createQuietly(author, {
          type: 'moderation',
          jsonPayload: { ...told, action: AUTHOR_ACTIONS[body.action], until },
        });
      }
      for (const reporter of await trust.reporterIds(report.id))
        await notifications.createQuietly(reporter, {
          type: 'moderation',
          jsonPayload: { ...told, note: null, action: 'report-closed', outcome: body.action },
        });
      return toReport((await trust.report(report.id))!);
    },

    async audit(memberId: string, limit: number, offset: number) {
      await moderator(memberId);
      const { rows, total } = await trust.audit(limit, offset);
      return { items: rows.map(toAudit), total };
    },
  };
}

export type TrustService = ReturnType<typeof trustService>;
