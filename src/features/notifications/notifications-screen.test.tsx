// The notifications screen and the header bell, rendered through the real router against a fake
// notifications API: the unread badge and its live bump from the socket, the list per type, a tap
// that marks read and opens the related item, read-all, delete, the unread filter, paging by 20,
// and the loading, empty, error and offline states.
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSignedIn } from '@/testing/session-mock';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import type { NotificationEvent } from '@/contract/socket-events';
import { endLiveShellTest } from '@/testing/live-shell-teardown';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { realtime } from '@/lib/realtime/socket';
import { queryClient } from '@/lib/query/query-client';
import { routeNotification } from '@/lib/realtime/socket-streams';
import type { FakeSocket } from '@/testing/fake-socket';
import { signedIn } from '@/testing/api-client';
import { NOTIFICATIONS_PAGE_SIZE } from './api/get-notifications';
import {
  installNotificationsServer,
  notification,
} from '@/features/notifications/testing/fake-notifications-server';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
const sockets = vi.hoisted(() => [] as FakeSocket[]);
vi.mock('socket.io-client', async () => (await import('@/testing/fake-socket')).fakeSocketIo(sockets));
// A shared, loaded machine: the first render compiles the route chunks.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const DASHES = '-'.repeat(36);
const SARAH = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  firstName: 'Sarah',
  lastName: 'Connor',
  username: 'sarah',
};
const MAX = {
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  firstName: 'Max',
  lastName: 'Verstappen',
  username: 'max',
};

let server: ReturnType<typeof installNotificationsServer>;

const bell = () => screen.getByRole('link', { name: /^Notifications/ });
const rows = () => screen.queryAllByTestId('notification');
const rowTexts = () => rows().map((row) => row.querySelector('.notification__text')?.textContent);
const rowButton = (text: string | RegExp) => screen.getByRole('button', { name: text });
/** The row's main button (its name starts with the text; the delete button's starts with "Delete"). */
const openRow = async (text: RegExp) => {
  const button = await screen.findByRole('button', { name: new RegExp(`^${text.source}`) });
  fireEvent.click(button);
};

function event(
  fields: Partial<NotificationEvent> & Pick<NotificationEvent, 'id' | 'type'>,
): NotificationEvent {
  return { jsonPayload: {}, createdAt: new Date().toISOString(), ...fields };
}

let dbCount = 0;
beforeEach(() => {
  dbCount += 1;
  resetLocalDatabaseForTests(`notifications-${dbCount}-${Math.random().toString(36).slice(2)}`);
  signedIn();
  setSignedIn(true);
  server = installNotificationsServer();
  server.members.set(SARAH.id, SARAH);
  server.members.set(MAX.id, MAX);
  activateCatalog('en-US');
  sockets.length = 0;
});
afterEach(async () => {
  realtime.disconnect();
  await endLiveShellTest();
});

/** The app's socket, connected (events fired on it reach the app as the server's would). */
async function connectSocket(): Promise<FakeSocket> {
  await act(async () => realtime.connect());
  const socket = sockets.at(-1)!;
  const asked = server.to('GET', '/notifications/unread/count').length;
  act(() => socket.fire('connect'));
  // A new connection asks the count and the lists again (what was stored while this device had no
  // socket): their answers are in before the test's own events.
  await waitFor(() => expect(server.to('GET', '/notifications/unread/count')).toHaveLength(asked + 1));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return socket;
}

/** Sarah's friend request, stored (it has an id the list keeps). */
const sarahAsks = (id: string) =>
  event({ id, type: 'friend', jsonPayload: { relatedFriendId: SARAH.id, action: 'requested' } });

describe('the bell', () => {
  it('shows the unread count from GET /notifications/unread/count in its badge and its name', async () => {
    server.add(
      notification('friend', { relatedFriendId: SARAH.id, action: 'requested' }),
      notification('message', { relatedMessageId: 'm1', relatedFriendId: MAX.id }),
      notification('message', { relatedMessageId: 'm2', relatedFriendId: MAX.id }),
      notification('post', {}, { isRead: true }),
    );
    await renderApp('/feed');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread'));
    expect(screen.getByTestId('notification-badge').textContent).toBe('3');
    expect(bell().getAttribute('href')).toBe('/notifications');
    expect(server.to('GET', '/notifications/unread/count')).toHaveLength(1);
  });

  it('no unread: plain "Notifications", no badge', async () => {
    server.add(notification('post', {}, { isRead: true }));
    await renderApp('/feed');
    await waitFor(() => expect(server.to('GET', '/notifications/unread/count')).toHaveLength(1));
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('a stored notification from the socket bumps the count and goes first in the list, live', async () => {
    server.add(
      notification('message', { relatedMessageId: 'm1', relatedFriendId: MAX.id }, { minutesAgo: 10 }),
    );
    await renderApp('/notifications');
    await waitFor(() => expect(rowTexts()).toEqual(['Max Verstappen sent you a message']));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');

    const socket = await connectSocket();
    act(() => socket.fire('notification', sarahAsks('bbbbbbbb-0000-4000-8000-000000000001')));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    await waitFor(() =>
      expect(rowTexts()).toEqual([
        'Sarah Connor asked to be your friend',
        'Max Verstappen sent you a message',
      ]),
    );
    expect(rows()[0]?.getAttribute('data-unread')).toBe('true');

    // The same event again (a resend) is not counted twice.
    act(() =>
      routeNotification(
        event({
          id: 'bbbbbbbb-0000-4000-8000-000000000001',
          type: 'friend',
          jsonPayload: { action: 'requested' },
        }),
      ),
    );
    // A later, new event of another kind is the marker: once it shows, the resend was handled.
    act(() =>
      socket.fire(
        'notification',
        event({
          id: 'bbbbbbbb-0000-4000-8000-000000000009',
          type: 'post',
          jsonPayload: { relatedPostId: 'p9', action: 'liked' },
        }),
      ),
    );
    await waitFor(() => expect(rowTexts()[0]).toMatch(/liked your post/));
    expect(rows()).toHaveLength(3);
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread');
  });

  it('counts a live notification once on a screen without the list, though the bell and the title both watch it', async () => {
    server.add(notification('message', { relatedMessageId: 'm1', relatedFriendId: MAX.id }));
    await renderApp('/feed');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    const socket = await connectSocket();
    act(() => socket.fire('notification', sarahAsks('bbbbbbbb-0000-4000-8000-000000000002')));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    // A later event is the marker: counted once each, the two make 3, not 4 or 5.
    act(() => socket.fire('notification', sarahAsks('bbbbbbbb-0000-4000-8000-000000000008')));
    await waitFor(() => expect(document.title).toMatch(/^\(3\) /));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread');
  });

  it('notificationsRead from another device: the rows it names turn read and the bell shows its count, live', async () => {
    const first = notification(
      'message',
      { relatedMessageId: 'm1', relatedFriendId: MAX.id },
      { minutesAgo: 1 },
    );
    const second = notification(
      'friend',
      { relatedFriendId: SARAH.id, action: 'requested' },
      { minutesAgo: 2 },
    );
    const third = notification('post', { relatedPostId: 'p1', action: 'liked' }, { minutesAgo: 3 });
    server.add(first, second, third);
    await renderApp('/notifications');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    const socket = await connectSocket();
    act(() => socket.fire('notificationsRead', { ids: [second.id], all: false, unreadCount: 2 }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    expect(rows().map((row) => row.getAttribute('data-unread'))).toEqual(['true', 'false', 'true']);
    expect(server.requests.filter((r) => r.method !== 'GET')).toHaveLength(0); // nothing sent back

    act(() => socket.fire('notificationsRead', { ids: [], all: true, unreadCount: 0 }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(rows().map((row) => row.getAttribute('data-unread'))).toEqual(['false', 'false', 'false']);
  });

  it('realtime-only events (the 36-dash id) enter neither the list nor the count', async () => {
    server.add(notification('message', { relatedMessageId: 'm1', relatedFriendId: MAX.id }));
    await renderApp('/notifications');
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    for (const type of ['car', 'car log', 'message', 'friend']) {
      act(() =>
        routeNotification(
          event({ id: DASHES, type, jsonPayload: { relatedCarId: 'c1', action: 'updated' } }),
        ),
      );
    }
    // A stored event after them is the marker: once it shows, the ones before it were handled.
    act(() =>
      routeNotification(
        event({
          id: 'bbbbbbbb-0000-4000-8000-000000000007',
          type: 'friend',
          jsonPayload: { relatedFriendId: SARAH.id, action: 'requested' },
        }),
      ),
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread');
  });
});

describe('the list', () => {
  it('asks for 20 per page, newest first, and loads the next page at offset 20', async () => {
    expect(NOTIFICATIONS_PAGE_SIZE).toBe(20);
    for (let i = 1; i <= 25; i += 1) server.add(notification('post', {}, { minutesAgo: i }));
    await renderApp('/notifications');
    await waitFor(() => expect(rows()).toHaveLength(20));
    const first = server.to('GET', '/notifications')[0]!;
    expect(Object.fromEntries(first.query)).toEqual({ limit: '20', offset: '0', unreadOnly: 'false' });
    expect(rows()[0]?.querySelector('time')?.textContent).toBe('1 minute ago');

    fireEvent.click(screen.getByRole('button', { name: 'Show older notifications' }));
    await waitFor(() => expect(rows()).toHaveLength(25));
    const second = server.to('GET', '/notifications')[1]!;
    expect(Object.fromEntries(second.query)).toEqual({ limit: '20', offset: '20', unreadOnly: 'false' });
    expect(screen.queryByRole('button', { name: 'Show older notifications' })).toBeNull();
  });

  it('says what happened per type, with the member’s name when known, an icon per kind and unread styling', async () => {
    const GONE = 'aaaaaaaa-0000-4000-8000-00000000dead';
    server.add(
      notification('friend', { relatedFriendId: SARAH.id, action: 'requested' }, { minutesAgo: 1 }),
      notification(
        'friend',
        { relatedFriendId: MAX.id, action: 'accepted' },
        { minutesAgo: 2, isRead: true },
      ),
      notification('message', { relatedMessageId: 'm1', relatedFriendId: GONE }, { minutesAgo: 3 }),
      notification('comment', { relatedPostId: 'p1', relatedCommentId: 'k1' }, { minutesAgo: 4 }),
      notification('chatgroup', { relatedChatGroupId: 'g1' }, { minutesAgo: 5 }),
    );
    await renderApp('/notifications');
    await waitFor(() =>
      expect(rowTexts()).toEqual([
        'Sarah Connor asked to be your friend',
        'Max Verstappen accepted your friend request',
        'Someone sent you a message', // the sender's profile is gone: "Someone"
        'Someone commented on your post',
        'New activity in a chat group',
      ]),
    );
    expect(rows().map((row) => row.querySelector('[data-kind]')?.getAttribute('data-kind'))).toEqual([
      'friend',
      'friend',
      'message',
      'comment',
      'chat',
    ]);
    expect(rows().map((row) => row.getAttribute('data-unread'))).toEqual([
      'true',
      'false',
      'true',
      'true',
      'true',
    ]);
    expect(rows()[0]?.className).toContain('notification--unread');
    expect(within(rows()[0]!).getByText('Unread')).toBeTruthy();
    expect(within(rows()[1]!).queryByText('Unread')).toBeNull();
    // One profile call per member, not per row.
    expect(server.to('GET', `/users/${SARAH.id}`)).toHaveLength(1);
  });

  it('in French', async () => {
    activateCatalog('fr-FR');
    server.add(notification('friend', { relatedFriendId: SARAH.id, action: 'accepted' }, { minutesAgo: 5 }));
    await renderApp('/notifications');
    await waitFor(() => expect(rowTexts()).toEqual(['Sarah Connor a accepté votre demande d’ami']));
    expect(rows()[0]?.querySelector('time')?.textContent).toBe('il y a 5 minutes');
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 non lue');
  });

  it('the Unread filter asks for unreadOnly=true and keeps it in the address', async () => {
    server.add(
      notification('friend', { relatedFriendId: SARAH.id, action: 'requested' }),
      notification('post', {}, { isRead: true }),
    );
    const { router } = await renderApp('/notifications');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const filter = screen.getByRole('group', { name: 'Show' });
    expect(within(filter).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(filter).getByRole('button', { name: /^Unread/ }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(server.to('GET', '/notifications').at(-1)?.query.get('unreadOnly')).toBe('true');
    expect(router.state.location.search).toEqual({ unread: true });
    expect(
      within(filter)
        .getByRole('button', { name: /^Unread/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('skeleton rows while the first page loads, then the empty state', async () => {
    let release!: () => void;
    server.state.hold = new Promise<void>((resolve) => (release = resolve));
    await renderApp('/notifications');
    expect(await screen.findByRole('status', { name: 'Loading notifications…' })).toBeTruthy();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    release();
    expect(await screen.findByRole('heading', { name: 'You’re all caught up' })).toBeTruthy();
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveProperty('disabled', true);
  });

  it('an error state with a retry', async () => {
    server.state.failLists = true;
    await renderApp('/notifications');
    expect(await screen.findByRole('heading', { name: 'Notifications could not be loaded' })).toBeTruthy();
    server.state.failLists = false;
    server.add(notification('post', {}));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rowTexts()).toEqual(['Someone reacted to your post']));
  });

  it('pull-to-refresh (its button) asks the server again', async () => {
    await renderApp('/notifications');
    expect(await screen.findByRole('heading', { name: 'You’re all caught up' })).toBeTruthy();
    server.add(notification('chatmessage', {}));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(rowTexts()).toEqual(['Someone sent you a chat message']));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
  });
});

describe('a tap marks it read and opens the related item', () => {
  const cases: { type: string; payload: Record<string, unknown>; text: RegExp; path: string }[] = [
    {
      type: 'message',
      payload: { relatedMessageId: 'm-42', relatedFriendId: 'x' },
      text: /Someone sent you a message/,
      path: '/message/m-42',
    },
    {
      type: 'friend',
      payload: { relatedFriendId: 'x', action: 'requested' },
      text: /Someone asked to be your friend/,
      path: '/friends?tab=requests',
    },
    {
      type: 'friend',
      payload: { relatedFriendId: 'x', action: 'accepted' },
      text: /Someone accepted your friend request/,
      path: '/friends',
    },
    {
      type: 'car log',
      payload: { relatedCarId: 'car-1', relatedCarLogId: 'log-9', action: 'updated' },
      text: /A logbook entry changed/,
      path: '/my-cars/car-1/logs/log-9',
    },
    {
      type: 'post',
      payload: { relatedPostId: 'p1', action: 'liked', excerpt: 'Track day' },
      text: /Someone liked your post “Track day”/,
      path: '/post/p1',
    },
    {
      type: 'comment',
      payload: { relatedPostId: 'p1', relatedCommentId: 'k1', action: 'commented', excerpt: 'Nice' },
      text: /Someone commented: “Nice”/,
      path: '/post/p1#comment-k1',
    },
    {
      type: 'chatmessage',
      payload: { relatedChatMessageId: 'cm1' },
      text: /Someone sent you a chat message/,
      path: '/my-chat-groups',
    },
    {
      type: 'chatroom',
      payload: { relatedChatRoomId: 'r1' },
      text: /New activity in a chat room/,
      path: '/chat/r1',
    },
  ];

  it.each(cases)('$type opens $path', async ({ type, payload, text, path }) => {
    const item = notification(type, payload);
    server.add(item, notification('chatgroup', {}, { isRead: true, minutesAgo: 100 }));
    const { router } = await renderApp('/notifications');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    await openRow(text);
    await waitFor(() => expect(router.state.location.href).toBe(path));
    await waitFor(() => expect(server.to('PUT', `/notifications/${item.id}/read`)).toHaveLength(1));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
  });

  it('opening the post reads its other notifications too (one read-related), on every device; a post with none sends nothing', async () => {
    const post = '33333333-0000-4000-8000-000000000001';
    const quiet = '33333333-0000-4000-8000-000000000002';
    const like = notification(
      'post',
      { relatedPostId: post, action: 'liked', excerpt: 'Spa' },
      { minutesAgo: 1 },
    );
    const comment = notification(
      'comment',
      { relatedPostId: post, relatedCommentId: 'k1', action: 'commented', excerpt: 'Nice' },
      { minutesAgo: 2 },
    );
    const message = notification('message', { relatedMessageId: 'm1' }, { minutesAgo: 3 });
    const later = '33333333-0000-4000-8000-000000000003';
    const marker = notification(
      'post',
      { relatedPostId: later, action: 'liked', excerpt: 'Monza' },
      { minutesAgo: 4 },
    );
    const markerComment = notification(
      'comment',
      { relatedPostId: later, relatedCommentId: 'k2', action: 'commented', excerpt: 'Fast' },
      { minutesAgo: 5 },
    );
    server.add(like, comment, message, marker, markerComment);
    const { router } = await renderApp('/notifications');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 5 unread'));
    await openRow(/Someone liked your post “Spa”/);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/post/${post}`));
    await waitFor(() => expect(server.to('POST', '/notifications/read-related')).toHaveLength(1));
    expect(server.to('POST', '/notifications/read-related')[0]?.body).toEqual({
      relatedType: 'post',
      relatedId: post,
    });
    expect(server.to('PUT', `/notifications/${like.id}/read`)).toHaveLength(1);
    expect(server.notifications.get(comment.id)?.isRead).toBe(true);

    await act(async () => router.navigate({ to: '/post/$id', params: { id: quiet } }));
    await act(async () => router.navigate({ to: '/post/$id', params: { id: post } }));
    // Another post, opened from the list after it, is the marker: its read-related is queued after
    // any the second visit queued; once it has reached the server, none is left in the outbox.
    await act(async () => router.navigate({ to: '/notifications' }));
    await openRow(/Someone liked your post “Monza”/);
    const related = () => server.to('POST', '/notifications/read-related').map((r) => r.body);
    await waitFor(() => expect(related()).toContainEqual({ relatedType: 'post', relatedId: later }));
    expect(await db.outbox.where('kind').equals('notification.readRelated').count()).toBe(0);
    expect(related()).toEqual([
      { relatedType: 'post', relatedId: post },
      { relatedType: 'post', relatedId: later },
    ]);
  });

  it('car: opens the car, /car/{id}', async () => {
    server.add(notification('car', { relatedCarId: 'car-7', action: 'updated' }));
    const { router } = await renderApp('/notifications');
    await openRow(/A car in your garage changed/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/car/car-7'));
  });

  it('the bell drops at once, then shows the count the server answers', async () => {
    const tapped = notification(
      'friend',
      { relatedFriendId: SARAH.id, action: 'requested' },
      { minutesAgo: 1 },
    );
    const others = [2, 3, 4].map((m) => notification('post', {}, { minutesAgo: m }));
    server.add(tapped, ...others);
    let release!: () => void;
    await renderApp('/notifications');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 4 unread'));
    await screen.findByRole('button', { name: /^Sarah Connor asked to be your friend/ });
    // Meanwhile, another device read two of them: the server's figure wins over the local guess.
    server.notifications.get(others[0]!.id)!.isRead = true;
    server.notifications.get(others[1]!.id)!.isRead = true;
    server.state.hold = new Promise<void>((resolve) => (release = resolve));
    await openRow(/Sarah Connor asked to be your friend/);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread'));
    release();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
  });

  it('an already read one opens without another read call', async () => {
    const item = notification('friend', { relatedFriendId: SARAH.id, action: 'accepted' }, { isRead: true });
    server.add(item);
    const { router } = await renderApp('/notifications');
    await openRow(/Sarah Connor accepted your friend request/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/friends'));
    expect(server.to('PUT', `/notifications/${item.id}/read`)).toHaveLength(0);
  });
});

describe('mark all read, delete', () => {
  it('mark all as read: one PUT /notifications/read-all, every row read, no badge', async () => {
    server.add(
      notification('friend', { relatedFriendId: SARAH.id, action: 'requested' }),
      notification('message', { relatedMessageId: 'm1', relatedFriendId: MAX.id }),
    );
    await renderApp('/notifications');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(rows().map((row) => row.getAttribute('data-unread'))).toEqual(['false', 'false']),
    );
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    await waitFor(() => expect(server.to('PUT', '/notifications/read-all')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveProperty('disabled', true);
  });

  it('delete: the row goes, the count follows the server, nothing is opened', async () => {
    const unread = notification(
      'friend',
      { relatedFriendId: SARAH.id, action: 'requested' },
      { minutesAgo: 1 },
    );
    const read = notification('post', {}, { minutesAgo: 2, isRead: true });
    server.add(unread, read);
    const { router } = await renderApp('/notifications');
    await screen.findByRole('button', { name: /^Sarah Connor asked to be your friend/ });
    fireEvent.click(rowButton('Delete notification: Sarah Connor asked to be your friend'));
    await waitFor(() => expect(rowTexts()).toEqual(['Someone reacted to your post']));
    await waitFor(() => expect(server.to('DELETE', `/notifications/${unread.id}`)).toHaveLength(1));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(router.state.location.pathname).toBe('/notifications');

    fireEvent.click(rowButton('Delete notification: Someone reacted to your post'));
    expect(await screen.findByRole('heading', { name: 'You’re all caught up' })).toBeTruthy();
  });

  it('a delete that cannot reach the server is kept and sent once it can: nothing lost', async () => {
    const item = notification('post', {});
    server.add(item);
    await renderApp('/notifications');
    await waitFor(() => expect(rows()).toHaveLength(1));
    server.state.offline = true; // the browser still believes it is online
    fireEvent.click(rowButton('Delete notification: Someone reacted to your post'));
    expect(await screen.findByRole('heading', { name: 'You’re all caught up' })).toBeTruthy();
    await waitFor(async () =>
      expect((await db.outbox.where('kind').equals('notification.delete').first())?.attempts).toBe(1),
    );
    expect(server.notifications.has(item.id)).toBe(true);
    server.state.offline = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(server.notifications.has(item.id)).toBe(false));
    expect(server.to('DELETE', `/notifications/${item.id}`)).toHaveLength(1);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
  });
});

describe('offline', () => {
  it('marking and deleting are kept on this device; a tap still opens the item', async () => {
    const item = notification('friend', { relatedFriendId: SARAH.id, action: 'requested' });
    const other = notification('post', {}, { minutesAgo: 30 });
    server.add(item, other);
    const { router } = await renderApp('/notifications');
    await screen.findByRole('button', { name: /^Sarah Connor asked to be your friend/ });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    server.state.offline = true;
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(
        await screen.findByText(
          'You are offline: read marks and deletions are kept on this device and sent once you are back online.',
        ),
      ).toBeTruthy();
      fireEvent.click(rowButton('Delete notification: Someone reacted to your post'));
      await waitFor(() => expect(rowTexts()).toEqual(['Sarah Connor asked to be your friend']));
      await openRow(/Sarah Connor asked to be your friend/);
      await waitFor(() => expect(router.state.location.pathname).toBe('/friends'));
      await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
      const kinds = (await db.outbox.toArray()).map((e) => e.kind).sort();
      expect(kinds).toEqual(['notification.delete', 'notification.read']);
      expect(server.to('PUT', `/notifications/${item.id}/read`)).toHaveLength(0);
      expect(server.notifications.get(item.id)?.isRead).toBe(false);
    } finally {
      onLine.mockRestore();
    }
  });
});
