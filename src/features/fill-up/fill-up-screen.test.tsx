// The fill-up at the pump through the real router and Dexie, offline: three fields, one outbox
// entry without a title, the mirror's car mileage raised; a lower reading refused; an unusual
// quantity asked about; "Save and add details" opens the full log form on the new log.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorOf, fill } from '@/testing/form-test-utils';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import {
  CAR_ID,
  fakeFile,
  makeCar,
  makeLog,
  putCar,
  putLog,
} from '@/features/garage/testing/garage-fixtures';
import { garageScreenHooks } from '@/features/garage/testing/garage-screen';
import { db } from '@/lib/db';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.setConfig({ testTimeout: 30_000 });

const ODOMETER = 'Odometer (km)';
const PRICE = 'Price per L (€) (optional)';
const TOTAL = 'Total paid (€) (optional)';
const QUANTITY = 'Quantity (L)';

const json = async () =>
  (await db.outbox.toArray()).map((e) => (e.body as { json: Record<string, unknown> }).json);

async function openFillUp() {
  const app = await renderApp(`/car/${CAR_ID}/fill-up`);
  await screen.findByLabelText(ODOMETER, {}, { timeout: 5000 });
  return app;
}

describe('the fill-up at the pump', () => {
  garageScreenHooks({
    seed: async () => {
      await putCar(makeCar({ mileage: 42_000 }));
      await putLog(makeLog({ startDate: '2026-02-01', mileage: 42_000 }));
    },
  });

  it('saves three fields offline as one entry without a title, and raises the car’s mileage', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { router } = await openFillUp();
    // The last reading is the hint.
    expect((screen.getByLabelText(ODOMETER) as HTMLInputElement).placeholder).toBe('42,000');
    expect(await screen.findByText(/Last reading: 42,000 km on Feb 1, 2026/)).toBeTruthy();
    fill(ODOMETER, '42 650');
    fill(PRICE, '1.859');
    fill(TOTAL, '74.36');
    expect((screen.getByLabelText(QUANTITY) as HTMLInputElement).value).toBe('40');
    expect(screen.getByTestId('fill-up-summary').textContent).toBe('40 L at €1.859 = €74.36');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/car/${CAR_ID}`));
    expect(await screen.findByText(/Fill-up saved on this device/)).toBeTruthy();

    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'carLog.create', method: 'POST', path: '/car-logs' });
    const [body] = await json();
    expect(body).toMatchObject({
      carId: CAR_ID,
      type: 'fuel',
      mileage: 42_650,
      cost: 74.36,
      currencyCode: 'EUR',
      fuel: { quantity: 40, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: 1.859 },
    });
    expect(body).not.toHaveProperty('title');
    // The mirror: the log named as the server will name it, the car's mileage raised.
    const row = await db.carLogs.get(body!.id as string);
    expect(row?.title).toBe('Fill-up: 40\u00a0L');
    expect((await db.cars.get(CAR_ID))?.mileage).toBe(42_650);
  });

  it('opens from the garage’s “Fill-up”, on the tapped car', async () => {
    const { router } = await renderApp('/my-cars');
    // The car's card and the selected car's head both offer it; the card's comes first.
    const [onCard] = await screen.findAllByRole('link', { name: 'Fill-up' }, { timeout: 10_000 });
    fireEvent.click(onCard!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/car/${CAR_ID}/fill-up`));
    expect(await screen.findByText('For Bleue')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(ODOMETER));
  });

  it('refuses a reading lower than the last one, naming it', async () => {
    await openFillUp();
    fill(ODOMETER, '41000');
    fill(QUANTITY, '40');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(errorOf(ODOMETER)).toContain('Lower than the reading of Feb 1, 2026 (42,000 km).'),
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it('asks about a quantity no tank holds, and saves a partial fill once confirmed', async () => {
    await openFillUp();
    fill(ODOMETER, '42500');
    fill(QUANTITY, '425');
    fireEvent.click(screen.getByLabelText('Partial'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are these figures right?' });
    expect(dialog.textContent).toContain('More than 150 L in one fill-up');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check them' }));
    expect(await db.outbox.count()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, save it' }),
    );
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [body] = await json();
    expect(body).toMatchObject({ fuel: { quantity: 425, fullTank: false } });
  });

  it('takes a receipt photo with it (the upload waits in the same entry), and refuses a PDF', async () => {
    await openFillUp();
    fill(ODOMETER, '42500');
    fill(QUANTITY, '40');
    const photo = screen.getByLabelText('Photo of the receipt');
    expect(photo.getAttribute('capture')).toBe('environment');
    fireEvent.change(photo, { target: { files: [fakeFile('bill.pdf', 'application/pdf')] } });
    expect(screen.getByText('Choose a photo (an image file).')).toBeTruthy();
    fireEvent.change(photo, { target: { files: [fakeFile('ticket.jpg', 'image/jpeg')] } });
    expect(screen.getByTestId('fill-up-photo').textContent).toContain('ticket.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'carLog.create', path: '/car-logs/with-media' });
    expect(await db.mediaBlobs.count()).toBe(1);
  });

  it('“Save and add details” opens the full log form on the new fill-up', async () => {
    const { router } = await openFillUp();
    fill(ODOMETER, '42500');
    fill(QUANTITY, '38,2');
    fireEvent.click(screen.getByRole('button', { name: 'Save and add details' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(`/edit-car-log/${CAR_ID}/`));
    const [body] = await json();
    expect(router.state.location.pathname).toBe(`/edit-car-log/${CAR_ID}/${body!.id as string}`);
  });
});

describe('the fill-up in French, on a car of two energies', () => {
  garageScreenHooks({
    seed: () =>
      putCar(makeCar({ mileage: 42_000, energyType: 'gasoline', energyTypes: ['gasoline', 'lpg'] })),
  });

  it('reads French decimals, offers the energies and sends the one chosen', async () => {
    activateCatalog('fr-FR');
    await renderApp(`/car/${CAR_ID}/fill-up`);
    await screen.findByLabelText('Compteur (km)', {}, { timeout: 5000 });
    fill('Compteur (km)', '42100');
    fill('Prix par L (€) (facultatif)', '0,999');
    fill('Quantité (L)', '30');
    expect((screen.getByLabelText('Total payé (€) (facultatif)') as HTMLInputElement).value).toBe('29,97');
    fireEvent.click(screen.getByLabelText('lpg'));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [body] = await json();
    expect(body).toMatchObject({ cost: 29.97, fuel: { quantity: 30, pricePerUnit: 0.999, energy: 'lpg' } });
  });
});
