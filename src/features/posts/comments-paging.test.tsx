// A post's comments and a comment's replies, page by page (spec §7 "Comments": offset = limit *
// (page - 1); replies limit 20): through the real router, on real Dexie rows (fake-indexeddb) and
// the posts API double, which refuses a limit above the server's largest page as the server does.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COMMENTS_PAGE_MAX, COMMENTS_PAGE_SIZE, REPLIES_PAGE_SIZE } from '@/contract/constants';
import { db } from '@/lib/db';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import { type FakePostsServer, postsScreensPerTest } from '@/features/posts/testing/posts-screen-test';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.mock('@/app/sync-lifecycle', async () => (await import('@/testing/sync-lifecycle-off')).syncLifecycleOff);
vi.mock(
  '@/lib/offline/shell-settled',
  async () => (await import('@/testing/shell-settled-at-once')).shellSettledAtOnce,
);
vi.mock('@/lib/media/avatar-url', () => ({ useAvatarUrl: () => undefined }));

let server: FakePostsServer;
// 250 comments rendered page by page in jsdom: about a minute on a busy 2-core machine.
postsScreensPerTest('comments-paging', (s) => (server = s), { testTimeout: 180_000 });

const topLevel = () =>
  [...document.querySelectorAll<HTMLElement>('.comments__list [data-testid="comment"]')].filter(
    (c) => !c.parentElement?.classList.contains('comment__replies'),
  );
const replyTexts = () =>
  [...document.querySelectorAll('.comment__replies [data-testid="comment"] .rich-text')].map(
    (n) => n.textContent,
  );

/** A post with `count` top-level comments "comment 0" (oldest) … on the server. */
function postWithComments(count: number) {
  const post = server.addPost({ content: '<p>Long thread</p>' });
  for (let i = 0; i < count; i += 1) server.addComment(post.id, { content: `<p>comment ${i}</p>` });
  return post;
}

describe("a post's comments, page by page", () => {
  it('reads 250 comments to the end, 20 at a time from the offset already loaded, never above the largest page', async () => {
    expect([COMMENTS_PAGE_SIZE, COMMENTS_PAGE_MAX]).toEqual([20, 100]);
    const post = postWithComments(250);
    await renderApp(`/post/${post.id}`);
    await waitFor(() => expect(topLevel()).toHaveLength(20));
    expect(topLevel()[0]?.textContent).toContain('comment 249'); // newest first
    for (let shown = 20; shown < 250; shown += 20) {
      fireEvent.click(await screen.findByRole('button', { name: 'More comments' }));
      await waitFor(() => expect(topLevel()).toHaveLength(Math.min(250, shown + 20)));
    }
    expect(topLevel().at(-1)?.textContent).toContain('comment 0');
    expect(screen.queryByRole('button', { name: 'More comments' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    const pages = server.pages(`/comments/post/${post.id}`);
    expect(pages).toEqual(Array.from({ length: 13 }, (_, i) => `20/${i * 20}`));
    expect(await db.comments.count()).toBe(250);
  });

  it('a failed "more" says so with a retry and keeps what shows; the retry asks the same page', async () => {
    const post = postWithComments(30);
    await renderApp(`/post/${post.id}`);
    await waitFor(() => expect(topLevel()).toHaveLength(20));

    server.setOffline(true);
    fireEvent.click(await screen.findByRole('button', { name: 'More comments' }));
    const offline = await screen.findByRole('alert');
    expect(offline.textContent).toContain('You are offline: more comments load once you are back online.');
    expect(topLevel()).toHaveLength(20);

    server.setOffline(false);
    server.failReads(500);
    fireEvent.click(within(offline).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'More comments could not be loaded. Those shown stay here.',
      ),
    );
    expect(topLevel()).toHaveLength(20);

    server.failReads(null);
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(topLevel()).toHaveLength(30));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.pages(`/comments/post/${post.id}`)).toEqual(['20/0', '20/20', '20/20', '20/20']);
  });

  it('says it in French too', async () => {
    activateCatalog('fr-FR');
    const post = postWithComments(21);
    await renderApp(`/post/${post.id}`);
    await waitFor(() => expect(topLevel()).toHaveLength(20));
    server.failReads(500);
    fireEvent.click(screen.getByRole('button', { name: 'Plus de commentaires' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("La suite des commentaires n'a pas pu être chargée.");
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });

  it('a post whose comments are not on this device yet, offline: says why, then loads them on retry', async () => {
    const post = postWithComments(3);
    await db.posts.put({ ...post, commentsCount: 3 });
    server.setOffline(true);
    await renderApp(`/post/${post.id}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("This post's comments are not saved on this device yet.");
    expect(screen.queryByText('No comments yet. Be the first.')).toBeNull();
    server.setOffline(false);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(topLevel()).toHaveLength(3));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a skeleton until the first page is known', async () => {
    const post = postWithComments(2);
    await db.posts.put(post);
    // The server is slow: until its first page comes, the section shows a skeleton.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await held;
      return fetch(...args);
    });
    await renderApp(`/post/${post.id}`);
    expect(await screen.findByRole('status', { name: 'Loading comments' })).toBeTruthy();
    release();
    await waitFor(() => expect(topLevel()).toHaveLength(2));
    expect(screen.queryByRole('status', { name: 'Loading comments' })).toBeNull();
  });
});

describe("a comment's replies", () => {
  it('"more replies" pages past the first 20; the replies seen are kept on this device and show offline', async () => {
    expect(REPLIES_PAGE_SIZE).toBe(20);
    const post = server.addPost({ content: '<p>Question</p>' });
    const question = server.addComment(post.id, { content: '<p>Which oil?</p>' });
    for (let i = 0; i < 45; i += 1)
      server.addComment(post.id, { content: `<p>reply ${i}</p>`, parentCommentId: question.id });
    await renderApp(`/post/${post.id}`);
    fireEvent.click(await screen.findByRole('button', { name: '45 replies' }));
    await waitFor(() => expect(replyTexts()).toHaveLength(20));
    expect(replyTexts()[0]).toBe('reply 0'); // oldest first
    fireEvent.click(await screen.findByRole('button', { name: '25 more replies' }));
    await waitFor(() => expect(replyTexts()).toHaveLength(40));
    fireEvent.click(await screen.findByRole('button', { name: '5 more replies' }));
    await waitFor(() => expect(replyTexts()).toHaveLength(45));
    expect(replyTexts().at(-1)).toBe('reply 44');
    expect(screen.queryByRole('button', { name: /more repl/ })).toBeNull();
    expect(server.pages(`/comments/${question.id}/replies`)).toEqual(['20/0', '20/20', '20/40']);

    // Offline, the post opened again: every reply seen reads from this device.
    cleanup();
    server.setOffline(true);
    await renderApp(`/post/${post.id}`);
    fireEvent.click(await screen.findByRole('button', { name: '45 replies' }));
    await waitFor(() => expect(replyTexts()).toHaveLength(45));
    expect(replyTexts()).toEqual(Array.from({ length: 45 }, (_, i) => `reply ${i}`));
    expect(screen.queryByRole('button', { name: /more repl/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull(); // what is here shows; nothing to apologise for
  });

  it('offline with only the first page kept, "more replies" says why with a retry, then brings the rest', async () => {
    const post = server.addPost();
    const question = server.addComment(post.id, { content: '<p>Which oil?</p>' });
    for (let i = 0; i < 25; i += 1)
      server.addComment(post.id, { content: `<p>reply ${i}</p>`, parentCommentId: question.id });
    await renderApp(`/post/${post.id}`);
    fireEvent.click(await screen.findByRole('button', { name: '25 replies' }));
    await waitFor(() => expect(replyTexts()).toHaveLength(20));
    server.setOffline(true);
    fireEvent.click(await screen.findByRole('button', { name: '5 more replies' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You are offline: the other replies load once you are back online.');
    expect(replyTexts()).toHaveLength(20);
    server.setOffline(false);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(replyTexts()).toHaveLength(25));
    expect(server.pages(`/comments/${question.id}/replies`)).toEqual(['20/0', '20/20', '20/20']);
  });

  it('a reply deleted on the server leaves this device when its page is read again; those beyond stay', async () => {
    const post = server.addPost();
    const question = server.addComment(post.id, { content: '<p>Which oil?</p>' });
    const made = Array.from({ length: 25 }, (_, i) =>
      server.addComment(post.id, { content: `<p>reply ${i}</p>`, parentCommentId: question.id }),
    );
    await renderApp(`/post/${post.id}`);
    fireEvent.click(await screen.findByRole('button', { name: '25 replies' }));
    await waitFor(() => expect(replyTexts()).toHaveLength(20));
    fireEvent.click(await screen.findByRole('button', { name: '5 more replies' }));
    await waitFor(() => expect(replyTexts()).toHaveLength(25));
    // Someone else deletes reply 3; the member closes the replies and opens them again.
    server.comments.delete(made[3]!.id);
    server.comments.set(question.id, { ...server.comments.get(question.id)!, repliesCount: 24 });
    fireEvent.click(screen.getByRole('button', { name: '25 replies' }));
    fireEvent.click(screen.getByRole('button', { name: '25 replies' }));
    await waitFor(() => expect(replyTexts()).not.toContain('reply 3'));
    expect(replyTexts()).toHaveLength(24);
    expect(await screen.findByRole('button', { name: '24 replies' })).toBeTruthy();
  });
});
