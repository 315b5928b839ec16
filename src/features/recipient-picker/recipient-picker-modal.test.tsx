// The recipient-choosing modal, rule by rule (spec §2, §4, §7, §8, §9): each
// rule is its own test, the 300 ms debounce and the 500 ms refresh indicator on fake timers.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '@/testing/session-mock';
import { renderWithProviders } from '@/testing/test-utils';
import type { Friend } from '@/contract/people';
import { sessionStore } from '@/lib/auth/session-store';
import { recipientPickerPerTest } from './testing/picker-test';
import { deferred, fail, installFetch, ok, type RecordedRequest } from '@/testing/fetch';
import {
  filterFriends,
  initialOf,
  RECIPIENT_FRIENDS_LIMIT,
  RECIPIENT_FRIENDS_PAGE,
  REFRESH_INDICATOR_MS,
  RecipientPickerModal,
  SEARCH_DEBOUNCE_MS,
  SKELETON_ROWS,
  usernameLine,
  type RecipientChoice,
} from './index';

// Avatars need the bearer token and object URLs (none in jsdom): the people feature's loader is
// replaced by one that "loads" every URL except those containing "missing".
vi.mock('@/lib/media/avatar-url', () => ({
  useAvatarUrl: (url: string | null | undefined) =>
    url && !url.includes('missing') ? `blob:${url}` : undefined,
}));

const friend = (fields: Partial<Friend> & { id: string }): Friend => ({
  username: 'user',
  firstName: '',
  lastName: '',
  email: 'user@example.com',
  avatar: null,
  city: null,
  friendsSince: '2026-01-01T00:00:00Z',
  ...fields,
});

const bob = friend({
  id: 'b0000000-0000-4000-8000-000000000001',
  firstName: 'Bob',
  lastName: 'Martin',
  username: 'bobby',
  email: 'bob@example.com',
  city: 'Lyon',
});
const claire = friend({
  id: 'c0000000-0000-4000-8000-000000000002',
  firstName: 'Claire',
  lastName: 'Dubois',
  username: 'claire@example.com',
  email: 'claire@example.com',
  avatar: '/api/v1.0/users/c/avatar?v=1',
});
const denis = friend({
  id: 'd0000000-0000-4000-8000-000000000003',
  username: 'dd',
  email: 'denis@garage.fr',
  avatar: '/api/v1.0/users/d/avatar?v=missing',
  city: '  ',
});
const FRIENDS = [bob, claire, denis];

let requests: RecordedRequest[];
function serve(answer: () => Response | Promise<Response> = () => ok({ friends: FRIENDS })) {
  requests = installFetch({ 'GET /api/v1.0/friends': () => answer() }).requests;
}

function open(noFriendsAction?: React.ReactNode) {
  const onDismiss = vi.fn<(choice: RecipientChoice) => void>();
  renderWithProviders(<RecipientPickerModal onDismiss={onDismiss} noFriendsAction={noFriendsAction} />);
  return onDismiss;
}

const dialog = () => screen.getByRole('dialog', { name: 'Choose a recipient' });
const rows = () => screen.queryAllByTestId('recipient-row');
const names = () => rows().map((row) => row.querySelector('.recipient-picker__name')?.textContent);
const search = () => screen.getByRole('searchbox', { name: 'Search friends' });
/** Fake time passes (the debounce); React applies what it caused. */
const advance = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });
const loaded = () => waitFor(() => expect(rows()).toHaveLength(FRIENDS.length));

recipientPickerPerTest();

describe('recipient modal: frame', () => {
  it('has a title, a close button and a search box whose clear button shows once something is typed', async () => {
    serve();
    open();
    expect(within(dialog()).getByRole('heading', { name: 'Choose a recipient' })).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(search().getAttribute('placeholder')).toBe('Search friends');
    expect(screen.queryByRole('button', { name: 'Clear the search' })).toBeNull();
    fireEvent.change(search(), { target: { value: 'bo' } });
    expect(screen.getByRole('button', { name: 'Clear the search' })).toBeTruthy();
    await loaded();
  });

  it('the close button answers no user and cancelled true', async () => {
    serve();
    const onDismiss = open();
    await loaded();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(onDismiss).toHaveBeenCalledExactlyOnceWith({ cancelled: true });
    expect(onDismiss.mock.calls[0]![0].user).toBeUndefined();
  });

  it('Escape closes it the same way', async () => {
    serve();
    const onDismiss = open();
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledExactlyOnceWith({ cancelled: true });
  });

  it('tapping a row answers that friend with cancelled false', async () => {
    serve();
    const onDismiss = open();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: /Claire Dubois/ }));
    expect(onDismiss).toHaveBeenCalledExactlyOnceWith({ user: claire, cancelled: false });
  });
});

describe('recipient modal: loading', () => {
  it(`shows ${SKELETON_ROWS} skeleton rows while the friends load`, async () => {
    expect(SKELETON_ROWS).toBe(5);
    const pending = deferred<Response>();
    serve(() => pending.promise);
    open();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(screen.getByRole('status', { name: 'Loading your friends…' })).toBeTruthy();
    await act(async () => pending.resolve(ok({ friends: FRIENDS })));
    await loaded();
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
  });

  it('asks for page 1 of 50: limit=50 and offset=0', async () => {
    expect([RECIPIENT_FRIENDS_PAGE, RECIPIENT_FRIENDS_LIMIT]).toEqual([1, 50]);
    serve();
    open();
    await loaded();
    expect(requests).toHaveLength(1);
    const url = new URL(requests[0]!.url, 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ limit: '50', offset: '0' });
  });

  it('loads only once a current user exists', async () => {
    sessionStore.setState({ status: 'unknown', user: null, isAuthReady: false });
    serve();
    open();
    // Mounting the list's query (effects flushed) would have sent its request by now.
    await act(async () => {});
    expect(requests).toHaveLength(0);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    act(() => sessionStore.setState({ status: 'signedIn', user: TEST_USER, isAuthReady: true }));
    await loaded();
    expect(requests).toHaveLength(1);
  });

  it('a loading failure ends loading and is logged, with no message to the member', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(() => fail(500, 'INTERNAL', 'boom'));
    open();
    await waitFor(() => expect(logged).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0));
    expect(logged.mock.calls.some((call) => call[0] === 'Error loading friends')).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests).toHaveLength(1); // ends at once: no retries keep it loading
  });
});

describe('recipient modal: empty states', () => {
  it('no friends: the empty state titled with the no-friends message', async () => {
    serve(() => ok({ friends: [] }));
    open(<a href="/friends">Find friends</a>);
    expect(await screen.findByRole('heading', { name: 'No friends yet' })).toBeTruthy();
    expect(screen.getByText('Add friends to start a conversation.')).toBeTruthy();
    // The screen that opened the modal offers the way to friends.
    expect(screen.getByRole('link', { name: 'Find friends' }).getAttribute('href')).toBe('/friends');
  });

  it('a search that matches nobody: the no-search-results empty state', async () => {
    serve();
    open();
    await loaded();
    vi.useFakeTimers();
    fireEvent.change(search(), { target: { value: 'zzz' } });
    await advance(SEARCH_DEBOUNCE_MS);
    expect(screen.getByRole('heading', { name: 'No results' })).toBeTruthy();
    expect(screen.getByText('No friend matches your search.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No friends yet' })).toBeNull();
  });
});

describe('recipient modal: search', () => {
  it('waits 300 ms after typing before filtering', async () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    serve();
    open();
    await loaded();
    vi.useFakeTimers();
    fireEvent.change(search(), { target: { value: 'B' } });
    await advance(200);
    fireEvent.change(search(), { target: { value: 'BOBB' } }); // typing again starts the wait over
    await advance(299);
    expect(rows()).toHaveLength(3);
    await advance(1);
    expect(names()).toEqual(['Bob Martin']);
  });

  it('the clear button empties the box and shows everyone again at once', async () => {
    serve();
    open();
    await loaded();
    vi.useFakeTimers();
    fireEvent.change(search(), { target: { value: 'claire' } });
    await advance(SEARCH_DEBOUNCE_MS);
    expect(names()).toEqual(['Claire Dubois']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect((search() as HTMLInputElement).value).toBe('');
    expect(rows()).toHaveLength(3);
    expect(document.activeElement).toBe(search());
  });

  it('filters case-insensitively on first name, last name, username or e-mail; blank shows all', () => {
    expect(filterFriends(FRIENDS, 'bOB').map((f) => f.id)).toEqual([bob.id]); // first name (and e-mail)
    expect(filterFriends(FRIENDS, 'DUBO')).toEqual([claire]); // last name
    expect(filterFriends(FRIENDS, 'bobby')).toEqual([bob]); // username
    expect(filterFriends(FRIENDS, 'GARAGE.FR')).toEqual([denis]); // e-mail
    expect(filterFriends(FRIENDS, 'lyon')).toEqual([]); // the city is not searched
    expect(filterFriends(FRIENDS, 'bob martin')).toEqual([]); // a substring of one field, not of the full name
    expect(filterFriends(FRIENDS, '')).toEqual(FRIENDS);
    expect(filterFriends(FRIENDS, '   ')).toEqual(FRIENDS);
  });

  it('ignores accents: "eleonore" finds Éléonore, "EMILE" finds Émile', () => {
    const accented = [
      {
        ...bob,
        id: 'e1',
        firstName: 'Éléonore',
        lastName: 'Noël',
        username: 'leo',
        email: 'leo@example.com',
      },
      {
        ...claire,
        id: 'e2',
        firstName: 'Emile',
        lastName: 'Dupre',
        username: 'emile',
        email: 'em@example.com',
      },
    ];
    expect(filterFriends(accented, 'eleonore').map((f) => f.id)).toEqual(['e1']);
    expect(filterFriends(accented, 'noel').map((f) => f.id)).toEqual(['e1']);
    expect(filterFriends(accented, 'DUPRÉ').map((f) => f.id)).toEqual(['e2']);
  });
});

describe('recipient modal: rows', () => {
  it('shows the display name, the @username only when it differs from the e-mail, the city with its icon only when set', async () => {
    serve();
    open();
    await loaded();
    const [bobRow, claireRow, denisRow] = rows();
    expect(names()).toEqual(['Bob Martin', 'Claire Dubois', 'dd']);
    expect(bobRow!.textContent).toContain('@bobby');
    expect(claireRow!.textContent).not.toContain('@'); // username = e-mail
    expect(denisRow!.textContent).toContain('@dd');
    expect(within(bobRow!).getByTestId('recipient-city').textContent).toBe('Lyon');
    expect(within(bobRow!).getByTestId('location-icon')).toBeTruthy();
    expect(within(claireRow!).queryByTestId('recipient-city')).toBeNull(); // no city
    expect(within(denisRow!).queryByTestId('recipient-city')).toBeNull(); // a blank city is none
    expect(within(claireRow!).queryByTestId('location-icon')).toBeNull();
  });

  it('the avatar is the image, or the upper-cased first letter when there is none or it fails to load', async () => {
    serve();
    open();
    await loaded();
    const avatar = (row: HTMLElement) => within(row).getByTestId('recipient-avatar');
    const [bobRow, claireRow, denisRow] = rows();
    expect(avatar(bobRow!).textContent).toBe('B'); // no image
    expect(avatar(bobRow!).querySelector('img')).toBeNull();
    const img = avatar(claireRow!).querySelector('img');
    expect(img?.getAttribute('src')).toBe('blob:/api/v1.0/users/c/avatar?v=1');
    expect(avatar(denisRow!).textContent).toBe('D'); // could not be loaded: "dd" → D
    fireEvent.error(img!); // the image itself fails to load
    expect(avatar(claireRow!).textContent).toBe('C');
    expect(avatar(claireRow!).querySelector('img')).toBeNull();
  });

  it('the @username rule and the initial, as functions', () => {
    expect(usernameLine({ username: 'bobby', email: 'bob@example.com' })).toBe('@bobby');
    expect(usernameLine({ username: 'bob@example.com', email: 'bob@example.com' })).toBeNull();
    expect(usernameLine({ username: '', email: 'x@y.z' })).toBeNull();
    expect(initialOf({ firstName: 'émile', lastName: 'Zola' })).toBe('É');
    expect(initialOf({ firstName: '', lastName: '', username: '', email: 'zed@x.fr' })).toBe('Z');
    expect(initialOf({})).toBe('U'); // "Unknown User"
  });
});

describe('recipient modal: pull-to-refresh', () => {
  it(`reloads the friends and the indicator ends after ${REFRESH_INDICATOR_MS} ms`, async () => {
    expect(REFRESH_INDICATOR_MS).toBe(500);
    serve();
    open();
    await loaded();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(requests).toHaveLength(2);
    expect(screen.getAllByText('Refreshing…').length).toBeGreaterThan(0);
    await act(async () => vi.advanceTimersByTimeAsync(REFRESH_INDICATOR_MS - 1));
    expect(screen.getAllByText('Refreshing…').length).toBeGreaterThan(0);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Refreshing…')).toBeNull();
  });
});
