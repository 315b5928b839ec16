// Authors' names and avatars lead to their profiles: on post cards and on comments.
import { act, cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSignedIn, TEST_USER } from '@/testing/session-mock';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import { sessionStore } from '@/lib/auth/session-store';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { signedIn } from '@/testing/api-client';
import { FAKE_FRIEND, installPostsServer } from '@/features/posts/testing/fake-posts-server';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.mock('@/app/sync-lifecycle', () => ({
  startSignedInSync: vi.fn(async () => undefined),
  stopSignedInSync: vi.fn(),
  isSyncWanted: () => false,
}));
vi.mock('@/lib/offline/shell-settled', () => ({ shellSettled: () => Promise.resolve() }));
vi.mock('@/features/people/avatar/use-avatar-url', () => ({ useAvatarUrl: () => undefined }));
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const me = { id: TEST_USER.id, username: 'jane', firstName: 'Jane', lastName: 'Doe', avatar: null };
let server: ReturnType<typeof installPostsServer>;

beforeEach(() => {
  resetLocalDatabaseForTests(`author-link-${Math.random().toString(36).slice(2)}`);
  signedIn();
  setSignedIn(true);
  sessionStore.setState({ status: 'signedIn', user: TEST_USER, isAuthReady: true });
  server = installPostsServer({ me });
  activateCatalog('en-US');
});
afterEach(async () => {
  cleanup();
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  db.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.reset();
});

describe('author links', () => {
  it("a friend's name on a post card opens their profile; my own name opens mine", async () => {
    server.addPost({ content: '<p>From Bob</p>' });
    server.addPost({ author: me, content: '<p>From me</p>' });
    await renderApp('/feed');
    const bobs = await screen.findByRole('article', { name: 'Post by Bob Brown' });
    expect(within(bobs).getByRole('link', { name: 'Bob Brown' }).getAttribute('href')).toBe(
      `/people/${FAKE_FRIEND.id}`,
    );
    const mine = screen.getByRole('article', { name: 'Post by Jane Doe' });
    expect(within(mine).getByRole('link', { name: 'Jane Doe' }).getAttribute('href')).toBe('/profile');
    // The avatar goes to the same place without a second stop for the keyboard or a screen reader.
    const avatarLink = bobs.querySelector('.post-avatar')?.closest('a');
    expect(avatarLink?.getAttribute('href')).toBe(`/people/${FAKE_FRIEND.id}`);
    expect(avatarLink?.getAttribute('tabindex')).toBe('-1');
    expect(avatarLink?.getAttribute('aria-hidden')).toBe('true');
  });

  it("a comment's author opens their profile", async () => {
    const post = server.addPost({ author: me, content: '<p>Mine</p>' });
    server.addComment(post.id, { content: 'Nice car' });
    await renderApp(`/post/${post.id}`);
    const comment = await screen.findByTestId('comment');
    expect(within(comment).getByRole('link', { name: 'Bob Brown' }).getAttribute('href')).toBe(
      `/people/${FAKE_FRIEND.id}`,
    );
  });
});
