// docs/OFFLINE-FIRST.md: the friends list (and the pending requests) persist to localStorage
// with the query cache; searches, suggestions and profiles do not.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { shouldPersistQuery } from '@/lib/query/query-client';
import { friendRequestsQueryOptions } from './get-friend-requests';
import { friendSuggestionsQueryOptions } from './get-friend-suggestions';
import { friendsQueryOptions } from './get-friends';
import { personQueryOptions } from './get-person';
import { peopleSearchQueryOptions } from './search-people';

function persisted(options: { queryKey: readonly unknown[]; meta?: { persist?: boolean } }): boolean {
  const client = new QueryClient();
  client.setQueryData(options.queryKey, { any: 'data' });
  const query = client.getQueryCache().find({ queryKey: options.queryKey })!;
  query.setOptions({ queryKey: options.queryKey, meta: options.meta });
  return shouldPersistQuery(query);
}

describe('persisted people queries', () => {
  it('the friends list and the requests persist', () => {
    expect(friendsQueryOptions().meta).toEqual({ persist: true });
    expect(persisted(friendsQueryOptions())).toBe(true);
    expect(persisted(friendRequestsQueryOptions())).toBe(true);
  });

  it('suggestions, searches and profiles do not', () => {
    expect(persisted(friendSuggestionsQueryOptions())).toBe(false);
    expect(persisted(peopleSearchQueryOptions('al'))).toBe(false);
    expect(persisted(personQueryOptions('u1'))).toBe(false);
  });
});
