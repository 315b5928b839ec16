// The feed's writes (docs/OFFLINE-FIRST.md): the local row and its outbox entry in one Dexie
// transaction (enqueue), so a post or a like made offline shows at once and is sent once later.
import type { Post } from '@/contract/posts';
import { sessionStore } from '@/lib/auth/session-store';
import { type PaddockDb } from '@/lib/db';
import { localMediaUrl } from '@/lib/offline/types';
import { formBody, mediaRows, offlineWrite, queueWrite } from '@/lib/offline/write';
import { POST_KINDS, type PostDraft } from './types';

const imageRows = (entryId: string, image: Blob | null | undefined, now: number) =>
  mediaRows(entryId, image ? [image] : [], now, () => 'image');

function me() {
  const user = sessionStore.getState().user;
  return {
    id: user?.id ?? '',
    username: user?.username ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    avatar: user?.avatar ?? null,
  };
}

/**
 * Writes a new post (with an optional image): it shows at the top of the feed as pending until
 * the replayer sends it. The client id makes a replayed create land once. Resolves with its id.
 */
export function savePost(
  draft: PostDraft,
  options: { image?: Blob | null } = {},
  given?: PaddockDb,
): Promise<string> {
  return offlineWrite(given, async (database) => {
    const id = crypto.randomUUID();
    const entryId = crypto.randomUUID();
    const now = Date.now();
    const data = {
      id,
      content: draft.content,
      carId: draft.carId,
      ...(draft.carLog ? { carLogId: draft.carLog.id, showCost: draft.carLog.showCost } : {}),
    };
    const [image] = imageRows(entryId, options.image, now);
    await queueWrite(
      database,
      {
        id: entryId,
        kind: POST_KINDS.create,
        entityId: id,
        method: 'POST',
        path: image ? '/posts/with-image' : '/posts',
        body: image ? formBody(data, 'image', [image]) : { type: 'json', json: data },
        // A shared log written on this device and not sent yet goes first.
        ...(draft.carLog ? { after: [draft.carLog.id] } : {}),
      },
      async (tx) => {
        if (image) await tx.mediaBlobs.add(image);
        const stamp = new Date(now).toISOString();
        const row: Post = {
          id,
          author: me(),
          content: draft.content,
          image: image ? localMediaUrl(image.id) : null,
          imageWidth: null,
          imageHeight: null,
          carId: draft.carId,
          likes: [],
          likesCount: 0,
          commentsCount: 0,
          createdAt: stamp,
          updatedAt: stamp,
          ...(draft.carLog ? { carLog: draft.carLog.card } : {}),
        };
        await tx.posts.put(row);
      },
    );
    return id;
  });
}

/** The local row's likes after my toggle: I go first when I like it (as the server lists them). */
export function toggledLikes(post: Pick<Post, 'likes' | 'likesCount'>, memberId: string) {
  const liked = post.likes.includes(memberId);
  return liked
    ? { likes: post.likes.filter((id) => id !== memberId), likesCount: Math.max(0, post.likesCount - 1) }
    : { likes: [memberId, ...post.likes], likesCount: post.likesCount + 1 };
}

/**
 * Likes or unlikes a post, optimistically. The server's like is a toggle: a second tap while the
 * first is still waiting takes that entry back instead of queueing another toggle, so the server
 * sees at most one toggle per change of mind.
 */
export function toggleLike(postId: string, given?: PaddockDb): Promise<void> {
  return offlineWrite(given, async (database) => {
    const memberId = sessionStore.getState().user?.id ?? '';
    const waiting = (await database.outbox.where('entityId').equals(postId).toArray()).find(
      // Never tried yet: one already tried may have reached the server (its answer lost).
      (e) => e.kind === POST_KINDS.like && e.status === 'pending' && e.attempts === 0,
    );
    if (waiting) {
      await database.transaction('rw', database.posts, database.outbox, async () => {
        const post = await database.posts.get(postId);
        const still = await database.outbox.get(waiting.id);
        if (!still || still.status !== 'pending' || still.attempts !== 0) return;
        await database.outbox.delete(waiting.id);
        if (post) await database.posts.put({ ...post, ...toggledLikes(post, memberId) });
      });
      return;
    }
    await queueWrite(
      database,
      {
        kind: POST_KINDS.like,
        entityId: postId,
        method: 'POST',
        path: `/posts/${postId}/like`,
        after: [postId],
      },
      async (tx) => {
        const post = await tx.posts.get(postId);
        if (post) await tx.posts.put({ ...post, ...toggledLikes(post, memberId) });
      },
    );
  });
}

/** Deletes one of my posts (its comments go with it). A post never sent goes after its create. */
export function deletePost(postId: string, given?: PaddockDb): Promise<void> {
  return offlineWrite(given, async (database) => {
    await queueWrite(
      database,
      {
        kind: POST_KINDS.delete,
        entityId: postId,
        method: 'DELETE',
        path: `/posts/${postId}`,
        after: [postId],
      },
      async (tx) => {
        await tx.posts.delete(postId);
        await tx.comments.where('postId').equals(postId).delete();
      },
    );
  });
}

/**
 * Changes one of my posts. `image`: a Blob replaces the photo, null removes it, absent keeps it.
 * Goes after any queued write of the post (its create when it was never sent).
 */
export function updatePost(
  postId: string,
  draft: PostDraft,
  options: { image?: Blob | null } = {},
  given?: PaddockDb,
): Promise<void> {
  return offlineWrite(given, async (database) => {
    const entryId = crypto.randomUUID();
    const now = Date.now();
    const [image] = imageRows(entryId, options.image, now);
    const removing = options.image === null;
    const data = { content: draft.content, carId: draft.carId, ...(removing ? { removeImage: true } : {}) };
    await queueWrite(
      database,
      {
        id: entryId,
        kind: POST_KINDS.update,
        entityId: postId,
        method: 'PUT',
        path: image ? `/posts/${postId}/with-image` : `/posts/${postId}`,
        body: image ? formBody(data, 'image', [image]) : { type: 'json', json: data },
        after: [postId],
      },
      async (tx) => {
        const previous = await tx.posts.get(postId);
        if (!previous) throw new Error(`No post ${postId} on this device`);
        if (image) await tx.mediaBlobs.add(image);
        await tx.posts.put({
          ...previous,
          content: draft.content,
          carId: draft.carId,
          ...(image
            ? { image: localMediaUrl(image.id), imageWidth: null, imageHeight: null }
            : removing
              ? { image: null, imageWidth: null, imageHeight: null }
              : {}),
          updatedAt: new Date(now).toISOString(),
        });
      },
    );
  });
}
