import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n';
import { Logo } from '@/ui';
import { AccountMenu } from './components/account-menu';
import { MainNav } from './components/main-nav';
import { NotificationBell } from './components/notification-bell';
import { SyncIndicator } from './components/sync-indicator';
import './layout.css';

/** Header slots later issues fill (notifications: bell + unread count; sync: outbox state). */
export type LayoutSlots = { notifications?: ReactNode; sync?: ReactNode };

export function AppLayout({ slots = {}, children }: { slots?: LayoutSlots; children?: ReactNode }) {
  const t = useT();
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
          {slots.notifications ?? <NotificationBell />}
          <AccountMenu />
        </div>
      </header>
      <MainNav />
      <main id="main" className="layout__main" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
    </div>
  );
}
