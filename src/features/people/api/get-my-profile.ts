import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@/contract/user';
import { api } from '@/lib/http/api-client';
import { overlayQueuedProfile } from '../data/profile';
import { profileKeys } from './keys';
import { retryOnline } from './retry';

/**
 * GET /users/me: my whole profile (the same member as /auth/me), with the saves of this device the
 * server has not had yet laid over (a refresh does not undo an offline edit).
 */
export async function getMyProfile(signal?: AbortSignal): Promise<CurrentUser> {
  return overlayQueuedProfile(await api.get<CurrentUser>('/users/me', { signal }));
}

export const myProfileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.me(),
    queryFn: ({ signal }) => getMyProfile(signal),
    retry: retryOnline,
  });

export function useMyProfile(enabled = true) {
  return useQuery({ ...myProfileQueryOptions(), enabled });
}
