// A first visit: the browser's language chooses the app's until the member chooses one
// (docs/SPEC-NOTES.md §4), and the login screen welcomes a newcomer ("Welcome") where a device
// that has signed in before is greeted "Welcome back".
import { expect, test } from 'vitest';
import { signUpViaApi } from './support/api.mjs';
import { localDb } from './support/garage.mjs';
import { waitForControllingWorker } from './support/garage-flows';
import { expectPath, STEP_TIMEOUT_MS, t, useE2e } from './harness';
import {
  chooseLanguage,
  expectSignedInShell,
  htmlLang,
  screenHeading,
  settled,
  signIn,
  signOut,
} from './flows';

const e2e = useE2e();

test('an English browser gets the English login, a newcomer is welcomed, a returning member welcomed back', async () => {
  const { member } = await signUpViaApi(e2e.baseUrl);
  const page = await e2e.newPage({ browserLocale: 'en-GB' });

  await page.goto(`${e2e.baseUrl}/login`);
  await screenHeading(page, 'AUTH.LOGIN_TITLE_NEW', 'en-US').waitFor();
  expect(await htmlLang(page)).toBe('en-US');
  await page.getByText(t('APP.TAGLINE', 'en-US'), { exact: true }).waitFor();
  // The browser's language is not a choice: nothing is stored.
  expect(await page.evaluate(() => localStorage.getItem('selectedLocale'))).toBeNull();

  await settled(page);
  // The browser's language is saved on the account (a write through the outbox): once it is sent,
  // signing out asks nothing (a change still waiting would be offered "send first").
  const languageSaved = page.waitForResponse(
    (answer) => answer.request().method() === 'PUT' && new URL(answer.url()).pathname.endsWith('/users/me'),
    { timeout: STEP_TIMEOUT_MS },
  );
  await signIn(page, member.email, member.password, 'en-US');
  await expectPath(page, '/feed');
  await expectSignedInShell(page, 'en-US');
  expect((await languageSaved).status()).toBe(200);
  await localDb.waitForOutboxSettled(page, { timeoutMs: STEP_TIMEOUT_MS });
  await signOut(page, 'en-US');
  await expectPath(page, '/login');
  await screenHeading(page, 'AUTH.LOGIN_TITLE', 'en-US').waitFor();
});

test('a browser asking for neither language starts on the default, French, as a newcomer', async () => {
  const page = await e2e.newPage({ browserLocale: 'de-DE' });
  await page.goto(`${e2e.baseUrl}/login`);
  await settled(page);
  await screenHeading(page, 'AUTH.LOGIN_TITLE_NEW', 'fr-FR').waitFor();
  expect(await htmlLang(page)).toBe('fr-FR');
  expect(await screenHeading(page, 'AUTH.LOGIN_TITLE', 'fr-FR').count()).toBe(0);
});

test('the prerendered login page is already in the browser’s language, then in the member’s choice, offline too', async () => {
  const page = await e2e.newPage({ browserLocale: 'en-GB' });
  const loginPage = async (where: string) => {
    const answer = await page.goto(`${e2e.baseUrl}/login`);
    if (!answer) throw new Error(`no answer for /login (${where})`);
    return { html: await answer.text(), fromWorker: answer.fromServiceWorker() };
  };
  const expectPrerendered = (html: string, locale: 'en-US' | 'fr-FR') => {
    // The page as it comes, before any JavaScript: the language's screen and catalog.
    expect(html).toContain(`<html lang="${locale}"`);
    expect(html).toContain(`>${t('AUTH.LOGIN_TITLE_NEW', locale)}</h1>`);
    expect(html).toContain(`/assets/i18n/${locale}.json`);
  };

  const online = await loginPage('online');
  expectPrerendered(online.html, 'en-US');
  await screenHeading(page, 'AUTH.LOGIN_TITLE_NEW', 'en-US').waitFor();
  await settled(page);
  // (Offline without a choice, the service worker follows the worker's navigator.languages, which
  // Playwright's locale emulation does not reach: sw/sw-rules.test.ts checks that rule.)
  await waitForControllingWorker(page);

  // The member chooses French on this English browser: the next /login comes in French, from the
  // server (its cookie) and, offline, from the service worker (its cache entry).
  await settled(page);
  await chooseLanguage(page, 'fr-FR', 'en-US');
  await screenHeading(page, 'AUTH.LOGIN_TITLE_NEW', 'fr-FR').waitFor();
  const cookies = await page.context().cookies(e2e.baseUrl);
  expect(cookies.find((c) => c.name === 'paddock-locale')?.value).toBe('fr-FR');
  await page.context().setOffline(true);
  const chosen = await loginPage('offline, chosen');
  expect(chosen.fromWorker).toBe(true);
  expectPrerendered(chosen.html, 'fr-FR');
  await screenHeading(page, 'AUTH.LOGIN_TITLE_NEW', 'fr-FR').waitFor();
  expect(await htmlLang(page)).toBe('fr-FR');
  await page.context().setOffline(false);
  const server = await (await page.request.get(`${e2e.baseUrl}/login`)).text();
  expectPrerendered(server, 'fr-FR');
});

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

test('the menu offers to install where the browser does, and explains the Home Screen on iPhone Safari', async () => {
  const member = await signUpViaApi(e2e.baseUrl);
  const page = await e2e.newPage({ session: { ...member, locale: 'en-US' }, locale: 'en-US' });
  await page.goto(`${e2e.baseUrl}/feed`);
  await expectSignedInShell(page, 'en-US');
  const menu = page.getByRole('button', { name: t('NAV.ACCOUNT_MENU', 'en-US'), exact: true });
  const install = page.getByRole('button', { name: t('PWA.INSTALL', 'en-US'), exact: true });
  // The browser's offer, as Chromium fires it once the app is installable.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        (window as unknown as { prompted: boolean }).prompted = true;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(offer);
  });
  await menu.click();
  await install.click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted))
    .toBe(true);

  const iphone = await e2e.newPage({
    session: { ...member, locale: 'fr-FR' },
    locale: 'fr-FR',
    userAgent: IPHONE_SAFARI,
    hasTouch: true,
    isMobile: true,
    viewport: { width: 360, height: 780 },
  });
  await iphone.goto(`${e2e.baseUrl}/feed`);
  await expectSignedInShell(iphone, 'fr-FR');
  await iphone.getByRole('button', { name: t('NAV.ACCOUNT_MENU', 'fr-FR'), exact: true }).click();
  await iphone.getByText(t('PWA.IOS_HOME_SCREEN_HINT', 'fr-FR'), { exact: true }).waitFor();
  expect(await iphone.getByRole('button', { name: t('PWA.INSTALL', 'fr-FR'), exact: true }).count()).toBe(0);
});
