import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@/contract/user';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';
import { retryOnline } from './retry';

/** GET /users/me: my whole profile (the same member as /auth/me). */
export function getMyProfile(signal?: AbortSignal): Promise<CurrentUser> {
  return api.get<CurrentUser>('/users/me', { signal });
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
