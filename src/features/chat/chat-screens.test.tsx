// The chat's screens through the real router, on real Dexie rows (fake-indexeddb) and the chat API
// double: the room list (last message, unread badges), a conversation (by day, with senders),
// local echo through the outbox (pending, in order, exactly once; refused: retry), the read mark
// on opening, older pages on scrolling up, live messages, "is typing…", groups (create with
// friends only, the owner edits members, a member leaves) and a direct chat by recipientId.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '@/testing/session-mock';
import { renderApp } from '@/testing/test-utils';
import { CHAT_TYPING_TTL_MS } from '@/contract/constants';
import { REALTIME_ONLY_ID } from '@/contract/socket-events';
import { db } from '@/lib/db';
import { formatDate } from '@/lib/i18n';
import { createReplayer } from '@/lib/outbox';
import { realtime } from '@/lib/realtime/socket';
import { routeChatTyping, routeNotification } from '@/lib/realtime/socket-streams';
import { toast } from '@/lib/toast';
import { chatMember, installChatServer } from '@/features/chat/testing/fake-chat-server';
import { CHAT_TYPING_RESEND_MS, syncRoom } from './data';
import { signedInAppPerTest } from '@/testing/signed-in-app';
import { BOB as bob, testFriend } from '@/testing/friends';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
// The tests replay the outbox themselves, when they mean to.
vi.mock('@/app/sync-lifecycle', async () => (await import('@/testing/sync-lifecycle-off')).syncLifecycleOff);
vi.mock(
  '@/lib/offline/shell-settled',
  async () => (await import('@/testing/shell-settled-at-once')).shellSettledAtOnce,
);
vi.mock('@/lib/media/avatar-url', () => ({ useAvatarUrl: () => undefined }));

const me = chatMember({ id: TEST_USER.id, username: 'jane', firstName: 'Jane', lastName: 'Doe' });
const dana = testFriend('44444444-4444-4444-8444-444444444444', 'Dana', 'Scully');
const bobM = chatMember(bob);
/** In a group with me, not my friend. */
const carl = chatMember({
  id: '33333333-3333-4333-8333-333333333333',
  username: 'carl',
  firstName: 'Carl',
  lastName: 'Sagan',
});

let server: ReturnType<typeof installChatServer>;
// After-each hooks run as a stack: the toasts go last, once the screens are gone.
afterEach(() => toast.list().forEach((item) => toast.dismiss(item.id)));
signedInAppPerTest('chat-screens');
afterEach(() => void vi.useRealTimers());
beforeEach(() => {
  server = installChatServer({ me, friends: [bob, dana], others: [carl] });
});

const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();
const roomRows = () => screen.queryAllByTestId('chat-room-row');
const bubbles = () => screen.queryAllByTestId('chat-message');
const texts = () => bubbles().map((b) => b.querySelector('.chat-message__text')?.textContent);
const posts = (path = '/chat-messages') =>
  server.requests.filter((r) => r.method === 'POST' && r.path === path);
const composer = () => screen.getByRole('textbox', { name: 'Message' });

async function write(text: string) {
  fireEvent.change(composer(), { target: { value: text } });
  fireEvent.keyDown(composer(), { key: 'Enter' });
  await waitFor(() => expect((composer() as HTMLTextAreaElement).value).toBe(''));
}

function chatEvent(type: 'chatmessage' | 'chatroom' | 'chatgroup', jsonPayload: Record<string, unknown>) {
  act(() =>
    routeNotification({ id: REALTIME_ONLY_ID, type, jsonPayload, createdAt: new Date().toISOString() }),
  );
}

describe('my-chat-groups: the room list', () => {
  it('shows each room with its name, last message and unread badge, newest activity first; the nav badge shows the total', async () => {
    const direct = server.addDirectRoom(bobM);
    server.post(direct.id, bobM, 'Older from Bob');
    server.post(direct.id, bobM, 'See you at the track');
    const group = server.addGroup({ name: 'Track day crew', ownerId: me.id, memberIds: [bob.id, carl.id] });
    server.post(group.chatRoomId, carl, 'Hello all');
    server.post(group.chatRoomId, me, 'Count me in');
    const { router } = await renderApp('/my-chat-groups');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeTruthy();
    await waitFor(() => expect(roomRows()).toHaveLength(2));
    const [first, second] = roomRows();
    expect(first!.textContent).toContain('Track day crew');
    expect(first!.textContent).toContain('You: Count me in');
    expect(within(first!).getByTestId('chat-room-unread').textContent).toBe('11 unread message');
    expect(second!.textContent).toContain('Bob Martin');
    expect(second!.textContent).toContain('Bob Martin: See you at the track');
    expect(within(second!).getByTestId('chat-room-unread').textContent).toBe('22 unread messages');
    expect(second!.className).toContain('chat-room-row--unread');
    expect(second!.getAttribute('href')).toBe(`/chat/${direct.id}`);
    // Carl wrote in the group after Bob: 1 unread there too, 3 in all in the navigation.
    await waitFor(() =>
      expect(screen.getByTestId('chat-unread-badge').textContent).toContain('3 unread chat messages'),
    );
    fireEvent.click(second!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${direct.id}`));
  });

  it('with no room, offers to start a chat or to create a group', async () => {
    await renderApp('/my-chat-groups');
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'New chat' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Create a group' }).getAttribute('href')).toBe(
      '/create-chat-group',
    );
  });

  it('shows five skeleton rows while nothing is local and the server has not answered', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    await renderApp('/my-chat-groups');
    await waitFor(() => expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5));
    expect(screen.getByRole('status', { name: 'Loading conversations…' })).toBeTruthy();
  });
});

describe('chat/{roomId}: a conversation', () => {
  const muteWrites = (roomId: string) =>
    server.requests.filter((r) => r.path === `/chat-rooms/${roomId}/mute`).map((r) => [r.method, r.body]);
  const muteMenu = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Mute notifications' }));
    return screen.getByRole('group', { name: 'Mute notifications for' });
  };

  it('mutes the room’s pushes for 8 hours, a week or until unmuted, and unmutes them, through the outbox', async () => {
    const group = server.addGroup({ name: 'Crew', ownerId: bob.id, memberIds: [me.id] });
    await renderApp(`/chat/${group.chatRoomId}`);
    const menu = await muteMenu();
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['For 8 hours', 'For a week', 'Until I unmute it']);
    fireEvent.click(within(menu).getByRole('button', { name: 'Until I unmute it' }));
    // Shown at once, from this device: the server is asked by the outbox.
    expect(await screen.findByText('Muted')).toBeTruthy();
    expect(muteWrites(group.chatRoomId)).toEqual([]);
    const [entry] = await db.outbox.where('kind').equals('chat.mute').toArray();
    expect([entry!.method, entry!.path, entry!.body]).toEqual([
      'PUT',
      `/chat-rooms/${group.chatRoomId}/mute`,
      { type: 'json', json: { duration: 'forever' } },
    ]);
    await act(replay);
    expect(muteWrites(group.chatRoomId)).toEqual([['PUT', { duration: 'forever' }]]);

    fireEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    fireEvent.click(within(await muteMenu()).getByRole('button', { name: 'For 8 hours' }));
    const shown = await screen.findByText(/^Muted until /);
    const until = (await db.chatRooms.get(group.chatRoomId))!.mutedUntil!;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(7 * 3600_000);
    expect(shown.textContent).toBe(
      `Muted until ${formatDate(until, { dateStyle: 'medium', timeStyle: 'short' })}`,
    );
    await act(replay);
    // In the order chosen, the last one winning; the room then takes the server's time.
    expect(muteWrites(group.chatRoomId).map(([method]) => method)).toEqual(['PUT', 'DELETE', 'PUT']);
    expect(await db.outbox.where('kind').equals('chat.mute').count()).toBe(0);
    expect((await db.chatRooms.get(group.chatRoomId))!.mutedUntil).not.toBeNull();
  });

  it("the group's settings mute it too, for any member", async () => {
    const group = server.addGroup({ name: 'Crew', ownerId: bob.id, memberIds: [me.id] });
    await renderApp(`/chat-group/${group.id}`);
    const section = await screen.findByRole('region', { name: 'Notifications' });
    fireEvent.click(within(section).getByRole('button', { name: 'Mute notifications' }));
    fireEvent.click(within(section).getByRole('button', { name: 'For a week' }));
    const text = await within(section).findByText(/^Muted until /);
    const until = (await db.chatRooms.get(group.chatRoomId))!.mutedUntil!;
    expect(text.textContent).toBe(
      `Muted until ${formatDate(until, { dateStyle: 'medium', timeStyle: 'short' })}`,
    );
    await act(replay);
    expect(muteWrites(group.chatRoomId)).toEqual([['PUT', { duration: 'week' }]]);
    fireEvent.click(within(section).getByRole('button', { name: 'Unmute' }));
    expect(await within(section).findByRole('button', { name: 'Mute notifications' })).toBeTruthy();
  });

  it('a mute chosen offline stays through a refresh of the room until the server has it', async () => {
    const group = server.addGroup({ name: 'Crew', ownerId: bob.id, memberIds: [me.id] });
    await renderApp(`/chat/${group.chatRoomId}`);
    fireEvent.click(within(await muteMenu()).getByRole('button', { name: 'For a week' }));
    expect(await screen.findByText(/^Muted until /)).toBeTruthy();
    await act(() => syncRoom(group.chatRoomId));
    expect((await db.chatRooms.get(group.chatRoomId))!.mutedUntil).not.toBeNull();
    expect(screen.getByText(/^Muted until /)).toBeTruthy();
  });

  it('groups the messages by day (the date in the locale) with the senders’ names', async () => {
    const group = server.addGroup({ name: 'Crew', ownerId: bob.id, memberIds: [me.id, carl.id] });
    server.post(group.chatRoomId, bobM, 'Saturday?', '2026-03-07T12:00:00.000Z');
    server.post(group.chatRoomId, carl, 'Yes', '2026-03-07T12:05:00.000Z');
    server.post(group.chatRoomId, me, 'Count me in', '2026-03-09T12:00:00.000Z');
    server.post(group.chatRoomId, bobM, 'Great', '2026-03-09T12:10:00.000Z');
    await renderApp(`/chat/${group.chatRoomId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Crew' })).toBeTruthy();
    await waitFor(() => expect(bubbles()).toHaveLength(4));
    const days = screen.getAllByRole('region');
    const first = formatDate('2026-03-07T12:00:00.000Z', { dateStyle: 'full' });
    const second = formatDate('2026-03-09T12:00:00.000Z', { dateStyle: 'full' });
    expect(days.map((d) => d.getAttribute('aria-label'))).toEqual([first, second]);
    expect(first).toContain('March 7, 2026');
    expect(within(days[0]!).getByRole('heading', { level: 2 }).textContent).toBe(first);
    expect(
      within(days[0]!)
        .getAllByTestId('chat-message')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Bob Martin'), expect.stringContaining('Carl Sagan')]);
    const [mine, bobs] = within(days[1]!).getAllByTestId('chat-message');
    expect(mine!.className).toContain('chat-message--mine');
    expect(mine!.textContent).toContain('You: Count me in');
    expect(bobs!.textContent).toContain('Bob MartinGreat');
    expect(screen.getByRole('link', { name: 'Group settings' }).getAttribute('href')).toBe(
      `/chat-group/${group.id}`,
    );
  });

  it('written offline: shows pending at once; back online, 3 messages reach the server in order, each once', async () => {
    const room = server.addDirectRoom(bobM);
    server.post(room.id, bobM, 'Ready?');
    await renderApp(`/chat/${room.id}`);
    await waitFor(() => expect(texts()).toEqual(['Ready?']));
    server.setOffline(true);
    fireEvent.change(composer(), { target: { value: 'not yet' } });
    fireEvent.keyDown(composer(), { key: 'Enter', shiftKey: true }); // a new line, not a send
    expect(await db.outbox.where('kind').equals('chat.send').count()).toBe(0);
    await write('one');
    await write('two');
    await write('three');
    await waitFor(() => expect(texts()).toEqual(['Ready?', 'one', 'two', 'three']));
    await waitFor(() => expect(screen.getAllByTestId('chat-message-pending')).toHaveLength(3));
    const entries = (await db.outbox.orderBy('seq').toArray()).filter((e) => e.kind === 'chat.send');
    expect(entries.map((e) => e.dependsOn)).toEqual([undefined, [entries[0]!.id], [entries[1]!.id]]);
    expect(entries.map((e) => (e.body as { json: { chatRoomId: string } }).json.chatRoomId)).toEqual([
      room.id,
      room.id,
      room.id,
    ]);
    const ids = entries.map((e) => e.entityId);

    server.setOffline(false);
    await act(replay);
    await act(replay);
    expect(posts().map((r) => (r.body as { content: string }).content)).toEqual(['one', 'two', 'three']);
    expect(posts().map((r) => (r.body as { id: string }).id)).toEqual(ids);
    expect(await db.outbox.count()).toBe(0);
    await waitFor(() => expect(screen.queryAllByTestId('chat-message-pending')).toHaveLength(0));
    expect(server.messages.get(room.id)!.map((m) => m.content)).toEqual(['Ready?', 'one', 'two', 'three']);
    // The server's echo of my own messages is not fetched again.
    // A marker instead of a delay: Bob's new message, announced after the echoes, is fetched; events
    // are handled in order, so by then each echo was handled too.
    for (const id of ids) chatEvent('chatmessage', { relatedChatRoomId: room.id, relatedChatMessageId: id });
    const marker = server.post(room.id, bobM, 'Marker');
    chatEvent('chatmessage', { relatedChatRoomId: room.id, relatedChatMessageId: marker.id });
    const fetched = (messageIds: readonly (string | undefined)[]) =>
      server.requests.filter(
        (r) =>
          r.method === 'GET' &&
          r.path.startsWith('/chat-messages/') &&
          messageIds.includes(r.path.split('/')[2]!.split('?')[0]!),
      );
    await waitFor(() => expect(fetched([marker.id])).not.toEqual([]));
    expect(fetched(ids)).toEqual([]);
  });

  it('a refused send shows "Not sent" with Retry; the next message waits behind it; retried, both go in order', async () => {
    const room = server.addDirectRoom(bobM);
    await renderApp(`/chat/${room.id}`);
    await screen.findByRole('heading', { name: 'No messages yet' });
    server.failNext('POST /chat-messages', 400);
    await write('first');
    await write('second');
    await act(replay);
    await waitFor(() => expect(screen.getByText('Not sent')).toBeTruthy());
    expect(screen.getAllByTestId('chat-message-pending')).toHaveLength(1); // blocked behind the refused one
    expect(server.messages.get(room.id)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(async () =>
      expect((await db.outbox.toArray()).every((e) => e.status === 'pending')).toBe(true),
    );
    await act(replay);
    await act(replay);
    expect(server.messages.get(room.id)!.map((m) => m.content)).toEqual(['first', 'second']);
    await waitFor(() => expect(screen.queryByText('Not sent')).toBeNull());
    await waitFor(() => expect(screen.queryAllByTestId('chat-message-pending')).toHaveLength(0));
  });

  it('opening a room with unread messages marks it read once (through the outbox); opened again, nothing more', async () => {
    const room = server.addDirectRoom(bobM);
    server.post(room.id, bobM, 'One');
    server.post(room.id, bobM, 'Two');
    const view = await renderApp(`/chat/${room.id}`);
    await waitFor(() => expect(texts()).toEqual(['One', 'Two']));
    await waitFor(async () => expect(await db.outbox.where('kind').equals('chat.read').count()).toBe(1));
    const [entry] = await db.outbox.where('kind').equals('chat.read').toArray();
    expect([entry!.method, entry!.path, entry!.body]).toEqual([
      'POST',
      `/chat-messages/${room.id}/mark-all-read`,
      undefined,
    ]);
    await act(replay);
    expect(posts(`/chat-messages/${room.id}/mark-all-read`)).toHaveLength(1);
    expect(server.unread(room.id)).toBe(0);

    view.router.history.push('/my-chat-groups');
    await waitFor(() => expect(roomRows()).toHaveLength(1));
    expect(within(roomRows()[0]!).queryByTestId('chat-room-unread')).toBeNull();
    view.router.history.push(`/chat/${room.id}`);
    await waitFor(() => expect(texts()).toEqual(['One', 'Two']));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Martin' })).toBeTruthy();
    // The room has rendered (its mark-read effect has run): a write transaction on the tables a read
    // mark writes is queued after any mark it started, and the replay pass after it sends it.
    await act(() => db.transaction('rw', db.outbox, db.chatRooms, async () => {}));
    await act(replay);
    expect(posts(`/chat-messages/${room.id}/mark-all-read`)).toHaveLength(1);
    expect(await db.outbox.where('kind').equals('chat.read').count()).toBe(0);
  });

  it('scrolling up loads the previous page (offset 20) and keeps the messages on screen where they were', async () => {
    const room = server.addDirectRoom(bobM);
    for (let i = 0; i < 45; i += 1) server.post(room.id, i % 2 ? me : bobM, `m${i}`);
    await renderApp(`/chat/${room.id}`);
    await waitFor(() => expect(bubbles()).toHaveLength(20));
    expect(texts()[0]).toBe('m25');
    const scroller = screen.getByTestId('chat-scroll');
    Object.defineProperty(scroller, 'scrollHeight', {
      configurable: true,
      get: () => scroller.querySelectorAll('[data-testid="chat-message"]').length * 50,
    });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => 300 });
    await screen.findByRole('button', { name: 'Load older messages' });
    scroller.scrollTop = 10;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(bubbles()).toHaveLength(40));
    expect(texts()[0]).toBe('m5');
    const asked = server.requests.filter((r) => r.path === `/chat-messages/chat-room/${room.id}`);
    expect(asked.map((r) => [r.query.get('offset'), r.query.get('limit')])).toEqual([
      ['0', '20'],
      ['20', '20'],
    ]);
    // 20 messages (50 px each) came in above: the view moved down by as much.
    expect(scroller.scrollTop).toBe(20 * 50 + 10);
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(bubbles()).toHaveLength(45));
    expect(texts()[0]).toBe('m0');
  });

  it('added to a group: its room joins the list live, by the realtime event or by the stored notification alone', async () => {
    const direct = server.addDirectRoom(bobM);
    server.post(direct.id, bobM, 'Hi');
    await renderApp('/my-chat-groups');
    await waitFor(() => expect(roomRows()).toHaveLength(1));
    const crew = server.addGroup({ name: 'Track day crew', ownerId: bob.id, memberIds: [me.id] });
    chatEvent('chatgroup', {
      relatedChatGroupId: crew.id,
      relatedChatRoomId: crew.chatRoomId,
      action: 'added',
    });
    await waitFor(() => expect(roomRows()).toHaveLength(2));
    expect(roomRows().some((row) => row.textContent?.includes('Track day crew'))).toBe(true);
    // The stored notification ('Dana added you to the group “Rally”') brings its room too.
    const rally = server.addGroup({ name: 'Rally', ownerId: dana.id, memberIds: [me.id] });
    act(() =>
      routeNotification({
        id: crypto.randomUUID(),
        type: 'chatgroup',
        jsonPayload: {
          relatedChatGroupId: rally.id,
          relatedChatRoomId: rally.chatRoomId,
          actorId: dana.id,
          action: 'added',
          excerpt: 'Rally',
        },
        isRead: false,
        createdAt: new Date().toISOString(),
      }),
    );
    await waitFor(() => expect(roomRows()).toHaveLength(3));
    expect(roomRows().some((row) => row.textContent?.includes('Rally'))).toBe(true);
  });

  it('says what chat is for (live) and leads to Messages (a subject and folders, like mail)', async () => {
    await renderApp('/my-chat-groups');
    expect(
      await screen.findByText(/^Chat is live: quick back-and-forth with a friend or a group\./),
    ).toBeTruthy();
    const messages = screen.getByRole('link', {
      name: 'For a message with a subject, kept in folders like mail, use Messages.',
    });
    expect(messages.getAttribute('href')).toBe('/messages');
  });

  it('a live message in the open room is fetched and shown (and read at once)', async () => {
    const room = server.addDirectRoom(bobM);
    server.post(room.id, me, 'Hi Bob');
    await renderApp(`/chat/${room.id}`);
    await waitFor(() => expect(texts()).toEqual(['Hi Bob']));
    const message = server.post(room.id, bobM, 'Hi Jane!');
    chatEvent('chatmessage', {
      relatedChatRoomId: room.id,
      relatedChatMessageId: message.id,
      relatedChatGroupId: null,
      senderId: bob.id,
    });
    await waitFor(() => expect(texts()).toEqual(['Hi Bob', 'Hi Jane!']));
    expect(server.requests.some((r) => r.method === 'GET' && r.path === `/chat-messages/${message.id}`)).toBe(
      true,
    );
    await waitFor(async () => expect(await db.outbox.where('kind').equals('chat.read').count()).toBe(1));
  });

  it('"Bob is typing…" shows on chatTyping and hides CHAT_TYPING_TTL_MS after the last one; my typing is sent at most every few seconds', async () => {
    const room = server.addDirectRoom(bobM);
    server.post(room.id, bobM, 'Hello');
    await renderApp(`/chat/${room.id}`);
    await waitFor(() => expect(texts()).toEqual(['Hello']));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Martin' })).toBeTruthy();
    const typing = screen.getByTestId('chat-typing');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    act(() => routeChatTyping({ chatRoomId: room.id, userId: bob.id }));
    expect(typing.textContent).toBe('Bob Martin is typing…');
    act(() => routeChatTyping({ chatRoomId: 'another-room', userId: bob.id }));
    act(() => {
      vi.advanceTimersByTime(CHAT_TYPING_TTL_MS - 1000);
    });
    expect(typing.textContent).toBe('Bob Martin is typing…');
    act(() => routeChatTyping({ chatRoomId: room.id, userId: bob.id })); // again: the delay starts over
    act(() => {
      vi.advanceTimersByTime(CHAT_TYPING_TTL_MS - 1);
    });
    expect(typing.textContent).toBe('Bob Martin is typing…');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(typing.textContent).toBe('');

    const sent = vi.spyOn(realtime, 'chatTyping').mockImplementation(() => undefined);
    fireEvent.change(composer(), { target: { value: 'H' } });
    fireEvent.change(composer(), { target: { value: 'He' } });
    expect(sent.mock.calls).toEqual([[room.id]]);
    act(() => {
      vi.advanceTimersByTime(CHAT_TYPING_RESEND_MS);
    });
    fireEvent.change(composer(), { target: { value: 'Hey' } });
    expect(sent).toHaveBeenCalledTimes(2);
    expect(CHAT_TYPING_RESEND_MS).toBeGreaterThanOrEqual(2000);
    expect(CHAT_TYPING_RESEND_MS).toBeLessThanOrEqual(3000);
  });

  it("a member's typing indicator goes as soon as their message arrives; the others' stays", async () => {
    const group = server.addGroup({ name: 'Crew', ownerId: me.id, memberIds: [bob.id, carl.id] });
    server.post(group.chatRoomId, carl, 'Hello');
    await renderApp(`/chat/${group.chatRoomId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Crew' })).toBeTruthy();
    await waitFor(() => expect(texts()).toEqual(['Hello']));
    const typing = screen.getByTestId('chat-typing');
    act(() => routeChatTyping({ chatRoomId: group.chatRoomId, userId: bob.id }));
    act(() => routeChatTyping({ chatRoomId: group.chatRoomId, userId: carl.id }));
    expect(typing.textContent).toBe('2 people are typing…');
    const message = server.post(group.chatRoomId, bobM, 'On my way');
    // Bob's message in another room changes nothing here.
    chatEvent('chatmessage', {
      relatedChatRoomId: 'another-room',
      relatedChatMessageId: crypto.randomUUID(),
      relatedChatGroupId: null,
      senderId: bob.id,
    });
    expect(typing.textContent).toBe('2 people are typing…');
    chatEvent('chatmessage', {
      relatedChatRoomId: group.chatRoomId,
      relatedChatMessageId: message.id,
      relatedChatGroupId: group.id,
      senderId: bob.id,
    });
    expect(typing.textContent).toBe('Carl Sagan is typing…');
    await waitFor(() => expect(texts()).toEqual(['Hello', 'On my way']));
  });

  it('the header says who is in a group: "You, Bob, Dana and Carl", a button listing everyone with links to their profiles', async () => {
    const group = server.addGroup({ name: 'Crew', ownerId: bob.id, memberIds: [me.id, dana.id, carl.id] });
    const { router } = await renderApp(`/chat/${group.chatRoomId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Crew' })).toBeTruthy();
    const members = await screen.findByRole('button', { name: 'Members: You, Bob, Dana and Carl' });
    expect(members.textContent).toBe('You, Bob, Dana and Carl');
    expect(members.getAttribute('aria-haspopup')).toBe('dialog');
    members.focus();
    fireEvent.click(members);
    const dialog = await screen.findByRole('dialog', { name: '4 members' });
    const links = within(dialog).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Jane Doe (you)', '/profile'],
      ['Bob Martin', `/people/${bob.id}`],
      ['Dana Scully', `/people/${dana.id}`],
      ['Carl Sagan', `/people/${carl.id}`],
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(members);
    fireEvent.click(members);
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '4 members' })).getByRole('link', {
        name: 'Dana Scully',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/people/${dana.id}`));
  });

  it('the header of a direct chat names the friend, linking to their profile', async () => {
    const room = server.addDirectRoom(bobM);
    server.post(room.id, bobM, 'Hello');
    await renderApp(`/chat/${room.id}`);
    const profile = await screen.findByRole('link', { name: "Bob Martin's profile" });
    expect(profile.textContent).toBe('Bob Martin');
    expect(profile.getAttribute('href')).toBe(`/people/${bob.id}`);
    expect(within(screen.getByTestId('chat-participants')).queryByRole('button')).toBeNull();
  });

  it('removed from the group while reading: the conversation goes and says so', async () => {
    const group = server.addGroup({ name: 'Crew', ownerId: bob.id, memberIds: [me.id] });
    server.post(group.chatRoomId, bobM, 'Welcome');
    await renderApp(`/chat/${group.chatRoomId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Crew' })).toBeTruthy();
    server.groups.get(group.id)!.memberIds = [];
    server.rooms.get(group.chatRoomId)!.participants = [bob.id];
    chatEvent('chatgroup', {
      relatedChatGroupId: group.id,
      relatedChatRoomId: group.chatRoomId,
      action: 'removed',
    });
    expect(await screen.findByRole('heading', { name: 'This conversation is not available' })).toBeTruthy();
    expect(await db.chatMessages.count()).toBe(0);
  });

  it('a room that is not mine says it is not available', async () => {
    await renderApp(`/chat/${crypto.randomUUID()}`);
    expect(await screen.findByRole('heading', { name: 'This conversation is not available' })).toBeTruthy();
  });
});

describe('direct chat by recipientId', () => {
  it('"New chat" → a friend → the conversation; the first message creates the room and the route becomes /chat/{roomId}', async () => {
    const { router } = await renderApp('/my-chat-groups');
    fireEvent.click((await screen.findAllByRole('button', { name: 'New chat' }))[0]!);
    const modal = await screen.findByRole('dialog', { name: 'Choose a recipient' });
    fireEvent.click(await within(modal).findByRole('button', { name: /Bob Martin/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/with/${bob.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Martin' })).toBeTruthy();
    const asked = server.requests.find((r) => r.path === '/chat-messages' && r.method === 'GET');
    expect(asked?.query.get('recipientId')).toBe(bob.id);
    await write('Hello Bob');
    await waitFor(() => expect(texts()).toEqual(['Hello Bob']));
    const [entry] = await db.outbox.toArray();
    expect((entry!.body as { json: unknown }).json).toMatchObject({
      recipientId: bob.id,
      content: 'Hello Bob',
    });
    await act(replay);
    const roomId = server.messages.keys().next().value as string;
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${roomId}`));
    await waitFor(() => expect(texts()).toEqual(['Hello Bob']));
    expect(posts()).toHaveLength(1);
  });

  it('a friend’s page offers to chat with them', async () => {
    const { router } = await renderApp(`/people/${bob.id}`);
    await screen.findByText('Bob Martin');
    const chat = (await screen.findAllByRole('link', { name: 'Chat' })).find(
      (link) => link.getAttribute('href') === `/chat/with/${bob.id}`,
    );
    fireEvent.click(chat!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/with/${bob.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Martin' })).toBeTruthy();
  });

  it('before the first message, the header names the friend too, linking to their profile', async () => {
    await renderApp(`/chat/with/${dana.id}`);
    const profile = await screen.findByRole('link', { name: "Dana Scully's profile" });
    expect(profile.getAttribute('href')).toBe(`/people/${dana.id}`);
  });

  it('a direct chat offers a message with a subject instead: compose opens with the friend as recipient', async () => {
    const room = server.addDirectRoom(bobM);
    server.post(room.id, bobM, 'Hello');
    const { router } = await renderApp(`/chat/${room.id}`);
    const instead = await screen.findByRole('link', {
      name: 'Send Bob Martin a message with a subject instead',
    });
    expect(instead.textContent).toBe('Message with a subject');
    fireEvent.click(instead);
    await waitFor(() => expect(router.state.location.pathname).toBe('/compose-message'));
    expect(router.state.location.search).toEqual({ to: bob.id });
    expect((await screen.findByTestId('compose-recipient')).textContent).toContain('Bob Martin');
  });

  it('compose for someone who is not a friend opens without a recipient', async () => {
    await renderApp(`/compose-message?to=${carl.id}`);
    expect(await screen.findByRole('button', { name: 'Choose a friend' })).toBeTruthy();
    expect(screen.queryByTestId('compose-recipient')).toBeNull();
  });

  it('a friend I already chat with opens our room at once', async () => {
    const room = server.addDirectRoom(bobM);
    server.post(room.id, bobM, 'Hey');
    const { router } = await renderApp(`/chat/with/${bob.id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${room.id}`));
    await waitFor(() => expect(texts()).toEqual(['Hey']));
  });
});

describe('groups', () => {
  it('create-chat-group: members are chosen among friends only; the new group opens its conversation', async () => {
    const { router } = await renderApp('/create-chat-group');
    expect(await screen.findByRole('heading', { level: 1, name: 'New chat group' })).toBeTruthy();
    const members = await screen.findByRole('group', { name: 'Members' });
    await waitFor(() => expect(within(members).getAllByRole('checkbox')).toHaveLength(2));
    expect(
      within(members)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual([expect.stringContaining('Bob Martin'), expect.stringContaining('Dana Scully')]);
    fireEvent.click(screen.getByRole('button', { name: 'Create the group' }));
    expect(await screen.findByText('Give the group a name.')).toBeTruthy();
    expect(posts('/chat-groups')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Group name/), { target: { value: '  Track day  ' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Saturdays' } });
    fireEvent.click(within(members).getByRole('checkbox', { name: /Bob Martin/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create the group' }));
    await waitFor(() => expect(posts('/chat-groups')).toHaveLength(1));
    expect(posts('/chat-groups')[0]!.body).toMatchObject({
      name: 'Track day',
      description: 'Saturdays',
      memberIds: [bob.id],
    });
    const group = [...server.groups.values()][0]!;
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${group.roomId}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Track day' })).toBeTruthy();
    expect(toast.list().map((t) => t.message)).toContain('Group created.');
  });

  it('with no friends, group creation points to the friends screen', async () => {
    server = installChatServer({ me, friends: [] });
    await renderApp('/create-chat-group');
    expect(await screen.findByRole('heading', { name: 'No friends yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find friends' }).getAttribute('href')).toBe('/friends');
  });

  it('the owner renames the group and replaces its members; then deletes it after confirming', async () => {
    const group = server.addGroup({ name: 'Crew', ownerId: me.id, memberIds: [bob.id, carl.id] });
    const { router } = await renderApp(`/chat-group/${group.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Crew' })).toBeTruthy();
    const members = screen.getByRole('group', { name: 'Members' });
    // Carl is a member though not my friend: shown, so that he can be removed.
    await waitFor(() => expect(within(members).getAllByRole('checkbox')).toHaveLength(3));
    expect((within(members).getByRole('checkbox', { name: /Bob Martin/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.change(screen.getByLabelText(/^Group name/), { target: { value: 'Crew 2026' } });
    fireEvent.click(within(members).getByRole('checkbox', { name: /Bob Martin/ }));
    fireEvent.click(within(members).getByRole('checkbox', { name: /Dana Scully/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.list().map((t) => t.message)).toContain('Group saved.'));
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/chat-groups/${group.id}`);
    expect(put?.body).toEqual({ name: 'Crew 2026', description: '', memberIds: [carl.id, dana.id] });
    expect(server.groupView(group.id).members!.map((m) => m.id)).toEqual([carl.id, dana.id]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Crew 2026' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete the group' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this group?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.groups.size).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete the group' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete the group' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-chat-groups'));
    expect(server.groups.size).toBe(0);
    expect(await db.chatRooms.get(group.chatRoomId)).toBeUndefined();
  });

  it('a member sees who is in the group and leaves it after confirming; the room goes from this device', async () => {
    const group = server.addGroup({ name: 'Bob’s crew', ownerId: bob.id, memberIds: [me.id, dana.id] });
    server.post(group.chatRoomId, bobM, 'Welcome');
    const { router } = await renderApp(`/chat/${group.chatRoomId}`);
    await waitFor(() => expect(texts()).toEqual(['Welcome']));
    fireEvent.click(await screen.findByRole('link', { name: 'Group settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat-group/${group.id}`));
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['BBob MartinOwner', 'JJane Doe', 'DDana Scully']);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete the group' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave the group' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Leave this group?' })).getByRole('button', {
        name: 'Leave the group',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-chat-groups'));
    expect(posts(`/chat-groups/${group.id}/leave`)).toHaveLength(1);
    expect(await db.chatRooms.get(group.chatRoomId)).toBeUndefined();
    expect(await db.chatMessages.where('chatRoomId').equals(group.chatRoomId).count()).toBe(0);
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeTruthy();
  });
});
