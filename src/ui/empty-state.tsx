import type { ReactNode } from 'react';

export function EmptyState({
  title,
  text,
  icon,
  action,
}: {
  title: string;
  text?: string;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="ui-empty">
      {icon ? (
        <div className="ui-empty__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <h2 className="ui-empty__title">{title}</h2>
      {text ? <p className="ui-empty__text">{text}</p> : null}
      {action}
    </section>
  );
}
