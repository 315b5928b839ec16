// The car page's odometer and economy section on real Dexie rows, offline: figures equal a hand
// computation, the unit switch, best and worst the right way, invalid segments marked, empty states.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { CAR_ID, makeCar, putCar, putLog } from '@/features/garage/testing/garage-fixtures';
import { garageScreenHooks } from '@/features/garage/testing/garage-screen';
import { FILLS } from '@/features/garage/testing/fuel-fixtures';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.setConfig({ testTimeout: 30_000 });

const text = (testId: string) => screen.getByTestId(testId).textContent;

async function openSection(): Promise<HTMLElement> {
  await renderApp('/my-cars');
  const section = await screen.findByTestId('economy-section', {}, { timeout: 10_000 });
  fireEvent.click(within(section).getByRole('button', { name: /Odometer and fuel/ }));
  return screen.findByTestId('economy-panel', {}, { timeout: 10_000 });
}

describe('the economy section', () => {
  garageScreenHooks({
    seed: async () => {
      await putCar(makeCar({ mileage: 9000, energyType: 'petrol', mileageUnit: 'km' }));
      for (const log of FILLS) await putLog({ ...log, carId: CAR_ID });
    },
  });

  it('shows the current odometer and the average, then every figure in L/100 km', async () => {
    await renderApp('/my-cars');
    const summary = await screen.findByTestId('economy-summary', {}, { timeout: 10_000 });
    expect(summary.textContent).toBe('12,000 km · 5.4 L/100 km');
  });

  it('computes average, best and worst by hand, and switches units', async () => {
    await openSection();
    expect(text('odometer-current')).toBe('12,000 km');
    expect(text('economy-average')).toBe('5.4 L/100 km'); // 75 l over 1,400 km
    expect(text('economy-best')).toBe('5.0 L/100 km'); // lower is better
    expect(text('economy-worst')).toBe('5.6 L/100 km'); // 45 l over 800 km = 5.625
    expect(text('economy-cost')).toBe('€0.107'); // 150 € over 1,400 km
    expect(screen.getByTestId('odometer-chart')).toBeTruthy();
    expect(screen.getByTestId('economy-chart')).toBeTruthy();
    const table = screen.getByTestId('economy-segments');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '3/1/26 – 4/1/26600 km42 LNot counted: a fill-up was missed',
      '2/1/26 – 3/1/26600 km30 L5.0 L/100 km',
      '1/1/26 – 2/1/26800 km45 L5.6 L/100 km',
    ]);

    fireEvent.change(screen.getByTestId('economy-unit'), { target: { value: 'km_per_l' } });
    expect(text('economy-average')).toBe('18.7 km/L');
    expect(text('economy-best')).toBe('20.0 km/L'); // higher is better
    expect(text('economy-worst')).toBe('17.8 km/L');
    fireEvent.change(screen.getByTestId('economy-unit'), { target: { value: 'mpg_uk' } });
    // 1,400 km = 869.9 mi over 75 l = 16.498 UK gal
    expect(text('economy-average')).toBe('52.7 mpg (UK)');
    expect(text('economy-summary')).toBe('12,000 km · 52.7 mpg (UK)');
  });
});

describe('the economy section of a car without fill-ups', () => {
  garageScreenHooks({ seed: () => putCar(makeCar({ mileage: 42000, energyType: 'electric' })) });

  it('says how to get an economy, in the car’s energy', async () => {
    await openSection();
    expect(text('odometer-current')).toBe('42,000 km');
    expect(text('economy-empty')).toBe('Log two full charges to see your energy use.');
    expect((screen.getByTestId('economy-unit') as HTMLSelectElement).value).toBe('kwh_per_100km');
  });
});
