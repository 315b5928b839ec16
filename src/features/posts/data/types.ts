// The feed's local rows: the server's Post as is, plus the sync state the outbox gives it.
import type { Post, PostCarLog } from '@/contract/posts';
import { type SyncState } from '@/lib/offline/types';

export type LocalPost = Post & { syncState?: SyncState };

/** What the create-post form hands to savePost. */
export interface PostDraft {
  content: string;
  carId: string | null;
  /** A log shared as the post's card (build threads): its id, the cost choice, and the card this device shows until the server's. */
  carLog?: { id: string; showCost: boolean; card: PostCarLog };
}

export const POST_KINDS = {
  create: 'post.create',
  like: 'post.like',
  update: 'post.update',
  delete: 'post.delete',
} as const;

/** meta row keeping the feed's next-page cursor (meta.nextCursor of the last page read). */
export const FEED_CURSOR_KEY = 'postsFeedCursor';
