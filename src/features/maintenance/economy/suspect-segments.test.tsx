// Economy that questions itself, on real Dexie rows, offline: a segment far from the others says
// "probably a missed fill-up"; "Mark as missed" and "It's right" are one edit of its closing fill
// each, queued in the outbox, and the figures follow at once. A car of two energies switches
// between them and shows the cost over both.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CarLog, FuelFill } from '@/contract/garage';
import { renderApp } from '@/testing/test-utils';
import { makeCar, makeLog, putCar, putLog } from '@/features/garage/testing/garage-fixtures';
import { garageScreenHooks } from '@/features/garage/testing/garage-screen';
import { db } from '@/lib/db';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.setConfig({ testTimeout: 30_000 });

const text = (testId: string) => screen.getByTestId(testId).textContent;

const fill = (
  n: number,
  mileage: number,
  fuel: Partial<FuelFill> & { quantity: number },
  cost: number,
): CarLog =>
  makeLog({
    id: `44444444-4444-4444-8444-44444444444${n}`,
    type: 'fuel',
    title: `Fill ${n}`,
    startDate: `2026-0${n + 1}-01`,
    mileage,
    cost,
    currencyCode: 'EUR',
    fuel: { unit: 'l', fullTank: true, missedPrevious: false, ...fuel },
  });

// Five segments of 500 km: 30, 32, 31, 10 (2.0 L/100 km: a fill-up missed) and 33 litres.
const BOOK = [
  fill(0, 10_000, { quantity: 40 }, 80),
  fill(1, 10_500, { quantity: 30 }, 60),
  fill(2, 11_000, { quantity: 32 }, 64),
  fill(3, 11_500, { quantity: 31 }, 62),
  fill(4, 12_000, { quantity: 10 }, 20),
  fill(5, 12_500, { quantity: 33 }, 66),
];
const CLOSING = BOOK[4]!.id;

async function openSection(): Promise<HTMLElement> {
  await renderApp('/my-cars');
  const section = await screen.findByTestId('economy-section', {}, { timeout: 10_000 });
  fireEvent.click(within(section).getByRole('button', { name: /Odometer and fuel/ }));
  return screen.findByTestId('economy-panel', {}, { timeout: 10_000 });
}

const entries = async () =>
  (await db.outbox.toArray()).map((e) => ({
    method: e.method,
    path: e.path,
    json: (e.body as { json: Record<string, unknown> }).json,
  }));

describe('a suspect segment', () => {
  garageScreenHooks({
    seed: async () => {
      await putCar(makeCar({ mileage: 12_500, energyType: 'petrol', mileageUnit: 'km' }));
      for (const log of BOOK) await putLog(log);
    },
  });

  it('says "probably a missed fill-up" and is left out of the figures', async () => {
    await openSection();
    const suspects = screen.getAllByTestId('suspect-segment');
    expect(suspects).toHaveLength(1);
    expect(suspects[0]!.textContent).toContain('Probably a missed fill-up · 4/1/26 – 5/1/26 · 2.0 L/100 km');
    // 126 L over 2,000 km: the suspect 10 L over 500 km is not in it.
    expect(text('economy-average')).toBe('6.3 L/100 km');
    expect(text('economy-best')).toBe('6.0 L/100 km');
    const row = screen.getByTestId('economy-segments').querySelector('tr[data-suspect]');
    expect(row?.textContent).toContain('Probably a missed fill-up');
  });

  it('“Mark as missed” queues one edit of the closing fill, and the segment stops counting', async () => {
    await openSection();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as missed' }));
    await waitFor(() => expect(screen.queryByTestId('suspect-segment')).toBeNull());
    const queued = await entries();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      method: 'PUT',
      path: `/car-logs/${CLOSING}`,
      json: { fuel: { quantity: 10, unit: 'l', fullTank: true, missedPrevious: true } },
    });
    // Only the fill-up changes: the edit carries nothing else.
    expect(Object.keys(queued[0]!.json).sort()).toEqual(['base', 'fuel']);
    expect((await db.carLogs.get(CLOSING))?.fuel?.missedPrevious).toBe(true);
    expect(text('economy-average')).toBe('6.3 L/100 km');
  });

  it('“It’s right” queues economyConfirmed, and the segment counts again', async () => {
    await openSection();
    fireEvent.click(screen.getByRole('button', { name: 'It’s right' }));
    await waitFor(() => expect(screen.queryByTestId('suspect-segment')).toBeNull());
    const queued = await entries();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      method: 'PUT',
      path: `/car-logs/${CLOSING}`,
      json: { fuel: { quantity: 10, economyConfirmed: true, missedPrevious: false } },
    });
    // 136 L over 2,500 km now.
    expect(text('economy-average')).toBe('5.4 L/100 km');
    expect(text('economy-best')).toBe('2.0 L/100 km');
  });
});

describe('a car of two energies', () => {
  const lpg = (n: number, mileage: number, quantity: number, cost: number) => {
    const log = fill(n, mileage, { quantity, energy: 'lpg' }, cost);
    return { ...log, id: log.id.replace(/4(\d)$/, '5$1') };
  };
  garageScreenHooks({
    seed: async () => {
      await putCar(
        makeCar({ mileage: 11_000, energyType: 'petrol', energyTypes: ['petrol', 'lpg'], mileageUnit: 'km' }),
      );
      for (const log of [
        fill(0, 10_000, { quantity: 40 }, 80),
        fill(2, 11_000, { quantity: 60 }, 120),
        lpg(1, 10_000, 30, 30),
        lpg(3, 10_500, 40, 40),
        lpg(4, 11_000, 40, 40),
      ])
        await putLog(log);
    },
  });

  it('shows the main energy first, switches to the other, and costs every energy together', async () => {
    await openSection();
    // Petrol: 60 L over 1,000 km.
    expect(text('economy-average')).toBe('6.0 L/100 km');
    // Every fill after the first reading: 120 + 40 + 40 € over 1,000 km.
    expect(text('economy-cost-all')).toBe('€0.20');
    fireEvent.change(screen.getByTestId('economy-energy'), { target: { value: 'lpg' } });
    // LPG: 80 L over 1,000 km.
    expect(text('economy-average')).toBe('8.0 L/100 km');
    expect(text('economy-cost')).toBe('€0.08');
  });
});
