// The log form's fill-ups and odometer: fuel fields, the third amount filled in, the
// reading checked on the device before saving (offline here), a jump confirmed into the payload.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorOf, fill } from '@/testing/form-test-utils';
import { renderApp } from '@/testing/test-utils';
import { CAR_ID, LOG_ID, makeCar, makeLog, putCar, putLog } from '@/features/garage/testing/garage-fixtures';
import { garageScreenHooks } from '@/features/garage/testing/garage-screen';
import { db } from '@/lib/db';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.setConfig({ testTimeout: 30_000 });

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save the entry' }));
const MILEAGE = 'Mileage (Kilometres)';

async function newFuelLog(): Promise<Awaited<ReturnType<typeof renderApp>>> {
  const app = await renderApp(`/new-car-log/${CAR_ID}`);
  await screen.findByLabelText('Title', {}, { timeout: 5000 });
  await waitFor(() =>
    expect(within(screen.getByLabelText('Type')).getByRole('option', { name: 'Fuel' })).toBeTruthy(),
  );
  fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'fuel' } });
  fill('Title', 'Fill-up');
  return app;
}

const json = async () =>
  (await db.outbox.toArray()).map((e) => (e.body as { json: Record<string, unknown> }).json);

describe('fill-ups on the log form', () => {
  garageScreenHooks({ seed: () => putCar(makeCar({ mileage: 42000 })) });

  it('pre-fills today’s estimate of the odometer on a new entry', async () => {
    await renderApp(`/new-car-log/${CAR_ID}`);
    await screen.findByLabelText('Title', {}, { timeout: 5000 });
    const mileage = screen.getByLabelText('Mileage (Kilometres) (optional)') as HTMLInputElement;
    await waitFor(() => expect(mileage.value).toBe('42000'));
    expect(
      screen.getByText('Estimated from your recent driving: check it against the odometer.'),
    ).toBeTruthy();
  });

  it('fills the total from price and quantity, and saves the fill-up in the row and the outbox', async () => {
    const { router } = await newFuelLog();
    fill('Date', '2026-03-10');
    fill(MILEAGE, '42500');
    fill('Price per L (optional)', '1,859');
    fill('Quantity (L)', '42.5');
    expect((screen.getByLabelText('Total paid (optional)') as HTMLInputElement).value).toBe('79.01');
    expect(screen.getByText('Computed from the price and the quantity.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/I missed logging a fill-up/));
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    const fuel = { quantity: 42.5, unit: 'l', fullTank: true, missedPrevious: true, pricePerUnit: 1.859 };
    const [row] = await db.carLogs.toArray();
    expect(row).toMatchObject({ type: 'fuel', cost: 79.01, mileage: 42500, fuel });
    expect(row).not.toHaveProperty('odometerConfirmed');
    const [body] = await json();
    expect(body).toMatchObject({ type: 'fuel', cost: 79.01, mileage: 42500, fuel });
    expect(body).not.toHaveProperty('odometerConfirmed');
  });

  it('offers the four units in members’ words and fills the quantity from total and price', async () => {
    await newFuelLog();
    const unit = screen.getByLabelText('Unit') as HTMLSelectElement;
    expect([...unit.options].map((o) => o.text)).toEqual([
      'Litres (L)',
      'US gallons (gal)',
      'UK gallons (gal)',
      'Kilowatt-hours (kWh)',
    ]);
    fireEvent.change(unit, { target: { value: 'gal_us' } });
    fill('Total paid (optional)', '60');
    fill('Price per US gal (optional)', '4');
    expect((screen.getByLabelText('Quantity (US gal)') as HTMLInputElement).value).toBe('15');
    expect(screen.getByText('Computed from the total and the price.')).toBeTruthy();
  });

  it('needs a quantity and the odometer once a fill-up is started (a price typed)', async () => {
    await newFuelLog();
    fill(MILEAGE, '');
    fill('Price per L (optional)', '1,859');
    save();
    expect(errorOf('Quantity (L)')).toContain('This field is required.');
    expect(errorOf(MILEAGE)).toContain('A fill-up needs the odometer reading.');
    expect(await db.carLogs.count()).toBe(0);
  });

  it('keeps a fuel entry without quantity or price a plain expense: no reading needed, no fuel sent', async () => {
    await newFuelLog();
    fill(MILEAGE, '');
    fill('Total paid (optional)', '55');
    save();
    await waitFor(async () => expect(await db.carLogs.count()).toBe(1));
    const [sent] = await json();
    expect(sent).toMatchObject({ type: 'fuel', title: 'Fill-up', cost: 55 });
    expect(sent).not.toHaveProperty('fuel');
    expect(sent).not.toHaveProperty('mileage', expect.anything());
  });

  it('refuses a reading lower than an earlier log’s, naming its date and reading', async () => {
    await putLog(makeLog({ startDate: '2026-03-01', mileage: 50_000 }));
    await newFuelLog();
    fill('Date', '2026-03-10');
    fill(MILEAGE, '45000');
    fill('Quantity (L)', '40');
    save();
    expect(errorOf(MILEAGE)).toContain(
      'Lower than the reading of Mar 1, 2026 (50,000 km). Check the reading and the date.',
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it('asks about a jump, then sends odometerConfirmed: true', async () => {
    await putLog(makeLog({ startDate: '2026-03-01', mileage: 50_000 }));
    const { router } = await newFuelLog();
    fill('Date', '2026-03-02');
    fill(MILEAGE, '60000');
    fill('Quantity (L)', '40');
    save();
    const dialog = await screen.findByRole('alertdialog', { name: 'Is this reading right?' });
    expect(dialog.textContent).toContain(
      '60,000 km means about 10,000 km a day since 50,000 km on Mar 1, 2026',
    );
    // "Check the reading" keeps the form as it is.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check the reading' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await db.outbox.count()).toBe(0);
    save();
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, save it' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    const [body] = await json();
    expect(body).toMatchObject({ mileage: 60_000, odometerConfirmed: true });
    const row = await db.carLogs.get(body!.id as string);
    expect(row).toMatchObject({ mileage: 60_000 });
    expect(row).not.toHaveProperty('odometerConfirmed');
  });

  it('edits a fill-up from its stored values, and drops the fuel when the type changes', async () => {
    const fuel = {
      quantity: 40,
      unit: 'gal_uk' as const,
      fullTank: false,
      missedPrevious: false,
      pricePerUnit: 1.5,
    };
    await putLog(makeLog({ type: 'fuel', startDate: '2026-03-01', mileage: 50_000, cost: 60, fuel }));
    const { router } = await renderApp(`/edit-car-log/${CAR_ID}/${LOG_ID}`);
    const quantity = (await screen.findByLabelText(
      'Quantity (UK gal)',
      {},
      { timeout: 5000 },
    )) as HTMLInputElement;
    expect(quantity.value).toBe('40');
    expect((screen.getByLabelText('Price per UK gal (optional)') as HTMLInputElement).value).toBe('1.5');
    expect((screen.getByLabelText(/I filled the tank/) as HTMLInputElement).checked).toBe(false);
    // The three amounts were all typed: changing the quantity recomputes the price (typed longest ago).
    fill('Quantity (UK gal)', '48');
    expect((screen.getByLabelText('Price per UK gal (optional)') as HTMLInputElement).value).toBe('1.25');
    await waitFor(() =>
      expect(within(screen.getByLabelText('Type')).getByRole('option', { name: 'Repair' })).toBeTruthy(),
    );
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'repair' } });
    expect(screen.queryByTestId('fuel-fields')).toBeNull();
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    const [body] = await json();
    expect(body).toMatchObject({ type: 'repair', fuel: null });
    expect(await db.carLogs.get(LOG_ID)).not.toHaveProperty('fuel');
  });
});

describe('a driver of a shared car on the log form', () => {
  garageScreenHooks({ seed: () => putCar(makeCar({ mileage: 42000, role: 'driver' })) });

  it('asks a driver for the odometer reading on a log that is not a fill-up, as the server does', async () => {
    const { router } = await renderApp(`/new-car-log/${CAR_ID}`);
    await screen.findByLabelText('Title', {}, { timeout: 5000 });
    await waitFor(() =>
      expect(within(screen.getByLabelText('Type')).getByRole('option', { name: 'Repair' })).toBeTruthy(),
    );
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'repair' } });
    fill('Title', 'New wipers');
    fill('Mileage (Kilometres) (optional)', '');
    save();
    expect(errorOf('Mileage (Kilometres) (optional)')).toContain(
      'As a driver of this car, add the odometer reading (or log a fill-up).',
    );
    expect(await db.carLogs.count()).toBe(0);
    fill('Mileage (Kilometres) (optional)', '42100');
    save();
    await waitFor(async () => expect(await db.carLogs.count()).toBe(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
  });
});
