import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@/contract/people';
import { api } from '@/lib/http/api-client';
import { peopleKeys } from './keys';
import { retryOnline } from './retry';

/** GET /users/{id}: a member's card; bio and e-mail only when we are friends. */
export function getPerson(id: string, signal?: AbortSignal): Promise<Profile> {
  return api.get<Profile>(`/users/${encodeURIComponent(id)}`, { signal });
}

export const personQueryOptions = (id: string) =>
  queryOptions({
    queryKey: peopleKeys.person(id),
    queryFn: async ({ signal }) => {
      const profile = await getPerson(id, signal);
      // The overlay reads the outbox (Dexie): imported here, so that the people barrel stays
      // Dexie-free for the feed's first post card (as in get-friends.ts).
      const { overProfile } = await import('./pending-overlay');
      return overProfile(profile);
    },
    retry: retryOnline,
  });

export function usePerson(id: string) {
  return useQuery(personQueryOptions(id));
}
