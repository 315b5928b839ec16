// Comments and replies: the only code that touches their table. Counts (a post's comments, a
// comment's replies) are kept by the triggers of migration 0009.
import type { Insertable, Kysely } from 'kysely';
import type { Comment } from '../../../src/contract/posts';
import type { CommentSort } from '../../../src/contract/constants';
import type { Database } from '../db/schema';
import { toAuthor, type AuthorColumns, type CommentRow, type CommentsTable } from './posts-tables';
import './posts-tables';
import { insertIfNew } from '../db/insert-if-new';
import { countRows } from '../db/paging';

const COLUMNS = [
  'c.id',
  'c.post_id',
  'c.author_id',
  'c.parent_comment_id',
  'c.content',
  'c.replies_count',
  'c.created_at',
  'c.updated_at',
  'u.username',
  'u.first_name',
  'u.last_name',
  'u.avatar',
] as const;

type CommentWithAuthor = CommentRow & AuthorColumns;

function toComment(row: CommentWithAuthor): Comment {
  return {
    id: row.id,
    postId: row.post_id,
    author: toAuthor(row),
    content: row.content,
    parentCommentId: row.parent_comment_id,
    repliesCount: Number(row.replies_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type NewComment = Omit<Insertable<CommentsTable>, 'replies_count'>;

export function commentsRepository(db: Kysely<Database>) {
  const withAuthor = () =>
    db.selectFrom('comments as c').innerJoin('users as u', 'u.id', 'c.author_id').select(COLUMNS);

  return {
    async find(id: string): Promise<Comment | undefined> {
      const row = await withAuthor().where('c.id', '=', id).executeTakeFirst();
      return row && toComment(row);
    },

    /** A post's top-level comments in the order asked, and how many it has. */
    async listTop(
      postId: string,
      { limit, offset, sortBy }: { limit: number; offset: number; sortBy: CommentSort },
    ): Promise<{ items: Comment[]; total: number }> {
      const direction = sortBy === 'oldest' ? 'asc' : 'desc';
      const [rows, total] = await Promise.all([
        withAuthor()
          .where('c.post_id', '=', postId)
          .where('c.parent_comment_id', 'is', null)
          .orderBy('c.created_at', direction)
          .orderBy('c.id', direction)
          .limit(limit)
          .offset(offset)
          .execute(),
        countRows(
          db.selectFrom('comments').where('post_id', '=', postId).where('parent_comment_id', 'is', null),
        ),
      ]);
      return { items: rows.map(toComment), total };
    },

    /** A comment's direct replies, oldest first (a conversation reads down). */
    async listReplies(
      parentId: string,
      { limit, offset }: { limit: number; offset: number },
    ): Promise<Comment[]> {
      const rows = await withAuthor()
        .where('c.parent_comment_id', '=', parentId)
        .orderBy('c.created_at', 'asc')
        .orderBy('c.id', 'asc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(toComment);
    },

    /** Inserts unless the id exists already (a replayed create); true when a row was written. */
    async insert(comment: NewComment): Promise<boolean> {
      return insertIfNew(db.insertInto('comments').values(comment), 'id');
    },

    async updateContent(id: string, content: string, at: string): Promise<void> {
      await db.updateTable('comments').set({ content, updated_at: at }).where('id', '=', id).execute();
    },

    /** Deletes the comment and its replies (the foreign key cascades); the post's count after. */
    async delete(id: string, postId: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('comments').where('id', '=', id).execute();
        const post = await trx
          .selectFrom('posts')
          .select('comments_count')
          .where('id', '=', postId)
          .executeTakeFirst();
        return Number(post?.comments_count ?? 0);
      });
    },
  };
}

export type CommentsRepository = ReturnType<typeof commentsRepository>;
