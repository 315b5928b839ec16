import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@/contract/people';
import { api } from '@/lib/api-client';
import { peopleKeys } from './keys';
import { overProfile } from './pending-overlay';
import { retryOnline } from './retry';

/** GET /users/{id}: a member's card; bio and e-mail only when we are friends. */
export function getPerson(id: string, signal?: AbortSignal): Promise<Profile> {
  return api.get<Profile>(`/users/${encodeURIComponent(id)}`, { signal });
}

export const personQueryOptions = (id: string) =>
  queryOptions({
    queryKey: peopleKeys.person(id),
    queryFn: async ({ signal }) => overProfile(await getPerson(id, signal)),
    retry: retryOnline,
  });

export function usePerson(id: string) {
  return useQuery(personQueryOptions(id));
}
