// The feed's writes (docs/OFFLINE-FIRST.md): the local row and its outbox entry in one Dexie
// transaction (enqueue), so a post or a like made offline shows at once and is sent once later.
import type { Post } from '@/contract/posts';
import { LOCAL_MEDIA_PREFIX } from '@/features/garage/data';
import { sessionStore } from '@/lib/auth/session-store';
import { localDb, type MediaBlobRow, type PaddockDb } from '@/lib/db';
import { enqueue, type OutboxPart } from '@/lib/outbox';
import { POST_KINDS, type PostDraft } from './types';

/** The ids of queued entries that touch this row: a new write goes after them. */
async function queuedFor(database: PaddockDb, id: string): Promise<string[]> {
  const entries = await database.outbox.where('entityId').equals(id).toArray();
  return entries.map((e) => e.id);
}

function fileName(file: Blob): string {
  const name = (file as Partial<File>).name;
  return typeof name === 'string' && name ? name : 'image';
}

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
export async function savePost(
  draft: PostDraft,
  options: { image?: Blob | null } = {},
  given?: PaddockDb,
): Promise<string> {
  const database = given ?? (await localDb());
  const id = crypto.randomUUID();
  const entryId = crypto.randomUUID();
  const now = Date.now();
  const data = { id, content: draft.content, carId: draft.carId };
  const image: MediaBlobRow | null = options.image
    ? {
        id: crypto.randomUUID(),
        entryId,
        blob: options.image,
        name: fileName(options.image),
        mime: options.image.type || 'application/octet-stream',
        kind: 'image',
        createdAt: now,
      }
    : null;
  const parts: OutboxPart[] | null = image
    ? [
        { name: 'data', value: JSON.stringify(data) },
        { name: 'image', blobId: image.id, filename: image.name },
      ]
    : null;
  await enqueue(
    {
      id: entryId,
      kind: POST_KINDS.create,
      entityId: id,
      method: 'POST',
      path: parts ? '/posts/with-image' : '/posts',
      body: parts ? { type: 'form', parts } : { type: 'json', json: data },
    },
    async (tx) => {
      if (image) await tx.mediaBlobs.add(image);
      const stamp = new Date(now).toISOString();
      const row: Post = {
        id,
        author: me(),
        content: draft.content,
        image: image ? `${LOCAL_MEDIA_PREFIX}${image.id}` : null,
        imageWidth: null,
        imageHeight: null,
        carId: draft.carId,
        likes: [],
        likesCount: 0,
        commentsCount: 0,
        createdAt: stamp,
        updatedAt: stamp,
      };
      await tx.posts.put(row);
    },
    database,
  );
  return id;
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
export async function toggleLike(postId: string, given?: PaddockDb): Promise<void> {
  const database = given ?? (await localDb());
  const memberId = sessionStore.getState().user?.id ?? '';
  const waiting = (await database.outbox.where('entityId').equals(postId).toArray()).find(
    // Never tried yet: one already tried may have reached the server (its answer lost).
    (e) => e.kind === POST_KINDS.like && e.status === 'pending' && e.attempts === 0,
  );
  if (waiting) {
    await database.transaction('rw', database.posts, database.outbox, async () => {
      const post = (await database.posts.get(postId)) as unknown as Post | undefined;
      const still = await database.outbox.get(waiting.id);
      if (!still || still.status !== 'pending' || still.attempts !== 0) return;
      await database.outbox.delete(waiting.id);
      if (post) await database.posts.put({ ...post, ...toggledLikes(post, memberId) });
    });
    return;
  }
  const dependsOn = await queuedFor(database, postId);
  await enqueue(
    { kind: POST_KINDS.like, entityId: postId, method: 'POST', path: `/posts/${postId}/like`, dependsOn },
    async (tx) => {
      const post = (await tx.posts.get(postId)) as unknown as Post | undefined;
      if (post) await tx.posts.put({ ...post, ...toggledLikes(post, memberId) });
    },
    database,
  );
}

/** Deletes one of my posts (its comments go with it). A post never sent goes after its create. */
export async function deletePost(postId: string, given?: PaddockDb): Promise<void> {
  const database = given ?? (await localDb());
  const dependsOn = await queuedFor(database, postId);
  await enqueue(
    { kind: POST_KINDS.delete, entityId: postId, method: 'DELETE', path: `/posts/${postId}`, dependsOn },
    async (tx) => {
      await tx.posts.delete(postId);
      await tx.comments.where('postId').equals(postId).delete();
    },
    database,
  );
}

/**
 * Changes one of my posts. `image`: a Blob replaces the photo, null removes it, absent keeps it.
 * Goes after any queued write of the post (its create when it was never sent).
 */
export async function updatePost(
  postId: string,
  draft: PostDraft,
  options: { image?: Blob | null } = {},
  given?: PaddockDb,
): Promise<void> {
  const database = given ?? (await localDb());
  const entryId = crypto.randomUUID();
  const now = Date.now();
  const dependsOn = await queuedFor(database, postId);
  const image: MediaBlobRow | null = options.image
    ? {
        id: crypto.randomUUID(),
        entryId,
        blob: options.image,
        name: fileName(options.image),
        mime: options.image.type || 'application/octet-stream',
        kind: 'image',
        createdAt: now,
      }
    : null;
  const removing = options.image === null;
  const data = { content: draft.content, carId: draft.carId, ...(removing ? { removeImage: true } : {}) };
  await enqueue(
    {
      id: entryId,
      kind: POST_KINDS.update,
      entityId: postId,
      method: 'PUT',
      path: image ? `/posts/${postId}/with-image` : `/posts/${postId}`,
      body: image
        ? {
            type: 'form',
            parts: [
              { name: 'data', value: JSON.stringify({ content: draft.content, carId: draft.carId }) },
              { name: 'image', blobId: image.id, filename: image.name },
            ],
          }
        : { type: 'json', json: data },
      dependsOn,
    },
    async (tx) => {
      const previous = (await tx.posts.get(postId)) as unknown as Post | undefined;
      if (!previous) throw new Error(`No post ${postId} on this device`);
      if (image) await tx.mediaBlobs.add(image);
      await tx.posts.put({
        ...previous,
        content: draft.content,
        carId: draft.carId,
        ...(image
          ? { image: `${LOCAL_MEDIA_PREFIX}${image.id}`, imageWidth: null, imageHeight: null }
          : removing
            ? { image: null, imageWidth: null, imageHeight: null }
            : {}),
        updatedAt: new Date(now).toISOString(),
      });
    },
    database,
  );
}
