// GET /users/by-username/{username}: where a mention's link (/u/$username) leads.
import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '@/contract/people';
import { api } from '@/lib/http/api-client';
import { retryOnline } from './retry';

export function getPersonByUsername(username: string, signal?: AbortSignal): Promise<Profile> {
  return api.get<Profile>(`/users/by-username/${encodeURIComponent(username)}`, { signal });
}

export const personByUsernameQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['people', 'by-username', username.toLowerCase()] as const,
    queryFn: ({ signal }) => getPersonByUsername(username, signal),
    retry: retryOnline,
  });
