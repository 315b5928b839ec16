import { Link } from '@tanstack/react-router';
import { startTransition, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import type { Post } from '@/contract/posts';
import { markFirstContent } from '@/lib/first-paint/first-content';
import { trackLoad } from '@/lib/first-paint/lazy-loads';
import { shellSettled } from '@/lib/offline/shell-settled';
import { useT } from '@/lib/i18n';
import { WelcomeStart } from './welcome-start';
import { PlusIcon } from '@/ui/icons';
import { Page } from '@/ui/page';
import { takeFirstFeedPage, takeOrAskFirstFeedPage, type EarlyFeedPage } from './feed-first-page';
import { FeedSkeleton } from './feed-skeleton';
import './posts.css';

export { FEED_SKELETON_CARDS } from './feed-skeleton';

/**
 * Online, the first page from the network (asked for by the start-up) is awaited this long before
 * the screen falls back to the posts on the device: a slow answer must not hide them.
 */
export const FEED_NETWORK_WAIT_MS = 1000;

/**
 * How the list starts (docs/SPEC-NOTES.md §4, the feed's first page). Online, the first page from
 * the network paints first (feed-first-list.tsx, no Dexie), then the data layer takes over
 * (feed-body.tsx: Dexie, the outbox's states, paging, live refresh) once the shell has settled.
 * Offline, or when the network fails, answers nothing, or is slower than FEED_NETWORK_WAIT_MS, the
 * device's posts come first.
 */
export function feedStart(online: boolean): 'network' | 'device' {
  return online ? 'network' : 'device';
}

type FeedBodyProps = { initialPosts?: Post[]; firstPage?: EarlyFeedPage | null };
type FirstListProps = { posts: Post[]; onPainted: () => void };

/** The data layer's list once loaded: later visits (in-app) read the device first, at once. */
let loadedBody: ComponentType<FeedBodyProps> | null = null;
const loadBody = () =>
  trackLoad(import('./feed-body')).then((m) => (loadedBody = m.default as ComponentType<FeedBodyProps>));
const loadFirstList = () =>
  trackLoad(import('./feed-first-list')).then((m) => m.default as ComponentType<FirstListProps>);

function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const later = () => setTimeout(resolve, 0);
    if (typeof requestAnimationFrame === 'function')
      requestAnimationFrame(() => requestAnimationFrame(later));
    else later();
  });
}

type Phase =
  | { kind: 'waiting' }
  | { kind: 'network'; posts: Post[]; List?: ComponentType<FirstListProps> }
  | { kind: 'device' };

/** The list: the network's first page then the device's data, or the device's data at once. */
function FeedList() {
  const [phase, setPhase] = useState<Phase>(() =>
    !loadedBody && feedStart(typeof navigator === 'undefined' || navigator.onLine !== false) === 'network'
      ? { kind: 'waiting' }
      : { kind: 'device' },
  );
  const [Body, setBody] = useState<ComponentType<FeedBodyProps> | null>(() => loadedBody);
  const [wantBody, setWantBody] = useState(phase.kind === 'device');
  // The network's first page, taken once by this screen (none when it starts from the device).
  const early = useRef<EarlyFeedPage | null>(null);

  // Online: the first page and the list that shows it, side by side.
  useEffect(() => {
    if (phase.kind !== 'waiting') {
      takeFirstFeedPage(); // nobody shows it: later refreshes ask the server
      return;
    }
    let done = false;
    early.current ??= takeOrAskFirstFeedPage();
    const { page: firstPage } = early.current;
    const toDevice = () => {
      if (done) return;
      done = true;
      setPhase({ kind: 'device' });
      setWantBody(true);
      markFirstContent(); // the device's posts come now: nothing waits for the network's any more
    };
    const timer = setTimeout(toDevice, FEED_NETWORK_WAIT_MS);
    Promise.all([firstPage, loadFirstList()]).then(([page, List]) => {
      if (done) return;
      if (page.posts.length === 0) return toDevice(); // the empty state needs the device's queued posts
      done = true;
      clearTimeout(timer);
      // In a transition: the cards render in time slices (Lighthouse's total blocking time).
      startTransition(() => setPhase({ kind: 'network', posts: page.posts, List }));
    }, toDevice);
    return () => {
      done = true;
      clearTimeout(timer);
    };
    // Once, at mount: later refreshes are the data layer's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The data layer: after the screen's first paint when the device's posts come first; after the
  // network's list has painted and the shell has settled (the member's first gesture, a quiet page,
  // or writes waiting: lib/offline/shell-settled.ts) when the network's come first.
  useEffect(() => {
    if (!wantBody || Body) return;
    let cancelled = false;
    void (phase.kind === 'device' ? afterFirstPaint() : shellSettled())
      .then(() => (cancelled ? null : loadBody())) // a screen already gone loads nothing more
      .then((component) => {
        if (component && !cancelled) startTransition(() => setBody(() => component));
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantBody]);

  const onPainted = useCallback(() => {
    markFirstContent();
    setWantBody(true);
  }, []);
  const initialPosts = phase.kind === 'network' ? phase.posts : undefined;
  if (Body) return <Body initialPosts={initialPosts} firstPage={early.current} />;
  if (phase.kind === 'network' && phase.List) return <phase.List posts={phase.posts} onPainted={onPainted} />;
  return (
    <div className="feed">
      <FeedSkeleton />
    </div>
  );
}

/** The feed (spec §2 my-posts): my posts and my friends', newest first (see feed-body.tsx). */
export function FeedScreen() {
  const t = useT();
  return (
    <Page
      title={t('POSTS.MY_POSTS_TITLE')}
      actions={
        <Link to="/create-post" className="ui-button ui-button--primary ui-button--small">
          <PlusIcon />
          {t('POSTS.NEW_POST')}
        </Link>
      }
    >
      <WelcomeStart />
      <FeedList />
    </Page>
  );
}
