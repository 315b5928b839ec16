import { describe, expect, it } from 'vitest';
import type { Notification } from '@/contract/notifications';
import type { NotificationPages } from './api/get-notifications';
import { markAllReadInPages, markReadInPages, prependNotification, removeFromPages } from './cache';

const item = (id: string, isRead = false): Notification => ({
  id,
  type: 'friend',
  jsonPayload: {},
  isRead,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const pages = (...lists: Notification[][]): NotificationPages => ({
  pages: lists.map((items, i) => ({ items, total: 3, page: i + 1 })),
  pageParams: lists.map((_, i) => i + 1),
});
const ids = (data: NotificationPages | undefined) => data?.pages.map((p) => p.items.map((n) => n.id));

describe('cached notification pages', () => {
  it('a live arrival goes first on page 1, once, and the total grows', () => {
    const data = pages([item('b'), item('c')], [item('d')]);
    const next = prependNotification(data, item('a'));
    expect(ids(next)).toEqual([['a', 'b', 'c'], ['d']]);
    expect(next?.pages.map((p) => p.total)).toEqual([4, 4]);
    expect(prependNotification(next, item('a'))).toBe(next);
    expect(prependNotification(undefined, item('a'))).toBeUndefined();
  });

  it('read marks and removals touch only what they name', () => {
    const data = pages([item('a'), item('b', true)], [item('c')]);
    expect(markReadInPages(data, 'c')?.pages[1]?.items[0]?.isRead).toBe(true);
    expect(markReadInPages(data, 'c')?.pages[0]?.items[0]?.isRead).toBe(false);
    expect(markAllReadInPages(data)?.pages.flatMap((p) => p.items.map((n) => n.isRead))).toEqual([
      true,
      true,
      true,
    ]);
    const removed = removeFromPages(data, 'b');
    expect(ids(removed)).toEqual([['a'], ['c']]);
    expect(removed?.pages[0]?.total).toBe(2);
    expect(removeFromPages(data, 'zzz')).toBe(data);
  });
});
