import { sql, type Kysely } from 'kysely';

// Photos where people talk: a post carries up to ten photos, a private message and a chat message
// up to four (src/contract/constants.ts POST_IMAGES_MAX, MESSAGE_IMAGES_MAX). Each photo is a
// media row (server/src/media: checked, re-encoded without EXIF, counted in its uploader's quota),
// linked here with its place and its stored size (the client reserves the room before it loads).
// A link goes with its post or message (cascade) and with its file (a file deleted from the files
// screen); the repositories delete a post's or message's media rows when it goes, so that the
// files leave the store and the quota.
//
// posts.image_id, image_width and image_height stay: they are the first photo, which older clients
// read as `image`, and which lets a feed page skip the photos' look-up when none of its posts has one.
// The photo a post had before is its first (backfilled here).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('post_images')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('media_id', 'text', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addPrimaryKeyConstraint('post_images_pk', ['post_id', 'media_id'])
    .execute();
  // A post's photos in order come from the primary key's prefix and this index; the media cascade
  // and "which post shows this file" (files screen, access) look a file up by its id.
  await db.schema
    .createIndex('post_images_order')
    .on('post_images')
    .columns(['post_id', 'position'])
    .execute();
  await db.schema.createIndex('post_images_media').on('post_images').column('media_id').execute();
  await sql`insert into post_images (post_id, media_id, position, width, height)
            select id, image_id, 0, image_width, image_height from posts where image_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable('message_images')
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('media_id', 'text', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addPrimaryKeyConstraint('message_images_pk', ['message_id', 'media_id'])
    .execute();
  await db.schema.createIndex('message_images_media').on('message_images').column('media_id').execute();

  await db.schema
    .createTable('chat_message_images')
    .addColumn('chat_message_id', 'text', (c) =>
      c.notNull().references('chat_messages.id').onDelete('cascade'),
    )
    .addColumn('media_id', 'text', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addPrimaryKeyConstraint('chat_message_images_pk', ['chat_message_id', 'media_id'])
    .execute();
  await db.schema
    .createIndex('chat_message_images_media')
    .on('chat_message_images')
    .column('media_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_message_images').ifExists().execute();
  await db.schema.dropTable('message_images').ifExists().execute();
  await db.schema.dropTable('post_images').ifExists().execute();
}
