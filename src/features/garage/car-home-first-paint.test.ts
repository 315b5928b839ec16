// A car's home painted from the entry into index.html's app shell, before the app loads
// (car-home-first-paint.ts): the app's frame with the car's name, and when it does not paint.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signOutLocally } from '@/lib/auth/sign-out';
import {
  FIRST_PAINT_TABS,
  firstCarHomeMarkup,
  firstCarShown,
  forgetFirstCar,
  paintFirstCarHomeEarly,
} from './car-home-first-paint';
import { makeCar } from './testing/garage-fixtures';

const SHELL = '<div class="app-shell" aria-hidden="true"><div class="app-shell__bar">Paddock</div></div>';
const painted = () =>
  document.querySelector<HTMLElement>('#root > .app-shell > [data-first-paint="car-home"]');
const texts = (selector: string, root: ParentNode = document) =>
  [...root.querySelectorAll(selector)].map((node) => node.textContent);

beforeEach(() => {
  document.body.innerHTML = `<div id="root">${SHELL}</div>`;
  forgetFirstCar();
});
afterEach(() => {
  document.body.innerHTML = '';
  forgetFirstCar();
});

describe("a car's home, painted before the app", () => {
  it('draws the page’s header, the bar of sections and the overview’s card with the car’s names, nothing to use', () => {
    const car = makeCar({ role: 'owner', nickname: 'Bleue', make: 'Renault', model: 'R5', year: 1984 });
    const markup = firstCarHomeMarkup(car);
    expect(texts('h1.ui-page__title', markup)).toEqual(['Bleue']);
    expect(markup.querySelector('.ui-page__header--back > .ui-page__back')).not.toBeNull();
    // The app's frame: the bar, then the section's card holding the car's head.
    const frame = [...markup.querySelector('.ui-page')!.children].map((child) => child.className);
    expect(frame).toEqual([
      'ui-page__header ui-page__header--back app-shell__page-header',
      'car-home__bar',
      'car-home__section',
    ]);
    expect(markup.querySelectorAll('.car-home__tab')).toHaveLength(FIRST_PAINT_TABS);
    expect(FIRST_PAINT_TABS).toBe(4);
    const card = markup.querySelector('.car-home__section > .ui-card > .car-details')!;
    expect(texts('.car-details__title', card)).toEqual(['Bleue']);
    expect(texts('.car-details__subtitle', card)).toEqual(['Renault R5 1984']);
    expect(markup.querySelectorAll('a, button, input, select, textarea, [tabindex]')).toHaveLength(0);
  });

  it('a friend’s car (no role in the answer): its overview only, no bar', () => {
    const markup = firstCarHomeMarkup(makeCar({ role: undefined, ownerId: crypto.randomUUID() }));
    expect(markup.querySelector('.car-home__bar')).toBeNull();
    expect(markup.querySelector('.car-home__section .car-details')).not.toBeNull();
  });

  it('writes names as text, never as markup', () => {
    const markup = firstCarHomeMarkup(makeCar({ nickname: '<img src=x onerror=alert(1)>' }));
    expect(markup.querySelector('img')).toBeNull();
    expect(texts('h1', markup)).toEqual(['<img src=x onerror=alert(1)>']);
  });

  it('paints into the app shell and keeps the car for the app’s car home, forgotten at sign-out', async () => {
    const car = makeCar({ role: 'owner' });
    await expect(paintFirstCarHomeEarly(Promise.resolve(car))).resolves.toBe(true);
    expect(painted()).not.toBeNull();
    expect(firstCarShown(car.id)).toEqual(car);
    expect(firstCarShown('another car')).toBeUndefined();
    signOutLocally();
    expect(firstCarShown(car.id)).toBeUndefined();
  });

  it('paints nothing when the answer fails, the app has rendered, or a view is already painted', async () => {
    await expect(paintFirstCarHomeEarly(Promise.reject(new Error('404')))).resolves.toBe(false);
    expect(painted()).toBeNull();
    const car = makeCar();
    document.querySelector('.app-shell')!.append(Object.assign(document.createElement('div'), {}));
    document.querySelector('.app-shell > div:last-child')!.setAttribute('data-first-paint', 'feed');
    await expect(paintFirstCarHomeEarly(Promise.resolve(car))).resolves.toBe(false);
    document.body.innerHTML = '<div id="root"><main>the app</main></div>';
    await expect(paintFirstCarHomeEarly(Promise.resolve(car))).resolves.toBe(false);
    expect(firstCarShown(car.id)).toBeUndefined();
  });
});
