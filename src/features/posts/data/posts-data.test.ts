// The feed's offline path inside the client: writes land in Dexie and the outbox in one go, the
// real replayer sends them through the real transport to an in-memory server double, the handlers
// reconcile, and a sync never overwrites what is still queued.
import { File as NodeFile } from 'node:buffer';
import { ListFormData } from '@/testing/list-form-data';
import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi, beforeAll } from 'vitest';
import { FEED_PAGE_SIZE } from '@/contract/constants';
import { db } from '@/lib/db';
import { createReplayer } from '@/lib/outbox';
import { routeNotification } from '@/lib/realtime/socket-streams';
import { FAKE_ME, FAKE_ME_USER, installPostsServer } from '@/features/posts/testing/fake-posts-server';
import { StorageFullError } from '@/lib/offline/storage-full';
import { saveComment } from './comments';
import { loadMoreFeed, savePost, syncFeed, toggleLike, updatePost, useFeed, useFeedRefresh } from './index';
import { registerOutboxHandlers } from '@/lib/outbox';
import { postHandlers, commentHandlers } from './index';
import { signedInDataPerTest } from '@/testing/signed-in-app';

beforeAll(() => registerOutboxHandlers(postHandlers, commentHandlers));

const photo = () => new NodeFile(['jpeg bytes'], 'track.jpg', { type: 'image/jpeg' }) as unknown as File;

signedInDataPerTest('posts-test', FAKE_ME_USER);
beforeEach(() => void vi.stubGlobal('FormData', ListFormData));

const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();
const local = async (id: string) => await db.posts.get(id);

describe('the feed from the server', () => {
  it('reads the first page (FEED_PAGE_SIZE = 20) into Dexie, newest first, and follows the cursor', async () => {
    expect(FEED_PAGE_SIZE).toBe(20);
    const server = installPostsServer();
    for (let i = 0; i < 25; i += 1) server.addPost({ content: `<p>post ${i}</p>` });
    await syncFeed();
    expect(server.requests[0]?.query.get('limit')).toBe('20');
    expect(server.requests[0]?.query.get('offset')).toBe('0');
    expect(server.requests[0]?.query.has('before')).toBe(false);
    expect(await db.posts.count()).toBe(20);

    const { result } = renderHook(() => useFeed());
    await waitFor(() => expect(result.current).toHaveLength(20));
    expect(result.current?.[0]?.content).toBe('<p>post 24</p>');

    const more = await loadMoreFeed();
    const second = server.requests[1];
    expect(second?.path).toBe('/posts/feed');
    expect(second?.query.get('before')).toBe(result.current?.[19]?.id);
    expect(more).toBe(false); // the server said it was the last page
    expect(await db.posts.count()).toBe(25);
    expect(await loadMoreFeed()).toBe(false);
    expect(server.requests).toHaveLength(2); // no cursor left: no request
  });

  it('drops posts the server no longer lists, but never a post with queued writes', async () => {
    const server = installPostsServer();
    const gone = server.addPost();
    await syncFeed();
    server.posts.delete(gone.id);
    server.setOffline(true);
    const mine = await savePost({ content: '<p>Offline</p>', carId: null });
    server.setOffline(false);
    await syncFeed();
    expect(await local(gone.id)).toBeUndefined();
    expect(await local(mine)).toBeDefined();
  });

  it("an open feed takes a comment's notification: the post on this device is fetched again, no other", async () => {
    const server = installPostsServer();
    const post = server.addPost({ author: FAKE_ME });
    const { unmount } = renderHook(() => useFeedRefresh());
    await waitFor(async () => expect(await local(post.id)).toMatchObject({ commentsCount: 0 }));
    // A friend comments (the stored `comment` notification the author receives; no `post` event).
    server.addComment(post.id);
    const elsewhere = server.addPost({ createdAt: '2000-01-01T00:00:00.000Z' }); // not on this device
    const asked = server.requests.length;
    const comment = (relatedPostId: string) =>
      routeNotification({
        id: crypto.randomUUID(),
        type: 'comment',
        jsonPayload: { relatedPostId, action: 'commented' },
        createdAt: new Date().toISOString(),
      });
    comment(post.id);
    comment(elsewhere.id);
    await waitFor(async () => expect(await local(post.id)).toMatchObject({ commentsCount: 1 }));
    const gets = server.requests.slice(asked).map((r) => `${r.method} ${r.path}`);
    expect(gets).toEqual([`GET /posts/${post.id}`]);
    expect(await local(elsewhere.id)).toBeUndefined();
    unmount();
  });
});

describe('writing posts offline', () => {
  it('a new post shows at once as pending, and reaches the server once with its image', async () => {
    const server = installPostsServer();
    server.addPost();
    await syncFeed();
    server.setOffline(true);
    const id = await savePost({ content: '<p>Track day</p>', carId: null }, { image: photo() });
    const { result } = renderHook(() => useFeed());
    await waitFor(() => expect(result.current?.[0]).toMatchObject({ id, syncState: 'pending' }));
    expect(result.current?.[0]?.image).toMatch(/^local:/);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'post.create', entityId: id, path: '/posts/with-image' });

    await replay(); // offline: stays queued
    server.setOffline(false);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await replay();
    await replay();
    const creates = server.writes().filter((r) => r.path.startsWith('/posts') && r.files.length === 1);
    expect(creates.length).toBeGreaterThanOrEqual(1);
    expect(server.posts.size).toBe(2);
    expect(new Set(server.writes().map((r) => r.idempotencyKey)).size).toBe(1);
    await waitFor(() => expect(result.current?.[0]?.syncState).toBeUndefined());
    expect((await local(id))?.image).toMatch(/^\/api\/v1\.0\/posts\//);
    expect(await db.mediaBlobs.count()).toBe(0);
  });
});

describe('editing a post not sent yet', () => {
  it("the edit goes after the create; the create's answer does not undo the edit; the photo takes its server url", async () => {
    const server = installPostsServer();
    server.setOffline(true);
    const id = await savePost({ content: '<p>First</p>', carId: null }, { image: photo() });
    await updatePost(id, { content: '<p>Second</p>', carId: null });
    const [create, edit] = await db.outbox.orderBy('seq').toArray();
    expect(edit?.dependsOn).toEqual([create?.id]);
    expect(edit).toMatchObject({ kind: 'post.update', method: 'PUT', path: `/posts/${id}` });
    server.setOffline(false);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await replay();
    await replay();
    expect(server.writes().map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /posts/with-image',
      `PUT /posts/${id}`,
    ]);
    expect(server.posts.get(id)?.content).toBe('<p>Second</p>');
    const row = await local(id);
    expect(row?.content).toBe('<p>Second</p>');
    expect(row?.image).toMatch(/^\/api\/v1\.0\/posts\//);
  });
});

describe('likes', () => {
  it('is optimistic, queued once, and replayed once (isLiked = likes.includes(me))', async () => {
    const server = installPostsServer();
    const post = server.addPost({ likes: ['member-9'], likesCount: 1 });
    await syncFeed();
    server.setOffline(true);
    await toggleLike(post.id);
    expect(await local(post.id)).toMatchObject({ likes: [FAKE_ME.id, 'member-9'], likesCount: 2 });
    expect(await db.outbox.count()).toBe(1);

    await replay(); // fails offline: tried once, so a new tap queues a new toggle
    server.setOffline(false);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await replay();
    await replay();
    const likes = server.writes().filter((r) => r.path === `/posts/${post.id}/like`);
    expect(likes.length).toBeGreaterThanOrEqual(1);
    expect(new Set(likes.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(server.posts.get(post.id)).toMatchObject({ likesCount: 2 });
    expect(server.posts.get(post.id)?.likes).toContain(FAKE_ME.id);
    expect(await local(post.id)).toMatchObject({ likesCount: 2 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('a second tap before sending takes the queued like back: nothing reaches the server', async () => {
    const server = installPostsServer();
    const post = server.addPost();
    await syncFeed();
    server.setOffline(true);
    await toggleLike(post.id);
    await toggleLike(post.id);
    expect(await db.outbox.count()).toBe(0);
    expect(await local(post.id)).toMatchObject({ likes: [], likesCount: 0 });
    server.setOffline(false);
    await replay();
    expect(server.writes()).toHaveLength(0);
  });

  it('a sync does not overwrite a post whose like is still queued', async () => {
    const server = installPostsServer();
    const post = server.addPost();
    await syncFeed();
    await toggleLike(post.id);
    await syncFeed(); // the server does not have the like yet
    expect(await local(post.id)).toMatchObject({ likesCount: 1, likes: [FAKE_ME.id] });
  });
});

describe('a full device', () => {
  it('a post that does not fit is reported as StorageFullError and nothing is half-written', async () => {
    vi.spyOn(db.posts, 'put').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    await expect(savePost({ content: '<p>Track day</p>', carId: null })).rejects.toBeInstanceOf(
      StorageFullError,
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it('a comment that does not fit is reported as StorageFullError and nothing is half-written', async () => {
    vi.spyOn(db.comments, 'put').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    await expect(saveComment({ postId: 'post-1', text: 'Nice' })).rejects.toBeInstanceOf(StorageFullError);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.comments.count()).toBe(0);
  });
});

describe('a post with several photos, written offline', () => {
  it('shows them from this device at once, and reaches the server exactly once with all of them', async () => {
    const server = installPostsServer();
    server.setOffline(true);
    const id = await savePost({ content: '', carId: null }, { images: [photo(), photo(), photo()] });
    const pending = await local(id);
    expect(pending?.images.map((i) => i.url)).toEqual([
      expect.stringMatching(/^local:/),
      expect.stringMatching(/^local:/),
      expect.stringMatching(/^local:/),
    ]);
    expect(pending?.image).toBe(pending?.images[0]?.url);
    expect(await db.mediaBlobs.count()).toBe(3);
    await replay(); // offline: kept
    // Offline, the request never left: one key for every try, and one try that reached the server.
    const tried = server.writes().length;
    server.setOffline(false);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await replay();
    await replay();
    const creates = server
      .writes()
      .slice(tried)
      .filter((r) => r.path === '/posts/with-image');
    expect(creates).toHaveLength(1);
    expect(new Set(server.writes().map((r) => r.idempotencyKey)).size).toBe(1);
    expect(creates[0]?.files).toHaveLength(3);
    expect(server.posts.get(id)?.images).toHaveLength(3);
    const sent = await local(id);
    expect(sent?.images).toEqual(server.posts.get(id)?.images);
    expect(sent?.imageWidth).toBe(800);
    expect(await db.mediaBlobs.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('an edit not sent yet keeps, drops and adds photos by id; the create’s answer gives the rest their server urls', async () => {
    const server = installPostsServer();
    const stored = server.addPost({
      author: FAKE_ME,
      images: ['a', 'b', 'c'].map((n) => ({
        id: n,
        url: `/api/v1.0/posts/x/images/${n}`,
        width: 10,
        height: 10,
      })),
    });
    await syncFeed();
    server.setOffline(true);
    await updatePost(
      stored.id,
      { content: '<p>Edited</p>', carId: null },
      { images: { keep: ['c', 'a'], add: [photo()] } },
    );
    const row = await local(stored.id);
    expect(row?.images.map((i) => i.id).slice(0, 2)).toEqual(['c', 'a']);
    expect(row?.images[2]?.url).toMatch(/^local:/);
    server.setOffline(false);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await replay();
    const [edit] = server.writes();
    expect(edit).toMatchObject({ method: 'PUT', path: `/posts/${stored.id}/with-image` });
    expect(edit?.body).toMatchObject({ keepImages: ['c', 'a'] });
    expect(edit?.files).toHaveLength(1);
    const after = await local(stored.id);
    expect(after?.images.map((i) => i.id).slice(0, 2)).toEqual(['c', 'a']);
    expect(after?.images[2]?.url).toMatch(/^\/api\/v1\.0\/posts\//);
  });
});
