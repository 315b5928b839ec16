import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Quill from 'quill';
import { describe, expect, it, vi } from 'vitest';
import { errorOf, fill } from '@/testing/form-test-utils';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import {
  CAR_ID,
  fakeFile,
  LOG_ID,
  makeCar,
  makeLog,
  putCar,
  putLog,
} from '@/features/garage/testing/garage-fixtures';
import { garageScreenHooks } from '@/features/garage/testing/garage-screen';
import { todayLocal } from './log-form/log-values';
import { formatDayInput } from '@/ui';
import { db } from '@/lib/db';
import { toast } from '@/lib/toast';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);

const MiB = 1024 * 1024;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save the entry' }));
const logs = () => db.carLogs.toArray();

async function ready(): Promise<void> {
  await screen.findByLabelText('Title', {}, { timeout: 5000 });
  // the selects list their settings once the local read is back
  await waitFor(() =>
    expect(within(screen.getByLabelText('Type')).getByRole('option', { name: 'Repair' })).toBeTruthy(),
  );
}

function addTag(text: string) {
  const input = screen.getByLabelText('Tags (optional)');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

function pick(label: string, files: File[]) {
  fireEvent.change(screen.getByLabelText(label), { target: { files } });
}

// Whole screens on a loaded two-core machine: generous time per test.
vi.setConfig({ testTimeout: 30_000 });

describe('car log form screen', () => {
  garageScreenHooks({ seed: () => putCar(makeCar({ mileageUnit: 'mi' })) });

  it('creates an entry with tags, photos and a PDF receipt, then goes back to the garage', async () => {
    const { router } = await renderApp(`/new-car-log/${CAR_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'New log entry' })).toBeTruthy();
    await ready();
    // Today, written the app's way (en-US here), not the browser's.
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe(
      formatDayInput(todayLocal(), 'en-US'),
    );
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe('USD'); // en-US, no log yet
    expect(screen.getByLabelText('Mileage (Miles) (optional)')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'repair' } });
    fill('Title', 'New clutch');
    fill('Date', '2026-03-14');
    fill('Cost (optional)', '1 250,5');
    fill('Mileage (Miles) (optional)', '43 500');
    fill('Location (optional)', 'Garage du Centre');
    addTag('clutch');
    addTag('Clutch'); // the same tag again is ignored
    fireEvent.change(screen.getByLabelText('Tags (optional)'), { target: { value: 'gearbox' } }); // not yet a chip
    const tags = screen.getByRole('list', { name: 'Tags of this entry' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['clutch']);

    const input = screen.getByLabelText('Add photos or PDFs');
    expect(input.getAttribute('accept')).toBe('image/*,application/pdf');
    expect(input.hasAttribute('multiple')).toBe(true);
    pick('Add photos or PDFs', [
      fakeFile('before.jpg', 'image/jpeg'),
      fakeFile('invoice.pdf', 'application/pdf', 300 * 1024),
    ]);
    expect(screen.getByRole('img', { name: 'before.jpg' }).getAttribute('src')).toMatch(/^blob:/);
    expect(screen.getByText('invoice.pdf')).toBeTruthy();
    expect(screen.getByText('300 kB')).toBeTruthy();
    const root = await screen.findByRole('textbox', { name: /^Notes/ }, { timeout: 10_000 });
    const quill = Quill.find(root.parentElement as HTMLElement) as Quill;
    act(() => void quill.insertText(0, 'Worn at 43k', 'user'));

    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    const [log] = await logs();
    expect(log).toMatchObject({
      carId: CAR_ID,
      type: 'repair',
      title: 'New clutch',
      startDate: '2026-03-14',
      cost: 1250.5,
      currencyCode: 'USD',
      mileage: 43500,
      location: 'Garage du Centre',
      tags: ['clutch', 'gearbox'], // the typed one was kept
      content: '<p>Worn at 43k</p>',
    });
    expect((log?.media as { kind: string; url: string }[]).map((m) => [m.kind, m.url.slice(0, 6)])).toEqual([
      ['image', 'local:'],
      ['pdf', 'local:'],
    ]);
    expect(await db.mediaBlobs.count()).toBe(2);
    expect((await db.outbox.toArray()).map((e) => [e.method, e.path])).toEqual([
      ['POST', '/car-logs/with-media'],
    ]);
    expect(localStorage.getItem('selectedCar')).toBe(CAR_ID);
    expect(toast.list().map((t) => t.message)).toEqual(['Log entry saved.']);
  });

  it('offers the currency last used on this car, and says "will sync" offline', async () => {
    await putLog(makeLog({ currencyCode: 'GBP' }));
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const { router } = await renderApp(`/new-car-log/${CAR_ID}`);
    await ready();
    await waitFor(() => expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe('GBP'));
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'repair' } });
    fill('Title', 'Full tank');
    fill('Cost (optional)', '80');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    expect((await logs()).find((l) => l.title === 'Full tank')?.currencyCode).toBe('GBP');
    expect(toast.list().map((t) => t.message)).toEqual([
      'Log entry saved on this device. It will sync when you are back online.',
    ]);
  });

  it('defaults to euros in French with no earlier entry', async () => {
    activateCatalog('fr-FR');
    await renderApp(`/new-car-log/${CAR_ID}`);
    await screen.findByLabelText('Titre', {}, { timeout: 5000 });
    expect((screen.getByLabelText('Devise') as HTMLSelectElement).value).toBe('EUR');
  });

  it('shows a translated message per field and saves nothing', async () => {
    const { router } = await renderApp(`/new-car-log/${CAR_ID}`);
    await ready();
    fill('Title', 't'.repeat(201));
    fill('Date', '');
    fill('Cost (optional)', '12.345');
    fill('Mileage (Miles) (optional)', '-3');
    fill('Location (optional)', 'l'.repeat(201));
    save();
    expect(errorOf('Type')).toContain('This field is required.');
    expect(errorOf('Title')).toContain('Use at most 200 characters.');
    expect(errorOf('Date')).toContain('This field is required.');
    expect(errorOf('Cost (optional)')).toContain('Enter an amount of 0 or more, with at most 2 decimals.');
    expect(errorOf('Mileage (Miles) (optional)')).toContain('Enter a whole number, 0 or more.');
    expect(errorOf('Location (optional)')).toContain('Use at most 200 characters.');
    expect(document.activeElement).toBe(screen.getByLabelText('Type'));
    expect(await logs()).toEqual([]);
    expect(router.state.location.pathname).toBe(`/new-car-log/${CAR_ID}`);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('t'.repeat(201));
  });

  it('tags: at most 20, each at most 40 characters', async () => {
    await renderApp(`/new-car-log/${CAR_ID}`);
    await ready();
    addTag('x'.repeat(41));
    expect(errorOf('Tags (optional)')).toContain('A tag has at most 40 characters.');
    expect(screen.queryByRole('list', { name: 'Tags of this entry' })).toBeNull();
    addTag('x'.repeat(40));
    for (let i = 1; i < 20; i++) addTag(`tag ${i}`);
    expect(
      within(screen.getByRole('list', { name: 'Tags of this entry' })).getAllByRole('listitem'),
    ).toHaveLength(20);
    addTag('one too many');
    expect(errorOf('Tags (optional)')).toContain('At most 20 tags per entry.');
    expect(
      within(screen.getByRole('list', { name: 'Tags of this entry' })).getAllByRole('listitem'),
    ).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the tag tag 5' }));
    expect(
      within(screen.getByRole('list', { name: 'Tags of this entry' })).getAllByRole('listitem'),
    ).toHaveLength(19);
    // pasted with commas: each part becomes a chip
    fireEvent.change(screen.getByLabelText('Tags (optional)'), { target: { value: 'a, b' } });
    expect(errorOf('Tags (optional)')).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Tags of this entry' })).getAllByRole('listitem'),
    ).toHaveLength(20);
    expect((screen.getByLabelText('Tags (optional)') as HTMLInputElement).value).toBe(' b');
  });

  it('files: images and PDFs only, 10 MiB each, 10 per entry, removable before saving', async () => {
    const { router } = await renderApp(`/new-car-log/${CAR_ID}`);
    await ready();
    pick('Add photos or PDFs', [
      fakeFile('big.jpg', 'image/jpeg', 10 * MiB + 1),
      fakeFile('song.mp3', 'audio/mpeg'),
      fakeFile('ok.jpg', 'image/jpeg', 10 * MiB),
    ]);
    const alert = screen.getByText(/big\.jpg is larger than 10 MB/).closest('[role="alert"]') as HTMLElement;
    expect(alert.textContent).toContain('song.mp3: only images and PDF files can be added.');
    expect(screen.getByRole('img', { name: 'ok.jpg' })).toBeTruthy();
    pick(
      'Add photos or PDFs',
      Array.from({ length: 10 }, (_, i) => fakeFile(`p${i}.jpg`, 'image/jpeg')),
    );
    expect(screen.getByText('At most 10 files per entry: 1 file was not added.')).toBeTruthy();
    expect(screen.getAllByRole('img')).toHaveLength(10);
    expect((screen.getByLabelText('Add photos or PDFs') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove ok.jpg' }));
    expect(screen.getAllByRole('img')).toHaveLength(9);
    expect((screen.getByLabelText('Add photos or PDFs') as HTMLInputElement).disabled).toBe(false);

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'repair' } });
    fill('Title', 'Photos');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    expect((await logs())[0]?.media).toHaveLength(9);
  });

  it('edits an entry: prefilled, existing files can be dropped, saved as an update', async () => {
    await putLog(
      makeLog({
        media: [
          {
            id: 'm-photo',
            url: '/api/v1.0/media/m-photo',
            kind: 'image',
            mime: 'image/webp',
            width: 10,
            height: 10,
          },
          {
            id: 'm-pdf',
            url: '/api/v1.0/media/m-pdf',
            kind: 'pdf',
            mime: 'application/pdf',
            width: null,
            height: null,
          },
        ],
      }),
    );
    const { router } = await renderApp(`/edit-car-log/${CAR_ID}/${LOG_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit the log entry' })).toBeTruthy();
    await ready();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Oil change');
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('maintenance');
    expect((screen.getByLabelText('Cost (optional)') as HTMLInputElement).value).toBe('120.5');
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe('EUR');
    expect(
      within(screen.getByRole('list', { name: 'Tags of this entry' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(screen.getByText('PDF receipt 2')).toBeTruthy();
    const drop = screen.getByRole('button', { name: 'Remove Photo 1 when saving' });
    fireEvent.click(drop);
    expect(drop.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Will be removed')).toBeTruthy();

    fill('Title', 'Oil and filter');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    const log = await db.carLogs.get(LOG_ID);
    expect(log).toMatchObject({ title: 'Oil and filter', tags: ['oil', 'service'] });
    expect((log?.media as { id: string }[]).map((m) => m.id)).toEqual(['m-pdf']);
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => [e.method, e.path])).toEqual([
      ['DELETE', '/files/m-photo'],
      ['PUT', `/car-logs/${LOG_ID}`],
    ]);
  });

  it('deletes an entry after asking', async () => {
    await putLog();
    const { router } = await renderApp(`/edit-car-log/${CAR_ID}/${LOG_ID}`);
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Delete this entry' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this entry?' });
    expect(dialog.textContent).toContain('“Oil change” and its files will be deleted.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await db.carLogs.count()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Delete this entry' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-cars'));
    expect(await db.carLogs.count()).toBe(0);
    expect((await db.outbox.toArray()).map((e) => [e.method, e.path])).toEqual([
      ['DELETE', `/car-logs/${LOG_ID}`],
    ]);
    expect(toast.list().map((t) => t.message)).toEqual(['Log entry deleted.']);
  });

  it('an unknown car or entry: a not-found state', async () => {
    await renderApp('/new-car-log/99999999-9999-4999-8999-999999999999');
    expect(
      await screen.findByRole('heading', { name: 'This car is not in your garage.' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Title')).toBeNull();
  });

  it('an entry of another car under this car is not found', async () => {
    await putLog(makeLog({ carId: '44444444-4444-4444-8444-444444444444' }));
    await renderApp(`/edit-car-log/${CAR_ID}/${LOG_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'This log entry is not here.' }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
