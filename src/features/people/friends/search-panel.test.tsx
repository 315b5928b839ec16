// The people search: 300 ms after the last keystroke (spec §2/§9), never under 2 characters,
// results with our friendship state and the action that fits it.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { db } from '@/lib/db';
import { PEOPLE_SEARCH_MIN_LENGTH } from '@/contract/constants';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-debounced-value';
import type { PeopleServer } from '@/features/people/testing/people-server';
import { peopleScreensPerTest, toasts } from '@/features/people/testing/screen-setup';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);

const API = '/api/v1.0';
let server: PeopleServer;
peopleScreensPerTest((s) => (server = s));

const box = () => screen.getByRole('searchbox', { name: 'Find people' });
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const searches = () => server.to('GET', `${API}/users/search`);
const asked = () => searches().map((r) => new URL(r.url, 'http://x').searchParams.get('q'));
/** Moves the faked clock and lets the answers (promises) through. */
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

/**
 * Back to the real clock, once what the faked one holds (the answer's render) has run. The answer
 * is read on the real event loop: on a busy machine it can land after a fixed advance, and a timer
 * it then sets on the faked clock (the query's notification) would be dropped with that clock. So
 * the faked clock keeps moving until the search no longer shows "Searching".
 */
async function realTimers() {
  const deadline = Date.now() + 10_000; // Date is not faked: real time
  await advance(500);
  while (screen.queryByRole('status', { name: 'Searching' }) && Date.now() < deadline) {
    await new Promise((resolve) => setImmediate(resolve)); // a real turn for the answer's I/O
    await advance(50);
  }
  await advance(50);
  vi.useRealTimers();
}

async function openSearch() {
  await renderApp('/friends?tab=search');
  await screen.findByRole('searchbox', { name: 'Find people' });
  // Only setTimeout is faked: the router and React keep their own scheduling.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

describe('people search', () => {
  it('waits 300 ms after the last keystroke, then asks once with the text', async () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    server.add({ firstName: 'Alpine', lastName: 'Fan', username: 'alpinefan' });
    await openSearch();
    type('al');
    await advance(299);
    expect(searches()).toHaveLength(0);
    await advance(1);
    expect(asked()).toEqual(['al']);
    // Typing again restarts the wait: only the last text is asked for.
    type('alp');
    await advance(200);
    type('alpi');
    await advance(299);
    expect(asked()).toEqual(['al']);
    await advance(1);
    expect(asked()).toEqual(['al', 'alpi']);
    await realTimers();
    expect(await screen.findByRole('listitem', { name: 'Alpine Fan' })).toBeTruthy();
    const query = new URL(searches()[1]!.url, 'http://x').searchParams;
    expect(query.get('limit')).toBe('20');
    expect(query.get('offset')).toBe('0');
  });

  it('never asks for fewer than 2 characters (after trimming), and says so', async () => {
    expect(PEOPLE_SEARCH_MIN_LENGTH).toBe(2);
    await openSearch();
    expect(screen.getByText('Find members to add as friends.')).toBeTruthy();
    type('a');
    await advance(1000);
    type(' b ');
    await advance(1000);
    expect(searches()).toHaveLength(0);
    expect(screen.getByText('Type at least 2 characters.')).toBeTruthy();
    type('bo');
    await advance(300);
    expect(asked()).toEqual(['bo']);
  });

  it('shows skeleton rows while asking, then "no one found" for an empty answer', async () => {
    await openSearch();
    type('zz');
    await advance(299);
    expect(screen.getByRole('status', { name: 'Searching' })).toBeTruthy();
    await advance(1);
    await realTimers();
    expect(await screen.findByRole('heading', { name: 'No one found for “zz”' })).toBeTruthy();
  });

  it('each result shows our friendship and its action: add, cancel, accept/decline, friends', async () => {
    const none = server.add({ firstName: 'Rita', lastName: 'None' });
    const sent = server.add({ firstName: 'Rita', lastName: 'Sent' });
    const received = server.add({ firstName: 'Rita', lastName: 'Received' });
    const friend = server.add({ firstName: 'Rita', lastName: 'Friend', city: 'Nantes' });
    server.befriend(friend);
    const sentId = server.request('me', sent);
    const receivedId = server.request(received, 'me');
    await openSearch();
    type('rita');
    await advance(300);
    await realTimers();
    const list = await screen.findByRole('list', { name: 'People found' });
    expect(screen.getByText('4 members found')).toBeTruthy();
    const rowOf = (name: string) => within(list).getByRole('listitem', { name });

    expect(within(rowOf('Rita Friend')).queryByRole('button')).toBeNull();
    expect(rowOf('Rita Friend').textContent).toContain('Friends');
    expect(rowOf('Rita Friend').textContent).toContain('Nantes');

    fireEvent.click(within(rowOf('Rita None')).getByRole('button', { name: 'Add friend: Rita None' }));
    await waitFor(() => expect(server.to('POST', `${API}/friends/request`)).toHaveLength(1));
    expect(server.to('POST', `${API}/friends/request`)[0]?.body).toMatchObject({ userId: none.id });
    expect(await within(rowOf('Rita None')).findByText('Request sent')).toBeTruthy();

    fireEvent.click(within(rowOf('Rita Sent')).getByRole('button', { name: 'Cancel request: Rita Sent' }));
    await waitFor(() => expect(server.to('DELETE', `${API}/friends/request/${sentId}`)).toHaveLength(1));
    expect(
      await within(rowOf('Rita Sent')).findByRole('button', { name: 'Add friend: Rita Sent' }),
    ).toBeTruthy();

    expect(
      within(rowOf('Rita Received')).getByRole('button', { name: 'Decline: Rita Received' }),
    ).toBeTruthy();
    fireEvent.click(within(rowOf('Rita Received')).getByRole('button', { name: 'Accept: Rita Received' }));
    await waitFor(() => expect(server.to('PUT', `${API}/friends/request/${receivedId}`)).toHaveLength(1));
    expect(server.to('PUT', `${API}/friends/request/${receivedId}`)[0]?.body).toEqual({ action: 'accept' });
    await waitFor(() => expect(rowOf('Rita Received').textContent).toContain('Friends'));
    expect(server.isFriend(received.id)).toBe(true);
  });

  it('adding someone who had asked me makes us friends at once (200 accepted)', async () => {
    const ana = server.add({ firstName: 'Ana', lastName: 'Lopez' });
    server.request(ana, 'me');
    server.once(
      `GET ${API}/users/search`,
      () =>
        // A search answered before their request arrived: the card still says "none".
        new Response(
          JSON.stringify({
            success: true,
            data: [{ ...ana, friendship: { status: 'none', requestId: null } }],
            meta: { total: 1, limit: 20, offset: 0 },
          }),
        ),
    );
    await openSearch();
    type('ana');
    await advance(300);
    await realTimers();
    fireEvent.click(await screen.findByRole('button', { name: 'Add friend: Ana Lopez' }));
    await waitFor(() => expect(toasts()).toContain('You and Ana Lopez are now friends.'));
    expect(server.isFriend(ana.id)).toBe(true);
  });

  it('the clear button empties the search and puts the focus back in it', async () => {
    await renderApp('/friends?tab=search');
    type('bob');
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect((box() as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(box());
    expect(screen.queryByRole('button', { name: 'Clear the search' })).toBeNull();
  });

  it('offline: adding still works, kept on this device, and the screen says so', async () => {
    const zoe = server.add({ firstName: 'Zoe', lastName: 'Blanc' });
    await renderApp('/friends?tab=search');
    type('zoe');
    const add = await screen.findByRole('button', { name: 'Add friend: Zoe Blanc' });
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => void window.dispatchEvent(new Event('offline')));
      expect(
        await screen.findByText(
          'You are offline. Friend requests, answers and removals are kept on this device and sent once you are back online.',
        ),
      ).toBeTruthy();
      expect(add.hasAttribute('disabled')).toBe(false);
      fireEvent.click(add);
      expect(await screen.findByRole('button', { name: 'Cancel request: Zoe Blanc' })).toBeTruthy();
      await waitFor(() =>
        expect(toasts()).toContain('Kept on this device: it will be sent once you are back online.'),
      );
      // Waiting in the outbox, under Zoe's row; nothing reached the server.
      const [entry] = await db.outbox.where('kind').equals('friend.request').toArray();
      expect(entry).toMatchObject({
        kind: 'friend.request',
        entityId: `person:${zoe.id}`,
      });
      expect(entry?.status).not.toBe('failed');
      expect(server.requestStatus(entry!.id)).toBeUndefined();
    } finally {
      onLine.mockRestore();
    }
  });
});
