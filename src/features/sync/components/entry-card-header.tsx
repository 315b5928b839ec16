// The heading of a "needs attention" card: what the entry is, and when it was written.
import { formatDate, useT } from '@/lib/i18n';

export function EntryCardHeader({
  titleId,
  name,
  createdAt,
}: {
  titleId: string;
  name: string;
  createdAt: number;
}) {
  const t = useT();
  return (
    <header className="sync-entry__header">
      <h4 id={titleId} className="sync-entry__title">
        {name}
      </h4>
      <p className="sync-entry__meta">
        {t('SYNC.CREATED_AT', { date: formatDate(createdAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
      </p>
    </header>
  );
}
