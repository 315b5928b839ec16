// Comments of opened posts: mirrored in Dexie (so an opened post reads offline), written through
// the outbox (a comment or reply made offline shows at once and is sent once), refreshed from the
// server without overwriting what is still queued.
import { useMemo } from 'react';
import { COMMENTS_PAGE_SIZE, REPLIES_PAGE_SIZE, type CommentSort } from '@/contract/constants';
import type { Comment, CommentListMeta } from '@/contract/posts';
import { type SyncState } from '@/lib/offline/types';
import { useLive } from '@/lib/offline/live';
import { apiFetch } from '@/lib/http/api-client';
import { sessionStore } from '@/lib/auth/session-store';
import { db, localDb, type PaddockDb } from '@/lib/db';
import { offlineWrite, queueWrite } from '@/lib/offline/write';
import { queuedEntityIds, type OutboxEntry, type OutboxHandlers, withKindLabels } from '@/lib/outbox';

export const COMMENT_KINDS = {
  create: 'comment.create',
  update: 'comment.update',
  delete: 'comment.delete',
} as const;

export type LocalComment = Comment & { syncState?: SyncState };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The composer's plain text as the HTML the server keeps: one paragraph per line. */
export function commentHtml(text: string): string {
  return text
    .trim()
    .split(/\n+/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

async function bumpCounts(tx: PaddockDb, postId: string, parentId: string | null, by: number) {
  const post = await tx.posts.get(postId);
  if (post) await tx.posts.put({ ...post, commentsCount: Math.max(0, post.commentsCount + by) });
  const parent = parentId ? await tx.comments.get(parentId) : undefined;
  if (parent) await tx.comments.put({ ...parent, repliesCount: Math.max(0, parent.repliesCount + by) });
}

/** Writes a comment (or, with parentCommentId, a reply). Resolves with its id once on this device. */
export function saveComment(
  input: { postId: string; text: string; parentCommentId?: string | null },
  given?: PaddockDb,
): Promise<string> {
  return offlineWrite(given, async (database) => {
    const id = crypto.randomUUID();
    const parentCommentId = input.parentCommentId ?? null;
    const content = commentHtml(input.text);
    const user = sessionStore.getState().user;
    await queueWrite(
      database,
      {
        kind: COMMENT_KINDS.create,
        entityId: id,
        method: 'POST',
        path: '/comments',
        body: { type: 'json', json: { id, postId: input.postId, content, parentCommentId } },
        after: [input.postId, ...(parentCommentId ? [parentCommentId] : [])],
      },
      async (tx) => {
        const stamp = new Date().toISOString();
        const row: Comment = {
          id,
          postId: input.postId,
          author: {
            id: user?.id ?? '',
            username: user?.username ?? '',
            firstName: user?.firstName ?? '',
            lastName: user?.lastName ?? '',
            avatar: user?.avatar ?? null,
          },
          content,
          parentCommentId,
          repliesCount: 0,
          createdAt: stamp,
          updatedAt: stamp,
        };
        await tx.comments.put(row);
        await bumpCounts(tx, input.postId, parentCommentId, 1);
      },
    );
    return id;
  });
}

/** The plain text a comment's HTML holds: one line per paragraph (what the composer wrote). */
export function commentText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const paragraphs = [...doc.body.querySelectorAll('p')];
  if (!paragraphs.length) return doc.body.textContent ?? '';
  return paragraphs.map((p) => p.textContent ?? '').join('\n');
}

/** Changes the text of one of my comments: at once on this device, sent after its queued writes. */
export function editComment(id: string, text: string, given?: PaddockDb): Promise<void> {
  return offlineWrite(given, async (database) => {
    const comment = await database.comments.get(id);
    if (!comment) return;
    const content = commentHtml(text);
    if (content === comment.content) return;
    await queueWrite(
      database,
      {
        kind: COMMENT_KINDS.update,
        entityId: id,
        method: 'PUT',
        path: `/comments/${id}`,
        body: { type: 'json', json: { content } },
        after: [id],
      },
      async (tx) => {
        await tx.comments.put({
          ...comment,
          content,
          updatedAt: new Date().toISOString(),
        });
      },
    );
  });
}

/** Deletes one of my comments (its replies go with it on the server). */
export function deleteComment(id: string, given?: PaddockDb): Promise<void> {
  return offlineWrite(given, async (database) => {
    const comment = await database.comments.get(id);
    if (!comment) return;
    await queueWrite(
      database,
      { kind: COMMENT_KINDS.delete, entityId: id, method: 'DELETE', path: `/comments/${id}`, after: [id] },
      async (tx) => {
        const replies = await tx.comments.where('parentCommentId').equals(id).primaryKeys();
        await tx.comments.bulkDelete([id, ...replies]);
        await bumpCounts(tx, comment.postId, comment.parentCommentId, -(1 + replies.length));
      },
    );
  });
}

function isComment(value: unknown): value is Comment {
  const v = value as Partial<Comment> | null;
  return typeof v?.id === 'string' && typeof v.postId === 'string' && typeof v.content === 'string';
}

export async function reconcileComment(_entry: OutboxEntry, data: unknown, database: PaddockDb = db) {
  if (!isComment(data)) return;
  await database.transaction('rw', database.comments, database.outbox, async () => {
    if ((await database.outbox.where('entityId').equals(data.id).count()) > 0) return;
    if (!(await database.comments.get(data.id))) return; // deleted meanwhile on this device
    await database.comments.put(data);
  });
}

/** The comments' reconciliation handlers, by entry kind (the app registers them before a replay). */
// Each kind with its label in the sync panel (the feature names its own writes).
/** A comment's one field with its label (the sync panel's words). */
const COMMENT_FIELD_LABELS = { content: 'SYNC.FIELD_CONTENT' };

export const commentHandlers: OutboxHandlers = withKindLabels(
  {
    [COMMENT_KINDS.create]: (entry, data) => reconcileComment(entry, data),
    [COMMENT_KINDS.update]: (entry, data) => reconcileComment(entry, data),
    [COMMENT_KINDS.delete]: () => undefined,
  },
  {
    [COMMENT_KINDS.create]: { label: 'SYNC.KIND_COMMENT_CREATE', fields: COMMENT_FIELD_LABELS },
    [COMMENT_KINDS.update]: { label: 'SYNC.KIND_COMMENT_UPDATE', fields: COMMENT_FIELD_LABELS },
    [COMMENT_KINDS.delete]: 'SYNC.KIND_COMMENT_DELETE',
  },
);

/** What one page of a list told: how many the list holds, how many came, how many were new here. */
export type CommentPage = { total: number; received: number; fresh: number };

/** The server's order of a list, ascending: by date, then by id (so pages never overlap or skip). */
function byKey(a: Comment, b: Comment): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

type PageRange = { offset: number; total: number; newestFirst: boolean };

/**
 * The local rows of a list the server no longer has: those between the first and the last of an
 * answered page (one query, so nothing in between is missing), and before it on the first page or
 * after it on the last one, that the page does not hold.
 */
function goneInRange(local: Comment[], page: Comment[], { offset, total, newestFirst }: PageRange) {
  const isFirst = offset === 0;
  const isLast = offset + page.length >= total;
  if (!page.length && !(isFirst && total === 0)) return [];
  const [head, tail] = [page[0], page[page.length - 1]];
  // Bounds in ascending order; undefined = open.
  const low = newestFirst ? (isLast ? undefined : tail) : isFirst ? undefined : head;
  const high = newestFirst ? (isFirst ? undefined : head) : isLast ? undefined : tail;
  const seen = new Set(page.map((c) => c.id));
  return local.filter(
    (c) => !seen.has(c.id) && (!low || byKey(c, low) >= 0) && (!high || byKey(c, high) <= 0),
  );
}

/**
 * Puts one page of the server's comments (except those with queued writes) and drops the local
 * ones of that range it no longer lists (with their replies), unless queued or written since it
 * was asked. Returns how many of the page were not on this device.
 */
async function mergePage(
  database: PaddockDb,
  localList: () => Promise<Comment[]>,
  page: Comment[],
  range: PageRange & { askedAt: string },
): Promise<number> {
  return database.transaction('rw', database.comments, database.outbox, async () => {
    const queued = await queuedEntityIds(database);
    const known = await database.comments.bulkGet(page.map((c) => c.id));
    const puts = page.filter((c) => !queued.has(c.id));
    if (puts.length) await database.comments.bulkPut(puts);
    const gone = goneInRange(await localList(), page, range)
      .filter((c) => !queued.has(c.id) && c.createdAt < range.askedAt)
      .map((c) => c.id);
    if (gone.length) {
      const replies = await database.comments.where('parentCommentId').anyOf(gone).primaryKeys();
      await database.comments.bulkDelete([...gone, ...replies.filter((id) => !queued.has(id))]);
    }
    return known.filter((row) => !row).length;
  });
}

/** The list's size the server gave, or (without it) what the page lets one infer. */
function totalOf(meta: unknown, offset: number, received: number, limit: number): number {
  const total = (meta as Partial<CommentListMeta> | undefined)?.total;
  if (typeof total === 'number') return total;
  return offset + received + (received < limit ? 0 : 1);
}

/**
 * One page (COMMENTS_PAGE_SIZE, from `offset` = how many are already loaded, spec §7 "offset =
 * limit * (page - 1)") of a post's top-level comments in this order, kept on this device.
 */
export async function syncComments(
  postId: string,
  sortBy: CommentSort,
  offset = 0,
  given?: PaddockDb,
): Promise<CommentPage> {
  const database = given ?? (await localDb());
  const askedAt = new Date().toISOString();
  const limit = COMMENTS_PAGE_SIZE;
  const answer = await apiFetch<Comment[]>(`/comments/post/${postId}`, {
    query: { limit, offset, sortBy },
  });
  const total = totalOf(answer.meta, offset, answer.data.length, limit);
  const topLevel = async () =>
    (await database.comments.where('postId').equals(postId).toArray()).filter(
      (c) => c.parentCommentId === null,
    );
  const fresh = await mergePage(database, topLevel, answer.data, {
    offset,
    total,
    newestFirst: sortBy === 'newest',
    askedAt,
  });
  return { total, received: answer.data.length, fresh };
}

/**
 * One page (REPLIES_PAGE_SIZE, from `offset`) of a comment's replies, oldest first, kept on this
 * device with the others already loaded, so that every reply seen reads offline.
 */
export async function syncReplies(commentId: string, offset = 0, given?: PaddockDb): Promise<CommentPage> {
  const database = given ?? (await localDb());
  const askedAt = new Date().toISOString();
  const limit = REPLIES_PAGE_SIZE;
  const answer = await apiFetch<Comment[]>(`/comments/${commentId}/replies`, { query: { limit, offset } });
  const total = totalOf(answer.meta, offset, answer.data.length, limit);
  const replies = async () => await database.comments.where('parentCommentId').equals(commentId).toArray();
  const fresh = await mergePage(database, replies, answer.data, {
    offset,
    total,
    newestFirst: false,
    askedAt,
  });
  // The count under the comment follows what the server said (unless the comment has queued writes).
  await database.transaction('rw', database.comments, database.outbox, async () => {
    const parent = await database.comments.get(commentId);
    if (!parent || parent.repliesCount === total) return;
    if ((await queuedEntityIds(database)).has(commentId)) return;
    await database.comments.put({ ...parent, repliesCount: total });
  });
  return { total, received: answer.data.length, fresh };
}

/** A post's comments from Dexie: top-level ones in the chosen order, replies oldest first. */
export function useComments(postId: string, sortBy: CommentSort) {
  const rows = useLive(async () => await db.comments.where('postId').equals(postId).toArray(), [postId]);
  const queued = useLive(async () => queuedEntityIds(db), []);
  return useMemo(() => {
    if (!rows || !queued) return undefined;
    const withState = (c: Comment): LocalComment => (queued.has(c.id) ? { ...c, syncState: 'pending' } : c);
    const top = rows.filter((c) => c.parentCommentId === null).sort(byKey);
    if (sortBy === 'newest') top.reverse();
    const replies = new Map<string, LocalComment[]>();
    for (const reply of rows.filter((c) => c.parentCommentId !== null).sort(byKey)) {
      const list = replies.get(reply.parentCommentId!) ?? [];
      list.push(withState(reply));
      replies.set(reply.parentCommentId!, list);
    }
    return { comments: top.map(withState), replies };
  }, [rows, queued, sortBy]);
}
