// A first visit: the browser's language chooses the app's until the member chooses one
// (docs/SPEC-NOTES.md §4), and the login screen welcomes a newcomer ("Welcome") where a device
// that has signed in before is greeted "Welcome back".
import { expect, test } from 'vitest';
import { signUpViaApi } from './support/api.mjs';
import { expectPath, t, useE2e } from './harness';
import { expectSignedInShell, htmlLang, screenHeading, settled, signIn, signOut } from './flows';

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
  await signIn(page, member.email, member.password, 'en-US');
  await expectPath(page, '/feed');
  await expectSignedInShell(page, 'en-US');
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
