// One page of comments at a time into Dexie: what the page's range no longer holds leaves this
// device, what lies outside it (not read again) or is still queued stays.
import { describe, expect, it } from 'vitest';
import { FAKE_ME_USER, installPostsServer } from '@/features/posts/testing/fake-posts-server';
import { db } from '@/lib/db';
import { saveComment, syncComments, syncReplies } from './comments';
import { signedInDataPerTest } from '@/testing/signed-in-app';

signedInDataPerTest('comments-sync', FAKE_ME_USER);

const localIds = async () => new Set((await db.comments.toArray()).map((c) => c.id));

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
