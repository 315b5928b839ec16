// A page of notifications as the list reads it: a module of its own, so that the data layer's
// overlay (data/writes.ts) and the query (get-notifications.ts) share it without importing each other.
import type { InfiniteData } from '@tanstack/react-query';
import type { Notification } from '@/contract/notifications';

export interface NotificationPage {
  items: Notification[];
  /** How many the list has in all (with unreadOnly: the unread ones). */
  total: number;
  /** Page number, from 1. */
  page: number;
}
export type NotificationPages = InfiniteData<NotificationPage, number>;
