import { useId, useMemo, useState } from 'react';
import type { LocalCarLog } from '@/features/garage';
import { formatNumber, useT } from '@/lib/i18n';
import {
  formatDay,
  formatDistance,
  formatMoney,
  formatMoneyPerDistance,
  formatMonth,
  settingLabel,
  unitSymbol,
} from '@/lib/i18n/format';
import { chartMonths, computeStats, mainCurrency } from '../log-filters';
import { MonthChart, type Bar } from './month-chart';
import { TypeChart } from './type-chart';
import '@/ui/figures.css';
import './stats-panel.css';

/**
 * The car's figures, computed on the device from its logs (the same arithmetic as
 * GET /car-logs/stats, so they work offline): count, totals, period, distance, cost per distance
 * unit, and the two charts in one currency at a time.
 */
export default function StatsPanel({ logs, mileageUnit }: { logs: LocalCarLog[]; mileageUnit: string }) {
  const t = useT();
  const id = useId();
  const stats = useMemo(() => computeStats(logs, new Date(), mileageUnit), [logs, mileageUnit]);
  const currencies = Object.keys(stats.totalCost);
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = chosen !== null && currencies.includes(chosen) ? chosen : mainCurrency(stats.totalCost);
  const unit = unitSymbol(stats.mileageUnit); // "Cost per km", not "Cost per kilometres"

  // A young car's chart starts at the month of its first log rather than 24 months back.
  const months: Bar[] = useMemo(
    () =>
      chartMonths(stats.costByMonth, stats.firstDate).map(([month, money]) => ({
        key: month,
        label: formatMonth(month),
        longLabel: formatMonth(month, 'long'),
        value: currency === null ? 0 : (money[currency] ?? 0),
      })),
    [stats, currency],
  );
  const types: Bar[] = useMemo(
    () =>
      Object.entries(stats.costByType)
        .map(([type, money]) => ({
          key: type,
          label: settingLabel(t, 'carLogType', type),
          value: currency === null ? 0 : (money[currency] ?? 0),
        }))
        .filter((bar) => bar.value > 0)
        .sort((a, b) => b.value - a.value),
    [stats, currency, t],
  );
  const money = (value: number) => formatMoney(value, currency ?? '');

  return (
    <div className="stats-panel" data-testid="stats-panel">
      <dl className="car-figures">
        <div className="car-figures__item">
          <dt>{t('CAR_LOGS.STATS_COUNT')}</dt>
          <dd>{formatNumber(stats.count)}</dd>
        </div>
        <div className="car-figures__item">
          <dt>{t('CAR_LOGS.STATS_TOTAL')}</dt>
          {currencies.length === 0 ? (
            <dd>{t('CAR_LOGS.NO_COST')}</dd>
          ) : (
            currencies.map((code) => <dd key={code}>{formatMoney(stats.totalCost[code] ?? 0, code)}</dd>)
          )}
        </div>
        {stats.firstDate && stats.lastDate ? (
          <div className="car-figures__item">
            <dt>{t('CAR_LOGS.STATS_PERIOD')}</dt>
            <dd>
              {t('CAR_LOGS.STATS_PERIOD_VALUE', {
                from: formatDay(stats.firstDate),
                to: formatDay(stats.lastDate),
              })}
            </dd>
          </div>
        ) : null}
        {stats.mileageSpan !== null ? (
          <div className="car-figures__item">
            <dt>{t('CAR_LOGS.STATS_DISTANCE')}</dt>
            <dd>{formatDistance(stats.mileageSpan, stats.mileageUnit)}</dd>
          </div>
        ) : null}
        {Object.keys(stats.costPerDistance).length > 0 ? (
          <div className="car-figures__item">
            <dt>{t('CAR_LOGS.STATS_COST_PER_DISTANCE', { unit })}</dt>
            {Object.entries(stats.costPerDistance).map(([code, amount]) => (
              <dd key={code}>{formatMoneyPerDistance(amount, code)}</dd>
            ))}
          </div>
        ) : null}
      </dl>

      {currency === null ? (
        <p className="stats-panel__none">{t('CAR_LOGS.STATS_NO_COSTS')}</p>
      ) : (
        <>
          {currencies.length > 1 ? (
            <div className="stats-panel__currency ui-flex ui-center ui-gap-2">
              <label htmlFor={`${id}-currency`}>{t('CAR_LOGS.STATS_CURRENCY')}</label>
              <select
                id={`${id}-currency`}
                className="ui-select"
                value={currency}
                onChange={(e) => setChosen(e.target.value)}
              >
                {currencies.map((code) => (
                  <option key={code} value={code}>
                    {settingLabel(t, 'currencyCode', code)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <MonthChart
            title={t('CAR_LOGS.STATS_BY_MONTH', { count: months.length })}
            bars={months}
            format={money}
            labelHeader={t('CAR_LOGS.STATS_MONTH')}
            valueHeader={t('CAR_LOGS.STATS_AMOUNT')}
          />
          <TypeChart
            title={t('CAR_LOGS.STATS_BY_TYPE')}
            bars={types}
            format={money}
            labelHeader={t('CAR_LOGS.TYPE')}
            valueHeader={t('CAR_LOGS.STATS_AMOUNT')}
          />
        </>
      )}
    </div>
  );
}
