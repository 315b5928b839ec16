// A post as the server sends it, for the tests that put one on the fake server or on this device.
import type { Post, PostAuthor } from '@/contract/posts';
import { db } from '@/lib/db';

/** A post with no image, car or likes, written and last edited `at`; `fields` override. */
export function makePost(author: PostAuthor, at: string, fields: Partial<Post> = {}): Post {
  return {
    id: crypto.randomUUID(),
    author,
    content: '<p>Hello</p>',
    images: [],
    image: null,
    imageWidth: null,
    imageHeight: null,
    carId: null,
    likes: [],
    likesCount: 0,
    commentsCount: 0,
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
}

/** The screen tests' stored post: on 1 March 2026, already on this device (the feed's mirror). */
export async function putLocalPost(author: PostAuthor, fields: Partial<Post>): Promise<void> {
  await db.posts.put(makePost(author, '2026-03-01T10:00:00.000Z', fields));
}
