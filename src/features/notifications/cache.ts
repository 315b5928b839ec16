// Pure updates of the cached notification pages (optimistic changes, live arrivals, server answers).
import type { Notification } from '@/contract/notifications';
import type { NotificationPages } from './api/get-notifications';

type Pages = NotificationPages | undefined;

function mapItems(data: Pages, map: (items: Notification[]) => Notification[]): Pages {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: map(page.items) })) };
}

export function containsNotification(data: Pages, id: string): boolean {
  return !!data?.pages.some((page) => page.items.some((item) => item.id === id));
}

export function findNotification(data: Pages, id: string): Notification | undefined {
  for (const page of data?.pages ?? []) {
    const found = page.items.find((item) => item.id === id);
    if (found) return found;
  }
  return undefined;
}

/** A live arrival goes first on page 1 (once); the list's total grows with it. */
export function prependNotification(data: Pages, notification: Notification): Pages {
  if (!data || containsNotification(data, notification.id)) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return {
    ...data,
    pages: [
      { ...first, items: [notification, ...first.items], total: first.total + 1 },
      ...rest.map((page) => ({ ...page, total: page.total + 1 })),
    ],
  };
}

export function replaceNotification(data: Pages, notification: Notification): Pages {
  return mapItems(data, (items) => items.map((item) => (item.id === notification.id ? notification : item)));
}

export function markReadInPages(data: Pages, id: string): Pages {
  return mapItems(data, (items) =>
    items.map((item) => (item.id === id && !item.isRead ? { ...item, isRead: true } : item)),
  );
}

export function markAllReadInPages(data: Pages): Pages {
  return mapItems(data, (items) => items.map((item) => (item.isRead ? item : { ...item, isRead: true })));
}

export function removeFromPages(data: Pages, id: string): Pages {
  if (!data || !containsNotification(data, id)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => item.id !== id),
      total: Math.max(0, page.total - 1),
    })),
  };
}
