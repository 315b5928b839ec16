// The feed's first page as the network answered it (feed-first-page.ts), before Dexie is loaded:
// the same list and cards as feed-body.tsx, which replaces it once it has painted. Nothing here
// may import Dexie (tests/browser/bundle-budget.test.ts gates this graph).
import { useEffect } from 'react';
import type { Post } from '@/contract/posts';
import { useT } from '@/lib/i18n';
import { PullToRefresh } from '@/ui/pull-to-refresh';
import { FIRST_LIST_CARDS } from './feed-first-page';
import { PostCard } from './post-card';

/**
 * After the list's frame, an idle moment and this pause, the first content is marked (the socket
 * and the bell may load) and the data layer is asked for; Dexie comes once the shell has settled
 * (feed-screen.tsx): clear of the first post's paint and of the long tasks Lighthouse counts.
 */
export const AFTER_FIRST_POST_PAUSE_MS = 300;

/** Calls `then` once the list is on screen: two frames, an idle moment (at most 500 ms), a pause. */
function afterPainted(then: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) setTimeout(() => !cancelled && then(), AFTER_FIRST_POST_PAUSE_MS);
  };
  const idle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 500 });
    else setTimeout(run, 50);
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => requestAnimationFrame(idle));
  else idle();
  return () => {
    cancelled = true;
  };
}

export default function FeedFirstList({
  posts,
  onPainted,
}: {
  posts: Post[];
  /** The list has painted: time for the data layer (Dexie) to take over. */
  onPainted: () => void;
}) {
  const t = useT();
  useEffect(() => afterPainted(onPainted), [onPainted]);
  return (
    <PullToRefresh onRefresh={async () => onPainted()}>
      <div className="feed">
        {/* The same list as feed-body.tsx's, to the pixel: its cards then replace these at the same
            size, so the first post stays the page's largest contentful paint (a bulleted list's
            narrower card made the replacement a later, larger candidate). */}
        <ul
          className="feed__list ui-flex ui-column ui-gap-4 ui-bare-list"
          aria-label={t('POSTS.MY_POSTS_TITLE')}
        >
          {posts.slice(0, FIRST_LIST_CARDS).map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      </div>
    </PullToRefresh>
  );
}
