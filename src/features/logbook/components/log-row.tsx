import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { type LocalCarLog, SyncBadge } from '@/features/garage';
import { useLogAuthor } from '@/features/car-people';
import { useT } from '@/lib/i18n';
import { formatDay, formatDistance, formatMoney, settingLabel } from '@/lib/i18n/format';
import { PaperclipIcon } from '@/ui';

/**
 * One log in the list: a link to its read view. Two lines of fixed height (the virtualised list
 * positions rows by arithmetic): type, title and cost; then date, mileage, place, tags and files.
 */
export const LogRow = memo(function LogRow({ log, mileageUnit }: { log: LocalCarLog; mileageUnit: string }) {
  const t = useT();
  const files = log.media?.length ?? 0;
  // A shared car's log says who wrote it.
  const author = useLogAuthor(log.authorId);
  const details = [
    author ? t('CAR_LOGS.BY_AUTHOR', { name: author }) : null,
    log.mileage !== null && log.mileage !== undefined ? formatDistance(log.mileage, mileageUnit) : null,
    log.location || null,
    // Written in a former owner's time (the car was sold with its logbook).
    log.formerOwner ? t('CAR_LOGS.FORMER_OWNER_SHORT') : null,
  ].filter((part): part is string => Boolean(part));
  return (
    <Link
      to="/my-cars/$carId/logs/$logId"
      params={{ carId: log.carId, logId: log.id }}
      className="log-row"
      data-testid="log-row"
    >
      <span className="log-row__line ui-flex ui-center ui-gap-2">
        <span className="log-row__type">{settingLabel(t, 'carLogType', log.type)}</span>
        <span className="log-row__title">{log.title}</span>
        {log.cost !== null && log.cost !== undefined ? (
          <span className="log-row__cost">{formatMoney(log.cost, log.currencyCode ?? '')}</span>
        ) : null}
      </span>
      <span className="log-row__line log-row__line--meta ui-flex ui-center ui-gap-2">
        <time className="log-row__date" dateTime={log.startDate}>
          {formatDay(log.startDate)}
        </time>
        {details.map((part, i) => (
          <span key={i} className="log-row__detail">
            {part}
          </span>
        ))}
        {log.tags?.length ? (
          <span className="log-row__tags">
            {log.tags.map((tag) => (
              <span key={tag} className="log-row__tag">
                #{tag}
              </span>
            ))}
          </span>
        ) : null}
        <span className="log-row__end ui-flex ui-center ui-gap-2">
          {files > 0 ? (
            <span className="log-row__files" title={t('CAR_LOGS.FILES', { count: files })}>
              <PaperclipIcon />
              <span aria-hidden="true">{files}</span>
              <span className="visually-hidden">{t('CAR_LOGS.FILES', { count: files })}</span>
            </span>
          ) : null}
          <SyncBadge state={log.syncState} />
        </span>
      </span>
    </Link>
  );
});
