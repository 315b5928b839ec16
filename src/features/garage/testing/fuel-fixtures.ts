// Fill-ups for the economy tests: one car's fuel logs with a hand-computed economy.
import type { CarLog } from '@/contract/garage';
import type { FuelUnit } from '@/contract/maintenance';

let n = 0;
export function fill(
  startDate: string,
  mileage: number | null,
  quantity: number,
  cost: number,
  {
    fullTank = true,
    missedPrevious = false,
    unit = 'l',
  }: { fullTank?: boolean; missedPrevious?: boolean; unit?: FuelUnit } = {},
): CarLog {
  n += 1;
  return {
    id: `log-${n}`,
    carId: 'car',
    type: 'fuel',
    title: 'Fill-up',
    content: null,
    location: null,
    tags: [],
    cost,
    currencyCode: 'EUR',
    startDate,
    mileage,
    fuel: { quantity, unit, fullTank, missedPrevious, pricePerUnit: null },
    media: [],
    createdAt: `${startDate}T10:00:00.000Z`,
    updatedAt: `${startDate}T10:00:00.000Z`,
  };
}

/** A → C: 800 km on 20 + 25 l (a partial fill between); C → D: 600 km on 30 l; D → E: a missed fill. */
export const FILLS = [
  fill('2026-01-01', 10_000, 40, 80),
  fill('2026-01-15', 10_500, 20, 40, { fullTank: false }),
  fill('2026-02-01', 10_800, 25, 50),
  fill('2026-03-01', 11_400, 30, 60),
  fill('2026-04-01', 12_000, 42, 84, { missedPrevious: true }),
];
