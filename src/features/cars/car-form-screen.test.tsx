import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Quill from 'quill';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorOf, fill } from '@/testing/form-test-utils';
import { renderApp } from '@/testing/test-utils';
import type * as GarageData from '@/features/garage';
import { db } from '@/lib/db';
import { toast } from '@/lib/toast';
import { deferred, installFetch, ok } from '@/testing/fetch';
import { CAR_ID, fakeFile, makeCar, putCar } from '@/features/garage/testing/garage-fixtures';
import { garageScreenHooks } from '@/features/garage/testing/garage-screen';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
const failWith = vi.hoisted(() => ({ error: null as Error | null }));
vi.mock('@/features/garage/data', async (importOriginal) => {
  const actual = await importOriginal<typeof GarageData>();
  return {
    ...actual,
    saveCar: (...args: Parameters<typeof actual.saveCar>) =>
      failWith.error ? Promise.reject(failWith.error) : actual.saveCar(...args),
  };
});

async function editorOf(name: string | RegExp): Promise<Quill> {
  const root = await screen.findByRole('textbox', { name }, { timeout: 10_000 });
  return Quill.find(root.parentElement as HTMLElement) as Quill;
}

const save = (name = 'Save the car') => fireEvent.click(screen.getByRole('button', { name }));
const cars = () => db.cars.toArray();

// Whole screens on a loaded two-core machine: generous time per test.
vi.setConfig({ testTimeout: 30_000 });

describe('car form screen', () => {
  beforeEach(() => {
    failWith.error = null;
  });
  garageScreenHooks();

  it('creates a car: km by default, saved in Dexie with its outbox entry, then the garage with it selected', async () => {
    const { router } = await renderApp('/create-car');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a car' })).toBeTruthy();
    const unit = await screen.findByRole('combobox', { name: 'Unit' });
    await waitFor(() => expect(within(unit).getByRole('option', { name: 'Kilometres' })).toBeTruthy());
    expect((unit as HTMLSelectElement).value).toBe('km');

    fill('Make', 'Alpine');
    fill('Model', 'A110');
    fill('Year (optional)', '2019');
    fill('Nickname (optional)', 'Bleue');
    fill('Mileage (optional)', '42 000');
    fireEvent.change(screen.getByLabelText('Energy (optional)'), { target: { value: 'petrol' } });
    const quill = await editorOf(/^Description/);
    act(() => void quill.insertText(0, 'Mid-engine joy', 'user'));
    save();

    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    const [car] = await cars();
    expect(car).toMatchObject({
      make: 'Alpine',
      model: 'A110',
      year: 2019,
      nickname: 'Bleue',
      energyType: 'petrol',
      gearboxType: null,
      mileage: 42000,
      mileageUnit: 'km',
      description: '<p>Mid-engine joy</p>',
      image: null,
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ method: 'POST', path: '/cars', entityId: car?.id });
    expect(localStorage.getItem('selectedCar')).toBe(car?.id);
    expect(toast.list().map((t) => t.message)).toEqual(['Car saved.']);
  });

  it('says "saved, will sync" when offline', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const { router } = await renderApp('/create-car');
    fill('Make', 'Lancia');
    fill('Model', 'Delta');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    expect(toast.list().map((t) => t.message)).toEqual([
      'Car saved on this device. It will sync when you are back online.',
    ]);
  });

  it('shows a translated message per field, saves nothing and keeps what was typed', async () => {
    const { router } = await renderApp('/create-car');
    await screen.findByLabelText('Make');
    fill('Model', 'm'.repeat(81));
    fill('Year (optional)', '1884');
    fill('Nickname (optional)', 'n'.repeat(81));
    fill('Mileage (optional)', '-5');
    save();
    expect(errorOf('Make')).toContain('This field is required.');
    expect(errorOf('Model')).toContain('Use at most 80 characters.');
    expect(errorOf('Year (optional)')).toContain('Enter a year from 1885 to 2100.');
    expect(errorOf('Nickname (optional)')).toContain('Use at most 80 characters.');
    expect(errorOf('Mileage (optional)')).toContain('Enter a whole number, 0 or more.');
    expect(screen.getByRole('alert').textContent).toContain('Please correct the highlighted fields.');
    expect(document.activeElement).toBe(screen.getByLabelText('Make'));
    expect((screen.getByLabelText('Model') as HTMLInputElement).value).toBe('m'.repeat(81));
    expect(await cars()).toEqual([]);
    expect(router.state.location.pathname).toBe('/create-car');

    fill('Make', 'Alpine');
    fill('Model', 'm'.repeat(80));
    fill('Year (optional)', '2100');
    fill('Nickname (optional)', 'n'.repeat(80));
    fill('Mileage (optional)', '0');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    expect(await cars()).toHaveLength(1);
  });

  it('refuses a description over 20000 characters of text', async () => {
    await renderApp('/create-car');
    fill('Make', 'Alpine');
    fill('Model', 'A110');
    const quill = await editorOf(/^Description/);
    act(() => void quill.insertText(0, 'a'.repeat(20001), 'user'));
    expect(screen.getByText('20,001 / 20,000 characters')).toBeTruthy();
    save();
    expect(screen.getByRole('alert').textContent).toContain('Please correct the highlighted fields.');
    expect(quill.root.getAttribute('aria-invalid')).toBe('true');
    expect(await cars()).toEqual([]);
    act(() => void quill.deleteText(0, 1, 'user'));
    expect(screen.getByText('20,000 / 20,000 characters')).toBeTruthy();
    expect(quill.root.getAttribute('aria-invalid')).toBeNull();
  });

  it('picks a photo (image/*, at most 10 MiB) with a preview, and saves it with the car', async () => {
    const { router } = await renderApp('/create-car');
    const input = await screen.findByLabelText('Choose a photo');
    expect(input.getAttribute('accept')).toBe('image/*');
    fireEvent.change(input, { target: { files: [fakeFile('notes.txt', 'text/plain')] } });
    expect(errorOf('Choose a photo')).toContain('Choose an image file');
    fireEvent.change(input, { target: { files: [fakeFile('big.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1)] } });
    expect(errorOf('Choose a photo')).toContain('This image is larger than 10 MB');
    fireEvent.change(input, { target: { files: [fakeFile('exact.jpg', 'image/jpeg', 10 * 1024 * 1024)] } });
    expect(errorOf('Replace the photo')).toBeNull();
    expect(screen.getByRole('img', { name: 'Photo of the car' }).getAttribute('src')).toMatch(/^blob:/);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the new photo' }));
    expect(screen.queryByRole('img', { name: 'Photo of the car' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Choose a photo'), {
      target: { files: [fakeFile('car.jpg', 'image/jpeg')] },
    });

    fill('Make', 'Alpine');
    fill('Model', 'A110');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    const [car] = await cars();
    expect(car?.image).toMatch(/^local:/);
    expect(await db.mediaBlobs.count()).toBe(1);
    expect((await db.outbox.toArray())[0]?.path).toBe('/cars/with-image');
  });

  it('edits a car: prefilled, saved as an update, back to the garage', async () => {
    await putCar(makeCar());
    const { router } = await renderApp(`/edit-car/${CAR_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit the car' })).toBeTruthy();
    const make = (await screen.findByLabelText('Make')) as HTMLInputElement;
    expect(make.value).toBe('Alpine');
    expect((screen.getByLabelText('Year (optional)') as HTMLInputElement).value).toBe('2019');
    expect((screen.getByLabelText('Mileage (optional)') as HTMLInputElement).value).toBe('42000');
    await waitFor(() =>
      expect((screen.getByLabelText('Gearbox (optional)') as HTMLSelectElement).value).toBe('automatic'),
    );
    const quill = await editorOf(/^Description/);
    expect(quill.root.innerHTML).toBe('<p>Mid-engine <strong>joy</strong></p>');

    fill('Model', 'A110 S');
    fireEvent.change(screen.getByRole('combobox', { name: 'Unit' }), { target: { value: 'mi' } });
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    expect(await db.cars.get(CAR_ID)).toMatchObject({ model: 'A110 S', mileageUnit: 'mi', make: 'Alpine' });
    expect((await db.outbox.toArray())[0]).toMatchObject({ method: 'PUT', path: `/cars/${CAR_ID}` });
    expect(localStorage.getItem('selectedCar')).toBe(CAR_ID);
  });

  it("chooses the car's energies: the main one, then those it also runs on, saved as an update", async () => {
    await putCar(makeCar({ energyType: 'petrol', energyTypes: ['petrol'] }));
    const { router } = await renderApp(`/edit-car/${CAR_ID}`);
    const others = await screen.findByRole('group', { name: 'Also runs on' });
    // The main energy is not offered again among the others.
    await waitFor(() => expect(within(others).getByRole('checkbox', { name: 'Electric' })).toBeTruthy());
    expect(within(others).queryByRole('checkbox', { name: 'Petrol' })).toBeNull();
    fireEvent.click(within(others).getByRole('checkbox', { name: 'Electric' }));
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    expect(await db.cars.get(CAR_ID)).toMatchObject({
      energyType: 'petrol',
      energyTypes: ['petrol', 'electric'],
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ method: 'PUT', path: `/cars/${CAR_ID}` });
    expect(entry?.body).toMatchObject({
      type: 'json',
      json: { energyTypes: ['petrol', 'electric'], base: { energyTypes: ['petrol'] } },
    });
  });

  it('gives a car without energies none, and sends no empty list (the contract takes none)', async () => {
    await putCar(makeCar({ energyType: null, energyTypes: [] }));
    const { router } = await renderApp(`/edit-car/${CAR_ID}`);
    await screen.findByLabelText('Make');
    expect(screen.queryByRole('group', { name: 'Also runs on' })).toBeNull();
    // The energies come with the settings: the choice exists once they have arrived.
    await screen.findByRole('option', { name: 'Diesel' });
    fireEvent.change(screen.getByLabelText('Energy (optional)'), { target: { value: 'diesel' } });
    const others = await screen.findByRole('group', { name: 'Also runs on' });
    fireEvent.click(await within(others).findByRole('checkbox', { name: 'Electric' }));
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    expect(await db.cars.get(CAR_ID)).toMatchObject({
      energyType: 'diesel',
      energyTypes: ['diesel', 'electric'],
    });
    const json = ((await db.outbox.toArray())[0]?.body as { json: { base: object } }).json;
    expect(json).toMatchObject({ energyType: 'diesel', energyTypes: ['diesel', 'electric'] });
    expect(json.base).not.toHaveProperty('energyTypes');
  });

  it('removes the current photo of a car: no photo shown, then a file deletion and an update queued', async () => {
    await putCar({ ...makeCar(), image: '/api/v1.0/media/11111111-1111-4111-8111-111111111111' });
    const { router } = await renderApp(`/edit-car/${CAR_ID}`);
    await screen.findByLabelText('Make');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the photo' }));
    expect(screen.getByRole('button', { name: 'Keep the photo' })).toBeTruthy();
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    expect((await db.cars.get(CAR_ID))?.image).toBeNull();
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => `${e.method} ${e.path}`)).toEqual([
      'DELETE /files/11111111-1111-4111-8111-111111111111',
      `PUT /cars/${CAR_ID}`,
    ]);
  });

  it('an unknown car: a skeleton while the server is asked, then a not-found state', async () => {
    const answer = deferred<Response>();
    installFetch({ 'GET /api/v1.0/cars/feed': () => answer.promise });
    await renderApp('/edit-car/99999999-9999-4999-8999-999999999999');
    expect(await screen.findByRole('status', { name: 'Loading the car…' })).toBeTruthy();
    answer.resolve(ok([]));
    expect(
      await screen.findByRole('heading', { name: 'This car is not in your garage.' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my garage' }).getAttribute('href')).toBe('/my-cars');
    expect(screen.queryByLabelText('Make')).toBeNull();
  });

  it('explains a full device storage and keeps the form', async () => {
    const { StorageFullError } = await import('@/lib/offline/storage-full');
    failWith.error = new StorageFullError();
    const { router } = await renderApp('/create-car');
    fill('Make', 'Alpine');
    fill('Model', 'A110');
    save();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toBe('');
    expect(alert.textContent).not.toContain('GARAGE.STORAGE_FULL');
    expect((screen.getByLabelText('Make') as HTMLInputElement).value).toBe('Alpine');
    expect(router.state.location.pathname).toBe('/create-car');
  });
});
