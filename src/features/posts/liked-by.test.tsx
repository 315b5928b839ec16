// A post shows who liked it: "Liked by you, Bob Brown and 3 others" from the names this
// device knows, opening a dialog that lists every liker (paged), each linking to their profile.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PostAuthor } from '@/contract/posts';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import { i18n } from '@/lib/i18n';
import { FAKE_FRIEND } from '@/features/posts/testing/fake-posts-server';
import { likedByLine, likedByText } from './liked-by-line';
import {
  type FakePostsServer,
  POSTS_ME as me,
  postsScreensPerTest,
} from '@/features/posts/testing/posts-screen-test';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.mock('@/app/sync-lifecycle', async () => (await import('@/testing/sync-lifecycle-off')).syncLifecycleOff);
vi.mock(
  '@/lib/offline/shell-settled',
  async () => (await import('@/testing/shell-settled-at-once')).shellSettledAtOnce,
);
vi.mock('@/lib/media/avatar-url', () => ({ useAvatarUrl: () => undefined }));

const stranger = (n: number): PostAuthor => ({
  id: `stranger-${n}`,
  username: `s${n}`,
  firstName: 'Sam',
  lastName: `Number${n}`,
  avatar: null,
});
const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);
let server: FakePostsServer;
postsScreensPerTest('liked-by', (s) => (server = s));

describe('the "Liked by" line', () => {
  const names = new Map([
    ['me', 'you'],
    ['anna', 'Anna'],
    ['ben', 'Ben'],
  ]);
  const line = (likes: string[], count: number) => {
    const parts = likedByLine(likes, count, (id) => names.get(id));
    return parts && likedByText(t, parts);
  };

  it('names at most two known likers and counts the others, in both languages', () => {
    expect(line([], 0)).toBeNull();
    expect(line(['anna'], 1)).toBe('Liked by Anna');
    expect(line(['me', 'anna'], 2)).toBe('Liked by you and Anna');
    expect(line(['anna', 'x', 'ben', 'y', 'z'], 5)).toBe('Liked by Anna, Ben and 3 others');
    expect(line(['anna', 'x'], 2)).toBe('Liked by Anna and 1 other');
    expect(line(['x', 'y'], 2)).toBe('Liked by 2 people');
    expect(line(['x'], 1)).toBe('Liked by 1 person');
    // likes lists at most 100 ids; likesCount counts everyone.
    expect(line(['anna'], 250)).toBe('Liked by Anna and 249 others');
    activateCatalog('fr-FR');
    expect(line(['anna', 'x', 'ben', 'y', 'z'], 5)).toBe('Aimé par Anna, Ben et 3 autres personnes');
    expect(line(['anna', 'ben'], 2)).toBe('Aimé par Anna et Ben');
    expect(line(['x'], 1)).toBe('Aimé par 1 personne');
  });

  it('on a post: me, the author and the likers already listed are named; it opens the list of likers', async () => {
    const post = server.addPost({ content: '<p>From Bob</p>' });
    server.setLikers(post.id, [me, FAKE_FRIEND, stranger(1), stranger(2), stranger(3), stranger(4)]);
    await renderApp('/feed');
    const card = await screen.findByRole('article', { name: 'Post by Bob Brown' });
    const line = await within(card).findByRole('button', { name: 'Liked by you, Bob Brown and 4 others' });
    expect(line.getAttribute('aria-haspopup')).toBe('dialog');
    line.focus();
    fireEvent.click(line);
    const dialog = await screen.findByRole('dialog', { name: 'Liked by 6 people' });
    const links = await within(dialog).findAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Jane Doe (you)',
      'Bob Brown',
      'Sam Number1',
      'Sam Number2',
      'Sam Number3',
      'Sam Number4',
    ]);
    expect(links[0]!.getAttribute('href')).toBe('/profile');
    expect(links[1]!.getAttribute('href')).toBe(`/people/${FAKE_FRIEND.id}`);
    // Escape closes it; focus goes back to the line.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(line);
  });

  it('nobody likes it: no line', async () => {
    server.addPost({ content: '<p>Quiet</p>' });
    await renderApp('/feed');
    const card = await screen.findByRole('article', { name: 'Post by Bob Brown' });
    expect(within(card).queryByRole('button', { name: /Liked by/ })).toBeNull();
  });
});

describe('the list of likers', () => {
  it('pages 20 at a time with "Show more people"', async () => {
    const post = server.addPost({ content: '<p>Popular</p>' });
    server.setLikers(
      post.id,
      Array.from({ length: 25 }, (_, i) => stranger(i + 1)),
    );
    await renderApp('/feed');
    fireEvent.click(await screen.findByRole('button', { name: 'Liked by 25 people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Liked by 25 people' });
    await waitFor(() => expect(within(dialog).getAllByRole('link')).toHaveLength(20));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show more people' }));
    await waitFor(() => expect(within(dialog).getAllByRole('link')).toHaveLength(25));
    expect(within(dialog).queryByRole('button', { name: 'Show more people' })).toBeNull();
    expect(server.pages(`/posts/${post.id}/likes`)).toEqual(['20/0', '20/20']);
  });

  it('loading shows skeleton rows; a failure says so and retries', async () => {
    const post = server.addPost({ content: '<p>Liked</p>' });
    server.setLikers(post.id, [FAKE_FRIEND]);
    await renderApp('/feed');
    // The data layer's list has taken over from the network's first page (its cards remount).
    await waitFor(() => expect(document.querySelector('.feed__more')).not.toBeNull());
    const line = await screen.findByRole('button', { name: 'Liked by Bob Brown' });
    server.failReads(500);
    fireEvent.click(line);
    const dialog = await screen.findByRole('dialog', { name: 'Who liked this post' });
    expect(within(dialog).getByRole('status', { name: 'Loading who liked this post' })).toBeTruthy();
    expect(await within(dialog).findByText('The list could not be loaded.')).toBeTruthy();
    server.failReads(null);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('link', { name: 'Bob Brown' })).toBeTruthy();
  });

  it('offline: says the list needs a connection', async () => {
    const post = server.addPost({ content: '<p>Liked</p>' });
    server.setLikers(post.id, [FAKE_FRIEND]);
    await renderApp('/feed');
    const line = await screen.findByRole('button', { name: 'Liked by Bob Brown' });
    server.setOffline(true);
    fireEvent.click(line);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/You are offline/)).toBeTruthy();
  });
});
