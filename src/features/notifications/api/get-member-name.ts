import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@/contract/people';
import { api } from '@/lib/http/api-client';
import { displayName } from '@/lib/text/display-name';
import { notificationKeys } from './notification-keys';

/** Names change rarely; a notification list must not ask again on every visit. */
const NAME_STALE_MS = 60 * 60 * 1000;

/**
 * The payload names a member by id only (relatedFriendId). The name comes from their public
 * profile; only the display name is cached (and persisted), not the profile with its bio.
 */
export const memberNameQueryOptions = (memberId: string) =>
  queryOptions({
    queryKey: notificationKeys.memberName(memberId),
    queryFn: async ({ signal }) =>
      displayName(await api.get<Profile>(`/users/${encodeURIComponent(memberId)}`, { signal })),
    staleTime: NAME_STALE_MS,
    meta: { persist: true },
  });

/** The member's display name, or undefined while unknown (loading, offline, gone). */
export function useMemberName(memberId: string | null | undefined): string | undefined {
  const query = useQuery({
    ...memberNameQueryOptions(memberId ?? ''),
    enabled: !!memberId,
  });
  return memberId ? query.data : undefined;
}
