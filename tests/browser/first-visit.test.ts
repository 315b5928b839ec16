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
