import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n';
import { LanguageSwitch } from '@/ui/language-switch';
import { Logo } from '@/ui/logo';
import '../auth.css';

/** The frame of every signed-out screen: brand, language switch, a card, the legal links. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="auth">
      <div className="auth__top ui-flex ui-center ui-between">
        <span className="auth__brand">
          <Logo size={36} />
          <span className="auth__brand-name">{t('APP.NAME')}</span>
        </span>
        <LanguageSwitch />
      </div>
      <main className="auth__main">
        <p className="auth__tagline">{t('APP.TAGLINE')}</p>
        <div className="auth__card ui-flex ui-column ui-gap-4">
          <h1 className="auth__title">{title}</h1>
          {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
          {children}
        </div>
        {footer ? <div className="auth__footer">{footer}</div> : null}
      </main>
      <nav className="auth__legal" aria-label={t('LEGAL.LINKS')}>
        <Link to="/legal/$type" params={{ type: 'terms' }}>
          {t('LEGAL.TERMS')}
        </Link>
        <Link to="/legal/$type" params={{ type: 'privacy' }}>
          {t('LEGAL.PRIVACY')}
        </Link>
      </nav>
    </div>
  );
}
