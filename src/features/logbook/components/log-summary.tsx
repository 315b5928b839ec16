import { useT } from '@/lib/i18n';
import { formatMoney } from '@/lib/i18n/format';
import type { Money } from '../log-filters';

/**
 * The count of the shown logs and their cost per currency (spec §3 "sum cost"), announced politely.
 * `cost` is null while only the newest logs are read (the sum needs every row): the line keeps its
 * place and says it is being counted.
 */
export function LogSummary({ shown, total, cost }: { shown: number; total: number; cost: Money | null }) {
  const t = useT();
  const amounts = cost ? Object.entries(cost) : [];
  return (
    <div className="log-summary" role="status">
      <span className="log-summary__count">
        {shown === total
          ? t('CAR_LOGS.COUNT', { count: total })
          : t('CAR_LOGS.COUNT_OF', { count: shown, total })}
      </span>
      <span className="log-summary__cost ui-flex ui-wrap ui-gap-2">
        <span className="log-summary__label">{t('CAR_LOGS.TOTAL_COST')}</span>{' '}
        {cost === null ? (
          <span className="log-summary__amount log-summary__amount--pending" aria-busy="true">
            {t('CAR_LOGS.COST_PENDING')}
          </span>
        ) : amounts.length === 0 ? (
          <span className="log-summary__amount">{t('CAR_LOGS.NO_COST')}</span>
        ) : (
          amounts.map(([currency, amount]) => (
            <span key={currency} className="log-summary__amount" data-testid="log-sum">
              {formatMoney(amount, currency)}
            </span>
          ))
        )}
      </span>
    </div>
  );
}
