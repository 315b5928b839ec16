// docs/OFFLINE-FIRST.md: the notification list and the unread count are small queries the
// TanStack Query cache keeps in localStorage (meta.persist), so both show offline after a reload.
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { shouldPersistQuery } from '@/lib/query/query-client';
import { memberNameQueryOptions } from './api/get-member-name';
import { notificationsQueryOptions } from './api/get-notifications';
import { unreadCountQueryOptions } from './api/get-unread-count';
import { notificationKeys } from './api/notification-keys';

describe('notifications in the persisted query cache', () => {
  it('the lists, the count and the member names are marked persist', () => {
    expect(notificationsQueryOptions(false).meta?.persist).toBe(true);
    expect(notificationsQueryOptions(true).meta?.persist).toBe(true);
    expect(unreadCountQueryOptions().meta?.persist).toBe(true);
    expect(memberNameQueryOptions('u1').meta?.persist).toBe(true);
  });

  it('the persister keeps them once loaded', async () => {
    const client = new QueryClient();
    await client.prefetchQuery({ ...unreadCountQueryOptions(), queryFn: () => 3 });
    await client.prefetchInfiniteQuery({
      ...notificationsQueryOptions(false),
      queryFn: () => ({ items: [], total: 0, page: 1 }),
    });
    const kept = dehydrate(client, { shouldDehydrateQuery: shouldPersistQuery }).queries.map(
      (q) => q.queryKey,
    );
    expect(kept).toEqual(
      expect.arrayContaining([notificationKeys.unreadCount(), notificationKeys.list(false)]),
    );
  });
});
