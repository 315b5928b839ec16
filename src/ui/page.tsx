import type { ReactNode } from 'react';

/**
 * A screen's main column with its heading (the one h1 of the screen). `back` (a `BackButton`)
 * stands before the heading, `actions` after it.
 */
export function Page({
  title,
  back,
  actions,
  children,
}: {
  title: string;
  back?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="ui-page">
      <header className={back ? 'ui-page__header ui-page__header--back' : 'ui-page__header'}>
        {back}
        <h1 className="ui-page__title" title={title}>
          {title}
        </h1>
        {actions}
      </header>
      {children}
    </div>
  );
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={['ui-card', className].filter(Boolean).join(' ')}>{children}</div>;
}

/** An inline message. Errors are announced assertively, the rest politely. */
export function Alert({
  kind,
  children,
}: {
  kind: 'error' | 'success' | 'info' | 'warning';
  children: ReactNode;
}) {
  return (
    <div className={`ui-alert ui-alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
