// One page of comments at a time into Dexie: what the page's range no longer holds leaves this
// device, what lies outside it (not read again) or is still queued stays.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '@/contract/posts';
import { installPostsServer, FAKE_ME } from '@/features/posts/testing/fake-posts-server';
import { sessionStore } from '@/lib/auth/session-store';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { signedIn } from '@/testing/api-client';
import { saveComment, syncComments, syncReplies } from './comments';

let dbCount = 0;
beforeEach(() => {
  dbCount += 1;
  resetLocalDatabaseForTests(`comments-sync-${dbCount}-${Math.random().toString(36).slice(2)}`);
  signedIn();
  sessionStore.setState({
    status: 'signedIn',
    user: { ...FAKE_ME, email: 'ada@example.com', bio: null, city: null, createdAt: '2026-01-01T00:00:00Z' },
    isAuthReady: true,
  });
});
afterEach(() => {
  db.close();
  vi.unstubAllGlobals();
  sessionStore.reset();
});

const localIds = async () => new Set((await db.comments.toArray()).map((c) => (c as unknown as Comment).id));

describe('syncComments, one page at a time', () => {
  it('drops what the page range no longer holds, keeps what lies outside it or is queued', async () => {
    const server = installPostsServer();
    const post = server.addPost();
    const made = Array.from({ length: 45 }, (_, i) => server.addComment(post.id, { content: `c${i}` }));
    const newest = made.slice().reverse();
    for (const offset of [0, 20, 40]) {
      expect(await syncComments(post.id, 'newest', offset)).toMatchObject({
        total: 45,
        fresh: offset < 40 ? 20 : 5,
      });
    }
    expect((await localIds()).size).toBe(45);
    // A reply kept on the device goes with its comment.
    const reply = server.addComment(post.id, { parentCommentId: newest[25]!.id });
    await syncReplies(newest[25]!.id);

    // Elsewhere, two comments are deleted: one in the first page, one in the second.
    server.comments.delete(newest[5]!.id);
    server.comments.delete(newest[25]!.id);
    server.setOffline(true);
    const mine = await saveComment({ postId: post.id, text: 'queued' });
    server.setOffline(false);

    expect(await syncComments(post.id, 'newest', 20)).toMatchObject({ total: 43, fresh: 0 });
    let kept = await localIds();
    expect(kept.has(newest[25]!.id)).toBe(false);
    expect(kept.has(reply.id)).toBe(false);
    expect(kept.has(newest[5]!.id)).toBe(true); // its page was not read again
    expect(kept.has(newest[44]!.id)).toBe(true);

    await syncComments(post.id, 'newest', 0);
    kept = await localIds();
    expect(kept.has(newest[5]!.id)).toBe(false);
    expect(kept.has(mine)).toBe(true); // queued: not the server's to drop
    expect(kept.size).toBe(43 + 1);
    expect(server.requests.every((r) => Number(r.query.get('limit') ?? 0) <= 20)).toBe(true);
  });
});
