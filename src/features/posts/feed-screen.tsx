import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useT } from '@/lib/i18n';
import { Page, PlusIcon } from '@/ui';
import { FeedSkeleton } from './feed-skeleton';
import './posts.css';

export { FEED_SKELETON_CARDS } from './feed-skeleton';

/**
 * Online, the list loads after the screen's first paint plus this delay: the home screen paints
 * its header, navigation and skeletons with the shell's JavaScript only (the first-render budget),
 * and Dexie with the posts data layer follow at once. Offline, the posts on the device are all
 * there is to show and nothing else competes for the wire: the list loads right after the first
 * paint (the offline cold start budget: the first post card within 1 s).
 */
export const FEED_DATA_DELAY_MS = 400;

export function feedDataDelayMs(online: boolean): number {
  return online ? FEED_DATA_DELAY_MS : 0;
}

function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const delay = feedDataDelayMs(typeof navigator === 'undefined' || navigator.onLine !== false);
    const later = () => setTimeout(resolve, delay);
    if (typeof requestAnimationFrame === 'function')
      requestAnimationFrame(() => requestAnimationFrame(later));
    else later();
  });
}

const FeedBody = lazy(() => afterFirstPaint().then(() => import('./feed-body')));

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
      <Suspense
        fallback={
          <div className="feed">
            <FeedSkeleton />
          </div>
        }
      >
        <FeedBody />
      </Suspense>
    </Page>
  );
}
