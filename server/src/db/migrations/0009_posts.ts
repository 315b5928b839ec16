import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * How many likers posts.likers lists. A landed migration never changes: this is its own copy of
 * POST_LIKES_LISTED_MAX (src/contract/constants.ts), which a test holds equal to it.
 */
export const LIKERS_LISTED = 100;

// Posts, likes and comments (server/src/posts).
//
// The feed (the budget in docs/BENCHMARKS.md: 100,000 posts, ≥ 1,000 req/s, a deep page by cursor as fast as
// the first) is "posts by me and my friends, newest first". Two indexes serve it, and the repository
// picks the cheaper per request (server/src/posts/feed-query.ts):
// - posts_author_order: each author's posts in feed order. A sparse feed (few friends, or quiet
//   ones) reads exactly its own posts from it, by author.
// - posts_order: every post in feed order, with the author beside it (covering). A dense feed
//   (prolific friends) walks it newest first and keeps its authors' rows: a page costs about
//   limit ÷ (the feed's share of all posts) index entries, at any depth when paged by cursor.
// - post_authors.posts_count: each author's number of posts, so the size of a feed (its `total`,
//   and which index is cheaper) is one primary-key read per author, not a count.
//
// Counters (posts.likes_count, posts.comments_count, comments.replies_count, post_authors) are kept
// by triggers in the transaction of each insert and delete, whoever writes (the repository, a
// cascade when a member or a post goes, a seeding script): they cannot drift. As in 0006, this is
// where the dialects need their own SQL. Authors, posts and parents of rows never change.
// posts.likers is kept the same way: the ids of the post's most recent likers (at most
// LIKERS_LISTED, newest first, joined by commas), so that a feed page reads its likes with its
// posts instead of one look-up per post (a like is written once and read on every feed page).
//
// A post's image is a media row (server/src/media): deleting the file from the files screen sets
// the post's image to null; a deleted car leaves its posts without a car.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('image_id', 'text', (c) => c.references('media.id').onDelete('set null'))
    .addColumn('image_width', 'integer')
    .addColumn('image_height', 'integer')
    .addColumn('car_id', 'text', (c) => c.references('cars.id').onDelete('set null'))
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likers', 'text')
    .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('posts_author_order')
    .on('posts')
    .columns(['author_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('posts_order')
    .on('posts')
    .columns(['created_at desc', 'id desc', 'author_id'])
    .execute();
  // Looked up when a media row or a car is deleted (the foreign keys' set null).
  await db.schema.createIndex('posts_image').on('posts').column('image_id').execute();
  await db.schema.createIndex('posts_car').on('posts').column('car_id').execute();

  await db.schema
    .createTable('post_authors')
    .addColumn('author_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('posts_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('post_likes')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_likes_pk', ['post_id', 'member_id'])
    .execute();
  // A page's likes, most recent first, from the index alone.
  await db.schema
    .createIndex('post_likes_recent')
    .on('post_likes')
    .columns(['post_id', 'created_at desc', 'member_id'])
    .execute();
  await db.schema.createIndex('post_likes_member').on('post_likes').column('member_id').execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_comment_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('replies_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A post's top-level comments (parent null) in either order; a comment's replies.
  await db.schema
    .createIndex('comments_post_order')
    .on('comments')
    .columns(['post_id', 'parent_comment_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('comments_parent_order')
    .on('comments')
    .columns(['parent_comment_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('comments_author').on('comments').column('author_id').execute();

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create trigger posts_author_insert after insert on posts begin
        insert into post_authors (author_id, posts_count) values (new.author_id, 1)
          on conflict (author_id) do update set posts_count = posts_count + 1;
      end`.execute(db);
    await sql`create trigger posts_author_delete after delete on posts begin
        update post_authors set posts_count = posts_count - 1 where author_id = old.author_id;
      end`.execute(db);
    const likers = (post: string) =>
      sql.raw(
        `(select group_concat(member_id, ',' order by created_at desc, member_id) from (select member_id, created_at
         from post_likes where post_id = ${post} order by created_at desc, member_id limit ${LIKERS_LISTED}))`,
      );
    await sql`create trigger post_likes_insert after insert on post_likes begin
        update posts set likes_count = likes_count + 1, likers = ${likers('new.post_id')} where id = new.post_id;
      end`.execute(db);
    await sql`create trigger post_likes_delete after delete on post_likes begin
        update posts set likes_count = likes_count - 1, likers = ${likers('old.post_id')} where id = old.post_id;
      end`.execute(db);
    await sql`create trigger comments_insert after insert on comments begin
        update posts set comments_count = comments_count + 1 where id = new.post_id;
        update comments set replies_count = replies_count + 1 where id = new.parent_comment_id;
      end`.execute(db);
    await sql`create trigger comments_delete after delete on comments begin
        update posts set comments_count = comments_count - 1 where id = old.post_id;
        update comments set replies_count = replies_count - 1 where id = old.parent_comment_id;
      end`.execute(db);
  } else {
    await sql`create function posts_author_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into post_authors (author_id, posts_count) values (new.author_id, 1)
            on conflict (author_id) do update set posts_count = post_authors.posts_count + 1;
        else
          update post_authors set posts_count = posts_count - 1 where author_id = old.author_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger posts_author_count after insert or delete on posts
      for each row execute function posts_author_count()`.execute(db);
    const likers = (post: string) =>
      sql.raw(
        `(select string_agg(member_id, ',' order by created_at desc, member_id) from (select member_id, created_at
         from post_likes where post_id = ${post} order by created_at desc, member_id limit ${LIKERS_LISTED}) l)`,
      );
    // The post's row is locked first, by a statement of its own: the update after it then reads
    // post_likes with a snapshot taken once any concurrent like of the post has committed (in
    // READ COMMITTED each statement of a function takes a new one), so no liker is left out.
    await sql`create function post_likes_count() returns trigger language plpgsql as $$
      declare
        post text := case when tg_op = 'INSERT' then new.post_id else old.post_id end;
      begin
        perform 1 from posts where id = post for no key update;
        update posts set likes_count = likes_count + (case when tg_op = 'INSERT' then 1 else -1 end),
          likers = ${likers('post')} where id = post;
        return null;
      end $$`.execute(db);
    await sql`create trigger post_likes_count after insert or delete on post_likes
      for each row execute function post_likes_count()`.execute(db);
    await sql`create function comments_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update posts set comments_count = comments_count + 1 where id = new.post_id;
          update comments set replies_count = replies_count + 1 where id = new.parent_comment_id;
        else
          update posts set comments_count = comments_count - 1 where id = old.post_id;
          update comments set replies_count = replies_count - 1 where id = old.parent_comment_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger comments_count after insert or delete on comments
      for each row execute function comments_count()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // Dropping a table drops its triggers (both dialects); PostgreSQL's trigger functions stay.
  for (const table of ['comments', 'post_likes', 'posts', 'post_authors'])
    await db.schema.dropTable(table).ifExists().execute();
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    for (const name of ['posts_author_count', 'post_likes_count', 'comments_count'])
      await sql`drop function if exists ${sql.raw(name)}()`.execute(db);
  }
}
