// Sign up → /feed → reload stays signed in → French to English (text and
// <html lang>) → sign out → a guarded URL sends to /login.
import { expect, test } from 'vitest';
import { apiCall, newMember } from './support/api.mjs';
import { localDb } from './support/garage.mjs';
import { expectPath, STEP_TIMEOUT_MS, t, useE2e } from './harness';
import {
  chooseLanguage,
  expectSignedInShell,
  field,
  htmlLang,
  screenHeading,
  settled,
  signOut,
} from './flows';

const e2e = useE2e();

test('a new member signs up, stays signed in, switches to English and signs out', async () => {
  const page = await e2e.newPage(); // no stored locale: the app starts in its default, French
  const member = newMember('signup');

  await page.goto(`${e2e.baseUrl}/signup`);
  await expect.poll(() => htmlLang(page), { timeout: STEP_TIMEOUT_MS }).toBe('fr-FR');
  await settled(page);
  await field(page, 'AUTH.EMAIL', 'fr-FR').fill(member.email);
  await field(page, 'AUTH.USERNAME', 'fr-FR').fill(member.username);
  await field(page, 'AUTH.FIRST_NAME', 'fr-FR').fill(member.firstName);
  await field(page, 'AUTH.LAST_NAME', 'fr-FR').fill(member.lastName);
  await field(page, 'AUTH.PASSWORD', 'fr-FR').fill(member.password);
  // The terms of use are accepted before the account exists.
  await page.getByRole('checkbox', { name: t('AUTH.ACCEPT_TERMS', 'fr-FR') }).check();
  await page.getByRole('button', { name: t('AUTH.SIGNUP_BUTTON', 'fr-FR') }).click();

  await expectPath(page, '/feed');
  await screenHeading(page, 'POSTS.MY_POSTS_TITLE', 'fr-FR').waitFor();
  await expectSignedInShell(page, 'fr-FR');
  // A short start leads to adding the first car; "Later" skips it for good.
  const start = page.getByRole('region', {
    name: t('WELCOME.TITLE_NAMED', 'fr-FR').replace('{name}', member.firstName),
  });
  await start.getByRole('link', { name: t('WELCOME.ADD_FIRST_CAR', 'fr-FR') }).waitFor();
  await start.getByRole('button', { name: t('WELCOME.SKIP', 'fr-FR') }).click();
  await start.waitFor({ state: 'detached' });

  await page.reload();
  await expectPath(page, '/feed');
  await screenHeading(page, 'POSTS.MY_POSTS_TITLE', 'fr-FR').waitFor();
  await expectSignedInShell(page, 'fr-FR');
  expect(await htmlLang(page)).toBe('fr-FR');

  await chooseLanguage(page, 'en-US', 'fr-FR');
  await expect.poll(() => htmlLang(page), { timeout: STEP_TIMEOUT_MS }).toBe('en-US');
  await screenHeading(page, 'POSTS.MY_POSTS_TITLE', 'en-US').waitFor();
  await expectSignedInShell(page, 'en-US');
  expect(await screenHeading(page, 'POSTS.MY_POSTS_TITLE', 'fr-FR').count()).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('selectedLocale'))).toBe('en-US');

  // The choice is saved on the account, through the outbox: the server has it once it is sent.
  const token = (await page.evaluate(() => localStorage.getItem('access_token'))) ?? undefined;
  await expect
    .poll(
      async () => (await apiCall(e2e.baseUrl, 'GET', '/users/me', undefined, token)).json?.data?.language,
      {
        timeout: STEP_TIMEOUT_MS,
      },
    )
    .toBe('en-US');

  // Once the outbox has let go of it too, signing out asks nothing (a change still waiting would be
  // offered "send first": on a loaded machine the sign-out came before the outbox was empty).
  await localDb.waitForOutboxSettled(page, { timeoutMs: STEP_TIMEOUT_MS });
  await signOut(page, 'en-US');
  await expectPath(page, '/login');
  await screenHeading(page, 'AUTH.LOGIN_TITLE', 'en-US').waitFor();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

  await page.goto(`${e2e.baseUrl}/my-cars`);
  await expectPath(page, '/login');
  await screenHeading(page, 'AUTH.LOGIN_TITLE', 'en-US').waitFor();
});
