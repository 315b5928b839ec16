// The garage's first view painted from the entry into index.html's app shell, before the app loads
// (garage-first-paint.ts): what it shows, what it leaves to the app, and when it does not paint.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reminder } from '@/contract/maintenance-api';
import { signOutLocally } from '@/lib/auth/sign-out';
import { forgetCatalogRequests } from '@/lib/i18n/catalog-request';
import { storedLocale } from '@/lib/i18n/locales';
import { SELECTED_CAR_STORAGE_KEY } from './car-selection';
import {
  FIRST_PAINT_REMINDERS,
  firstCarsShown,
  firstDueShown,
  firstGarageMarkup,
  firstRemindersShown,
  forgetFirstCars,
  forgetFirstGarage,
  paintFirstGarageEarly,
} from './garage-first-paint';
import { bareCar, makeCar } from './testing/garage-fixtures';

const SHELL = '<div class="app-shell" aria-hidden="true"><div class="app-shell__bar">Paddock</div></div>';
const MESSAGES = {
  'CARS.MY_CARS_TITLE': ['My garage'],
  'REMINDERS.DUE_TITLE': ['Due'],
  'REMINDERS.TITLE': ['Reminders'],
  'REMINDERS.EMPTY_TEXT': ['No reminders yet. Add one for the oil change.'],
  'REMINDERS.EMPTY_SHARED_TEXT': 'No reminders for this car yet.',
};

function reminder(carId: string, title: string, state: Reminder['state'] = 'ok'): Reminder {
  const at = '2026-01-02T10:00:00.000Z';
  return {
    ...{ id: crypto.randomUUID(), carId, title, logType: 'maintenance', intervalMonths: 12 },
    ...{ intervalDistance: null, setDueDate: null, setDueMileage: null, soonDays: null },
    ...{ soonDistance: null, notes: null, createdMileage: null, createdAt: at, updatedAt: at },
    ...{ state, dueDate: null, dueMileage: null, predictedDate: null, firedBy: null, doneLogId: null },
  };
}

const painted = () => document.querySelector<HTMLElement>('#root > .app-shell > [data-first-paint="garage"]');
const texts = (selector: string, root: ParentNode = document) =>
  [...root.querySelectorAll(selector)].map((node) => node.textContent);

function catalogServer(body: unknown = { messages: MESSAGES }, status = 200) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return urls;
}

beforeEach(() => {
  document.body.innerHTML = `<div id="root">${SHELL}</div>`;
  localStorage.clear();
  forgetFirstGarage();
  forgetCatalogRequests();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  localStorage.clear();
  forgetFirstGarage();
});

describe("the garage's first view, painted before the app", () => {
  it('draws every car in the picker, the stored car selected, its name and its reminders’ titles', () => {
    const first = bareCar({ make: 'Alpine', model: 'A110', year: 2019 });
    const second = makeCar({
      id: crypto.randomUUID(),
      nickname: 'Bleue',
      make: 'Renault',
      model: 'R5',
      year: 1984,
    });
    localStorage.setItem(SELECTED_CAR_STORAGE_KEY, second.id);
    const rows = Array.from({ length: FIRST_PAINT_REMINDERS + 2 }, (_, i) =>
      reminder(second.id, `Service ${i + 1}`, i === 0 ? 'overdue' : 'ok'),
    );
    const markup = firstGarageMarkup(
      { cars: [first, second], reminders: [reminder(first.id, 'Not this car'), ...rows] },
      MESSAGES,
    );
    if (!markup) throw new Error('nothing drawn');
    expect(texts('.car-card__title', markup)).toEqual(['Alpine A110', 'Bleue']);
    expect(texts('.car-card__subtitle', markup)).toEqual(['2019', 'Renault R5 1984']);
    expect(texts('.car-card--selected .car-card__title', markup)).toEqual(['Bleue']);
    expect(texts('.car-details__title', markup)).toEqual(['Bleue']);
    expect(texts('.ui-page__title', markup)).toEqual(['My garage']);
    const selected = markup.querySelector('.my-cars__car')!;
    expect(texts('.reminders__title', selected)).toEqual(['Reminders']);
    // At most FIRST_PAINT_REMINDERS (4) rows, of the selected car only, with their state's class.
    expect(FIRST_PAINT_REMINDERS).toBe(4);
    expect(texts('.reminder-row__title', selected)).toEqual([
      'Service 1',
      'Service 2',
      'Service 3',
      'Service 4',
    ]);
    expect(selected.querySelectorAll('.reminder-row--overdue')).toHaveLength(1);
    expect(markup.querySelector('.reminders__hint')).toBeNull();
    // Nothing a member could try to use before the app: no button, link or field.
    expect(markup.querySelectorAll('a, button, input, select, textarea, [tabindex]')).toHaveLength(0);
  });

  it('lists the due reminders of every car above the picker, overdue first, each with its car, as the app', () => {
    const alpine = bareCar({ make: 'Alpine', model: 'A110' });
    const renault = makeCar({ id: crypto.randomUUID(), nickname: 'Bleue', make: 'Renault', model: 'R5' });
    const rows = [
      reminder(alpine.id, 'Brake fluid', 'soon'),
      reminder(renault.id, 'Fine'),
      reminder(renault.id, 'Insurance', 'overdue'),
      ...Array.from({ length: FIRST_PAINT_REMINDERS }, (_, i) =>
        reminder(alpine.id, `Later ${i + 1}`, 'soon'),
      ),
    ];
    const markup = firstGarageMarkup({ cars: [alpine, renault], reminders: rows }, MESSAGES)!;
    const due = markup.querySelector('.my-cars')!.firstElementChild!;
    expect(due.nextElementSibling?.className).toBe('car-picker');
    expect(texts('.reminders__title', due)).toEqual(['Due']);
    // At most FIRST_PAINT_REMINDERS rows: overdue first, "Fine" (ok) left out.
    expect(texts('.reminder-row__title', due)).toEqual(['Insurance', 'Brake fluid', 'Later 1', 'Later 2']);
    expect(texts('.reminder-row__car', due)).toEqual(['Bleue', 'Alpine A110', 'Alpine A110', 'Alpine A110']);
    expect(due.querySelectorAll('.reminder-row--overdue')).toHaveLength(1);
    // Nothing due: no list, the picker first.
    const calm = firstGarageMarkup({ cars: [alpine], reminders: [reminder(alpine.id, 'Fine')] }, MESSAGES)!;
    expect(calm.querySelector('.my-cars')!.firstElementChild!.className).toBe('car-picker');
  });

  it('falls back to the first car when the stored one is gone, and draws nothing without a car', () => {
    localStorage.setItem(SELECTED_CAR_STORAGE_KEY, 'gone');
    const markup = firstGarageMarkup(
      { cars: [bareCar({ nickname: 'First' }), bareCar()], reminders: [] },
      {},
    );
    expect(texts('.car-card--selected .car-card__title', markup!)).toEqual(['First']);
    expect(firstGarageMarkup({ cars: [], reminders: [] }, MESSAGES)).toBeNull();
  });

  it('shows the empty hint my role reads: the owner’s with its add button’s room, a shared member’s without', () => {
    const mine = bareCar();
    const own = firstGarageMarkup({ cars: [mine], reminders: [] }, MESSAGES)!;
    expect(texts('.reminders__hint', own)).toEqual(['No reminders yet. Add one for the oil change.']);
    expect(own.querySelectorAll('.reminders__empty .app-shell__button')).toHaveLength(1);
    const shared = firstGarageMarkup({ cars: [bareCar({ role: 'viewer' })], reminders: [] }, MESSAGES)!;
    expect(texts('.reminders__hint', shared)).toEqual(['No reminders for this car yet.']);
    expect(shared.querySelectorAll('.reminders__empty .app-shell__button')).toHaveLength(0);
  });

  it('leaves a bar where the catalog has no plain text (not loaded, or a placeholder)', () => {
    const markup = firstGarageMarkup(
      { cars: [bareCar()], reminders: [] },
      { 'REMINDERS.TITLE': ['Due in ', ['days'], ' days'] },
    )!;
    expect(markup.querySelector('.reminders__title')).toBeNull();
    expect(markup.querySelector('.reminders__hint')).toBeNull();
    expect(
      markup.querySelectorAll('.ui-skeleton.app-shell__heading, .ui-skeleton.app-shell__paragraph'),
    ).toHaveLength(2);
    expect(markup.querySelectorAll('.ui-skeleton.app-shell__title')).toHaveLength(1);
  });

  it('writes names and titles as text, never as markup', () => {
    const car = bareCar({ nickname: '<img src=x onerror="window.__hit=1">' });
    const markup = firstGarageMarkup(
      { cars: [car], reminders: [reminder(car.id, '<b>bold</b>')] },
      MESSAGES,
    )!;
    expect(markup.querySelectorAll('img, b')).toHaveLength(0);
    expect(texts('.car-details__title', markup)).toEqual(['<img src=x onerror="window.__hit=1">']);
    expect(texts('.reminder-row__title', markup)).toEqual(['<b>bold</b>']);
  });

  it('paints into the app shell with the member’s catalog, and keeps what it showed for the app', async () => {
    localStorage.setItem('selectedLocale', 'en-US');
    const urls = catalogServer();
    const car = bareCar();
    const rows = [reminder(car.id, 'Tyres')];
    await expect(
      paintFirstGarageEarly({ cars: Promise.resolve([car]), reminders: Promise.resolve(rows) }),
    ).resolves.toBe(true);
    expect(urls).toEqual(['/assets/i18n/en-US.json']);
    expect(texts('.reminder-row__title', painted()!)).toEqual(['Tyres']);
    expect(firstCarsShown()).toEqual([car]);
    expect(firstRemindersShown(car.id)).toEqual(rows);
    expect(firstRemindersShown('another car')).toEqual([]);
    // Nothing due among them: the "Due" list has nothing to keep showing.
    expect(firstDueShown()).toEqual([]);
    forgetFirstCars();
    expect(firstCarsShown()).toBeUndefined();
    expect(firstRemindersShown(car.id)).toEqual(rows);
    // A sign-out forgets it: the next member never sees it.
    signOutLocally();
    expect(firstRemindersShown(car.id)).toBeUndefined();
  });

  it('draws the cars in the garage’s order, oldest first, as the app lists them', async () => {
    catalogServer();
    const older = bareCar({ nickname: 'Older', createdAt: '2024-01-01T00:00:00.000Z' });
    const newer = bareCar({ nickname: 'Newer', createdAt: '2025-01-01T00:00:00.000Z' });
    await expect(
      paintFirstGarageEarly({ cars: Promise.resolve([newer, older]), reminders: Promise.resolve([]) }),
    ).resolves.toBe(true);
    expect(texts('.car-card__title', painted()!)).toEqual(['Older', 'Newer']);
    expect(texts('.car-card--selected .car-card__title', painted()!)).toEqual(['Older']);
    expect(firstCarsShown()?.map((car) => car.nickname)).toEqual(['Older', 'Newer']);
  });

  it('uses fr-FR unless a supported locale is stored', () => {
    expect(storedLocale()).toBe('fr-FR');
    localStorage.setItem('selectedLocale', 'de-DE');
    expect(storedLocale()).toBe('fr-FR');
    localStorage.setItem('selectedLocale', 'en-US');
    expect(storedLocale()).toBe('en-US');
  });

  it('paints with bars where the words go when the catalog fails', async () => {
    catalogServer({}, 500);
    await expect(
      paintFirstGarageEarly({ cars: Promise.resolve([bareCar()]), reminders: Promise.resolve([]) }),
    ).resolves.toBe(true);
    expect(painted()?.querySelector('.reminders__hint')).toBeNull();
    expect(painted()?.querySelectorAll('.app-shell__paragraph')).toHaveLength(1);
  });

  it('paints nothing when an answer fails, the app has rendered, or a view is already painted', async () => {
    catalogServer();
    const cars = Promise.resolve([bareCar()]);
    const reminders = Promise.resolve([]);
    await expect(
      paintFirstGarageEarly({ cars: Promise.reject(new Error('offline')), reminders }),
    ).resolves.toBe(false);
    await expect(paintFirstGarageEarly({ cars, reminders: Promise.reject(new Error('500')) })).resolves.toBe(
      false,
    );
    expect(painted()).toBeNull();
    expect(firstCarsShown()).toBeUndefined();
    await expect(paintFirstGarageEarly({ cars, reminders })).resolves.toBe(true);
    await expect(paintFirstGarageEarly({ cars, reminders })).resolves.toBe(false);
    expect(document.querySelectorAll('[data-first-paint]')).toHaveLength(1);
    document.body.innerHTML = '<div id="root"><main>the app</main></div>';
    await expect(paintFirstGarageEarly({ cars, reminders })).resolves.toBe(false);
    expect(document.querySelectorAll('[data-first-paint]')).toHaveLength(0);
  });
});
