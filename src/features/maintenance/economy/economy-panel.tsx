import { useId, useMemo, useState } from 'react';
import { ECONOMY_UNIT_INFO, type EconomyUnit, type FuelUnit } from '@/contract/maintenance';
import { settingsLabel, type LocalCar, type LocalCarLog } from '@/features/garage';
import type { FuelLog } from '@/contract/maintenance';
import { formatDate, formatNumber, useT } from '@/lib/i18n';
import { formatDay, formatDistance, formatMoneyPerDistance, unitSymbol } from '@/lib/i18n/format';
import { FUEL_UNIT_SYMBOL_KEYS } from '../fuel/fuel-values';
import {
  allEnergiesCostPerDistance,
  carOdometer,
  economyPoints,
  odometerPoints,
  type CarEconomy,
  type SegmentProblem,
} from './economy-model';
import { economyDecimals, ECONOMY_UNIT_KEYS } from './economy-units';
import { LineChart } from './line-chart';
import { SuspectSegments } from './suspect-segments';
import '@/ui/figures.css';
import './economy.css';

/** Segments listed before "Show all": a long log book's table stays short. */
export const SEGMENTS_SHOWN = 12;

/** A table's date, short ("5/1/24", "01/05/2024"): the segments table fits a phone. */
const shortDay = (day: string) => formatDate(`${day}T00:00:00Z`, { dateStyle: 'short', timeZone: 'UTC' });

const PROBLEM_KEYS: Record<SegmentProblem, string> = {
  readingMissing: 'ECONOMY.PROBLEM_READING',
  noDistance: 'ECONOMY.PROBLEM_DISTANCE',
  missedFill: 'ECONOMY.PROBLEM_MISSED',
};

/**
 * The car's odometer (current figure and a chart over time) and its fuel or energy economy: the
 * average (total distance over total fuel of the valid segments), best and worst in the chosen
 * unit's direction, cost per distance, a chart over time and every segment, invalid ones marked.
 */
export default function EconomyPanel({
  car,
  logs,
  economy,
  units,
  onUnit,
  energies = [],
  energy = null,
  onEnergy,
  allFills = [],
}: {
  car: LocalCar;
  logs: LocalCarLog[];
  economy: CarEconomy;
  units: EconomyUnit[];
  onUnit: (unit: EconomyUnit) => void;
  /** The car's energies, the main one first; several: a switch, and the cost over all of them. */
  energies?: string[];
  /** The energy shown (null: the car has one). */
  energy?: string | null;
  onEnergy?: (energy: string) => void;
  /** Every fill of the car, whatever its energy. */
  allFills?: FuelLog[];
}) {
  const t = useT();
  const id = useId();
  const [allRows, setAllRows] = useState(false);
  const unit = economy.unit;
  const odometer = useMemo(() => carOdometer(logs, car.mileage), [logs, car.mileage]);
  const odometerLine = useMemo(() => odometerPoints(odometer), [odometer]);
  const points = useMemo(() => economyPoints(economy), [economy]);

  const info = ECONOMY_UNIT_INFO[unit];
  const symbol = t(ECONOMY_UNIT_KEYS[unit]);
  const decimals = economyDecimals(unit);
  const value = (n: number) =>
    t('ECONOMY.VALUE', {
      value: formatNumber(n, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
      unit: symbol,
    });
  const distance = (n: number) => formatDistance(Math.round(n), info.distance);
  const quantity = (n: number) =>
    t('ECONOMY.QUANTITY_VALUE', {
      value: formatNumber(n, { maximumFractionDigits: 1 }),
      unit: t(FUEL_UNIT_SYMBOL_KEYS[info.quantity as FuelUnit]),
    });
  const mileage = (n: number) => formatDistance(n, car.mileageUnit);
  const newestFirst = [...economy.rows].reverse();
  const range = (row: { fromDate: string; toDate: string }) =>
    t('ECONOMY.SEGMENT_RANGE', { from: shortDay(row.fromDate), to: shortDay(row.toDate) });
  const allEnergies = useMemo(
    () => (energies.length > 1 ? allEnergiesCostPerDistance(allFills, car.mileageUnit, info.distance) : {}),
    [energies.length, allFills, car.mileageUnit, info.distance],
  );
  const rows = allRows ? newestFirst : newestFirst.slice(0, SEGMENTS_SHOWN);

  return (
    <div className="economy-panel" data-testid="economy-panel">
      <section className="economy-panel__part ui-flex ui-column ui-gap-3" aria-labelledby={`${id}-odometer`}>
        <h3 id={`${id}-odometer`} className="economy-panel__title">
          {t('ODOMETER.TITLE')}
        </h3>
        <dl className="car-figures economy-figures">
          <div className="car-figures__item">
            <dt>{t('ODOMETER.CURRENT')}</dt>
            <dd data-testid="odometer-current">
              {odometer.current === null ? t('ODOMETER.NONE') : mileage(odometer.current)}
            </dd>
          </div>
          {odometer.perDay !== null ? (
            <div className="car-figures__item">
              <dt>{t('ODOMETER.PER_DAY')}</dt>
              <dd>{formatDistance(Math.round(odometer.perDay * 10) / 10, car.mileageUnit)}</dd>
            </div>
          ) : null}
        </dl>
        {odometerLine.length > 1 ? (
          <LineChart
            title={t('ODOMETER.CHART')}
            summary={t('ODOMETER.CHART_SUMMARY', {
              count: odometer.readings.length,
              from: mileage(odometerLine[0]!.y),
              fromDate: formatDay(odometerLine[0]!.label),
              to: mileage(odometerLine.at(-1)!.y),
              toDate: formatDay(odometerLine.at(-1)!.label),
            })}
            points={odometerLine}
            format={mileage}
            formatX={(p) => formatDay(p.label)}
            testId="odometer-chart"
          />
        ) : null}
      </section>

      <section className="economy-panel__part ui-flex ui-column ui-gap-3" aria-labelledby={`${id}-economy`}>
        <div className="economy-panel__head ui-flex ui-wrap ui-center ui-between ui-gap-2">
          <h3 id={`${id}-economy`} className="economy-panel__title">
            {t(info.energy === 'electric' ? 'ECONOMY.TITLE_ELECTRIC' : 'ECONOMY.TITLE')}
          </h3>
          {energies.length > 1 && onEnergy ? (
            <label className="economy-panel__unit ui-flex ui-center ui-gap-2">
              <span>{t('ECONOMY.ENERGY')}</span>
              <select
                className="ui-select"
                value={energy ?? energies[0]}
                onChange={(event) => onEnergy(event.target.value)}
                data-testid="economy-energy"
              >
                {energies.map((key) => (
                  <option key={key} value={key}>
                    {settingsLabel(t, 'energyType', key)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className="economy-panel__unit ui-flex ui-center ui-gap-2">
            <span>{t('ECONOMY.UNIT')}</span>
            <select
              className="ui-select"
              value={unit}
              onChange={(event) => onUnit(event.target.value as EconomyUnit)}
              data-testid="economy-unit"
            >
              {units.map((u) => (
                <option key={u} value={u}>
                  {t(ECONOMY_UNIT_KEYS[u])}
                </option>
              ))}
            </select>
          </label>
        </div>
        {economy.average === null ? (
          <p className="economy-panel__empty" data-testid="economy-empty">
            {t(info.energy === 'electric' ? 'ECONOMY.EMPTY_ELECTRIC' : 'ECONOMY.EMPTY')}
          </p>
        ) : (
          <>
            <dl className="car-figures economy-figures">
              <div className="car-figures__item">
                <dt>{t('ECONOMY.AVERAGE')}</dt>
                <dd data-testid="economy-average">{value(economy.average)}</dd>
              </div>
              <div className="car-figures__item">
                <dt>{t('ECONOMY.BEST')}</dt>
                <dd data-testid="economy-best">{value(economy.best!)}</dd>
              </div>
              <div className="car-figures__item">
                <dt>{t('ECONOMY.WORST')}</dt>
                <dd data-testid="economy-worst">{value(economy.worst!)}</dd>
              </div>
              <div className="car-figures__item">
                <dt>{t('ECONOMY.TOTALS')}</dt>
                <dd>{distance(economy.distance)}</dd>
                <dd>{quantity(economy.quantity)}</dd>
              </div>
              {Object.keys(economy.costPerDistance).length > 0 ? (
                <div className="car-figures__item">
                  <dt>{t('ECONOMY.COST_PER_DISTANCE', { unit: unitSymbol(info.distance) })}</dt>
                  {Object.entries(economy.costPerDistance).map(([code, amount]) => (
                    <dd key={code} data-testid="economy-cost">
                      {formatMoneyPerDistance(amount, code)}
                    </dd>
                  ))}
                </div>
              ) : null}
              {Object.keys(allEnergies).length > 0 ? (
                <div className="car-figures__item">
                  <dt>{t('ECONOMY.COST_ALL_ENERGIES', { unit: unitSymbol(info.distance) })}</dt>
                  {Object.entries(allEnergies).map(([code, amount]) => (
                    <dd key={code} data-testid="economy-cost-all">
                      {formatMoneyPerDistance(amount, code)}
                    </dd>
                  ))}
                </div>
              ) : null}
            </dl>
            {points.length > 1 ? (
              <LineChart
                title={t('ECONOMY.CHART', { unit: symbol })}
                summary={t('ECONOMY.CHART_SUMMARY', {
                  count: points.length,
                  average: value(economy.average),
                })}
                points={points}
                format={value}
                formatX={(p) => formatDay(p.label)}
                reference={economy.average}
                testId="economy-chart"
              />
            ) : null}
          </>
        )}
        <SuspectSegments car={car} logs={logs} rows={economy.rows} range={range} value={value} />
        {rows.length > 0 ? (
          <div className="economy-table__scroll ui-flex ui-column ui-start ui-gap-2">
            <table className="economy-table" data-testid="economy-segments">
              <caption className="economy-table__caption">{t('ECONOMY.SEGMENTS')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('ECONOMY.SEGMENT_DATES')}</th>
                  <th scope="col">{t('ECONOMY.SEGMENT_DRIVEN')}</th>
                  <th scope="col">{t('ECONOMY.SEGMENT_ECONOMY')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr
                    key={row.key}
                    data-invalid={row.problem || row.suspect ? true : undefined}
                    data-suspect={row.suspect || undefined}
                  >
                    <th scope="row">{range(row)}</th>
                    <td>
                      <span className="economy-table__line">
                        {row.distance === null ? '–' : distance(row.distance)}
                      </span>
                      <span className="economy-table__line">{quantity(row.quantity)}</span>
                    </td>
                    <td>
                      {row.economy !== null ? (
                        <>
                          {value(row.economy)}
                          {row.suspect ? (
                            <span className="economy-table__problem economy-table__line">
                              {t('ECONOMY.SUSPECT_SHORT')}
                            </span>
                          ) : null}
                        </>
                      ) : (
                        <span className="economy-table__problem">
                          {t(PROBLEM_KEYS[row.problem ?? 'missedFill'])}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {newestFirst.length > rows.length ? (
              <button
                type="button"
                className="ui-button ui-button--ghost ui-button--small"
                onClick={() => setAllRows(true)}
              >
                {t('ECONOMY.SHOW_ALL', { count: newestFirst.length })}
              </button>
            ) : null}
          </div>
        ) : null}
      </section>
    </div>
  );
}
