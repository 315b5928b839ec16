// Steps several flows share, written the way a person does them: by role and accessible name.
import type { Locator, Page } from 'playwright-core';
import { exactly, t, type Locale } from './harness';

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
 * Waits until the page has stopped loading (no request for 500 ms) before a form is filled. A
 * signed-out form can still re-mount just after it first shows and drop what was typed (seen on
 * /forgot-password); a person pauses too, so the flows wait for a settled page.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}
