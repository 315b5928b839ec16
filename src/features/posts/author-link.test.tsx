// Authors' names and avatars lead to their profiles: on post cards and on comments.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { FAKE_FRIEND } from '@/features/posts/testing/fake-posts-server';
import {
  type FakePostsServer,
  POSTS_ME as me,
  postsScreensPerTest,
} from '@/features/posts/testing/posts-screen-test';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.mock('@/app/sync-lifecycle', async () => (await import('@/testing/sync-lifecycle-off')).syncLifecycleOff);
vi.mock('@/lib/offline/shell-settled', () => ({ shellSettled: () => Promise.resolve() }));
vi.mock('@/features/people/avatar/use-avatar-url', () => ({ useAvatarUrl: () => undefined }));

let server: FakePostsServer;
postsScreensPerTest('author-link', (s) => (server = s), { settleMs: 50 });

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
