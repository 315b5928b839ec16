// The feed read from Dexie (docs/OFFLINE-FIRST.md property 8): a live query, newest first, each post with
// the sync state of its queued writes (a post not sent yet shows as pending).
import { useMemo } from 'react';
import type { Post } from '@/contract/posts';
import { useLive } from '@/lib/offline/live';
import { syncStates } from '@/lib/offline/sync-states';
import { db } from '@/lib/db';
import type { LocalPost } from './types';

/** The local feed, newest first. */
export async function readFeed(): Promise<Post[]> {
  return await db.posts.orderBy('createdAt').reverse().toArray();
}

export function useFeed(): LocalPost[] | undefined {
  const posts = useLive(readFeed, []);
  const states = useLive(syncStates, []);
  return useMemo(() => {
    if (!posts || !states) return undefined;
    return posts.map((post) => {
      const state = states.get(post.id);
      return state ? { ...post, syncState: state } : post;
    });
  }, [posts, states]);
}

export function usePost(id: string): LocalPost | null | undefined {
  const post = useLive(async () => (await db.posts.get(id)) ?? null, [id]);
  const states = useLive(syncStates, []);
  return useMemo(() => {
    if (post === undefined || !states) return undefined;
    if (post === null) return null;
    const state = states.get(post.id);
    return state ? { ...post, syncState: state } : post;
  }, [post, states]);
}
