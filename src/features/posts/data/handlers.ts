// After the server confirms a write the local row becomes the server's copy (sanitised HTML,
// the image's url and size, counts) — unless later writes of the same post are still queued:
// then only what the server made is taken (the uploaded photo), and the member's newer state stays.
import type { LikeResult, Post } from '@/contract/posts';
import { sessionStore } from '@/lib/auth/session-store';
import { db as defaultDb, type PaddockDb } from '@/lib/db';
import { type OutboxEntry, type OutboxHandlers, withKindLabels } from '@/lib/outbox';
import { LOCAL_MEDIA_PREFIX } from '@/lib/offline/types';
import { POST_KINDS } from './types';
import { photoFields } from './writes';
import { postPhotos } from '../post-photos';

function isPost(value: unknown): value is Post {
  const v = value as Partial<Post> | null;
  return typeof v?.id === 'string' && typeof v.content === 'string' && Array.isArray(v.likes);
}

function isLikeResult(value: unknown): value is LikeResult {
  const v = value as Partial<LikeResult> | null;
  return typeof v?.postId === 'string' && typeof v.liked === 'boolean' && typeof v.likesCount === 'number';
}

export async function reconcilePost(entry: OutboxEntry, data: unknown, database: PaddockDb = defaultDb) {
  if (!isPost(data)) return;
  await database.transaction('rw', database.posts, database.outbox, database.mediaBlobs, async () => {
    const later = await database.outbox.where('entityId').equals(data.id).count();
    const local = await database.posts.get(data.id);
    if (later === 0) {
      await database.posts.put(data);
      return;
    }
    if (!local) return; // deleted meanwhile on this device: the queued delete follows
    // Later writes (an edit, a like) are queued: the member's state stays; only the photos this
    // entry uploaded take the server's urls and sizes (they are the answer's last ones, in the
    // order of the entry's files).
    const sent = uploadedBlobIds(entry);
    const theirs = postPhotos(data);
    const uploaded = new Map(sent.map((blobId, i) => [blobId, theirs[theirs.length - sent.length + i]]));
    const mine = postPhotos(local);
    const photos = mine.map((photo) => {
      const blobId = photo.url.startsWith(LOCAL_MEDIA_PREFIX)
        ? photo.url.slice(LOCAL_MEDIA_PREFIX.length)
        : null;
      return (blobId && uploaded.get(blobId)) || photo;
    });
    const changed = photos.some((photo, i) => photo !== mine[i]);
    await database.posts.put({
      ...local,
      createdAt: data.createdAt,
      ...(changed ? photoFields(photos) : {}),
    });
  });
}

/** The stored files an entry sent, in their order (its multipart body's file parts). */
function uploadedBlobIds(entry: OutboxEntry): string[] {
  const body = entry.body;
  if (body?.type !== 'form') return [];
  return body.parts.flatMap((part) => ('blobId' in part ? [part.blobId] : []));
}

export async function reconcileLike(
  _entry: OutboxEntry,
  data: unknown,
  memberId: string,
  database: PaddockDb = defaultDb,
) {
  if (!isLikeResult(data)) return;
  await database.transaction('rw', database.posts, database.outbox, async () => {
    if ((await database.outbox.where('entityId').equals(data.postId).count()) > 0) return;
    const local = await database.posts.get(data.postId);
    if (!local) return;
    const others = local.likes.filter((id) => id !== memberId);
    await database.posts.put({
      ...local,
      likes: data.liked ? [memberId, ...others] : others,
      likesCount: data.likesCount,
    });
  });
}

/** The feed's reconciliation handlers, by entry kind (the app registers them before a replay). */
// Each kind with its label in the sync panel (the feature names its own writes).
/** A post's fields in the composer's order, each with its label (the sync panel's words). */
const POST_FIELD_LABELS = {
  title: 'SYNC.FIELD_TITLE',
  content: 'SYNC.FIELD_CONTENT',
  tags: 'SYNC.FIELD_TAGS',
};

export const postHandlers: OutboxHandlers = withKindLabels(
  {
    [POST_KINDS.create]: (entry, data) => reconcilePost(entry, data),
    [POST_KINDS.update]: (entry, data) => reconcilePost(entry, data),
    [POST_KINDS.delete]: () => undefined,
    [POST_KINDS.like]: (entry, data) => reconcileLike(entry, data, sessionStore.getState().user?.id ?? ''),
  },
  {
    [POST_KINDS.create]: { label: 'SYNC.KIND_POST_CREATE', fields: POST_FIELD_LABELS },
    [POST_KINDS.update]: { label: 'SYNC.KIND_POST_UPDATE', fields: POST_FIELD_LABELS },
    [POST_KINDS.delete]: 'SYNC.KIND_POST_DELETE',
    [POST_KINDS.like]: 'SYNC.KIND_POST_LIKE',
  },
);
