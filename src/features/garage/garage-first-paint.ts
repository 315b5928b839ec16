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
import { catalogUrl, plainMessage, requestCatalog, type CompiledMessages } from '@/lib/i18n/catalog-request';
import { afterPresented, element, styleSheetsSettled } from '@/lib/first-paint/first-paint-dom';
import { storedLocale } from '@/lib/i18n/locales';
import { carSubtitle, carTitle, readSelectedCar, resolveSelectedCar } from './car-selection';
import { carPermissions } from './data/car-roles';

/** At most this many reminder rows are drawn (the rest come with the app, below the fold anyway). */
export const FIRST_PAINT_REMINDERS = 4;

export type FirstGarage = { cars: Car[]; reminders: Reminder[] };

let shownCars: Car[] | null = null;
let shownReminders: Reminder[] | null = null;

/** Tests, and sign-out: nothing shown. */
export function forgetFirstGarage(): void {
  shownCars = null;
  shownReminders = null;
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

/** A catalog text, or a skeleton bar of `barClass` when the catalog has none (not loaded, placeholders). */
function text(
  doc: Document,
  messages: CompiledMessages,
  id: string,
  tag: 'h1' | 'h2' | 'p',
  className: string,
  barClass: string,
): HTMLElement {
  const message = plainMessage(messages, id);
  return message === null
    ? element(doc, 'span', `ui-skeleton ${barClass}`)
    : element(doc, tag, className, message);
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

function details(doc: Document, car: Car): HTMLElement {
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

function reminders(doc: Document, car: Car, mine: Reminder[], messages: CompiledMessages): HTMLElement {
  const section = element(doc, 'section', 'reminders');
  const header = element(doc, 'div', 'reminders__header ui-flex ui-center ui-between ui-gap-3');
  header.append(text(doc, messages, 'REMINDERS.TITLE', 'h2', 'reminders__title', 'app-shell__heading'));
  section.append(header);
  if (mine.length === 0) {
    const empty = element(doc, 'div', 'reminders__empty');
    const { writeReminders } = carPermissions(car);
    const hint = writeReminders ? 'REMINDERS.EMPTY_TEXT' : 'REMINDERS.EMPTY_SHARED_TEXT';
    empty.append(text(doc, messages, hint, 'p', 'reminders__hint', 'app-shell__paragraph'));
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
  const main = element(doc, 'div', 'layout__main app-shell__main');
  main.dataset.firstPaint = 'garage';
  const page = element(doc, 'div', 'ui-page');
  const header = element(doc, 'div', 'ui-page__header app-shell__page-header');
  header.append(text(doc, messages, 'CARS.MY_CARS_TITLE', 'h1', 'ui-page__title', 'app-shell__title'));
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
  garageView.append(picker, selected);
  page.append(header, element(doc, 'div', 'ui-ptr__bar app-shell__bar-room'), garageView);
  main.append(page);
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
    ([cars, memberReminders, messages]) => {
      const shell = doc.querySelector('#root > .app-shell');
      if (!shell || shell.querySelector('[data-first-paint]')) return false;
      const garage = { cars: garageOrder(cars), reminders: memberReminders };
      const markup = firstGarageMarkup(garage, messages, doc);
      if (!markup) return false;
      shell.append(markup);
      shownCars = garage.cars;
      shownReminders = memberReminders;
      return afterPresented(markup).then(() => true);
    },
    () => false,
  );
}
