// Steps several flows share, written the way a person does them: by role and accessible name.
import type { Locator, Page } from 'playwright-core';
import { exactly, expectPath, STEP_TIMEOUT_MS, t, type Locale } from './harness';

/** The screen's one h1, named by a catalog key. */
export function screenHeading(page: Page, key: string, locale: Locale = 'en-US'): Locator {
  return page.getByRole('heading', { level: 1, name: exactly(t(key, locale)) });
}

/** What only a signed-in member sees: the main navigation and the account menu. */
export async function expectSignedInShell(page: Page, locale: Locale = 'en-US'): Promise<void> {
  await page.getByRole('navigation', { name: exactly(t('NAV.MAIN', locale)) }).waitFor({ state: 'visible' });
  await page
    .getByRole('button', { name: exactly(t('NAV.ACCOUNT_MENU', locale)) })
    .waitFor({ state: 'visible' });
}

export function field(page: Page, key: string, locale: Locale = 'en-US'): Locator {
  return page.getByLabel(t(key, locale), { exact: true });
}

export async function signIn(
  page: Page,
  email: string,
  password: string,
  locale: Locale = 'en-US',
): Promise<void> {
  await field(page, 'AUTH.EMAIL', locale).fill(email);
  await field(page, 'AUTH.PASSWORD', locale).fill(password);
  await page.getByRole('button', { name: exactly(t('AUTH.LOGIN_BUTTON', locale)) }).click();
}

/** The language switch, opening the account menu first when the switch lives inside it. */
export async function chooseLanguage(page: Page, target: Locale, current: Locale): Promise<void> {
  const select = page.getByLabel(t('COMMON.LANGUAGE', current), { exact: true });
  if (!(await select.isVisible())) {
    await page.getByRole('button', { name: exactly(t('NAV.ACCOUNT_MENU', current)) }).click();
  }
  await select.selectOption(target);
}

/** Signs out from the account menu (opened unless it already is). */
export async function signOut(page: Page, locale: Locale = 'en-US'): Promise<void> {
  const name = exactly(t('NAV.SIGN_OUT', locale));
  const action = page
    .getByRole('menuitem', { name })
    .or(page.getByRole('button', { name }))
    .or(page.getByRole('link', { name }))
    .first();
  if (!(await action.isVisible())) {
    await page.getByRole('button', { name: exactly(t('NAV.ACCOUNT_MENU', locale)) }).click();
  }
  await action.click();
}

export function htmlLang(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('lang');
}

/**
 * After a document load (goto, reload): waits until the app has rendered the screen itself before a
 * form is filled. /login is served prerendered (login.html) and index.html may hold a drawn first
 * paint: until the app's first render replaces that markup, a filled field is wiped by the swap and
 * a click on "Sign in" submits the bare HTML form (a reload of /login, never /feed). The state waited
 * for is the one that matters, #root's content owned by React, not a quiet network for some time
 * (on a loaded machine the network can be quiet for long while the app is still starting). It does
 * not wait after an in-app navigation (no document load, so it returns at once): use `followLink`.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () => {
      const shown = document.getElementById('root')?.firstElementChild;
      // React keeps its fiber on every element it rendered (a `__reactFiber$…` property).
      return !!shown && Object.keys(shown).some((key) => key.startsWith('__reactFiber$'));
    },
    undefined,
    { timeout: STEP_TIMEOUT_MS },
  );
}

/**
 * Follows an in-app link and waits for the screen it opens, as a person does: the address changes
 * first, and the previous screen stays until the router has run the guards and fetched the new
 * screen's code. A field filled before then belongs to the previous screen (the login screen has
 * an e-mail field too) and is gone when the new one replaces it.
 */
export async function followLink(
  page: Page,
  linkKey: string,
  path: string,
  headingKey: string,
  locale: Locale = 'en-US',
): Promise<void> {
  await page.getByRole('link', { name: exactly(t(linkKey, locale)) }).click();
  await expectPath(page, path);
  await screenHeading(page, headingKey, locale).waitFor();
}
