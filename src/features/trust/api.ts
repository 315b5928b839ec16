// The trust routes the client calls (docs/SPEC-NOTES.md "Trust"): report a thing, mute a member,
// list the members I blocked. Block and unblock go through the outbox (./data/blocks.ts).
import type { BlockedMember, MuteState, Report, ReportReason, ReportTargetType } from '@/contract/trust';
import { api } from '@/lib/http/api-client';

export interface ReportTarget {
  targetType: ReportTargetType;
  targetId: string;
}

export function sendReport(
  target: ReportTarget,
  reason: ReportReason,
  details: string | null,
): Promise<Report> {
  return api.post<Report>('/reports', { ...target, reason, details });
}

export function muteMember(userId: string, muted: boolean): Promise<MuteState> {
  const path = `/users/${encodeURIComponent(userId)}/mute`;
  return muted ? api.post<MuteState>(path) : api.delete<MuteState>(path);
}

/** GET /users/me/blocks: the members I blocked, newest first (the first 100). */
export function listBlocks(signal?: AbortSignal): Promise<BlockedMember[]> {
  return api.get<BlockedMember[]>('/users/me/blocks', { signal, query: { limit: 100 } });
}
