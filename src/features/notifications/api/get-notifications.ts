import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@/contract/constants';
import type { Notification } from '@/contract/notifications';
import { apiFetch } from '@/lib/http/api-client';
import type { NotificationPage } from './notification-page';
import { overNotificationPage } from '../data/writes';
import { notificationKeys } from './notification-keys';

/** Spec §9 general page size: 20 per page, offset = (page - 1) * limit (spec §7). */
export const NOTIFICATIONS_PAGE_SIZE = PAGE_SIZE_DEFAULT;

export type { NotificationPage, NotificationPages } from './notification-page';

export async function getNotifications(
  page: number,
  unreadOnly: boolean,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const answer = await apiFetch<Notification[]>('/notifications', {
    query: { limit: NOTIFICATIONS_PAGE_SIZE, offset: (page - 1) * NOTIFICATIONS_PAGE_SIZE, unreadOnly },
    signal,
  });
  return { items: answer.data, total: answer.meta?.total ?? answer.data.length, page };
}

/**
 * Newest first, page by page. Live notifications are prepended to the first page, so a later page
 * may repeat an item already shown: readers flatten with `flattenPages`, which keeps the first.
 */
export const notificationsQueryOptions = (unreadOnly: boolean) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(unreadOnly),
    // A read mark or a delete still queued is not undone by the server's copy.
    queryFn: async ({ pageParam, signal }) =>
      overNotificationPage(await getNotifications(pageParam, unreadOnly, signal)),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length < NOTIFICATIONS_PAGE_SIZE || loaded >= last.total ? undefined : last.page + 1;
    },
    // Small and useful offline (docs/DESIGN-NOTES.md): kept in localStorage by the query persister.
    meta: { persist: true },
  });

export function useNotifications(unreadOnly: boolean, enabled = true) {
  return useInfiniteQuery({ ...notificationsQueryOptions(unreadOnly), enabled });
}

export function flattenPages(data: { pages: NotificationPage[] } | undefined): Notification[] {
  if (!data) return [];
  const seen = new Set<string>();
  const items: Notification[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
