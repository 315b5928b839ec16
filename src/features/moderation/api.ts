// The moderators' routes (docs/SPEC-NOTES.md "Trust"): the open queue oldest first, an action on a
// report, and the audit log. Online only: a moderator acts on what the server holds now.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationActionBody, ModerationAuditEntry, ModerationReport } from '@/contract/trust';
import { api, ApiError, isNetworkError } from '@/lib/http/api-client';
import { shouldRetry } from '@/lib/query/query-client';

/** The queue and the audit log show this many at most (the oldest reports first). */
export const MODERATION_PAGE = 100;

export const moderationKeys = {
  all: ['moderation'] as const,
  queue: () => [...moderationKeys.all, 'queue'] as const,
  audit: () => [...moderationKeys.all, 'audit'] as const,
};

/** A refusal (403: not a moderator) or no network: asking again changes nothing. */
const retry = (count: number, error: unknown) =>
  !isNetworkError(error) && !(error instanceof ApiError && error.status === 403) && shouldRetry(count, error);

export function getOpenReports(signal?: AbortSignal): Promise<ModerationReport[]> {
  return api.get<ModerationReport[]>('/moderation/reports', {
    signal,
    query: { status: 'open', limit: MODERATION_PAGE },
  });
}

export function getAudit(signal?: AbortSignal): Promise<ModerationAuditEntry[]> {
  return api.get<ModerationAuditEntry[]>('/moderation/audit', { signal, query: { limit: MODERATION_PAGE } });
}

export function actOnReport(reportId: string, body: ModerationActionBody): Promise<ModerationReport> {
  return api.post<ModerationReport>(`/moderation/reports/${encodeURIComponent(reportId)}/actions`, body);
}

export const openReportsQuery = () =>
  queryOptions({ queryKey: moderationKeys.queue(), queryFn: ({ signal }) => getOpenReports(signal), retry });

export const auditQuery = () =>
  queryOptions({ queryKey: moderationKeys.audit(), queryFn: ({ signal }) => getAudit(signal), retry });

export function useOpenReports(enabled: boolean) {
  return useQuery({ ...openReportsQuery(), enabled });
}

export function useAudit(enabled: boolean) {
  return useQuery({ ...auditQuery(), enabled });
}

/** Acts on a report; the queue and the audit log ask again afterwards. */
export function useModerationAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, body }: { reportId: string; body: ModerationActionBody }) =>
      actOnReport(reportId, body),
    onSettled: () => client.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

/** Whether the server refused because the member is not a moderator. */
export const isNotAllowed = (error: unknown) => error instanceof ApiError && error.status === 403;
