// The garage's first screen painted from the entry (docs/SPEC-NOTES.md §4, "the first paint"), as
// the feed's first posts are (src/features/posts/feed-first-paint.ts): on a signed-in cold start of
// /my-cars, online, the early answers (the first page of cars and the member's reminders,
// api/first-cars-page.ts) and the member's catalog are drawn into index.html's app shell as plain
// DOM, before React DOM and the app have loaded: the car picker, the selected car's name, its
// reminders (the titles, or the empty hint), with skeleton bars where the app's controls and
// figures come. The app's first render then replaces the whole of #root; until its device data
// has loaded it shows the same cars and reminders (firstCarsShown, firstRemindersShown). Nothing
// here may import React, React DOM or Dexie (tests/browser/bundle-budget.test.ts).
import type { Car } from '@/contract/garage';
import type { Reminder } from '@/contract/maintenance-api';
import { onSignedOut } from '@/lib/auth/sign-out';
import { catalogUrl, requestCatalog, type CompiledMessages } from '@/lib/i18n/catalog-request';
import {
  catalogText,
  element,
  firstPaintPage,
  paintIntoShell,
  styleSheetsSettled,
} from '@/lib/first-paint/first-paint-dom';
import { storedLocale } from '@/lib/i18n/locales';
import { carSubtitle, carTitle, readSelectedCar, resolveSelectedCar } from './car-selection';
import { carPermissions } from './data/car-roles';

/** At most this many reminder rows are drawn (the rest come with the app, below the fold anyway). */
export const FIRST_PAINT_REMINDERS = 4;

export type FirstGarage = { cars: Car[]; reminders: Reminder[] };

let shownCars: Car[] | null = null;
let shownReminders: Reminder[] | null = null;
let shownDue: Reminder[] | null = null;

/** Tests, and sign-out: nothing shown. */
export function forgetFirstGarage(): void {
  shownCars = null;
  shownReminders = null;
  shownDue = null;
}
onSignedOut(forgetFirstGarage);

/** The cars the first paint showed, for the app's garage until the device's copy has loaded. */
export function firstCarsShown(): Car[] | undefined {
  return shownCars ?? undefined;
}

/** The app's garage has loaded its own cars: a later visit never shows the painted ones. */
export function forgetFirstCars(): void {
  shownCars = null;
}

/** The car's reminders the first paint showed (undefined if none was painted). */
export function firstRemindersShown(carId: string): Reminder[] | undefined {
  return shownReminders?.filter((reminder) => reminder.carId === carId);
}

/** The app's reminders have loaded: a later visit never shows the painted ones. */
export function forgetFirstReminders(): void {
  shownReminders = null;
}

/** The member's due reminders (overdue or soon) the first paint listed above the cars, if it painted. */
export function firstDueShown(): Reminder[] | undefined {
  return shownDue ?? undefined;
}

/** The app's "Due" list has loaded the device's reminders: a later visit never shows the painted ones. */
export function forgetFirstDue(): void {
  shownDue = null;
}

/** The due reminders as the garage's "Due" list orders them: overdue, then soon (the server's order within). */
export function dueReminders(all: Reminder[]): Reminder[] {
  const rank = (reminder: Reminder) => (reminder.state === 'overdue' ? 0 : 1);
  return all.filter((reminder) => reminder.state !== 'ok').sort((a, b) => rank(a) - rank(b));
}

function carCard(doc: Document, car: Car, selected: boolean): HTMLElement {
  const card = element(doc, 'span', selected ? 'car-card car-card--selected' : 'car-card');
  const names = element(doc, 'span', 'car-card__text');
  names.append(element(doc, 'span', 'car-card__title', carTitle(car)));
  const subtitle = carSubtitle(car);
  if (subtitle) names.append(element(doc, 'span', 'car-card__subtitle', subtitle));
  // The photo comes with the app (fetched with the token): its frame until then.
  card.append(element(doc, 'span', 'car-thumb car-thumb--small'), names);
  return card;
}

/** The car's head as the app's CarDetailsFrame draws it (photo frame, name, subtitle), then bars. */
export function details(doc: Document, car: Car): HTMLElement {
  const section = element(doc, 'section', 'car-details');
  const head = element(doc, 'div', 'car-details__head');
  const names = element(doc, 'div', 'car-details__names');
  names.append(element(doc, 'h2', 'car-details__title', carTitle(car)));
  const subtitle = carSubtitle(car);
  if (subtitle) names.append(element(doc, 'p', 'car-details__subtitle', subtitle));
  head.append(element(doc, 'span', 'car-thumb car-thumb--large'), names);
  // The facts (translated settings labels, formatted figures) and the actions come with the app.
  section.append(
    head,
    element(doc, 'div', 'ui-skeleton app-shell__facts'),
    element(doc, 'div', 'ui-skeleton app-shell__actions'),
  );
  return section;
}

/**
 * The garage's "Due" list above the cars, as the app draws it (maintenance's DueList): the reminders
 * of every car that are overdue or soon, each with its car's name; none when nothing is due. The app
 * shows the same list until the device's reminders have loaded, so the cars below never move down.
 */
function dueList(doc: Document, garage: FirstGarage, messages: CompiledMessages): HTMLElement | null {
  const due = dueReminders(garage.reminders);
  if (due.length === 0) return null;
  const carsById = new Map(garage.cars.map((car) => [car.id, car]));
  const section = element(doc, 'section', 'reminders');
  const header = element(doc, 'div', 'reminders__header ui-flex ui-center ui-between ui-gap-3');
  header.append(
    catalogText(doc, messages, 'REMINDERS.DUE_TITLE', 'h2', 'reminders__title', 'app-shell__heading'),
  );
  const list = element(doc, 'ul', 'reminders__list ui-flex ui-column ui-gap-2 ui-bare-list');
  for (const reminder of due.slice(0, FIRST_PAINT_REMINDERS)) {
    const row = element(doc, 'li', `reminder-row reminder-row--${reminder.state}`);
    const main = element(doc, 'div', 'reminder-row__main ui-flex ui-column ui-gap-1');
    const car = carsById.get(reminder.carId);
    if (car) main.append(element(doc, 'span', 'reminder-row__car', carTitle(car)));
    main.append(
      element(doc, 'span', 'reminder-row__title ui-flex ui-wrap ui-center ui-gap-2', reminder.title),
      element(doc, 'span', 'ui-skeleton app-shell__line'),
    );
    row.append(main);
    list.append(row);
  }
  section.append(header, list);
  return section;
}

function reminders(doc: Document, car: Car, mine: Reminder[], messages: CompiledMessages): HTMLElement {
  const section = element(doc, 'section', 'reminders');
  const header = element(doc, 'div', 'reminders__header ui-flex ui-center ui-between ui-gap-3');
  header.append(
    catalogText(doc, messages, 'REMINDERS.TITLE', 'h2', 'reminders__title', 'app-shell__heading'),
  );
  section.append(header);
  if (mine.length === 0) {
    const empty = element(doc, 'div', 'reminders__empty');
    const { writeReminders } = carPermissions(car);
    const hint = writeReminders ? 'REMINDERS.EMPTY_TEXT' : 'REMINDERS.EMPTY_SHARED_TEXT';
    empty.append(catalogText(doc, messages, hint, 'p', 'reminders__hint', 'app-shell__paragraph'));
    if (writeReminders) empty.append(element(doc, 'span', 'ui-skeleton app-shell__button'));
    section.append(empty);
    return section;
  }
  const list = element(doc, 'ul', 'reminders__list ui-flex ui-column ui-gap-2 ui-bare-list');
  for (const reminder of mine.slice(0, FIRST_PAINT_REMINDERS)) {
    const row = element(doc, 'li', `reminder-row reminder-row--${reminder.state}`);
    const main = element(doc, 'div', 'reminder-row__main ui-flex ui-column ui-gap-1');
    // The due point is formatted with the locale's dates and units: a bar until the app.
    main.append(
      element(doc, 'span', 'reminder-row__title ui-flex ui-wrap ui-center ui-gap-2', reminder.title),
      element(doc, 'span', 'ui-skeleton app-shell__line'),
    );
    row.append(main);
    list.append(row);
  }
  section.append(list);
  return section;
}

/** The cars in the garage's order (the app's device list: oldest first). */
export function garageOrder(cars: Car[]): Car[] {
  return [...cars].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** The garage screen's first view, in the layout's main area, as the app draws it. */
export function firstGarageMarkup(
  garage: FirstGarage,
  messages: CompiledMessages,
  doc: Document = document,
): HTMLElement | null {
  const car = resolveSelectedCar(garage.cars, readSelectedCar());
  if (!car) return null;
  const { main, page } = firstPaintPage(doc, 'garage');
  const header = element(doc, 'div', 'ui-page__header app-shell__page-header');
  header.append(catalogText(doc, messages, 'CARS.MY_CARS_TITLE', 'h1', 'ui-page__title', 'app-shell__title'));
  const picker = element(doc, 'div', 'car-picker');
  const cards = element(doc, 'ul', 'car-picker__list');
  for (const each of garage.cars) {
    const item = element(doc, 'li', 'car-picker__item');
    // The app's card frame: the card, then the room of its "Open" link (the car's home), so the
    // cards keep their size when the app takes over.
    const frame = element(doc, 'span', 'car-card-frame');
    frame.append(carCard(doc, each, each.id === car.id), element(doc, 'span', 'car-card__open'));
    item.append(frame);
    cards.append(item);
  }
  picker.append(cards);
  const selected = element(doc, 'div', 'my-cars__car');
  selected.append(
    details(doc, car),
    reminders(
      doc,
      car,
      garage.reminders.filter((reminder) => reminder.carId === car.id),
      messages,
    ),
  );
  const garageView = element(doc, 'div', 'my-cars');
  const due = dueList(doc, garage, messages);
  if (due) garageView.append(due);
  garageView.append(picker, selected);
  page.append(header, element(doc, 'div', 'ui-ptr__bar app-shell__bar-room'), garageView);
  return main;
}

/**
 * Paints the garage's first view into the app shell once the early answers, the catalog and the
 * style sheets are in, unless the app has rendered meanwhile (the shell is gone) or the member has
 * no car (the app's empty state says what to do). Resolves to whether it painted, once the frame is
 * on screen; a failed answer paints nothing (the garage reports it), a failed catalog leaves bars
 * where its words go.
 */
export function paintFirstGarageEarly(
  asked: { cars: Promise<Car[]>; reminders: Promise<Reminder[]> },
  doc: Document = document,
): Promise<boolean> {
  const catalog = requestCatalog(catalogUrl(storedLocale())).catch(() => ({}));
  return Promise.all([asked.cars, asked.reminders, catalog, styleSheetsSettled(doc)]).then(
    ([cars, memberReminders, messages]) =>
      paintIntoShell(doc, () => {
        const garage = { cars: garageOrder(cars), reminders: memberReminders };
        const markup = firstGarageMarkup(garage, messages, doc);
        if (markup) {
          shownCars = garage.cars;
          shownReminders = memberReminders;
          shownDue = dueReminders(memberReminders);
        }
        return markup;
      }),
    () => false,
  );
}
