// My garage rendered through the real router, on real Dexie rows (fake-indexeddb) and the garage
// API double: selection, translated labels, the logbook's filters and sums, empty states, sync
// badges, the offline hint, the delete confirmation and the statistics.
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSignedIn } from '@/testing/session-mock';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import type { Car, CarLog } from '@/contract/garage';
import type { Reminder } from '@/contract/maintenance-api';
import { endLiveShellTest } from '@/testing/live-shell-teardown';
import {
  forgetFirstGarage,
  paintFirstGarageEarly,
  saveCar,
  saveCarLog,
  SELECTED_CAR_STORAGE_KEY,
} from '@/features/garage';
import { installGarageServer } from '@/features/garage/testing/fake-garage-server';
import { bareCar } from '@/features/garage/testing/garage-fixtures';
import { addTranslations } from '@/lib/i18n';
import { LIVE_UPDATE_INTERVAL_MS } from '@/lib/offline/live';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { signedIn } from '@/testing/api-client';
import { toast } from '@/lib/toast';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
// The first syncs' ends, seen through: each screen part that syncs on mount (the garage, the due
// list, the car's reminders) waits here until its sync has ended and armed its "shown" timer.
const syncsOut = vi.hoisted(() => new Set<object>());
vi.mock('@/features/garage/data/first-sync-pending', async (importOriginal) => {
  const actual = await importOriginal<{ useFirstSyncPending: () => [boolean, () => void] }>();
  const { useCallback, useEffect, useState } = await import('react');
  return {
    ...actual,
    useFirstSyncPending(): [boolean, () => void] {
      const [pending, ended] = actual.useFirstSyncPending();
      const [part] = useState(() => ({}));
      useEffect(() => {
        syncsOut.add(part);
        return () => void syncsOut.delete(part);
      }, [part]);
      const syncEnded = useCallback(() => {
        syncsOut.delete(part);
        ended();
      }, [part, ended]);
      return [pending, syncEnded];
    },
  };
});
// A shared, loaded machine: the first render compiles the route chunks.
configure({ asyncUtilTimeout: 10_000 });
/** The longest wait, for a screen of 2,000 logs on a busy runner (the test's own budget is twice it). */
const SLOW_WAIT_MS = 90_000;

const LABELS: Record<string, Record<string, [string, string]>> = {
  carLogType: {
    fuel: ['Fuel', 'Carburant'],
    maintenance: ['Maintenance', 'Entretien'],
    repair: ['Repair', 'Réparation'],
  },
  energyType: { diesel: ['Diesel', 'Gazole'], electric: ['Electric', 'Électrique'] },
  gearboxType: { manual: ['Manual', 'Manuelle'] },
  upholsteryMaterial: { leather: ['Leather', 'Cuir'] },
  mileageUnit: { km: ['kilometres', 'kilomètres'], mi: ['miles', 'milles'] },
  currencyCode: { EUR: ['Euro', 'Euro'], USD: ['US dollar', 'Dollar américain'] },
};

let server: ReturnType<typeof installGarageServer>;
let clock = 0;
const stamp = () => new Date(Date.UTC(2025, 0, 1) + (clock += 1000)).toISOString();

function car(fields: Partial<Car> = {}): Car {
  const at = stamp();
  return bareCar({ ownerId: 'member-1', createdAt: at, updatedAt: at, ...fields });
}

function log(carId: string, fields: Partial<CarLog> = {}): CarLog {
  const at = stamp();
  return {
    id: crypto.randomUUID(),
    carId,
    type: 'maintenance',
    title: 'Oil change',
    content: null,
    location: null,
    tags: [],
    cost: null,
    currencyCode: null,
    startDate: '2025-03-01',
    mileage: null,
    media: [],
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
}

/** The same rows on the server double and in Dexie, as after a sync. */
async function seed(cars: Car[], logs: CarLog[] = []) {
  for (const c of cars) server.cars.set(c.id, c);
  for (const l of logs) server.logs.set(l.id, l);
  await db.cars.bulkPut(cars as never[]);
  await db.carLogs.bulkPut(logs as never[]);
}

async function seedSettings() {
  for (const [domain, entries] of Object.entries(LABELS)) {
    await db.settingsLabels.put({
      domain,
      entries: Object.entries(entries).map(([key, [en, fr]]) => ({
        key,
        domainId: domain,
        jsonPayload: { 'label_en-US': en, 'label_fr-FR': fr },
      })),
      fetchedAt: Date.now(),
    });
  }
}

function addLabels() {
  for (const [index, locale] of (['en-US', 'fr-FR'] as const).entries()) {
    const messages: Record<string, string> = {};
    for (const [domain, entries] of Object.entries(LABELS)) {
      for (const [key, labels] of Object.entries(entries))
        messages[`${domain.toUpperCase()}.${key}`] = labels[index]!;
    }
    addTranslations(locale, messages);
  }
}

const rows = () => screen.queryAllByTestId('log-row');
const rowTitles = () => rows().map((row) => row.querySelector('.log-row__title')?.textContent);
const sums = () => screen.queryAllByTestId('log-sum').map((el) => el.textContent);
const carButton = (name: RegExp | string) =>
  within(screen.getByRole('navigation', { name: 'Your cars' })).getByRole('button', { name });

/** Whether `text` has appeared anywhere in the document since the call (a MutationObserver). */
function watchText(text: string): () => boolean {
  let seen = false;
  const observer = new MutationObserver(() => {
    if (document.body.textContent?.includes(text)) seen = true;
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return () => {
    observer.disconnect();
    return seen;
  };
}

/** How many changes the document has had since the call (a MutationObserver, read once). */
function watchMutations(): () => Promise<number> {
  let count = 0;
  const observer = new MutationObserver((records) => (count += records.length));
  observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  return async () => {
    // The observer's callback is a microtask: the changes so far are counted once it has run.
    await Promise.resolve();
    count += observer.takeRecords().length;
    observer.disconnect();
    return count;
  };
}

/** GET /cars/feed (or another path) never answers (the rest goes to the garage double). */
function holdCarsFeed(path = '/cars/feed'): void {
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input instanceof Request ? input.url : input).includes(path)
      ? new Promise<Response>(() => undefined)
      : inner(input, init),
  );
}

let dbCount = 0;
beforeEach(async () => {
  dbCount += 1;
  resetLocalDatabaseForTests(`my-cars-${dbCount}-${Math.random().toString(36).slice(2)}`);
  signedIn();
  setSignedIn(true);
  server = installGarageServer();
  activateCatalog('en-US');
  addLabels();
  await seedSettings();
});
// Unmount and stop the outbox engine the shell started: nothing may run on a closed database.
afterEach(() => {
  forgetFirstGarage();
  return endLiveShellTest();
});

describe('my cars: the cars', () => {
  it('no cars: an empty state that leads to create-car', async () => {
    await renderApp('/my-cars');
    expect(await screen.findByRole('heading', { name: 'Your garage is empty' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'My garage' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add your first car' }).getAttribute('href')).toBe('/create-car');
  });

  it('a device that has not synced yet says "loading", never "your garage is empty", until its first sync', async () => {
    const mine = car({ make: 'Alpine', model: 'A110' });
    server.cars.set(mine.id, mine); // on the server only: a cold device
    const emptySeen = watchText('Your garage is empty');
    await renderApp('/my-cars');
    expect(await screen.findByRole('heading', { level: 2, name: 'Alpine A110' })).toBeTruthy();
    expect(emptySeen()).toBe(false);
  });

  it('while the first sync is out, the cars the first paint showed, not a skeleton', async () => {
    const mine = car({ make: 'Lancia', model: 'Delta' });
    const shell = document.implementation.createHTMLDocument('');
    shell.body.innerHTML = '<div id="root"><div class="app-shell"></div></div>';
    await expect(
      paintFirstGarageEarly({ cars: Promise.resolve([mine]), reminders: Promise.resolve([]) }, shell),
    ).resolves.toBe(true);
    holdCarsFeed(); // the first sync never ends
    await renderApp('/my-cars');
    expect(await screen.findByRole('heading', { level: 2, name: 'Lancia Delta' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your garage is empty' })).toBeNull();
  });

  it('while the reminders’ first sync is out, the due ones the first paint listed, above the cars', async () => {
    const mine = car({ make: 'Lancia', model: 'Delta' });
    server.cars.set(mine.id, mine);
    const at = '2026-01-02T10:00:00.000Z';
    const insurance: Reminder = {
      ...{
        id: crypto.randomUUID(),
        carId: mine.id,
        title: 'Insurance',
        logType: 'other',
        intervalMonths: 12,
      },
      ...{ intervalDistance: null, setDueDate: null, setDueMileage: null, soonDays: null },
      ...{ soonDistance: null, notes: null, createdMileage: null, createdAt: at, updatedAt: at },
      ...{ state: 'overdue', dueDate: '2026-01-01', dueMileage: null, predictedDate: null },
      ...{ firedBy: null, doneLogId: null },
    };
    const shell = document.implementation.createHTMLDocument('');
    shell.body.innerHTML = '<div id="root"><div class="app-shell"></div></div>';
    await expect(
      paintFirstGarageEarly(
        { cars: Promise.resolve([mine]), reminders: Promise.resolve([insurance]) },
        shell,
      ),
    ).resolves.toBe(true);
    holdCarsFeed('/reminders'); // the reminders' first sync never ends
    await renderApp('/my-cars');
    const due = await screen.findByTestId('due-list');
    expect(within(due).getByRole('heading', { level: 2, name: 'Due' })).toBeTruthy();
    expect(within(due).getByText('Insurance')).toBeTruthy();
    expect(within(due).getByText('Lancia Delta')).toBeTruthy();
    // Drawn above the cars from the app's first render: nothing is pushed in over them later.
    const picker = screen.getByRole('heading', { level: 2, name: 'Lancia Delta' });
    expect(due.compareDocumentPosition(picker) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('without a first paint, a first sync still out shows the skeleton', async () => {
    holdCarsFeed();
    const emptySeen = watchText('Your garage is empty');
    await renderApp('/my-cars');
    expect(await screen.findByRole('status', { name: 'Loading your cars…' })).toBeTruthy();
    // The screen's timers (the live lists' update interval, the first sync's "shown" delay) run well
    // past their end on a fake clock: none of them may end "loading" while the sync is out.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    try {
      await act(() => vi.advanceTimersByTimeAsync(10 * LIVE_UPDATE_INTERVAL_MS));
    } finally {
      vi.useRealTimers();
    }
    expect(screen.getByRole('status', { name: 'Loading your cars…' })).toBeTruthy();
    // A car stored after that is the marker: the list's answers before it (the empty one) have shown.
    await db.cars.put(car({ make: 'Alpine', model: 'A110' }) as never);
    expect(await screen.findByRole('heading', { level: 2, name: 'Alpine A110' })).toBeTruthy();
    expect(emptySeen()).toBe(false);
  });

  it('selects the first car by default, remembers a choice in localStorage "selectedCar"', async () => {
    const first = car({ make: 'Alpine', model: 'A110' });
    const second = car({ make: 'Lancia', model: 'Delta', nickname: 'Deltona', year: 1992 });
    await seed([first, second]);
    expect(SELECTED_CAR_STORAGE_KEY).toBe('selectedCar');

    const view = await renderApp('/my-cars');
    expect(await screen.findByRole('heading', { level: 2, name: 'Alpine A110' })).toBeTruthy();
    expect(carButton(/Alpine A110/).getAttribute('aria-pressed')).toBe('true');
    expect(carButton(/Deltona/).getAttribute('aria-pressed')).toBe('false');
    expect(carButton(/Deltona/).textContent).toContain('Lancia Delta 1992');
    expect(localStorage.getItem('selectedCar')).toBeNull();

    fireEvent.click(carButton(/Deltona/));
    expect(await screen.findByRole('heading', { level: 2, name: 'Deltona' })).toBeTruthy();
    expect(localStorage.getItem('selectedCar')).toBe(second.id);
    expect(carButton(/Deltona/).getAttribute('aria-pressed')).toBe('true');

    // Another visit opens on the remembered car.
    view.router.history.push('/feed');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Deltona' })).toBeNull());
    view.router.history.push('/my-cars');
    expect(await screen.findByRole('heading', { level: 2, name: 'Deltona' })).toBeTruthy();
  });

  it('a remembered car that no longer exists falls back to the first car', async () => {
    const first = car({ make: 'Peugeot', model: '205' });
    await seed([first, car({ make: 'Renault', model: '5' })]);
    localStorage.setItem('selectedCar', crypto.randomUUID());
    await renderApp('/my-cars');
    expect(await screen.findByRole('heading', { level: 2, name: 'Peugeot 205' })).toBeTruthy();
    expect(carButton(/Peugeot 205/).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows every settings value by its translated label, the mileage with its unit label, and the description', async () => {
    await seed([
      car({
        energyType: 'diesel',
        energyTypes: ['diesel', 'electric'],
        gearboxType: 'manual',
        upholsteryMaterial: 'leather',
        mileage: 123_456,
        mileageUnit: 'mi',
        description: '<p>Bought in <strong>Lyon</strong></p>',
      }),
    ]);
    await renderApp('/my-cars');
    const details = await screen.findByRole('region', { name: 'Alpine A110' });
    const fact = (label: string) =>
      within(details).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Energy')).toBe('Diesel');
    expect(fact('Also runs on')).toBe('Electric');
    expect(fact('Gearbox')).toBe('Manual');
    expect(fact('Upholstery')).toBe('Leather');
    expect(fact('Year')).toBe('2019');
    expect(fact('Mileage')).toBe('123,456 mi');
    const description = details.querySelector('.rich-text');
    expect(description?.innerHTML).toBe('<p>Bought in <strong>Lyon</strong></p>');
  });

  it('speaks French: labels of the settings follow the locale', async () => {
    activateCatalog('fr-FR');
    addLabels();
    await seed([car({ energyType: 'diesel', mileage: 5000, mileageUnit: 'km' })]);
    await renderApp('/my-cars');
    const details = await screen.findByRole('region', { name: 'Alpine A110' });
    expect(within(details).getByText('Énergie').nextElementSibling?.textContent).toBe('Gazole');
    expect(within(details).getByText('Kilométrage').nextElementSibling?.textContent).toBe(
      '5\u202f000\u202fkm',
    );
  });

  it('a car without a mileage unit shows the default unit, km', async () => {
    const noUnit = car({ mileage: 10 }) as Partial<Car>;
    delete noUnit.mileageUnit;
    await seed([noUnit as Car]);
    await renderApp('/my-cars');
    const details = await screen.findByRole('region', { name: 'Alpine A110' });
    expect(within(details).getByText('Mileage').nextElementSibling?.textContent).toBe('10 km');
  });

  it('edit and add-log lead to their screens', async () => {
    const only = car();
    await seed([only]);
    await renderApp('/my-cars');
    await screen.findByRole('heading', { level: 2, name: 'Alpine A110' });
    expect(screen.getByRole('link', { name: 'Edit the car' }).getAttribute('href')).toBe(
      `/edit-car/${only.id}`,
    );
    expect(screen.getByRole('link', { name: 'Add a log' }).getAttribute('href')).toBe(
      `/new-car-log/${only.id}`,
    );
    expect(screen.getByRole('link', { name: 'Add a car' }).getAttribute('href')).toBe('/create-car');
  });

  it('delete asks for confirmation; cancel keeps the car, confirm deletes it and says so', async () => {
    const doomed = car({ make: 'Fiat', model: 'Multipla' });
    const kept = car({ make: 'Citroën', model: 'DS' });
    await seed([doomed, kept], [log(doomed.id), log(doomed.id)]);
    await renderApp('/my-cars');
    await screen.findByRole('heading', { level: 2, name: 'Fiat Multipla' });
    await waitFor(() => expect(rows()).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Delete the car' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Fiat Multipla?' });
    expect(
      within(dialog).getByText('This deletes the car and its 2 logs. This cannot be undone.'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await db.cars.get(doomed.id)).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Delete the car' }));
    const again = await screen.findByRole('alertdialog');
    fireEvent.keyDown(again, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete the car' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Citroën DS' })).toBeTruthy();
    expect(await db.cars.get(doomed.id)).toBeUndefined();
    expect(await db.carLogs.where('carId').equals(doomed.id).count()).toBe(0);
    expect(toast.list().map((t) => t.message)).toContain('Fiat Multipla was deleted.');
    expect(screen.queryByRole('button', { name: /Multipla/ })).toBeNull();
  });
});

describe('my cars: sync state', () => {
  it('a log saved offline shows as pending, and the screen says it shows saved data', async () => {
    const only = car();
    await seed([only], [log(only.id, { title: 'Synced entry' })]);
    server.setOffline(true);
    await saveCarLog({ carId: only.id, type: 'fuel', title: 'Written offline', startDate: '2025-04-01' });
    await renderApp('/my-cars');
    expect(await screen.findByText('Offline — showing the data saved on this device.')).toBeTruthy();
    await waitFor(() => expect(rowTitles()).toEqual(['Written offline', 'Synced entry']));
    const [pending, synced] = rows();
    expect(within(pending!).getByText('Pending')).toBeTruthy();
    expect(within(synced!).queryByText('Pending')).toBeNull();
    expect(within(carButton(/Alpine A110/)).queryByText('Pending')).toBeNull();
  });

  it('a car with unsent writes shows as pending, one the server refused as not sent', async () => {
    await seed([car({ make: 'Alpine', model: 'A110' })]);
    server.setOffline(true);
    const waiting = await saveCar({ make: 'Lancia', model: 'Delta' });
    const refused = await saveCar({ make: 'Fiat', model: 'Panda' });
    await db.outbox.where('entityId').equals(refused).modify({ status: 'failed' });
    await renderApp('/my-cars');
    await waitFor(() => expect(within(carButton(/Lancia Delta/)).getByText('Pending')).toBeTruthy());
    expect(within(carButton(/Fiat Panda/)).getByText('Not sent')).toBeTruthy();
    expect(within(carButton(/Alpine A110/)).queryByText(/Pending|Not sent/)).toBeNull();
    fireEvent.click(carButton(/Lancia Delta/));
    const details = await screen.findByRole('region', { name: 'Lancia Delta' });
    expect(within(details).getByText('Pending').getAttribute('title')).toBe(
      'Saved on this device, waiting to be sent.',
    );
    expect(localStorage.getItem('selectedCar')).toBe(waiting);
  });
});

describe('my cars: the logbook', () => {
  async function renderLogbook() {
    const only = car();
    const logs = [
      log(only.id, {
        type: 'fuel',
        title: 'Full tank',
        cost: 60.1,
        currencyCode: 'EUR',
        startDate: '2025-05-10',
        mileage: 12_000,
        location: 'Total Lyon',
      }),
      log(only.id, {
        type: 'maintenance',
        title: 'Oil change',
        content: '<p>Synthetic <em>5W30</em> &amp; filter</p>',
        cost: 89.9,
        currencyCode: 'EUR',
        startDate: '2025-04-02',
        tags: ['Service'],
      }),
      log(only.id, {
        type: 'fuel',
        title: 'Half tank',
        cost: 30.2,
        currencyCode: 'EUR',
        startDate: '2025-03-15',
      }),
      log(only.id, {
        type: 'repair',
        title: 'Windscreen',
        cost: 400,
        currencyCode: 'USD',
        startDate: '2024-12-24',
        media: [
          { id: 'm1', url: '/api/v1.0/media/m1', kind: 'image', mime: 'image/jpeg', width: 1, height: 1 },
          {
            id: 'm2',
            url: '/api/v1.0/media/m2',
            kind: 'pdf',
            mime: 'application/pdf',
            width: null,
            height: null,
          },
        ],
      }),
    ];
    await seed([only], logs);
    await renderApp('/my-cars');
    await waitFor(() => expect(rows()).toHaveLength(4));
    // The newest page shows first (the filters with it); the sums come with the whole logbook.
    await screen.findAllByTestId('log-sum');
    return { car: only, logs };
  }

  it('lists the logs newest first with date, type label, cost, mileage, place, tags and files', async () => {
    const { car: only, logs } = await renderLogbook();
    expect(rowTitles()).toEqual(['Full tank', 'Oil change', 'Half tank', 'Windscreen']);
    const [fullTank, oil, , windscreen] = rows();
    expect(fullTank!.textContent).toContain('May 10, 2025');
    expect(fullTank!.textContent).toContain('Fuel');
    expect(fullTank!.textContent).toContain('€60.10');
    expect(fullTank!.textContent).toContain('12,000 km');
    expect(fullTank!.textContent).toContain('Total Lyon');
    expect(oil!.textContent).toContain('#Service');
    expect(within(windscreen!).getByText('2 files')).toBeTruthy();
    expect(fullTank!.getAttribute('href')).toBe(`/my-cars/${only.id}/logs/${logs[0]!.id}`);
    expect(screen.getByText('4 logs')).toBeTruthy();
    expect(sums()).toEqual(['€180.20', '$400.00']);
  });

  it('the type filter lists translated types and narrows the list, the count and the sum', async () => {
    await renderLogbook();
    const type = screen.getByRole('combobox', { name: 'Type' });
    const options = within(type)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['All types', 'Fuel', 'Maintenance', 'Repair']);
    fireEvent.change(type, { target: { value: 'fuel' } });
    await waitFor(() => expect(rowTitles()).toEqual(['Full tank', 'Half tank']));
    expect(screen.getByText('2 logs of 4')).toBeTruthy();
    expect(sums()).toEqual(['€90.30']);
  });

  it('the search matches title, content text, place and tags case-insensitively; clear shows all again', async () => {
    await renderLogbook();
    const search = screen.getByRole('searchbox', { name: 'Search the logs' });
    fireEvent.change(search, { target: { value: '5w30 & FILTER' } });
    await waitFor(() => expect(rowTitles()).toEqual(['Oil change']));
    expect(sums()).toEqual(['€89.90']);
    fireEvent.change(search, { target: { value: 'lyon' } });
    await waitFor(() => expect(rowTitles()).toEqual(['Full tank']));
    fireEvent.change(search, { target: { value: 'service' } });
    await waitFor(() => expect(rowTitles()).toEqual(['Oil change']));
    fireEvent.change(search, { target: { value: 'TANK' } });
    await waitFor(() => expect(rowTitles()).toEqual(['Full tank', 'Half tank']));
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect((search as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(search);
  });

  it('the date range includes both ends', async () => {
    await renderLogbook();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-15' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-04-02' } });
    await waitFor(() => expect(rowTitles()).toEqual(['Oil change', 'Half tank']));
    expect(sums()).toEqual(['€120.10']);
  });

  it('no match: an empty state whose button clears every filter', async () => {
    await renderLogbook();
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'repair' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the logs' }), {
      target: { value: 'tank' },
    });
    expect(await screen.findByRole('heading', { name: 'No logs match the filters' })).toBeTruthy();
    expect(rows()).toHaveLength(0);
    expect(screen.getByText('0 logs of 4')).toBeTruthy();
    expect(screen.getByText('None')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect((screen.getByRole('combobox', { name: 'Type' }) as HTMLSelectElement).value).toBe('');
  });

  it('no logs yet: an empty state that leads to new-car-log', async () => {
    const only = car();
    await seed([only]);
    await renderApp('/my-cars');
    expect(await screen.findByRole('heading', { name: 'No logs yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add the first log' }).getAttribute('href')).toBe(
      `/new-car-log/${only.id}`,
    );
    expect(screen.queryByRole('button', { name: 'Statistics' })).toBeNull();
  });

  it(
    'virtualised: 2,000 logs put only a window of rows in the DOM; filtering still sees them all',
    async () => {
      const only = car();
      const logs = Array.from({ length: 2_000 }, (_, i) =>
        log(only.id, {
          type: i % 2 ? 'fuel' : 'maintenance',
          title: i === 1_999 ? 'The very first entry' : `Entry ${i}`,
          cost: 1,
          currencyCode: 'EUR',
          startDate: `2020-01-01`,
        }),
      );
      await seed([only], logs);
      await renderApp('/my-cars');
      // The screen reads the newest page and the count first, the whole logbook after: each figure
      // is waited for as a state, whatever the machine's speed (a loaded runner may be in between).
      // The first one waits longest: run first, or alone, the test also compiles the app's chunks
      // and reads 2,000 logs twice (the stored ones, then the sync's), well past 10 s on a busy runner.
      expect(await screen.findByText('2,000 logs', {}, { timeout: SLOW_WAIT_MS })).toBeTruthy();
      await waitFor(() => expect(sums()).toEqual(['€2,000.00']));
      await waitFor(() =>
        expect(
          screen
            .getByRole('list', { name: 'Logbook' })
            .querySelectorAll('[role="listitem"]')[0]
            ?.getAttribute('aria-setsize'),
        ).toBe('2000'),
      );
      await waitFor(() => expect(rows().length).toBeGreaterThan(0));
      expect(rows().length).toBeLessThan(60);
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search the logs' }), {
        target: { value: 'very first' },
      });
      await waitFor(() => expect(rowTitles()).toEqual(['The very first entry']));
    },
    2 * SLOW_WAIT_MS,
  );
});

describe('my cars: timers', () => {
  it('leaves no timer running once shown, and does not render again on its own', async () => {
    const only = car({ make: 'Alpine', model: 'A110' });
    await seed([only], [log(only.id, { title: 'Oil change', cost: 12, currencyCode: 'EUR' })]);
    // The clock is faked before the mount, so every timer the screen starts as it mounts (or on
    // any render after) is on it; it still moves with real time, for the route's chunks to load.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    try {
      await renderApp('/my-cars');
      expect(await screen.findByRole('heading', { level: 2, name: 'Alpine A110' })).toBeTruthy();
      await waitFor(() => expect(rowTitles()).toEqual(['Oil change']));
      // The screen's own timers (the live lists' next update, the first sync's "shown" delay) end;
      // an interval, or a timeout each render re-arms, never does. vi.waitFor polls on the real
      // clock, so its own timers are not among those counted. The first syncs have ended first
      // (on a busy machine they end well after the rows show), so their timers are among them.
      await vi.waitFor(async () => {
        expect(syncsOut.size).toBe(0);
        await act(() => vi.advanceTimersByTimeAsync(10 * LIVE_UPDATE_INTERVAL_MS));
        // The whole logbook (the list's sum) follows its first page once that has been shown a
        // moment (useAfterPaint): its read is among what the screen does once shown.
        expect(screen.queryByTestId('log-sum')).not.toBeNull();
        expect(vi.getTimerCount()).toBe(0);
      }, SLOW_WAIT_MS);
      // Settled: time passing changes nothing on screen and starts nothing.
      const settled = document.body.innerHTML;
      const changes = watchMutations();
      await act(() => vi.advanceTimersByTimeAsync(100 * LIVE_UPDATE_INTERVAL_MS));
      expect(vi.getTimerCount()).toBe(0);
      expect(document.body.innerHTML).toBe(settled);
      expect(await changes()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('my cars: statistics', () => {
  it('a collapsed section that loads its panel when opened: figures, cost by month and by type', async () => {
    const only = car({ mileageUnit: 'km' });
    const thisMonth = new Date().toISOString().slice(0, 7);
    await seed(
      [only],
      [
        log(only.id, {
          type: 'fuel',
          cost: 50,
          currencyCode: 'EUR',
          startDate: `${thisMonth}-01`,
          mileage: 1_000,
        }),
        log(only.id, {
          type: 'repair',
          cost: 150,
          currencyCode: 'EUR',
          startDate: `${thisMonth}-01`,
          mileage: 1_500,
        }),
        log(only.id, { type: 'fuel', cost: 20, currencyCode: 'USD', startDate: '2001-01-01' }),
      ],
    );
    await renderApp('/my-cars');
    const toggle = await screen.findByRole('button', { name: 'Statistics' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('stats-panel')).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = await screen.findByTestId('stats-panel', {}, { timeout: 10_000 });
    const figure = (label: string) =>
      [...within(panel).getByText(label, { selector: 'dt' }).parentElement!.querySelectorAll('dd')].map(
        (dd) => dd.textContent,
      );
    expect(figure('Logs')).toEqual(['3']);
    expect(figure('Total cost')).toEqual(['€200.00', '$20.00']);
    expect(figure('Distance covered')).toEqual(['500 km']);
    expect(figure('Cost per km')).toEqual(['€0.40', '$0.04']);

    // Charts in the currency with the most cost (EUR), readable as tables.
    const byMonth = within(panel).getByRole('table', { name: 'Cost by month (last 24 months)' });
    const monthRows = within(byMonth).getAllByRole('row').slice(1);
    expect(monthRows).toHaveLength(24);
    expect(monthRows.at(-1)!.textContent).toContain('€200.00');
    expect(within(panel).getByTestId('month-chart').querySelectorAll('rect')).toHaveLength(24);
    const byType = within(panel).getByTestId('type-chart');
    expect(
      within(byType)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Repair€150.00', 'Fuel€50.00']);

    fireEvent.change(within(panel).getByRole('combobox', { name: 'Currency' }), { target: { value: 'USD' } });
    await waitFor(() =>
      expect(
        within(within(panel).getByTestId('type-chart'))
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.textContent),
      ).toEqual(['Fuel$20.00']),
    );

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await act(async () => undefined);
    expect(screen.queryByTestId('stats-panel')).toBeNull();
  });

  it('a young car: the chart starts at its first log, a tap on a month says its amount, French words', async () => {
    activateCatalog('fr-FR');
    addLabels();
    const only = car({ mileageUnit: 'km' });
    const now = new Date();
    const month = (back: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 10);
    await seed(
      [only],
      [
        log(only.id, { type: 'fuel', cost: 55.42, currencyCode: 'EUR', startDate: month(2), mileage: 1_000 }),
        log(only.id, { type: 'fuel', cost: 0, currencyCode: 'EUR', startDate: month(0), mileage: 1_100 }),
      ],
    );
    await renderApp('/my-cars');
    fireEvent.click(await screen.findByRole('button', { name: 'Statistiques' }));
    const panel = await screen.findByTestId('stats-panel', {}, { timeout: 10_000 });
    const figure = (label: string) =>
      [...within(panel).getByText(label, { selector: 'dt' }).parentElement!.querySelectorAll('dd')].map(
        (dd) => dd.textContent,
      );
    // 55.42 € over 100 km: 0.5542 €/km shown with three decimals.
    expect(figure('Coût par km')).toEqual(['0,554\u00a0€']);
    expect(figure('Distance parcourue')).toEqual(['100\u202fkm']);

    // Three months (two months ago to this one), not 24 with 21 empty.
    within(panel).getByRole('table', { name: 'Coût par mois (3 derniers mois)' });
    expect(within(panel).getByTestId('month-chart').querySelectorAll('rect')).toHaveLength(3);
    const months = within(
      within(panel).getByRole('group', { name: 'Coût par mois (3 derniers mois)' }),
    ).getAllByRole('button');
    expect(months).toHaveLength(3);
    const readout = within(panel).getByTestId('month-readout');
    expect(readout.textContent).toBe('Touchez un mois pour voir son montant.');
    fireEvent.click(months[0]!);
    expect(months[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(readout.textContent).toMatch(/^[a-zéû]+ \d{4} : 55,42\u00a0€$/);
    fireEvent.keyDown(months[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(months[1]);
    expect(readout.textContent).toMatch(/ : 0,00\u00a0€$/);
  });
});
