// A member with more than 50 friends reaches every one of them, by searching
// (the server searches all friends, accents and case ignored) and by scrolling (50 more at a time);
// a list that could not be loaded says so, with a retry, instead of "No friends yet".
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Friend } from '@/contract/people';
import { recipientPickerPerTest } from './testing/picker-test';
import { fail, installFetch, json, type RecordedRequest } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { RecipientPickerModal, type RecipientChoice } from './index';

vi.mock('@/lib/media/avatar-url', () => ({ useAvatarUrl: () => undefined }));

const pad = (n: number) => String(n).padStart(3, '0');
/** 120 friends, by first name then last name as the server sorts them; the 110th has an accent. */
const FRIENDS: Friend[] = Array.from({ length: 120 }, (_, i) => ({
  id: `f0000000-0000-4000-8000-000000000${pad(i + 1)}`,
  username: `friend${pad(i + 1)}`,
  firstName: 'Friend',
  lastName: i + 1 === 110 ? '110 Lefèvre' : pad(i + 1),
  email: `friend${pad(i + 1)}@example.com`,
  avatar: null,
  city: null,
  friendsSince: '2026-01-01T00:00:00Z',
}));
const THE_110TH = 'Friend 110 Lefèvre';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/** GET /friends as the server answers it: limit, offset, search over names and username, meta.total. */
function friendsRoute(req: RecordedRequest): Response {
  const query = new URL(req.url, 'http://localhost').searchParams;
  const limit = Number(query.get('limit'));
  const offset = Number(query.get('offset'));
  const search = fold(query.get('search') ?? '');
  const all = search
    ? FRIENDS.filter((f) =>
        [f.username, f.firstName, f.lastName, `${f.firstName} ${f.lastName}`].some((v) =>
          fold(v).includes(search),
        ),
      )
    : FRIENDS;
  return json(200, {
    success: true,
    data: { friends: all.slice(offset, offset + limit) },
    meta: { total: all.length, limit, offset },
  });
}

const rows = () => screen.queryAllByTestId('recipient-row');
const names = () => rows().map((row) => row.querySelector('.recipient-picker__name')?.textContent);
const searchBox = () => screen.getByRole('searchbox', { name: 'Search friends' });
const queryOf = (req: RecordedRequest) =>
  Object.fromEntries(new URL(req.url, 'http://localhost').searchParams);

function open() {
  const onDismiss = vi.fn<(choice: RecipientChoice) => void>();
  renderWithProviders(<RecipientPickerModal onDismiss={onDismiss} />);
  return onDismiss;
}

recipientPickerPerTest();

describe('recipient modal: more than 50 friends', () => {
  it('finds the 110th friend by searching on the server (accents and case ignored)', async () => {
    const { requests } = installFetch({ 'GET /api/v1.0/friends': friendsRoute });
    const onDismiss = open();
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(names()).not.toContain(THE_110TH);

    fireEvent.change(searchBox(), { target: { value: 'LEFEVRE' } });
    await waitFor(() => expect(names()).toEqual([THE_110TH]));
    expect(requests.map(queryOf)).toEqual([
      { limit: '50', offset: '0' },
      { limit: '50', offset: '0', search: 'LEFEVRE' },
    ]);

    fireEvent.click(screen.getByRole('button', { name: new RegExp(THE_110TH) }));
    expect(onDismiss).toHaveBeenCalledExactlyOnceWith({ user: FRIENDS[109], cancelled: false });
  });

  it('reaches the 110th friend by scrolling: 50 more at a time', async () => {
    const { requests } = installFetch({ 'GET /api/v1.0/friends': friendsRoute });
    const onDismiss = open();
    await waitFor(() => expect(rows()).toHaveLength(50));
    fireEvent.click(screen.getByRole('button', { name: 'Show more friends' }));
    await waitFor(() => expect(rows()).toHaveLength(100));
    fireEvent.click(screen.getByRole('button', { name: 'Show more friends' }));
    await waitFor(() => expect(rows()).toHaveLength(120));
    // Everyone is loaded: no more button.
    expect(screen.queryByRole('button', { name: 'Show more friends' })).toBeNull();
    expect(names()[109]).toBe(THE_110TH);
    expect(requests.map((req) => queryOf(req).offset)).toEqual(['0', '50', '100']);

    fireEvent.click(screen.getByRole('button', { name: new RegExp(THE_110TH) }));
    expect(onDismiss).toHaveBeenCalledExactlyOnceWith({ user: FRIENDS[109], cancelled: false });
  });

  it('a search among friends all loaded filters them here, without asking the server again', async () => {
    const { requests } = installFetch({ 'GET /api/v1.0/friends': friendsRoute });
    open();
    await waitFor(() => expect(rows()).toHaveLength(50));
    fireEvent.click(screen.getByRole('button', { name: 'Show more friends' }));
    await waitFor(() => expect(rows()).toHaveLength(100));
    fireEvent.click(screen.getByRole('button', { name: 'Show more friends' }));
    await waitFor(() => expect(rows()).toHaveLength(120));
    fireEvent.change(searchBox(), { target: { value: 'friend110' } });
    await waitFor(() => expect(names()).toEqual([THE_110TH]));
    expect(requests).toHaveLength(3);
  });
});

describe('recipient modal: a failed load', () => {
  it('says the friends could not be loaded, not "No friends yet", and Try again loads them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let down = true;
    installFetch({
      'GET /api/v1.0/friends': (req) => (down ? fail(500, 'INTERNAL_ERROR', 'boom') : friendsRoute(req)),
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Your friends could not be loaded' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No friends yet' })).toBeNull();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(screen.queryByRole('heading', { name: 'Your friends could not be loaded' })).toBeNull();
  });

  it('a failed search says so too, with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let searchDown = true;
    installFetch({
      'GET /api/v1.0/friends': (req) =>
        searchDown && queryOf(req).search ? fail(500, 'INTERNAL_ERROR', 'boom') : friendsRoute(req),
    });
    open();
    await waitFor(() => expect(rows()).toHaveLength(50));
    fireEvent.change(searchBox(), { target: { value: 'lefèvre' } });
    expect(await screen.findByText('The rest of your friends could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No results' })).toBeNull();
    searchDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(names()).toEqual([THE_110TH]));
  });
});
