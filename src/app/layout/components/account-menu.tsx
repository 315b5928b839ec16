import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { installApp, needsHomeScreenHint, useInstallOffer } from '@/features/pwa/install-offer';
import { useGuardedSignOut } from '@/features/sync/hooks/use-guarded-sign-out';
import { session, useSession } from '@/lib/auth/session';
import { useAvatarUrl } from '@/lib/media/avatar-url';
import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import { Button } from '@/ui/button';
import { LogoutIcon } from '@/ui/icons';
import { LanguageSwitch } from '@/ui/language-switch';
import { useBackCloses } from '@/ui/use-back-closes';

/**
 * A disclosure (button + panel): closes on Escape, on a click outside and with the back button, and
 * returns focus.
 */
export function AccountMenu() {
  const t = useT();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const name = displayName(user);
  // Install: the browser's prompt where it offers one; on iPhone Safari, how and why (notifications).
  const installable = useInstallOffer();
  const [homeScreenHint] = useState(() => needsHomeScreenHint());
  // The avatar needs the bearer token: fetched once, shown through an object URL.
  const avatar = useAvatarUrl(user?.avatar, 50);
  // Sign-out warns while writes are unsent, then clears the device (docs/OFFLINE-FIRST.md property 10).
  const signOut = useGuardedSignOut(() => session.logout(), {
    returnFocus: trigger,
    onAsk: () => setOpen(false),
  });

  const prepareSignOut = signOut.prepare;
  useBackCloses(open, () => setOpen(false));
  useEffect(() => {
    if (!open) return;
    // What signing out needs is fetched now: the member may sign out after losing the network.
    prepareSignOut();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, prepareSignOut]);

  return (
    <div className="layout__account" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="layout__avatar"
        aria-label={t('NAV.ACCOUNT_MENU')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {avatar ? (
          <img src={avatar} alt="" />
        ) : (
          <span aria-hidden="true">{name.charAt(0).toUpperCase()}</span>
        )}
      </button>
      {open ? (
        <div id={panelId} className="layout__menu">
          <p className="layout__menu-who">
            <span className="layout__menu-caption">{t('NAV.SIGNED_IN_AS')}</span>
            <strong>{name}</strong>
          </p>
          <nav className="layout__menu-links" aria-label={t('NAV.ACCOUNT_MENU')}>
            <Link to="/account" className="layout__menu-link" onClick={() => setOpen(false)}>
              {t('ACCOUNT.MENU_SETTINGS')}
            </Link>
            <Link to="/files" className="layout__menu-link" onClick={() => setOpen(false)}>
              {t('FILES.TITLE')}
            </Link>
            {/* Only moderators (GET /auth/me's isModerator, given by the operator's command). */}
            {user?.isModerator ? (
              <Link to="/moderation" className="layout__menu-link" onClick={() => setOpen(false)}>
                {t('NAV.MODERATION')}
              </Link>
            ) : null}
            <Link
              to="/legal/$type"
              params={{ type: 'terms' }}
              className="layout__menu-link layout__menu-link--minor"
              onClick={() => setOpen(false)}
            >
              {t('LEGAL.TERMS')}
            </Link>
            <Link
              to="/legal/$type"
              params={{ type: 'privacy' }}
              className="layout__menu-link layout__menu-link--minor"
              onClick={() => setOpen(false)}
            >
              {t('LEGAL.PRIVACY')}
            </Link>
          </nav>
          {installable ? (
            <Button
              variant="secondary"
              size="small"
              block
              onClick={() => {
                setOpen(false);
                void installApp();
              }}
            >
              {t('PWA.INSTALL')}
            </Button>
          ) : homeScreenHint ? (
            <p className="layout__menu-hint">{t('PWA.IOS_HOME_SCREEN_HINT')}</p>
          ) : null}
          <LanguageSwitch />
          <Button
            variant="secondary"
            size="small"
            block
            icon={<LogoutIcon />}
            busy={signOut.busy}
            onClick={() => void signOut.request()}
          >
            {t('NAV.SIGN_OUT')}
          </Button>
        </div>
      ) : null}
      {signOut.dialog}
    </div>
  );
}
