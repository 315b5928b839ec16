// The feed's writes (docs/OFFLINE-FIRST.md): the local row and its outbox entry in one Dexie
// transaction (enqueue), so a post or a like made offline shows at once and is sent once later.
import type { AttachedImage, Post } from '@/contract/posts';
import { POST_IMAGES_MAX } from '@/contract/constants';
import { sessionStore } from '@/lib/auth/session-store';
import { type MediaBlobRow, type PaddockDb } from '@/lib/db';
import { isLocalMediaUrl, localMediaUrl, LOCAL_MEDIA_PREFIX } from '@/lib/offline/types';
import { formBody, mediaRows, offlineWrite, queueWrite } from '@/lib/offline/write';
import { POST_KINDS, type PostDraft } from './types';
import { postPhotos } from '../post-photos';

const imageRows = (entryId: string, images: Blob[], now: number) =>
  mediaRows(entryId, images, now, (i) => `photo-${i + 1}`);

/** A photo stored on this device, shown from its blob until the server's copy replaces it. */
const localPhoto = (row: MediaBlobRow): AttachedImage => ({
  id: row.id,
  url: localMediaUrl(row.id),
  width: null,
  height: null,
});

/** The post's fields that name its photos: `images`, and the first for the older fields. */
export const photoFields = (images: AttachedImage[]) => ({
  images,
  image: images[0]?.url ?? null,
  imageWidth: images[0]?.width ?? null,
  imageHeight: images[0]?.height ?? null,
});

function checkCount(count: number) {
  if (count > POST_IMAGES_MAX) throw new RangeError(`A post carries at most ${POST_IMAGES_MAX} photos`);
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
 * Writes a new post (with up to POST_IMAGES_MAX photos, `images`; `image`: one, the older form):
 * it shows at the top of the feed as pending until the replayer sends it, its photos read from
 * this device. The client id makes a replayed create land once, all photos with it. Resolves with
 * its id.
 */
export function savePost(
  draft: PostDraft,
  options: { image?: Blob | null; images?: Blob[] } = {},
  given?: PaddockDb,
): Promise<string> {
  const files = options.images ?? (options.image ? [options.image] : []);
  checkCount(files.length);
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
    const rows = imageRows(entryId, files, now);
    const withPhotos = rows.length > 0;
    await queueWrite(
      database,
      {
        id: entryId,
        kind: POST_KINDS.create,
        entityId: id,
        method: 'POST',
        path: withPhotos ? '/posts/with-image' : '/posts',
        body: withPhotos ? formBody(data, 'images', rows) : { type: 'json', json: data },
        // A shared log written on this device and not sent yet goes first.
        ...(draft.carLog ? { after: [draft.carLog.id] } : {}),
      },
      async (tx) => {
        if (withPhotos) await tx.mediaBlobs.bulkAdd(rows);
        const stamp = new Date(now).toISOString();
        const row: Post = {
          id,
          author: me(),
          content: draft.content,
          ...photoFields(rows.map(localPhoto)),
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

/** How an edit changes the photos: those kept (by id, in order), then the new ones. */
export interface PhotosChange {
  keep: string[];
  add: Blob[];
}

/**
 * Changes one of my posts. Photos: `images` keeps, orders, removes and adds them; `image` (the
 * older form) a Blob replaces them all, null removes them all; absent keeps them. Goes after any
 * queued write of the post (its create when it was never sent).
 */
export function updatePost(
  postId: string,
  draft: PostDraft,
  options: { image?: Blob | null; images?: PhotosChange } = {},
  given?: PaddockDb,
): Promise<void> {
  return offlineWrite(given, async (database) => {
    const entryId = crypto.randomUUID();
    const now = Date.now();
    const change: PhotosChange | undefined =
      options.images ??
      (options.image === undefined ? undefined : { keep: [], add: options.image ? [options.image] : [] });
    const previousRow = await database.posts.get(postId);
    if (!previousRow) throw new Error(`No post ${postId} on this device`);
    const current = postPhotos(previousRow);
    // Photos still on this device only (their create or edit not sent yet) cannot be kept by id:
    // their blobs go again as new files of this edit (copies: the first entry's go when it is sent).
    const kept = (change?.keep ?? []).flatMap((id) => current.filter((photo) => photo.id === id));
    const keptOnServer = kept.filter((photo) => !isLocalMediaUrl(photo.url));
    const keptHere = kept.filter((photo) => isLocalMediaUrl(photo.url));
    const copies: Blob[] = [];
    for (const photo of keptHere) {
      const blob = await database.mediaBlobs.get(photo.url.slice(LOCAL_MEDIA_PREFIX.length));
      if (blob) copies.push(blob.blob);
    }
    const rows = imageRows(entryId, change ? [...copies, ...change.add] : [], now);
    if (change) checkCount(keptOnServer.length + rows.length);
    const data = {
      content: draft.content,
      carId: draft.carId,
      ...(change ? { keepImages: keptOnServer.map((photo) => photo.id) } : {}),
    };
    const withFiles = rows.length > 0;
    await queueWrite(
      database,
      {
        id: entryId,
        kind: POST_KINDS.update,
        entityId: postId,
        method: 'PUT',
        path: withFiles ? `/posts/${postId}/with-image` : `/posts/${postId}`,
        body: withFiles ? formBody(data, 'images', rows) : { type: 'json', json: data },
        after: [postId],
      },
      async (tx) => {
        const previous = await tx.posts.get(postId);
        if (!previous) throw new Error(`No post ${postId} on this device`);
        if (withFiles) await tx.mediaBlobs.bulkAdd(rows);
        await tx.posts.put({
          ...previous,
          content: draft.content,
          carId: draft.carId,
          ...(change ? photoFields([...keptOnServer, ...rows.map(localPhoto)]) : {}),
          updatedAt: new Date(now).toISOString(),
        });
      },
    );
  });
}
