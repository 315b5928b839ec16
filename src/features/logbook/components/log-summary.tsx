import { useT } from '@/lib/i18n';
import { formatMoney } from '@/lib/i18n/format';
import type { Money } from '../log-filters';

/** The count of the shown logs and their cost per currency (spec §3 "sum cost"), announced politely. */
export function LogSummary({ shown, total, cost }: { shown: number; total: number; cost: Money }) {
  const t = useT();
  const amounts = Object.entries(cost);
  return (
    <div className="log-summary" role="status">
      <span className="log-summary__count">
        {shown === total
          ? t('CAR_LOGS.COUNT', { count: total })
          : t('CAR_LOGS.COUNT_OF', { count: shown, total })}
      </span>
      <span className="log-summary__cost ui-flex ui-wrap ui-gap-2">
        <span className="log-summary__label">{t('CAR_LOGS.TOTAL_COST')}</span>{' '}
        {amounts.length === 0 ? (
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
