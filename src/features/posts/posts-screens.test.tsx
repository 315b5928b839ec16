// The feed's screens through the real router, on real Dexie rows (fake-indexeddb) and the posts
// API double: the feed (local first, then the server), infinite scroll by cursor, likes through
// the outbox, the post editor (spec §9 toolbars and placeholder), offline posting, the post page.
import { File as NodeFile } from 'node:buffer';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Quill from 'quill';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { db } from '@/lib/db';
import { createReplayer } from '@/lib/outbox';
import { setUploadProgress } from '@/lib/outbox/upload-progress';
import { realtime } from '@/lib/realtime/socket';
import { routePostUpdated } from '@/lib/realtime/socket-streams';
import { FAKE_FRIEND } from '@/features/posts/testing/fake-posts-server';
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

let server: FakePostsServer;
postsScreensPerTest('posts-screens', (s) => (server = s));

const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();
const cards = () => screen.queryAllByRole('article');

describe('my-posts: the feed', () => {
  it('shows the posts saved on this device when the server cannot be reached', async () => {
    server.setOffline(true);
    await db.posts.put({
      id: 'p1',
      author: FAKE_FRIEND,
      content: '<p>Saved <strong>here</strong></p>',
      images: [],
      image: null,
      imageWidth: null,
      imageHeight: null,
      carId: null,
      likes: [],
      likesCount: 3,
      commentsCount: 2,
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
    });
    await renderApp('/feed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Feed' })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Post by Bob Brown' });
    expect(card.querySelector('.rich-text')?.innerHTML).toBe('<p>Saved <strong>here</strong></p>');
    expect(within(card).getByText('Mar 1, 2026', { exact: false })).toBeTruthy();
    expect(
      within(card)
        .getByRole('button', { name: /^Like(?!d)/ })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    expect(within(card).getByText('3 likes')).toBeTruthy();
    expect(within(card).getByRole('link', { name: '2 comments' }).getAttribute('href')).toBe('/post/p1');
    expect(await screen.findByText(/You are offline/)).toBeTruthy();
  });

  it('fills from the server, newest first, and asks for the next page by cursor', async () => {
    for (let i = 0; i < 25; i += 1) server.addPost({ content: `<p>post ${i}</p>` });
    await renderApp('/feed');
    await waitFor(() => expect(cards()).toHaveLength(20));
    expect(cards()[0]?.textContent).toContain('post 24');
    const oldestShown = [...server.posts.values()].find((p) => p.content === '<p>post 5</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Load more posts' }));
    await waitFor(() => expect(cards()).toHaveLength(25));
    const feedRequests = server.requests.filter((r) => r.path === '/posts/feed');
    expect(feedRequests.at(-1)?.query.get('before')).toBe(oldestShown?.id);
    expect(screen.queryByRole('button', { name: 'Load more posts' })).toBeNull();
  });

  it('an empty feed points to friend suggestions', async () => {
    await renderApp('/feed');
    expect(await screen.findByRole('heading', { name: 'Your feed is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find friends' }).getAttribute('href')).toBe(
      '/friends?tab=suggestions',
    );
  });

  it('likes at once, queues one toggle and sends it once', async () => {
    const post = server.addPost({ likes: ['someone'], likesCount: 1 });
    await renderApp('/feed');
    const card = await screen.findByRole('article', { name: 'Post by Bob Brown' });
    server.setOffline(true);
    fireEvent.click(within(card).getByRole('button', { name: /^Like(?!d)/ }));
    await waitFor(() =>
      expect(
        within(card)
          .getByRole('button', { name: /^Like(?!d)/ })
          .getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    expect(within(card).getByText('2 likes')).toBeTruthy();
    expect(await db.outbox.count()).toBe(1);
    server.setOffline(false);
    await act(async () => {
      await replay();
    });
    expect(server.writes().map((r) => `${r.method} ${r.path}`)).toEqual([`POST /posts/${post.id}/like`]);
    expect(server.posts.get(post.id)?.likes).toEqual([me.id, 'someone']);
    await waitFor(() => expect(within(card).getByText('2 likes')).toBeTruthy());
  });
});

describe('my posts: delete', () => {
  it("deletes my post after a confirmation (friends' posts have no Delete), sent once", async () => {
    const mine = server.addPost({ author: me, content: '<p>Mine</p>' });
    server.addPost({ content: '<p>Theirs</p>' });
    await renderApp('/feed');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
    const card = screen.getByRole('article', { name: 'Post by Jane Doe' });
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this post?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    await act(async () => {
      await replay();
    });
    expect(server.writes().map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /posts/${mine.id}`]);
    expect(server.posts.has(mine.id)).toBe(false);
  });
});

describe('edit-post', () => {
  it('changes my post on the device at once and sends one PUT', async () => {
    const mine = server.addPost({ author: me, content: '<p>Before</p>' });
    const { router } = await renderApp('/feed');
    const card = await screen.findByRole('article', { name: 'Post by Jane Doe' });
    fireEvent.click(within(card).getByRole('link', { name: 'Edit' }));
    const root = await screen.findByRole('textbox', { name: 'Your post' }, { timeout: 10_000 });
    expect(root.textContent).toBe('Before');
    const quill = Quill.find(root.parentElement as HTMLElement) as Quill;
    server.setOffline(true);
    act(() => void quill.setText('After', 'user'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/post/${mine.id}`));
    expect(await screen.findByText('After')).toBeTruthy();
    server.setOffline(false);
    await act(async () => {
      await replay();
    });
    const puts = server.writes().filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.path)).toEqual([`/posts/${mine.id}`]);
    expect(puts[0]?.body).toEqual({ content: '<p>After</p>', carId: null });
  });
});

describe('create-post', () => {
  async function editor() {
    const root = await screen.findByRole('textbox', { name: 'Your post' }, { timeout: 10_000 });
    return { root, quill: Quill.find(root.parentElement as HTMLElement) as Quill };
  }

  it('has the desktop toolbar of spec §9 and the "Share your thoughts..." placeholder', async () => {
    await renderApp('/create-post');
    const { root } = await editor();
    expect(root.getAttribute('data-placeholder')).toBe('Share your thoughts...');
    for (const name of ['Bold', 'Italic', 'Underline', 'Strikethrough', 'Checklist', 'Increase indent']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Font' })).toBeTruthy();
    expect(screen.getByText('0 / 10,000 characters')).toBeTruthy();
  });

  it("holds exactly the spec's buttons: the palette's colours, no links, images, videos or tables", async () => {
    await renderApp('/create-post');
    await editor();
    for (const name of ['Text colour', 'Background colour'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    for (const name of ['Link', 'Image', 'Video (YouTube or Vimeo)', 'Table'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('attaches photos with previews and a counter; the post goes as multipart data + images', async () => {
    vi.stubGlobal(
      'FormData',
      class {
        private list: [string, unknown][] = [];
        append(name: string, value: unknown) {
          this.list.push([name, value]);
        }
        entries() {
          return this.list[Symbol.iterator]();
        }
      },
    );
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    await renderApp('/create-post');
    await editor();
    const file = new NodeFile(['jpeg'], 'car.jpg', { type: 'image/jpeg' }) as unknown as File;
    const other = new NodeFile(['jpeg'], 'engine.jpg', { type: 'image/jpeg' }) as unknown as File;
    const gone = new NodeFile(['jpeg'], 'blurry.jpg', { type: 'image/jpeg' }) as unknown as File;
    fireEvent.change(screen.getByLabelText('Add photos'), { target: { files: [file, gone, other] } });
    expect((await screen.findByRole('img', { name: 'Photo 1' })).getAttribute('src')).toBe('blob:preview');
    expect(screen.getByText('Photos: 3/10')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(screen.getByText('Photos: 2/10')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const card = await screen.findByRole('article', { name: 'Post by Jane Doe' });
    // While the transport uploads it, the card shows how far the upload has gone.
    const [queued] = await db.outbox.toArray();
    act(() => setUploadProgress(queued!.entityId!, { loaded: 40, total: 100 }));
    expect(within(card).getByText('Uploading 40%')).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: 'Uploading 40%' }).getAttribute('value')).toBe('40');
    act(() => setUploadProgress(queued!.entityId!, null));
    expect(within(card).getByText('Waiting to be sent')).toBeTruthy();
    await act(async () => {
      await replay();
    });
    const [write] = server.writes();
    expect(write?.path).toBe('/posts/with-image');
    expect(write?.files).toHaveLength(2);
    expect(write?.body).toMatchObject({ content: '', carId: null });
  });

  it('has the mobile toolbar on a narrow screen', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 767px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    await renderApp('/create-post');
    await editor();
    expect(screen.getByRole('button', { name: 'Bold' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Numbered list' })).toBeTruthy();
    for (const name of ['Strikethrough', 'Font', 'Checklist', 'Increase indent']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('offline, a post is saved on the device and shows in the feed as pending; then sent once', async () => {
    server.setOffline(true);
    const { router } = await renderApp('/create-post');
    const { quill } = await editor();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Write something or add a photo.')).toBeTruthy();
    act(() => void quill.insertText(0, 'Track day tomorrow', 'user'));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    const card = await screen.findByRole('article', { name: 'Post by Jane Doe' });
    expect(within(card).getByText('Waiting to be sent')).toBeTruthy();
    expect(within(card).getByText('Track day tomorrow')).toBeTruthy();
    server.setOffline(false);
    await act(async () => {
      await replay();
    });
    expect(server.writes().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /posts']);
    await waitFor(() => expect(within(card).queryByText('Waiting to be sent')).toBeNull());
  });
});

describe('post page', () => {
  it('joins the post room, lists comments newest first (or oldest), and comments through the outbox', async () => {
    const join = vi.spyOn(realtime, 'joinPost');
    const leave = vi.spyOn(realtime, 'leavePost');
    const post = server.addPost({ content: '<p>My new exhaust</p>' });
    server.addComment(post.id, { content: '<p>First!</p>' });
    const second = server.addComment(post.id, { content: '<p>Sounds great</p>' });
    server.addComment(post.id, { content: '<p>Which brand?</p>', parentCommentId: second.id });
    await renderApp(`/post/${post.id}`);
    expect(await screen.findByText('My new exhaust')).toBeTruthy();
    expect(join).toHaveBeenCalledWith(post.id);
    const list = await screen.findByRole('list', { name: 'Comments' });
    await waitFor(() => expect(within(list).getAllByTestId('comment')).toHaveLength(2));
    const texts = () =>
      within(screen.getByRole('list', { name: 'Comments' }))
        .getAllByTestId('comment')
        .map((c) => c.querySelector('.rich-text')?.textContent);
    expect(texts()).toEqual(['Sounds great', 'First!']);
    expect(server.requests.find((r) => r.path === `/comments/post/${post.id}`)?.query.get('sortBy')).toBe(
      'newest',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Oldest first' }));
    await waitFor(() => expect(texts()).toEqual(['First!', 'Sounds great']));

    // Replies on demand (limit 20).
    fireEvent.click(screen.getByRole('button', { name: '1 reply' }));
    expect(await screen.findByText('Which brand?')).toBeTruthy();
    expect(server.requests.find((r) => r.path === `/comments/${second.id}/replies`)?.query.get('limit')).toBe(
      '20',
    );

    server.setOffline(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), {
      target: { value: 'Akrapovič' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(texts()).toContain('Akrapovič'));
    expect(await screen.findByText('4 comments')).toBeTruthy();
    server.setOffline(false);
    await act(async () => {
      await replay();
    });
    expect(server.writes().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /comments']);
    expect([...server.comments.values()].map((c) => c.content)).toContain('<p>Akrapovič</p>');

    cleanup();
    expect(leave).toHaveBeenCalledWith(post.id);
  });

  it('shows likes and comments of others live on postUpdated', async () => {
    const post = server.addPost({ content: '<p>Live</p>' });
    await renderApp(`/post/${post.id}`);
    expect(await screen.findByText('Live')).toBeTruthy();
    expect(await screen.findByText('No comments yet. Be the first.')).toBeTruthy();
    // Another member likes and comments on the server; the room tells this page.
    server.posts.set(post.id, { ...server.posts.get(post.id)!, likes: ['other'], likesCount: 1 });
    server.addComment(post.id, { content: '<p>Live comment</p>' });
    act(() => routePostUpdated({ postId: 'another-post', message: 'Post liked' }));
    act(() => routePostUpdated({ postId: post.id, message: 'Post liked' }));
    expect(await screen.findByText('Live comment')).toBeTruthy();
    expect(await screen.findByText('1 like')).toBeTruthy();
    expect(screen.getByText('1 comment')).toBeTruthy();
  });

  it('deletes my own comment after a confirmation', async () => {
    const post = server.addPost();
    const mine = server.addComment(post.id, { content: '<p>Mine</p>', author: me });
    server.addComment(post.id, { content: '<p>Theirs</p>' });
    await renderApp(`/post/${post.id}`);
    const list = await screen.findByRole('list', { name: 'Comments' });
    await waitFor(() => expect(within(list).getAllByTestId('comment')).toHaveLength(2));
    const buttons = within(list).getAllByRole('button', { name: 'Delete' });
    expect(buttons).toHaveLength(1); // only my comment (the post is Bob's)
    fireEvent.click(buttons[0]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this comment?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Mine')).toBeNull());
    await act(async () => {
      await replay();
    });
    expect(server.writes().map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /comments/${mine.id}`]);
    expect(server.comments.size).toBe(1);
  });

  it('changes my own comment in place, line breaks kept; one PUT after the replay', async () => {
    const post = server.addPost();
    const mine = server.addComment(post.id, {
      content: '<p>First line</p><p>Secnd &amp; line</p>',
      author: me,
    });
    server.addComment(post.id, { content: '<p>Theirs</p>' });
    await renderApp(`/post/${post.id}`);
    const list = await screen.findByRole('list', { name: 'Comments' });
    await waitFor(() => expect(within(list).getAllByTestId('comment')).toHaveLength(2));
    const edits = within(list).getAllByRole('button', { name: 'Edit' });
    expect(edits).toHaveLength(1); // only my comment can be changed
    fireEvent.click(edits[0]!);
    const field = within(list).getByLabelText('Change your comment') as HTMLTextAreaElement;
    expect(field.value).toBe('First line\nSecnd & line');
    fireEvent.change(field, { target: { value: 'First line\nSecond & line' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByText('Second & line')).toBeTruthy();
    expect(within(list).queryByLabelText('Change your comment')).toBeNull();
    await act(async () => {
      await replay();
    });
    const writes = server.writes();
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /comments/${mine.id}`]);
    expect(writes[0]?.body).toEqual({ content: '<p>First line</p><p>Second &#38; line</p>' });
    expect(server.comments.get(mine.id)?.content).toBe('<p>First line</p><p>Second &#38; line</p>');
  });
});

// Authors' names and avatars lead to their profiles: on post cards and on comments.
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
