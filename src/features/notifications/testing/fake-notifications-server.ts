// Test double of the notifications API (and GET /users/{id} for names) at the fetch boundary,
// answering the way server/src/notifications does: newest first, meta with total and unreadCount,
// read/read-all/delete answering the unread count after the change. Other paths answer 404.
import { vi } from 'vitest';
import type { Notification } from '@/contract/notifications';
import { apiCall } from '@/testing/fetch';
import { RELATED_FIELD } from '../notification-content';

const API = '/api/v1.0';

export type FakeRequest = { method: string; path: string; query: URLSearchParams; body?: unknown };

/** POST /notifications/read-related: the payload field each kind of item matches (as the server). */
const FIELDS: Record<string, string> = RELATED_FIELD;
export type Member = { id: string; firstName: string; lastName: string; username: string };

export function installNotificationsServer() {
  const notifications = new Map<string, Notification>();
  const members = new Map<string, Member>();
  const requests: FakeRequest[] = [];
  const state = { offline: false, failLists: false, hold: null as Promise<void> | null };

  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const ok = (data: unknown, meta?: unknown) =>
    answer(200, { success: true, data, ...(meta ? { meta } : {}) });
  const notFound = () => answer(404, { success: false, error: { code: 'NOT_FOUND', message: 'Not found' } });
  const unreadCount = () => [...notifications.values()].filter((n) => !n.isRead).length;
  const newestFirst = () =>
    [...notifications.values()].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
    );

  function handle(method: string, path: string, query: URLSearchParams, body: unknown): Response {
    let m: RegExpMatchArray | null;
    if (method === 'GET' && path === '/notifications') {
      if (state.failLists)
        return answer(500, { success: false, error: { code: 'INTERNAL_ERROR', message: 'boom' } });
      const limit = Number(query.get('limit') ?? 20);
      const offset = Number(query.get('offset') ?? 0);
      const all = newestFirst().filter((n) => query.get('unreadOnly') !== 'true' || !n.isRead);
      return ok(all.slice(offset, offset + limit), {
        total: all.length,
        limit,
        offset,
        unreadCount: unreadCount(),
      });
    }
    if (method === 'GET' && path === '/notifications/unread/count') return ok({ count: unreadCount() });
    if (method === 'PUT' && path === '/notifications/read-all') {
      let updated = 0;
      for (const n of notifications.values()) {
        if (!n.isRead) updated += 1;
        n.isRead = true;
      }
      return ok({ updated, unreadCount: 0 });
    }
    if (method === 'POST' && path === '/notifications/read-related') {
      const { relatedType, relatedId } = body as { relatedType: string; relatedId: string };
      const field = FIELDS[relatedType];
      if (!field) return answer(400, { success: false, error: { code: 'VALIDATION_ERROR', message: 'bad' } });
      const ids: string[] = [];
      for (const n of notifications.values()) {
        if (n.isRead || (relatedType === 'friend' && n.type !== 'friend')) continue;
        if ((n.jsonPayload as Record<string, unknown>)[field] !== relatedId) continue;
        n.isRead = true;
        ids.push(n.id);
      }
      return ok({ ids, unreadCount: unreadCount() });
    }
    if (method === 'PUT' && (m = /^\/notifications\/([^/]+)\/read$/.exec(path))) {
      const found = notifications.get(decodeURIComponent(m[1]!));
      if (!found) return notFound();
      found.isRead = true;
      return ok({ notification: { ...found }, unreadCount: unreadCount() });
    }
    if (method === 'DELETE' && (m = /^\/notifications\/([^/]+)$/.exec(path))) {
      const id = decodeURIComponent(m[1]!);
      if (!notifications.delete(id)) return notFound();
      return ok({ id, unreadCount: unreadCount() });
    }
    if (method === 'GET' && (m = /^\/users\/([^/]+)$/.exec(path))) {
      const member = members.get(decodeURIComponent(m[1]!));
      if (!member) return notFound();
      return ok({
        ...member,
        avatar: null,
        city: null,
        bio: null,
        email: null,
        friendship: { status: 'friends', requestId: null },
        createdAt: '2025-01-01T00:00:00.000Z',
      });
    }
    return notFound();
  }

  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const { url, method, path, query, body } = apiCall(input, init);
    if (!url.pathname.startsWith(API)) throw new TypeError(`Failed to fetch (no route for ${url.pathname})`);
    if (state.offline) throw new TypeError('Failed to fetch');
    requests.push({ method, path, query, body });
    if (state.hold) await state.hold;
    return handle(method, path, query, body);
  });
  vi.stubGlobal('fetch', mock);

  return {
    notifications,
    members,
    requests,
    state,
    add(...items: Notification[]) {
      for (const item of items) notifications.set(item.id, { ...item });
    },
    to: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

let seq = 0;
/** A stored notification, `minutesAgo` before now. */
export function notification(
  type: string,
  /** The related ids, and extra facts such as `action` (the server allows more than the spec's ids). */
  jsonPayload: Record<string, unknown>,
  fields: Partial<Notification> & { minutesAgo?: number } = {},
): Notification {
  seq += 1;
  const { minutesAgo = seq, ...rest } = fields;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    type,
    jsonPayload: jsonPayload as Notification['jsonPayload'],
    isRead: false,
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    ...rest,
  };
}
