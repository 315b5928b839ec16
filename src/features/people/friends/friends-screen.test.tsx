// The friends screen through the real router, on the people API double: the tabs, the lists and
// their states, every request action and the endpoint it calls, removal asked first, live updates.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { db } from '@/lib/db';
import { FRIENDS_PAGE_SIZE } from '@/contract/constants';
import { routeNotification } from '@/lib/realtime/socket-streams';
import { deferred, fail } from '@/testing/fetch';
import { peopleScreensPerTest, toasts } from '@/features/people/testing/screen-setup';
import type { PeopleServer } from '@/features/people/testing/people-server';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);

const API = '/api/v1.0';
let server: PeopleServer;
peopleScreensPerTest((s) => (server = s));

const tab = (name: RegExp | string) => screen.getByRole('tab', { name });
const row = (name: string) => screen.getByRole('listitem', { name });
const button = (name: string) => screen.getByRole('button', { name });

describe('friends: my friends', () => {
  it('lists my friends with avatar initial, name (to their profile), @username and city, and the count', async () => {
    const alice = server.add({ firstName: 'Alice', lastName: 'Martin', username: 'alicem', city: 'Lyon' });
    const bob = server.add({ firstName: 'Bob', lastName: 'Durand', username: 'bobd', city: null });
    server.befriend(alice);
    server.befriend(bob);
    await renderApp('/friends');
    expect(screen.getByRole('heading', { level: 1, name: 'Friends' })).toBeTruthy();
    expect(tab('Friends').getAttribute('aria-selected')).toBe('true');
    const list = await screen.findByRole('list', { name: 'Your friends' });
    const rows = within(list).getAllByTestId('person-row');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Alice Martin', 'Bob Durand']);
    const first = row('Alice Martin');
    expect(within(first).getByRole('link', { name: 'Alice Martin' }).getAttribute('href')).toBe(
      `/people/${alice.id}`,
    );
    expect(first.textContent).toContain('@alicem');
    expect(first.textContent).toContain('Lyon');
    expect(within(first).getByTestId('avatar').textContent).toBe('A');
    expect(row('Bob Durand').textContent).not.toContain('Lyon');
    expect(screen.getByText('2 friends')).toBeTruthy();
    // Spec §9: friends page size 20.
    expect(FRIENDS_PAGE_SIZE).toBe(20);
    const [request] = server.to('GET', `${API}/friends`);
    expect(new URL(request!.url, 'http://x').searchParams.get('limit')).toBe('20');
    expect(new URL(request!.url, 'http://x').searchParams.get('offset')).toBe('0');
  });

  it('shows five skeleton rows while the list loads', async () => {
    const held = deferred<Response>();
    server.once(`GET ${API}/friends`, () => held.promise);
    await renderApp('/friends');
    const loading = await screen.findByRole('status', { name: 'Loading your friends' });
    expect(within(loading).getAllByTestId('skeleton-row')).toHaveLength(5);
    held.resolve(
      new Response(
        JSON.stringify({ success: true, data: { friends: [] }, meta: { total: 0, limit: 20, offset: 0 } }),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'No friends yet' })).toBeTruthy();
  });

  it('pages by 20: "Show more" asks for the next offset', async () => {
    for (let i = 0; i < 25; i++) server.befriend(server.add({ firstName: `F${String(i).padStart(2, '0')}` }));
    await renderApp('/friends');
    const list = await screen.findByRole('list', { name: 'Your friends' });
    expect(within(list).getAllByTestId('person-row')).toHaveLength(20);
    expect(screen.getByText('25 friends')).toBeTruthy();
    fireEvent.click(button('Show more'));
    await waitFor(() => expect(within(list).getAllByTestId('person-row')).toHaveLength(25));
    const offsets = server
      .to('GET', `${API}/friends`)
      .map((r) => new URL(r.url, 'http://x').searchParams.get('offset'));
    expect(offsets).toEqual(['0', '20']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('no friends: an empty state leading to the suggestions and to the search', async () => {
    const { router } = await renderApp('/friends');
    expect(await screen.findByRole('heading', { name: 'No friends yet' })).toBeTruthy();
    fireEvent.click(button('See suggestions'));
    await waitFor(() => expect(tab('Suggestions').getAttribute('aria-selected')).toBe('true'));
    expect(router.state.location.search).toEqual({ tab: 'suggestions' });
    fireEvent.click(tab('Friends'));
    fireEvent.click(await screen.findByRole('button', { name: 'Find people' }));
    const search = await screen.findByRole('searchbox', { name: 'Find people' });
    expect(tab('Search').getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(search));
  });

  it('removing a friend asks first; keeping changes nothing, confirming calls DELETE /friends/{id}', async () => {
    const alice = server.add({ firstName: 'Alice', lastName: 'Martin' });
    server.befriend(alice);
    await renderApp('/friends');
    await screen.findByRole('list', { name: 'Your friends' });
    fireEvent.click(button('Remove from friends: Alice Martin'));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove Alice Martin from your friends?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.to('DELETE', `${API}/friends/${alice.id}`)).toHaveLength(0);
    expect(row('Alice Martin')).toBeTruthy();

    fireEvent.click(button('Remove from friends: Alice Martin'));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(server.to('DELETE', `${API}/friends/${alice.id}`)).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'No friends yet' })).toBeTruthy();
    expect(server.isFriend(alice.id)).toBe(false);
    await waitFor(() => expect(toasts()).toContain('Alice Martin is no longer among your friends.'));
  });

  it('a refused removal puts the friend back and says why; the write waits under "needs attention"', async () => {
    const alice = server.add({ firstName: 'Alice', lastName: 'Martin' });
    server.befriend(alice);
    // A refusal (4xx): the outbox keeps the write for the member to retry or discard.
    server.once(`DELETE ${API}/friends/${alice.id}`, () => fail(403, 'FORBIDDEN', 'Not allowed.'));
    await renderApp('/friends');
    await screen.findByRole('list', { name: 'Your friends' });
    fireEvent.click(button('Remove from friends: Alice Martin'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toasts()).toContain('That did not work. Please try again.'));
    expect(await screen.findByRole('listitem', { name: 'Alice Martin' })).toBeTruthy();
    const [entry] = await db.outbox.where('kind').equals('friend.remove').toArray();
    expect(entry).toMatchObject({ status: 'failed', lastStatus: 403 });
  });

  it('a removal the server cannot take now (5xx) is kept and sent again: nothing lost', async () => {
    const alice = server.add({ firstName: 'Alice', lastName: 'Martin' });
    server.befriend(alice);
    server.once(`DELETE ${API}/friends/${alice.id}`, () => fail(500, 'INTERNAL_ERROR', 'boom'));
    await renderApp('/friends');
    await screen.findByRole('list', { name: 'Your friends' });
    fireEvent.click(button('Remove from friends: Alice Martin'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(server.isFriend(alice.id)).toBe(false), { timeout: 15_000 });
    expect(server.to('DELETE', `${API}/friends/${alice.id}`)).toHaveLength(2);
    expect(await screen.findByRole('heading', { name: 'No friends yet' })).toBeTruthy();
  });

  it('a failed load shows an error with a retry', async () => {
    // A refusal that asking again at once will not mend (a 5xx is retried first, for seconds).
    const stop = server.always(`GET ${API}/friends`, () => fail(400, 'VALIDATION_ERROR', 'no'));
    await renderApp('/friends');
    expect((await screen.findByRole('alert')).textContent).toContain('This list could not be loaded.');
    stop();
    server.befriend(server.add({ firstName: 'Alice', lastName: 'Martin' }));
    fireEvent.click(button('Try again'));
    expect(await screen.findByRole('listitem', { name: 'Alice Martin' })).toBeTruthy();
  });
});

describe('friends: requests', () => {
  it('incoming: accept calls PUT /friends/request/{id} {action: accept}; the friend then shows in Friends', async () => {
    const carla = server.add({ firstName: 'Carla', lastName: 'Rossi' });
    const id = server.request(carla, 'me');
    await renderApp('/friends?tab=requests');
    expect(await screen.findByRole('tab', { name: 'Requests (1 new)' })).toBeTruthy();
    const received = await screen.findByRole('list', { name: 'Requests received' });
    expect(within(received).getByRole('listitem', { name: 'Carla Rossi' }).textContent).toContain(
      'Received on Jan 20, 2026',
    );
    fireEvent.click(button('Accept: Carla Rossi'));
    await waitFor(() => expect(server.to('PUT', `${API}/friends/request/${id}`)).toHaveLength(1));
    expect(server.to('PUT', `${API}/friends/request/${id}`)[0]?.body).toEqual({ action: 'accept' });
    expect(await screen.findByRole('heading', { name: 'No pending requests' })).toBeTruthy();
    await waitFor(() => expect(toasts()).toContain('You and Carla Rossi are now friends.'));
    expect(tab('Requests').textContent).toBe('Requests');
    fireEvent.click(tab('Friends'));
    expect(await screen.findByRole('listitem', { name: 'Carla Rossi' })).toBeTruthy();
  });

  it('incoming: decline calls PUT /friends/request/{id} {action: decline}', async () => {
    const carla = server.add({ firstName: 'Carla', lastName: 'Rossi' });
    const id = server.request(carla, 'me');
    await renderApp('/friends?tab=requests');
    fireEvent.click(await screen.findByRole('button', { name: 'Decline: Carla Rossi' }));
    await waitFor(() => expect(server.requestStatus(id)).toBe('declined'));
    expect(server.to('PUT', `${API}/friends/request/${id}`)[0]?.body).toEqual({ action: 'decline' });
    expect(server.isFriend(carla.id)).toBe(false);
    await waitFor(() => expect(toasts()).toContain('Request from Carla Rossi declined.'));
  });

  it('outgoing: cancel calls DELETE /friends/request/{id}', async () => {
    const dan = server.add({ firstName: 'Dan', lastName: 'Petit' });
    const id = server.request('me', dan);
    await renderApp('/friends?tab=requests');
    const sent = await screen.findByRole('list', { name: 'Requests sent' });
    expect(within(sent).getByRole('listitem', { name: 'Dan Petit' }).textContent).toContain('Request sent');
    fireEvent.click(button('Cancel request: Dan Petit'));
    await waitFor(() => expect(server.to('DELETE', `${API}/friends/request/${id}`)).toHaveLength(1));
    expect(server.requestStatus(id)).toBe('cancelled');
    expect(await screen.findByRole('heading', { name: 'No pending requests' })).toBeTruthy();
  });

  it('a request answered elsewhere meanwhile: the server’s 409 is worded and the lists come back', async () => {
    const carla = server.add({ firstName: 'Carla', lastName: 'Rossi' });
    const id = server.request(carla, 'me');
    server.once(`PUT ${API}/friends/request/${id}`, () =>
      fail(409, 'FRIEND_REQUEST_NOT_PENDING', 'The request was answered already.'),
    );
    await renderApp('/friends?tab=requests');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept: Carla Rossi' }));
    await waitFor(() => expect(toasts()).toContain('This request was already answered or cancelled.'));
    expect(await screen.findByRole('listitem', { name: 'Carla Rossi' })).toBeTruthy();
  });

  it('live: a friend notification over the socket refreshes the requests', async () => {
    await renderApp('/friends?tab=requests');
    expect(await screen.findByRole('heading', { name: 'No pending requests' })).toBeTruthy();
    const before = server.to('GET', `${API}/friends/requests`).length;
    const eve = server.add({ firstName: 'Eve', lastName: 'Laurent' });
    server.request(eve, 'me');
    act(() =>
      routeNotification({
        id: crypto.randomUUID(),
        type: 'friend',
        jsonPayload: { relatedFriendId: eve.id },
        isRead: false,
        createdAt: new Date().toISOString(),
      }),
    );
    expect(await screen.findByRole('listitem', { name: 'Eve Laurent' })).toBeTruthy();
    expect(server.to('GET', `${API}/friends/requests`).length).toBeGreaterThan(before);
    expect(screen.getByRole('tab', { name: 'Requests (1 new)' })).toBeTruthy();
  });
});

describe('friends: suggestions', () => {
  it('shows why each is suggested, and "Add friend" sends POST /friends/request {userId, id}', async () => {
    const fay = server.add({ firstName: 'Fay', lastName: 'Moreau', city: 'Lyon' });
    const gus = server.add({ firstName: 'Gus', lastName: 'Bernard' });
    server.suggest(fay, { mutualFriends: 2, sameCity: true, sharedMakes: ['Alpine', 'Peugeot'] });
    server.suggest(gus);
    await renderApp('/friends?tab=suggestions');
    const list = await screen.findByRole('list', { name: 'People you may know' });
    const first = within(list).getByRole('listitem', { name: 'Fay Moreau' });
    expect(first.textContent).toContain('2 mutual friends · Also in Lyon · Also drives Alpine and Peugeot');
    fireEvent.click(within(first).getByRole('button', { name: 'Add friend: Fay Moreau' }));
    await waitFor(() => expect(server.to('POST', `${API}/friends/request`)).toHaveLength(1));
    const body = server.to('POST', `${API}/friends/request`)[0]?.body as { userId: string; id: string };
    expect(body.userId).toBe(fay.id);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    // The card stays, saying what happened, with the way back.
    expect(await within(first).findByRole('button', { name: 'Cancel request: Fay Moreau' })).toBeTruthy();
    expect(first.textContent).toContain('Request sent');
    await waitFor(() => expect(toasts()).toContain('Friend request sent to Fay Moreau.'));
  });

  it('no suggestions: an empty state that leads to the search', async () => {
    await renderApp('/friends?tab=suggestions');
    expect(await screen.findByRole('heading', { name: 'No suggestions right now' })).toBeTruthy();
    fireEvent.click(button('Find people'));
    expect(await screen.findByRole('searchbox', { name: 'Find people' })).toBeTruthy();
  });
});

describe('friends: tabs', () => {
  it('is a tablist: arrows, Home and End move between the tabs and select them', async () => {
    const { router } = await renderApp('/friends');
    const list = screen.getByRole('tablist', { name: 'Friends sections' });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Friends', 'Requests', 'Suggestions', 'Search']);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('Friends').id);
    expect(tab('Friends').getAttribute('tabindex')).toBe('0');
    expect(tab('Requests').getAttribute('tabindex')).toBe('-1');
    tab('Friends').focus();
    fireEvent.keyDown(tab('Friends'), { key: 'ArrowRight' });
    await waitFor(() => expect(tab('Requests').getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(tab('Requests'));
    expect(router.state.location.search).toEqual({ tab: 'requests' });
    fireEvent.keyDown(tab('Requests'), { key: 'End' });
    await waitFor(() => expect(tab('Search').getAttribute('aria-selected')).toBe('true'));
    fireEvent.keyDown(tab('Search'), { key: 'ArrowRight' });
    await waitFor(() => expect(tab('Friends').getAttribute('aria-selected')).toBe('true'));
    expect(router.state.location.search).toEqual({});
    fireEvent.keyDown(tab('Friends'), { key: 'ArrowLeft' });
    await waitFor(() => expect(tab('Search').getAttribute('aria-selected')).toBe('true'));
    fireEvent.keyDown(tab('Search'), { key: 'Home' });
    await waitFor(() => expect(tab('Friends').getAttribute('aria-selected')).toBe('true'));
  });

  it('an unknown ?tab= opens the friends list', async () => {
    await renderApp('/friends?tab=nope');
    expect(tab('Friends').getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'No friends yet' })).toBeTruthy();
  });

  it('pull-to-refresh (the refresh button) asks the server again', async () => {
    await renderApp('/friends');
    await screen.findByRole('heading', { name: 'No friends yet' });
    const before = server.to('GET', `${API}/friends`).length;
    fireEvent.click(button('Refresh'));
    await waitFor(() => expect(server.to('GET', `${API}/friends`).length).toBe(before + 1));
  });
});

describe('friends: offline', () => {
  it('says writes are kept for later, and shows the needs-a-connection state', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await renderApp('/friends?tab=suggestions');
      expect(
        screen.getByText(
          'You are offline. Friend requests, answers and removals are kept on this device and sent once you are back online.',
        ),
      ).toBeTruthy();
      expect(await screen.findByRole('heading', { name: 'Needs a connection' })).toBeTruthy();
      expect(button('Try again').hasAttribute('disabled')).toBe(true);
    } finally {
      onLine.mockRestore();
    }
  });

  it('keeps showing the friends it has; a removal is kept on the device and survives a reload', async () => {
    const alice = server.add({ firstName: 'Alice', lastName: 'Martin' });
    server.befriend(alice);
    await renderApp('/friends');
    await screen.findByRole('listitem', { name: 'Alice Martin' });
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => void window.dispatchEvent(new Event('offline')));
      expect(await screen.findByText(/You are offline/)).toBeTruthy();
      expect(row('Alice Martin')).toBeTruthy();
      fireEvent.click(button('Remove from friends: Alice Martin'));
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByRole('heading', { name: 'No friends yet' })).toBeTruthy();
      await waitFor(() =>
        expect(toasts()).toContain('Kept on this device: it will be sent once you are back online.'),
      );
      const [entry] = await db.outbox.where('kind').equals('friend.remove').toArray();
      expect(entry).toMatchObject({ method: 'DELETE', path: `/friends/${alice.id}` });
      expect(server.isFriend(alice.id)).toBe(true);
    } finally {
      onLine.mockRestore();
    }
  });
});
