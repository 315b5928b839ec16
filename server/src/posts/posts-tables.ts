// The tables of migration 0009_posts, added to the shared Kysely `Database` type from here so that
// the feature keeps its tables beside its code (as server/src/messages does).
import type { Generated, Selectable } from 'kysely';
import type { Post } from '../../../src/contract/posts';

/** A post. `content` is sanitised Quill HTML; counters are kept by triggers, never by code. */
export interface PostsTable {
  id: string;
  author_id: string;
  content: string;
  /** A media id (server/src/media); null when the post has no image. */
  image_id: string | null;
  image_width: number | null;
  image_height: number | null;
  car_id: string | null;
  /** A car log the post shares as a card (migration 0024); no foreign key: it may be gone. */
  car_log_id: string | null;
  /** 1 when the card shows the log's cost. */
  show_cost: Generated<number>;
  likes_count: Generated<number>;
  /** The most recent likers' ids, newest first, joined by commas; kept by triggers. */
  likers: Generated<string | null>;
  comments_count: Generated<number>;
  /** The content as plain text, for the search (migration 0035); written with the content. */
  search_text?: string | null;
  created_at: string;
  updated_at: string;
}

/** Per author: how many posts they have (kept by triggers), so a feed's size is cheap to know. */
export interface PostAuthorsTable {
  author_id: string;
  posts_count: number;
}

export interface PostLikesTable {
  post_id: string;
  member_id: string;
  created_at: string;
}

/** A comment, or a reply when `parent_comment_id` is set (a comment of the same post). */
export interface CommentsTable {
  id: string;
  post_id: string;
  author_id: string;
  parent_comment_id: string | null;
  content: string;
  replies_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A tag of a post's own text, by its key (migration 0036); `created_at` is the post's. */
export interface PostTagsTable {
  post_id: string;
  tag: string;
  created_at: string;
}

/** A member told of a mention in a post's (`comment_id` null) or a comment's text (migration 0036). */
export interface MentionsTable {
  /** The post's or the comment's id. */
  source_id: string;
  member_id: string;
  post_id: string;
  comment_id: string | null;
  created_at: string;
}

/** A photo of a post (migration 0038), in its place; the post's first is also posts.image_id. */
export interface PostImagesTable {
  post_id: string;
  media_id: string;
  position: number;
  width: number | null;
  height: number | null;
}

export type PostRow = Selectable<PostsTable>;
export type CommentRow = Selectable<CommentsTable>;

declare module '../db/schema' {
  interface Database {
    posts: PostsTable;
    post_authors: PostAuthorsTable;
    post_likes: PostLikesTable;
    comments: CommentsTable;
    post_tags: PostTagsTable;
    mentions: MentionsTable;
    post_images: PostImagesTable;
  }
}

/** The author's public fields a post or comment query joins from `users`. */
export interface AuthorColumns {
  author_id: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
}

/** A post's or comment's author as the API shows it. */
export const toAuthor = (row: AuthorColumns): Post['author'] => ({
  id: row.author_id,
  username: row.username,
  firstName: row.first_name,
  lastName: row.last_name,
  avatar: row.avatar,
});
