import { Link, Outlet } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { StorageBanner } from '@/features/sync/components/storage-banner';
import { shellSettled } from '@/lib/offline/shell-settled';
import { startSignedInSync } from '@/app/sync-lifecycle';
import { useSession } from '@/lib/auth/session';
import { useT } from '@/lib/i18n';
import { SearchIcon } from '@/ui/icons';
import { Logo } from '@/ui/logo';
import { AccountMenu } from './components/account-menu';
import { LiveUpdatesBanner } from './components/live-updates-banner';
import { MainNav } from './components/main-nav';
import { NotificationBell } from './components/notification-bell';
import { SyncIndicator } from './components/sync-indicator';
import './layout.css';
import { reportUnlessClosed } from '@/lib/db/closed';

/** The header's slots, filled by the features (notifications: bell + unread count; sync: outbox state). */
export type LayoutSlots = { notifications?: ReactNode; sync?: ReactNode };

/**
 * The offline engine runs while a member is signed in: started here once the first screen is up
 * (Dexie loads after it), stopped by any sign-out (sync-lifecycle.ts listens to onSignedOut).
 * Leaving the layout (a public page) does not stop it.
 */
function useSignedInSync(): void {
  const { status } = useSession();
  useEffect(() => {
    if (status !== 'signedIn') return;
    let cancelled = false;
    void shellSettled()
      .then(() => (cancelled ? undefined : startSignedInSync()))
      .catch(reportUnlessClosed('the offline engine could not start'));
    return () => {
      cancelled = true;
    };
  }, [status]);
}

export function AppLayout({ slots = {}, children }: { slots?: LayoutSlots; children?: ReactNode }) {
  const t = useT();
  useSignedInSync();
  return (
    <div className="layout">
      <a className="layout__skip" href="#main">
        {t('NAV.SKIP_TO_CONTENT')}
      </a>
      <header className="layout__header">
        <span className="layout__brand">
          <Logo size={30} />
          <span className="layout__brand-name">{t('APP.NAME')}</span>
        </span>
        <div className="layout__actions">
          {slots.sync ?? <SyncIndicator />}
          <Link
            to="/search"
            className="layout__icon-button"
            aria-label={t('SEARCH.OPEN')}
            activeProps={{ 'aria-current': 'page' }}
          >
            <SearchIcon />
          </Link>
          {slots.notifications ?? <NotificationBell />}
          <AccountMenu />
        </div>
      </header>
      <StorageBanner />
      <LiveUpdatesBanner />
      <MainNav />
      <main id="main" className="layout__main" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
    </div>
  );
}
