// Refreshing the local feed from the server. Local writes win until they are sent: a post with
// queued writes (a new post, a like) is never overwritten. The first page also drops local posts
// the server no longer lists in its range (deleted), unless they have queued writes.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Post } from '@/contract/posts';
import { apiFetch } from '@/lib/http/api-client';
import { localDb, type PaddockDb } from '@/lib/db';
import { queuedEntityIds } from '@/lib/outbox';
import { useRetryWhenBack } from '@/lib/network/reachability';
import { realtime } from '@/lib/realtime/socket';
import { fetchFeedPage as fetchPage, type EarlyFeedPage } from '../feed-first-page';
import { FEED_CURSOR_KEY } from './types';

/** Puts the server's posts, except those with queued writes. */
export async function mergePosts(database: PaddockDb, posts: Post[]): Promise<void> {
  await database.transaction('rw', database.posts, database.outbox, async () => {
    const queued = await queuedEntityIds(database);
    const puts = posts.filter((post) => !queued.has(post.id));
    if (puts.length) await database.posts.bulkPut(puts);
  });
}

/**
 * The feed's first page: merged, posts gone from its range dropped, the cursor reset. The page the
 * start-up asked for (feed-first-page.ts), when fresh, is used once instead of asking again.
 */
export async function syncFeed(given?: PaddockDb, early?: EarlyFeedPage | null): Promise<void> {
  const database = given ?? (await localDb());
  const askedAt = new Date(early?.askedAt ?? Date.now()).toISOString();
  const { posts, nextCursor } = early ? await early.page.catch(() => fetchPage(null)) : await fetchPage(null);
  await mergePosts(database, posts);
  // The range the page covers: everything newer than its oldest post (all of it when it is the last page).
  const oldest = nextCursor === null ? '' : (posts[posts.length - 1]?.createdAt ?? '');
  const seen = new Set(posts.map((p) => p.id));
  await database.transaction('rw', database.posts, database.outbox, async () => {
    const queued = await queuedEntityIds(database);
    const local = await database.posts.where('createdAt').aboveOrEqual(oldest).toArray();
    const gone = local
      .filter((p) => !seen.has(p.id) && !queued.has(p.id) && p.createdAt < askedAt)
      .map((p) => p.id);
    if (gone.length) await database.posts.bulkDelete(gone);
  });
  await database.meta.put({ key: FEED_CURSOR_KEY, value: nextCursor });
}

/** The next page after the stored cursor (keyset paging). false when there is none. */
export async function loadMoreFeed(given?: PaddockDb): Promise<boolean> {
  const database = given ?? (await localDb());
  const cursor = (await database.meta.get(FEED_CURSOR_KEY))?.value;
  if (typeof cursor !== 'string') return false;
  const { posts, nextCursor } = await fetchPage(cursor);
  await mergePosts(database, posts);
  await database.meta.put({ key: FEED_CURSOR_KEY, value: nextCursor });
  return nextCursor !== null;
}

/** One post (opened, or after a postUpdated event): fetched, or dropped when gone. */
export async function syncPost(id: string, given?: PaddockDb): Promise<void> {
  const database = given ?? (await localDb());
  try {
    const answer = await apiFetch<Post>(`/posts/${id}`);
    await mergePosts(database, [answer.data]);
  } catch (error) {
    if ((error as { status?: unknown }).status !== 404) throw error;
    await database.transaction('rw', database.posts, database.outbox, async () => {
      if (!(await queuedEntityIds(database)).has(id)) await database.posts.delete(id);
    });
  }
}

/**
 * A post already on this device, fetched again (a comment on it changed its count). One not on
 * the device is left for the feed's own paging: put alone, it would show out of its page.
 */
export async function syncKeptPost(id: string, given?: PaddockDb): Promise<void> {
  const database = given ?? (await localDb());
  if (!(await database.posts.get(id))) return;
  await syncPost(id, database);
}

/**
 * Keeps the feed fresh while shown: on mount, on refresh() (pull-to-refresh), on each new socket
 * connection, and when a friend's post appears, changes or goes (the realtime-only `post`
 * notifications), and a post on this device
 * when it is commented on (`comment` notifications). loadMore() follows the cursor; `hasMore` is false once the server said the last page was read.
 */
export function useFeedRefresh(firstPage?: EarlyFeedPage | null) {
  const [refreshing, setRefreshing] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [hasMore, setHasMore] = useState(true);
  const [error, setError] = useState<unknown>(null);
  // True once a refresh has ended, either way (until then a list shown from the network stays).
  const [synced, setSynced] = useState(false);
  const busy = useRef(false);
  // loadMore waits for a running refresh: the cursor it follows is the one the refresh stores.
  const refreshing$ = useRef<Promise<void>>(Promise.resolve());
  // The page the screen showed from the network: merged by the first refresh instead of asked again.
  const early = useRef(firstPage ?? null);

  const run = useCallback(async () => {
    setRefreshing(true);
    try {
      const page = early.current;
      early.current = null;
      await syncFeed(undefined, page);
      const cursor = (await (await localDb()).meta.get(FEED_CURSOR_KEY))?.value;
      setHasMore(typeof cursor === 'string');
      setError(null);
    } catch (caught) {
      setError(caught);
    } finally {
      setRefreshing(false);
      setSynced(true);
    }
  }, []);

  const refresh = useCallback(() => {
    refreshing$.current = run();
    return refreshing$.current;
  }, [run]);

  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setLoadingMore(true);
    try {
      await refreshing$.current;
      setHasMore(await loadMoreFeed());
    } catch (caught) {
      setError(caught);
    } finally {
      busy.current = false;
      setLoadingMore(false);
    }
  }, []);

  useEffect(() => {
    void refresh();
    const offPost = realtime.on('post', () => void refresh());
    // A comment on my post, or a reply to my comment (a stored notification, no `post` event).
    const offComment = realtime.on('comment', (event) => {
      const postId = event.jsonPayload.relatedPostId;
      if (typeof postId === 'string') void syncKeptPost(postId).catch(() => undefined);
    });
    // What the server sent while this device had no socket (before its first connection, or while
    // it was away) never arrives: each new connection asks the first page again, so a friend's post
    // written in that gap shows. A socket already connected at mount adds nothing to the mount's ask.
    let connected = realtime.getStatus() === 'connected';
    const offStatus = realtime.subscribeStatus(() => {
      const now = realtime.getStatus() === 'connected';
      if (now && !connected) void refresh();
      connected = now;
    });
    return () => {
      offPost();
      offComment();
      offStatus();
    };
  }, [refresh]);

  useRetryWhenBack(error !== null, refresh);
  return { refreshing, synced, loadingMore, hasMore, error, refresh, loadMore };
}
