// The messages' screens through the real router, on real Dexie rows (fake-indexeddb) and the
// messages API double: folders, unread marks and badge, the filter, paging, a message opened (read
// once), reply, delete after a confirmation, compose with the recipient modal, offline sending.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Quill from 'quill';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '@/testing/session-mock';
import { renderApp, renderWithProviders } from '@/testing/test-utils';
import { db } from '@/lib/db';
import { createReplayer } from '@/lib/outbox';
import { toast } from '@/lib/toast';
import { installMessagesServer, participant } from '@/features/messages/testing/fake-messages-server';
import { readUnreadCount, sendMessage, syncFolder } from './data';
import { MessagesUnreadBadge } from './unread-badge';
import { signedInAppPerTest } from '@/testing/signed-in-app';
import { BOB as bob } from '@/testing/friends';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
// The tests replay the outbox themselves, when they mean to.
vi.mock('@/app/sync-lifecycle', async () => (await import('@/testing/sync-lifecycle-off')).syncLifecycleOff);
vi.mock(
  '@/lib/offline/shell-settled',
  async () => (await import('@/testing/shell-settled-at-once')).shellSettledAtOnce,
);
vi.mock('@/lib/media/avatar-url', () => ({ useAvatarUrl: () => undefined }));

const me = participant({ id: TEST_USER.id, username: 'jane', firstName: 'Jane', lastName: 'Doe' });
const bobP = participant(bob);

let server: ReturnType<typeof installMessagesServer>;
// After-each hooks run as a stack: the toasts go last, once the screens are gone.
afterEach(() => toast.list().forEach((item) => toast.dismiss(item.id)));
signedInAppPerTest('messages-screens');
beforeEach(() => {
  server = installMessagesServer({ me, friends: [bob] });
});

const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();
const rows = () => screen.queryAllByTestId('message-row');
const unreadCount = async () => (await readUnreadCount(db))?.count;
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });

describe('messages: folders', () => {
  it('lists the inbox newest first with the sender, subject, excerpt and date; unread rows are marked; the tab shows the count', async () => {
    server.receive(bobP, { subject: 'Older', content: '<p>First <strong>one</strong></p>', isRead: true });
    server.receive(bobP, { subject: 'Newer', content: '<p>Track day on Saturday?</p>' });
    await renderApp('/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [newer, older] = rows();
    expect(newer!.textContent).toContain('From Bob Martin');
    expect(newer!.textContent).toContain('Newer');
    expect(newer!.textContent).toContain('Track day on Saturday?');
    expect(newer!.className).toContain('message-row--unread');
    expect(newer!.textContent).toContain('Unread');
    expect(older!.className).not.toContain('message-row--unread');
    expect(older!.textContent).toContain('First one');
    expect(newer!.querySelector('time')?.textContent).not.toBe('');
    expect(newer!.getAttribute('href')).toMatch(/^\/message\//);
    expect(tab('Inbox').getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(within(tab('Inbox')).getByTestId('inbox-unread').textContent).toContain('1'));
    expect(tab('Inbox').textContent).toContain('1 unread');
  });

  it('the sent folder shows the recipient, and a message written offline as waiting to be sent', async () => {
    server.setOffline(true);
    await sendMessage({ recipient: bobP, subject: 'Offline one', content: '<p>Hi</p>' });
    const { router } = await renderApp('/messages');
    fireEvent.click(await screen.findByRole('tab', { name: /^Sent/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ folder: 'sent' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('To Bob Martin');
    expect(rows()[0]!.textContent).toContain('Waiting to be sent');
    expect(await screen.findByText(/You are offline/)).toBeTruthy();
  });

  it('the unread-only filter shows only unread messages, and says so when there is none', async () => {
    server.receive(bobP, { subject: 'Read', isRead: true });
    server.receive(bobP, { subject: 'Unread' });
    const { router } = await renderApp('/messages');
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Unread only' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('Unread');
    expect(router.state.location.search).toEqual({ unread: true });
    const unreadAsked = server.requests.filter(
      (r) => r.path === '/messages' && r.query.get('unreadOnly') === 'true',
    );
    expect(unreadAsked.length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('tab', { name: /^Sent/ }));
    expect(await screen.findByRole('heading', { name: 'All read' })).toBeTruthy();
  });

  it('says what a message is (a subject and folders, like mail) and leads to Chat (live)', async () => {
    await renderApp('/messages');
    expect(
      await screen.findByText(/^A message has a subject and is kept in your folders, like mail\./),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'To talk live, use Chat.' }).getAttribute('href')).toBe(
      '/my-chat-groups',
    );
  });

  it('empty folders say so, the sent one leads to compose', async () => {
    await renderApp('/messages');
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /^Sent/ }));
    expect(await screen.findByRole('heading', { name: 'Nothing sent yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Write a message' }).getAttribute('href')).toBe(
      '/compose-message',
    );
  });

  it('shows five skeleton rows while nothing is local and the server has not answered', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    await renderApp('/messages');
    await waitFor(() => expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5));
    expect(screen.getByRole('status', { name: 'Loading messages…' })).toBeTruthy();
  });

  it('loads 20 at a time with "Load more", and pull-to-refresh asks the server again', async () => {
    for (let i = 0; i < 25; i++) server.receive(bobP, { subject: `m${i}` });
    await renderApp('/messages');
    await waitFor(() => expect(rows()).toHaveLength(20));
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(server.requests.some((r) => r.path === '/messages' && r.query.get('offset') === '20')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    const before = server.requests.length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.requests.length).toBeGreaterThan(before));
  });
});

describe('message/{id}', () => {
  it('opening an unread received message marks it read once: twice opened, the count drops by one', async () => {
    const message = server.receive(bobP, { subject: 'Hello', content: '<p>See you <em>soon</em></p>' });
    server.receive(bobP);
    await syncFolder('inbox');
    expect(await unreadCount()).toBe(2);
    const view = await renderApp(`/message/${message.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello' })).toBeTruthy();
    const content = document.querySelector('.rich-text');
    expect(content?.innerHTML).toBe('<p>See you <em>soon</em></p>');
    expect(screen.getByText('Bob Martin')).toBeTruthy();
    expect(screen.getByText('Jane Doe')).toBeTruthy();
    await waitFor(async () => expect((await db.messages.get(message.id))?.isRead).toBe(true));
    expect(await unreadCount()).toBe(1);

    view.router.history.push('/messages');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    view.router.history.push(`/message/${message.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello' })).toBeTruthy();
    // The message has rendered (its mark-read effect has run): a write transaction on the tables a
    // read mark writes is queued after any mark it started.
    await act(() => db.transaction('rw', db.outbox, db.messages, async () => {}));
    expect(await unreadCount()).toBe(1);
    expect(await db.outbox.where('kind').equals('message.read').count()).toBe(1);

    await act(replay);
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(await unreadCount()).toBe(1); // the server's figure
  });

  it('a message not on this device is fetched from the server', async () => {
    const message = server.receive(bobP, { subject: 'Deep link' });
    await renderApp(`/message/${message.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Deep link' })).toBeTruthy();
    expect(server.requests.some((r) => r.path === `/messages/${message.id}`)).toBe(true);
  });

  it('a message that is not mine to see says it is not available', async () => {
    await renderApp(`/message/${crypto.randomUUID()}`);
    expect(await screen.findByRole('heading', { name: 'This message is not available' })).toBeTruthy();
  });

  it('reply opens compose with "Re: …" and the sender as recipient', async () => {
    const message = server.receive(bobP, { subject: 'Track day' });
    const { router } = await renderApp(`/message/${message.id}`);
    fireEvent.click(await screen.findByRole('link', { name: 'Reply' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/compose-message'));
    expect(router.state.location.search).toEqual({ replyTo: message.id });
    const subject = (await screen.findByLabelText(/^Subject/)) as HTMLInputElement;
    expect(subject.value).toBe('Re: Track day');
    expect(screen.getByTestId('compose-recipient').textContent).toContain('Bob Martin');
  });

  it('offers to chat live with the other participant instead', async () => {
    const message = server.receive(bobP, { subject: 'Track day', isRead: true });
    await renderApp(`/message/${message.id}`);
    const chat = await screen.findByRole('link', { name: 'Chat live with Bob instead' });
    expect(chat.getAttribute('href')).toBe(`/chat/with/${bob.id}`);
  });

  it('delete asks first; confirmed, the message goes and the deletion is queued', async () => {
    const message = server.receive(bobP, { subject: 'Bye', isRead: true });
    const { router } = await renderApp(`/message/${message.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this message?' });
    expect(dialog.textContent).toContain('Bob Martin keeps their copy.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await db.messages.get(message.id)).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(await db.messages.get(message.id)).toBeUndefined();
    expect((await db.outbox.toArray()).map((e) => [e.method, e.path])).toEqual([
      ['DELETE', `/messages/${message.id}`],
    ]);
    expect(toast.list().map((t) => t.message)).toEqual(['Message deleted.']);
  });
});

describe('compose-message', () => {
  async function typeContent(text: string) {
    const root = await screen.findByRole('textbox', { name: /^Message/ }, { timeout: 10_000 });
    const quill = Quill.find(root.parentElement as HTMLElement) as Quill;
    act(() => void quill.insertText(0, text, 'user'));
  }

  it('the recipient is chosen in the modal; sending keeps the message, says so and goes to the sent folder', async () => {
    const { router } = await renderApp('/compose-message');
    expect(await screen.findByRole('heading', { level: 1, name: 'New message' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose a friend' }));
    const modal = await screen.findByRole('dialog', { name: 'Choose a recipient' });
    fireEvent.click(await within(modal).findByRole('button', { name: /Bob Martin/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('compose-recipient').textContent).toContain('Bob Martin');
    expect(server.requests.find((r) => r.path === '/friends')?.query.toString()).toBe('limit=50&offset=0');

    fireEvent.change(screen.getByLabelText(/^Subject/), { target: { value: 'Saturday' } });
    await typeContent('Track day?');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(router.state.location.search).toEqual({ folder: 'sent' });
    expect(toast.list().map((t) => t.message)).toEqual(['Message sent.']);
    const [entry] = await db.outbox.toArray();
    expect(entry?.body).toMatchObject({
      type: 'json',
      json: { recipientId: bob.id, subject: 'Saturday', content: '<p>Track day?</p>' },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('closing the modal keeps no recipient; sending without one or without content is refused', async () => {
    await renderApp('/compose-message');
    fireEvent.click(await screen.findByRole('button', { name: 'Choose a friend' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('compose-recipient')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose who receives the message.')).toBeTruthy();
    expect(screen.getByText('Write your message.')).toBeTruthy();
    // The first field in error takes the focus (and is read out), as on every form.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true'));
    expect(await db.outbox.count()).toBe(0);
    expect(screen.getByLabelText(/^Subject/).getAttribute('maxlength')).toBe('200');
  });

  it('offline, the toast says it will be sent; back online it is sent once', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const { router } = await renderApp('/compose-message');
    fireEvent.click(await screen.findByRole('button', { name: 'Choose a friend' }));
    fireEvent.click(
      await within(await screen.findByRole('dialog')).findByRole('button', { name: /Bob Martin/ }),
    );
    server.setOffline(true); // the friends came (as the query persister keeps them); the network goes
    await typeContent('Written offline');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(toast.list().map((t) => t.message)).toEqual([
      'You are offline: the message will be sent when you are back online.',
    ]);
    await act(replay);
    expect(await db.outbox.count()).toBe(1);
    server.setOffline(false);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await act(replay);
    await act(replay);
    expect(server.messages.size).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('the navigation badge', () => {
  it('shows my unread count, follows it, and shows nothing at 0', async () => {
    server.receive(bobP);
    server.receive(bobP);
    renderWithProviders(<MessagesUnreadBadge />);
    const badge = await screen.findByTestId('messages-unread-badge');
    expect(badge.textContent).toContain('2');
    expect(badge.textContent).toContain('2 unread messages');
    await syncFolder('inbox');
    const [first] = await db.messages.toArray();
    const { markMessageRead } = await import('./data');
    await markMessageRead(first!.id);
    await waitFor(() => expect(screen.getByTestId('messages-unread-badge').textContent).toContain('1'));
    await markMessageRead((await db.messages.toArray())[1]!.id);
    await waitFor(() => expect(screen.queryByTestId('messages-unread-badge')).toBeNull());
  });
});
