// A car's log figures, computed in TypeScript from the rows: SQLite and PostgreSQL disagree on date
// functions, and one car's logs are few enough (thousands) to sum in memory. Sums run in integer
// cents so that 0.1 + 0.2 stays 0.30.
import { CAR_LOG_STATS_MONTHS, type CarLogStats } from '../../../src/contract/garage';
import type { CarLogStatsRow } from './car-logs-repository';

type Cents = Map<string, number>;

function add(into: Cents, currency: string, cents: number) {
  into.set(currency, (into.get(currency) ?? 0) + cents);
}

function toMoney(cents: Cents): Record<string, number> {
  return Object.fromEntries([...cents].map(([currency, amount]) => [currency, amount / 100]));
}

/** YYYY-MM keys of the last `count` months up to the month of `now` (UTC), oldest first. */
export function lastMonths(now: Date, count = CAR_LOG_STATS_MONTHS): string[] {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - (count - 1 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

export function carLogStats(rows: CarLogStatsRow[], mileageUnit: string, now: Date): CarLogStats {
  const total: Cents = new Map();
  const byType = new Map<string, Cents>();
  const months = lastMonths(now);
  const byMonth = new Map<string, Cents>(months.map((m) => [m, new Map()]));
  let firstDate: string | null = null;
  let lastDate: string | null = null;
  let minMileage: number | null = null;
  let maxMileage: number | null = null;

  for (const row of rows) {
    // YYYY-MM-DD sorts as text.
    if (firstDate === null || row.startDate < firstDate) firstDate = row.startDate;
    if (lastDate === null || row.startDate > lastDate) lastDate = row.startDate;
    if (row.mileage !== null) {
      minMileage = minMileage === null ? row.mileage : Math.min(minMileage, row.mileage);
      maxMileage = maxMileage === null ? row.mileage : Math.max(maxMileage, row.mileage);
    }
    if (row.costCents === null || row.currencyCode === null) continue;
    add(total, row.currencyCode, row.costCents);
    let typeTotals = byType.get(row.type);
    if (!typeTotals) byType.set(row.type, (typeTotals = new Map()));
    add(typeTotals, row.currencyCode, row.costCents);
    const monthTotals = byMonth.get(row.startDate.slice(0, 7));
    if (monthTotals) add(monthTotals, row.currencyCode, row.costCents);
  }

  const mileageSpan = minMileage === null || maxMileage === null ? null : maxMileage - minMileage;
  const costPerDistance: Record<string, number> = {};
  if (mileageSpan !== null && mileageSpan > 0) {
    for (const [currency, cents] of total) {
      // Four decimals: fuel per km is often a few cents.
      costPerDistance[currency] = Math.round((cents / 100 / mileageSpan) * 10_000) / 10_000;
    }
  }

  return {
    count: rows.length,
    totalCost: toMoney(total),
    costByType: Object.fromEntries([...byType].map(([type, cents]) => [type, toMoney(cents)])),
    costByMonth: Object.fromEntries(months.map((m) => [m, toMoney(byMonth.get(m) ?? new Map())])),
    firstDate,
    lastDate,
    mileageSpan,
    mileageUnit,
    costPerDistance,
  };
}
