// A car's home painted from the entry (docs/SPEC-NOTES.md §4, "the first paint"), as the garage's
// first view is (garage-first-paint.ts): on a signed-in cold start of /car/{id}, online, the early
// answer (api/first-car.ts) is drawn into index.html's app shell as plain DOM before React DOM and
// the app have loaded, in the app's own frame: the page's header with the car's name, the bar of
// sections (bars where their names come), and the overview's card with the car's photo frame, name
// and subtitle, with skeleton bars where its figures and actions come. The app's first render then
// replaces the whole of #root and starts from the same answer (firstCarShown). Nothing here may
// import React, React DOM or Dexie (tests/browser/bundle-budget.test.ts).
import type { Car } from '@/contract/garage';
import { onSignedOut } from '@/lib/auth/sign-out';
import {
  element,
  firstPaintPage,
  paintIntoShell,
  styleSheetsSettled,
} from '@/lib/first-paint/first-paint-dom';
import { carTitle } from './car-selection';
import { details } from './garage-first-paint';

/** The bar's tabs drawn as bars (the app's sections: seven for the owner, six for a member). */
export const FIRST_PAINT_TABS = 4;

let shown: Car | null = null;

/** Tests, and sign-out: nothing shown. */
export function forgetFirstCar(): void {
  shown = null;
}
onSignedOut(forgetFirstCar);

/** The car the first paint showed, if it is this one: the app's car home starts from it. */
export function firstCarShown(id: string): Car | undefined {
  return shown?.id === id ? shown : undefined;
}

/** The car home's overview as the app draws it at first (src/features/cars/car-home/car-home.tsx). */
export function firstCarHomeMarkup(car: Car, doc: Document = document): HTMLElement {
  const { main, page } = firstPaintPage(doc, 'car-home');
  const header = element(doc, 'div', 'ui-page__header ui-page__header--back app-shell__page-header');
  // The back button's room (the app's button comes with it: nothing here can be used).
  header.append(
    element(doc, 'span', 'ui-button ui-button--ghost ui-button--icon ui-page__back'),
    element(doc, 'h1', 'ui-page__title', carTitle(car)),
  );
  page.append(header);
  // A car with a role (mine, or shared with me) has the bar of sections; a friend's has its overview only.
  if (car.role) {
    const bar = element(doc, 'div', 'car-home__bar');
    const tabs = element(doc, 'ul', 'car-home__tabs');
    for (let i = 0; i < FIRST_PAINT_TABS; i++) {
      const tab = element(doc, 'li', '');
      const room = element(doc, 'span', 'car-home__tab');
      room.append(element(doc, 'span', 'ui-skeleton app-shell__tab'));
      tab.append(room);
      tabs.append(tab);
    }
    bar.append(tabs);
    page.append(bar);
  }
  const section = element(doc, 'div', 'car-home__section');
  const card = element(doc, 'div', 'ui-card');
  card.append(details(doc, car));
  section.append(card);
  page.append(section);
  return main;
}

/**
 * Paints the car's home into the app shell once the early answer and the style sheets are in,
 * unless the app has rendered meanwhile (the shell is gone) or a view is painted already. Resolves
 * to whether it painted, once the frame is on screen; a failed answer (a stranger's car, the server
 * down) paints nothing: the app's car home says what it is.
 */
export function paintFirstCarHomeEarly(asked: Promise<Car>, doc: Document = document): Promise<boolean> {
  return Promise.all([asked, styleSheetsSettled(doc)]).then(
    ([car]) =>
      paintIntoShell(doc, () => {
        shown = car;
        return firstCarHomeMarkup(car, doc);
      }),
    () => false,
  );
}
