// Comments of opened posts: mirrored in Dexie (so an opened post reads offline), written through
// the outbox (a comment or reply made offline shows at once and is sent once), refreshed from the
// server without overwriting what is still queued.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { COMMENTS_PAGE_SIZE, REPLIES_PAGE_SIZE, type CommentSort } from '@/contract/constants';
import type { Comment, CommentListMeta, Post } from '@/contract/posts';
import { type SyncState } from '@/lib/offline/types';
import { useLive } from '@/lib/offline/live';
import { apiFetch } from '@/lib/api-client';
import { sessionStore } from '@/lib/auth/session-store';
import { db, localDb, type MirrorRow, type PaddockDb } from '@/lib/db';
import { offlineWrite, queueWrite } from '@/lib/offline/write';
import { queuedEntityIds, type OutboxEntry, type OutboxHandlers } from '@/lib/outbox';

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
  const post = (await tx.posts.get(postId)) as unknown as Post | undefined;
  if (post) await tx.posts.put({ ...post, commentsCount: Math.max(0, post.commentsCount + by) });
  const parent = parentId ? ((await tx.comments.get(parentId)) as unknown as Comment | undefined) : undefined;
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
    const comment = (await database.comments.get(id)) as unknown as Comment | undefined;
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
        } as unknown as MirrorRow);
      },
    );
  });
}

/** Deletes one of my comments (its replies go with it on the server). */
export function deleteComment(id: string, given?: PaddockDb): Promise<void> {
  return offlineWrite(given, async (database) => {
    const comment = (await database.comments.get(id)) as unknown as Comment | undefined;
    if (!comment) return;
    await queueWrite(
      database,
      { kind: COMMENT_KINDS.delete, entityId: id, method: 'DELETE', path: `/comments/${id}`, after: [id] },
      async (tx) => {
        const replies = (await tx.comments.where('parentCommentId').equals(id).primaryKeys()) as string[];
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
    await database.comments.put(data as unknown as MirrorRow);
  });
}

/** The comments' reconciliation handlers, by entry kind (the app registers them before a replay). */
export const commentHandlers: OutboxHandlers = {
  [COMMENT_KINDS.create]: (entry, data) => reconcileComment(entry, data),
  [COMMENT_KINDS.update]: (entry, data) => reconcileComment(entry, data),
  [COMMENT_KINDS.delete]: () => undefined,
};

/** Puts the server's comments, except those with queued writes. */
async function mergeComments(database: PaddockDb, comments: Comment[]): Promise<void> {
  await database.transaction('rw', database.comments, database.outbox, async () => {
    const queued = await queuedEntityIds(database);
    const puts = comments.filter((c) => !queued.has(c.id));
    if (puts.length) await database.comments.bulkPut(puts as unknown as MirrorRow[]);
  });
}

/** Drops local comments of this list the server no longer has (unless queued or written since). */
async function dropGone(database: PaddockDb, local: Comment[], seen: Set<string>, askedAt: string) {
  await database.transaction('rw', database.comments, database.outbox, async () => {
    const queued = await queuedEntityIds(database);
    const gone = local
      .filter((c) => !seen.has(c.id) && !queued.has(c.id) && c.createdAt < askedAt)
      .map((c) => c.id);
    if (gone.length) await database.comments.bulkDelete(gone);
  });
}

/**
 * The first `pages` pages of a post's top-level comments in this order; returns how many there
 * are. Local comments inside the range the server answered that it no longer lists are dropped.
 */
export async function syncComments(
  postId: string,
  sortBy: CommentSort,
  pages = 1,
  given?: PaddockDb,
): Promise<number> {
  const database = given ?? (await localDb());
  const askedAt = new Date().toISOString();
  const limit = COMMENTS_PAGE_SIZE * pages;
  const answer = await apiFetch<Comment[]>(`/comments/post/${postId}`, {
    query: { limit, offset: 0, sortBy },
  });
  await mergeComments(database, answer.data);
  const total = (answer.meta as Partial<CommentListMeta> | undefined)?.total ?? answer.data.length;
  if (answer.data.length >= total) {
    const local = (await database.comments.where('postId').equals(postId).toArray()) as unknown as Comment[];
    const seen = new Set(answer.data.map((c) => c.id));
    await dropGone(
      database,
      local.filter((c) => c.parentCommentId === null),
      seen,
      askedAt,
    );
  }
  return total;
}

/** A comment's replies (the first REPLIES_PAGE_SIZE = 20, offset 0). */
export async function syncReplies(commentId: string, given?: PaddockDb): Promise<void> {
  const database = given ?? (await localDb());
  const answer = await apiFetch<Comment[]>(`/comments/${commentId}/replies`, {
    query: { limit: REPLIES_PAGE_SIZE, offset: 0 },
  });
  await mergeComments(database, answer.data);
}

const newestFirst = (a: Comment, b: Comment) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;

/** A post's comments from Dexie: top-level ones in the chosen order, replies oldest first. */
export function useComments(postId: string, sortBy: CommentSort) {
  const rows = useLive(
    async () => (await db.comments.where('postId').equals(postId).toArray()) as unknown as Comment[],
    [postId],
  );
  const queued = useLive(async () => queuedEntityIds(db), []);
  return useMemo(() => {
    if (!rows || !queued) return undefined;
    const withState = (c: Comment): LocalComment => (queued.has(c.id) ? { ...c, syncState: 'pending' } : c);
    const top = rows.filter((c) => c.parentCommentId === null).sort(newestFirst);
    if (sortBy === 'oldest') top.reverse();
    const replies = new Map<string, LocalComment[]>();
    for (const reply of rows
      .filter((c) => c.parentCommentId !== null)
      .sort(newestFirst)
      .reverse()) {
      const list = replies.get(reply.parentCommentId!) ?? [];
      list.push(withState(reply));
      replies.set(reply.parentCommentId!, list);
    }
    return { comments: top.map(withState), replies };
  }, [rows, queued, sortBy]);
}

/** Keeps a post's comments fresh while shown; `more()` asks for one more page. */
export function useCommentsRefresh(postId: string, sortBy: CommentSort) {
  const [pages, setPages] = useState(1);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const refresh = useCallback(async () => {
    try {
      setTotal(await syncComments(postId, sortBy, pages));
      setError(null);
    } catch (caught) {
      setError(caught);
    }
  }, [postId, sortBy, pages]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const more = useCallback(() => setPages((p) => p + 1), []);
  const hasMore = total !== null && total > pages * COMMENTS_PAGE_SIZE;
  return { refresh, more, hasMore, error };
}
