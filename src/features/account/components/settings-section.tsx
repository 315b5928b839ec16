import { useId, type ReactNode } from 'react';
import { Card } from '@/ui';

/** One part of the settings screen: a titled region (its h2 names it for screen readers). */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="account-section" aria-labelledby={id}>
      <Card className="account-section__card ui-flex ui-column ui-gap-3">
        <h2 id={id} className="account-section__title">
          {title}
        </h2>
        {description ? <p className="account-section__description">{description}</p> : null}
        {children}
      </Card>
    </section>
  );
}
