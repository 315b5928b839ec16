// The account screen painted from the entry into index.html's app shell, before the app loads
// (account-first-paint.ts): the app's frame in the member's words, and when it does not paint.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCatalogRequests } from '@/lib/i18n/catalog-request';
import { firstAccountMarkup, paintFirstAccountEarly } from './account-first-paint';

const SHELL = '<div class="app-shell" aria-hidden="true"><div class="app-shell__bar">Paddock</div></div>';
const MESSAGES = {
  'ACCOUNT.TITLE': ['Account settings'],
  'ACCOUNT.EMAIL_TITLE': ['E-mail'],
  'ACCOUNT.EMAIL_CURRENT': ['You sign in with'],
  'ACCOUNT.PASSWORD_TITLE': ['Password'],
  'ACCOUNT.PASSWORD_TEXT': ['This device stays signed in; your other devices are signed out.'],
  'ACCOUNT.CURRENT_PASSWORD': ['Current password'],
  'AUTH.NEW_PASSWORD': ['New password'],
  'AUTH.CONFIRM_PASSWORD': ['Confirm the new password'],
};
const painted = () =>
  document.querySelector<HTMLElement>('#root > .app-shell > [data-first-paint="account"]');
const texts = (selector: string, root: ParentNode = document) =>
  [...root.querySelectorAll(selector)].map((node) => node.textContent);

function catalogServer(status = 200) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ messages: MESSAGES }), { status });
    }),
  );
  return urls;
}

beforeEach(() => {
  document.body.innerHTML = `<div id="root">${SHELL}</div>`;
  localStorage.clear();
  forgetCatalogRequests();
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('the account screen, painted before the app', () => {
  it('draws the title, my e-mail, the password’s description and its fields’ labels, nothing to use', () => {
    const markup = firstAccountMarkup(MESSAGES, 'marie@example.test');
    expect(texts('h1.ui-page__title', markup)).toEqual(['Account settings']);
    expect(texts('.account-section__title', markup)).toEqual(['E-mail', 'Password']);
    expect(texts('.account-email__caption', markup)).toEqual(['You sign in with']);
    expect(texts('.account-email__value', markup)).toEqual(['marie@example.test']);
    expect(texts('.account-section__description', markup)).toEqual([
      'This device stays signed in; your other devices are signed out.',
    ]);
    expect(texts('.ui-field__label', markup)).toEqual([
      'Current password',
      'New password',
      'Confirm the new password',
    ]);
    // The app's frame: each section's card as components/settings-section.tsx draws it.
    expect(
      markup.querySelectorAll('.account > section.account-section > .ui-card.account-section__card'),
    ).toHaveLength(2);
    expect(markup.querySelectorAll('a, button, input, select, textarea, [tabindex]')).toHaveLength(0);
  });

  it('leaves bars where the catalog has no plain text, and writes the e-mail as text', () => {
    const markup = firstAccountMarkup({}, '<img src=x onerror=alert(1)>');
    expect(markup.querySelector('h1')).toBeNull();
    expect(markup.querySelectorAll('.ui-skeleton.app-shell__paragraph')).toHaveLength(1);
    expect(markup.querySelector('img')).toBeNull();
    expect(texts('.account-email__value', markup)).toEqual(['<img src=x onerror=alert(1)>']);
  });

  it('paints into the app shell with the member’s catalog', async () => {
    localStorage.setItem('selectedLocale', 'en-US');
    const urls = catalogServer();
    await expect(paintFirstAccountEarly('marie@example.test')).resolves.toBe(true);
    expect(urls).toEqual(['/assets/i18n/en-US.json']);
    expect(texts('.account-email__value', painted()!)).toEqual(['marie@example.test']);
  });

  it('paints nothing when the catalog fails, the app has rendered, or a view is already painted', async () => {
    catalogServer(500);
    await expect(paintFirstAccountEarly('marie@example.test')).resolves.toBe(false);
    expect(painted()).toBeNull();
    forgetCatalogRequests();
    catalogServer();
    document.querySelector('.app-shell')!.append(Object.assign(document.createElement('div')));
    document.querySelector('.app-shell > div:last-child')!.setAttribute('data-first-paint', 'feed');
    await expect(paintFirstAccountEarly('marie@example.test')).resolves.toBe(false);
    document.body.innerHTML = '<div id="root"><main>the app</main></div>';
    await expect(paintFirstAccountEarly('marie@example.test')).resolves.toBe(false);
  });
});
