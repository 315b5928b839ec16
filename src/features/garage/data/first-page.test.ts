// The car's home reads only what it shows (docs/BENCHMARKS.md): the logbook's first page and a
// car's newest fill-up come from indexed, limited reads that must agree with the whole logbook's.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CarLog } from '@/contract/garage';
import { db } from '@/lib/db';
import { CAR_ID, freshGarage, makeLog } from '../testing/garage-fixtures';
import { readCarLogs, readCarLogsFirstPage, readLastFillUp } from './reads';

const OTHER_CAR = '44444444-4444-4444-8444-444444444444';
const day = (n: number) =>
  `2026-${String(1 + Math.floor(n / 28)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const fuel = { quantity: 40, unit: 'l', fullTank: true, missedPrevious: false } as unknown as CarLog['fuel'];

beforeEach(freshGarage);
afterEach(() => db.close());

describe('the logbook first page', () => {
  it('is the start of the whole logbook, logs of the last day all kept, with the count', async () => {
    const logs: CarLog[] = [];
    // 40 days of one log, then 5 logs on one day written in an order unlike their ids.
    for (let n = 0; n < 40; n++)
      logs.push(makeLog({ id: id(n), startDate: day(n), createdAt: `${day(n)}T08:00:00.000Z` }));
    for (let k = 0; k < 5; k++)
      logs.push(
        makeLog({ id: id(100 + k), startDate: day(20), createdAt: `${day(20)}T0${9 - k}:00:00.000Z` }),
      );
    logs.push(makeLog({ id: id(500), carId: OTHER_CAR, startDate: day(60) }));
    await db.carLogs.bulkPut(logs);

    const whole = await readCarLogs(CAR_ID);
    // 19 logs after day 20, then day 20's six: a limit of 22 ends inside that day.
    const page = await readCarLogsFirstPage(CAR_ID, 22);
    expect(page.total).toBe(45);
    expect(page.logs.map((l) => l.id)).toEqual(whole.slice(0, 25).map((l) => l.id));

    const short = await readCarLogsFirstPage(CAR_ID, 100);
    expect(short.logs.map((l) => l.id)).toEqual(whole.map((l) => l.id));
    expect(await readCarLogsFirstPage(OTHER_CAR, 22)).toMatchObject({ total: 1 });
  });

  it('is empty for a car without logs', async () => {
    expect(await readCarLogsFirstPage(CAR_ID)).toEqual({ logs: [], total: 0 });
  });
});

describe('the last fill-up', () => {
  it('is the newest log with fuel, not a newer log of another kind nor another car’s', async () => {
    await db.carLogs.bulkPut([
      makeLog({ id: id(1), startDate: '2026-03-01', type: 'fuel', fuel }),
      makeLog({ id: id(2), startDate: '2026-04-01', type: 'fuel', fuel }),
      makeLog({ id: id(3), startDate: '2026-05-01' }),
      makeLog({ id: id(4), carId: OTHER_CAR, startDate: '2026-06-01', type: 'fuel', fuel }),
    ]);
    expect((await readLastFillUp(CAR_ID))?.id).toBe(id(2));
    expect(await readLastFillUp('55555555-5555-4555-8555-555555555555')).toBeNull();
  });

  it('skips newer logs of type fuel that say no fill-up, however many', async () => {
    await db.carLogs.bulkPut([
      makeLog({ id: id(1), startDate: '2026-01-01', type: 'fuel', fuel }),
      ...Array.from({ length: 12 }, (_, n) =>
        makeLog({ id: id(10 + n), startDate: day(40 + n), type: 'fuel' }),
      ),
    ]);
    expect((await readLastFillUp(CAR_ID))?.id).toBe(id(1));
    await db.carLogs.bulkDelete([id(1)]);
    expect(await readLastFillUp(CAR_ID)).toBeNull();
  });
});
