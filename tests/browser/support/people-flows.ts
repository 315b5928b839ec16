// The people, messages and notifications steps, written the way a person does them: by
// role and accessible name, with the catalog's words. Shared by the people-messages browser tests.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expectPath, exactly, t } from '../harness';
import { field, screenHeading, settled } from '../flows';
import { STEP_TIMEOUT_MS } from './garage-flows';

export { STEP_TIMEOUT_MS };

export interface NewMember {
  email: string;
  password: string;
  username: string;
  firstName: string;
  lastName: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A catalog text with its values filled: {name} placeholders and the simple ICU plurals the
 * catalogs use (`{count, plural, one {…} other {…}}`, `#` for the number).
 */
export function fill(key: string, values: Record<string, string | number> = {}): string {
  let text = t(key);
  text = text.replace(
    /\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/g,
    (_all, name: string, one: string, other: string) => {
      const n = Number(values[name]);
      return (n === 1 ? one : other).replace(/#/g, String(n));
    },
  );
  return Object.entries(values).reduce(
    (out, [name, value]) => out.split(`{${name}}`).join(String(value)),
    text,
  );
}

/** An exact-match pattern for a filled catalog text. */
export const filled = (key: string, values: Record<string, string | number> = {}): RegExp =>
  exactly(fill(key, values));

/** Signs a new member up through the sign-up form; waits for the signed-in start screen. */
export async function signUpThroughForm(page: Page, baseUrl: string, member: NewMember): Promise<void> {
  await page.goto(`${baseUrl}/signup`);
  await settled(page);
  await field(page, 'AUTH.EMAIL').fill(member.email);
  await field(page, 'AUTH.USERNAME').fill(member.username);
  await field(page, 'AUTH.FIRST_NAME').fill(member.firstName);
  await field(page, 'AUTH.LAST_NAME').fill(member.lastName);
  await field(page, 'AUTH.PASSWORD').fill(member.password);
  // The terms of use are accepted before the account exists.
  await page.getByRole('checkbox', { name: t('AUTH.ACCEPT_TERMS') }).check();
  await page.getByRole('button', { name: exactly(t('AUTH.SIGNUP_BUTTON')) }).click();
  await expectPath(page, '/feed', STEP_TIMEOUT_MS);
  await screenHeading(page, 'POSTS.MY_POSTS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** A link of the main navigation (client-side navigation: the page and its socket stay). */
export async function openFromNav(page: Page, labelKey: string, headingKey: string): Promise<void> {
  await page
    .getByRole('navigation', { name: exactly(t('NAV.MAIN')) })
    .getByRole('link', { name: new RegExp(`^\\s*${escape(t(labelKey))}`) })
    .click();
  await screenHeading(page, headingKey).waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** The header's bell: its name says how many notifications are unread. */
export function bell(page: Page): Locator {
  return page.getByRole('link', { name: new RegExp(`^${escape(t('COMMON.NOTIFICATIONS'))}\\b`) });
}

/** Waits until the bell says `count` unread (0: the plain "Notifications"). */
export async function expectBellUnread(page: Page, count: number): Promise<void> {
  const name =
    count > 0 ? filled('COMMON.NOTIFICATIONS_UNREAD', { count }) : exactly(t('COMMON.NOTIFICATIONS'));
  await page.getByRole('link', { name }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** Friends screen, "Search" tab: finds a member by `query` and asks them to be friends. */
export async function sendFriendRequestFromSearch(page: Page, query: string, name: string): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(`^\\s*${escape(t('FRIENDS.TAB_SEARCH'))}`) }).click();
  await page.getByLabel(t('PEOPLE.SEARCH_LABEL'), { exact: true }).fill(query);
  const results = page.getByRole('list', { name: exactly(t('PEOPLE.RESULTS')) });
  const row = results.getByRole('listitem', { name: exactly(name) });
  await row.waitFor({ timeout: STEP_TIMEOUT_MS });
  await row.getByRole('button', { name: filled('FRIENDS.ADD_NAMED', { name }) }).click();
  await row.getByText(exactly(t('FRIENDS.STATUS_REQUEST_SENT'))).waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** The notifications list's rows. */
export function notificationItems(page: Page): Locator {
  return page.getByRole('list', { name: exactly(t('NOTIFICATIONS.LIST_LABEL')) }).getByRole('listitem');
}

/** The rows of the messages screen's open folder. */
export function messageRows(page: Page): Locator {
  return page.getByTestId('message-row');
}

/** A message row of the open folder, by its subject. */
export function messageRow(page: Page, subject: string): Locator {
  return messageRows(page).filter({ hasText: subject });
}

/** The inbox tab's unread badge; waits until it says `count` (0: no badge at all). */
export async function expectInboxUnread(page: Page, count: number): Promise<void> {
  const inboxTab = page.getByRole('tab', { name: new RegExp(`^\\s*${escape(t('MESSAGES.FOLDER_INBOX'))}`) });
  await inboxTab.waitFor({ timeout: STEP_TIMEOUT_MS });
  if (count === 0) {
    await inboxTab.getByTestId('inbox-unread').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
    return;
  }
  await page.waitForFunction(
    ({ expected, spoken }) => {
      const badge = document.querySelector('[data-testid="inbox-unread"]');
      return (
        badge?.querySelector('[aria-hidden="true"]')?.textContent?.trim() === expected &&
        badge.textContent?.includes(spoken) === true
      );
    },
    { expected: String(count), spoken: fill('MESSAGES.UNREAD_COUNT', { count }) },
    { timeout: STEP_TIMEOUT_MS },
  );
}

/** The messages screen's folder tab. */
export async function openFolder(page: Page, folder: 'inbox' | 'sent'): Promise<void> {
  const key = folder === 'inbox' ? 'MESSAGES.FOLDER_INBOX' : 'MESSAGES.FOLDER_SENT';
  const tab = page.getByRole('tab', { name: new RegExp(`^\\s*${escape(t(key))}`) });
  await tab.click();
  await page
    .locator(`[role="tab"][aria-selected="true"]`, { hasText: t(key) })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** The rich-text editor of a form, by its label: typed into as a person does. */
export async function typeRichText(page: Page, labelKey: string, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: exactly(t(labelKey)) });
  await editor.waitFor({ timeout: STEP_TIMEOUT_MS }); // Quill loads on first use
  await editor.click();
  await page.keyboard.type(text);
  await editor.getByText(text).waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** On the compose screen: opens the recipient modal and picks the friend named `name`. */
export async function chooseRecipient(page: Page, name: string): Promise<void> {
  await page
    .getByRole('button', { name: exactly(t('MESSAGES.CHOOSE_RECIPIENT')) })
    .or(page.getByRole('button', { name: exactly(t('MESSAGES.CHANGE_RECIPIENT')) }))
    .click();
  const modal = page.getByRole('dialog', { name: exactly(t('MESSAGES.SELECT_RECIPIENT')) });
  await modal.waitFor({ timeout: STEP_TIMEOUT_MS });
  // Typing in the search box narrows the list (300 ms later); the friend's row answers the choice.
  await modal.getByRole('searchbox', { name: exactly(t('MESSAGES.SEARCH_FRIENDS')) }).fill(name.slice(0, 4));
  const row = modal.getByTestId('recipient-row').filter({ hasText: name });
  await row.waitFor({ timeout: STEP_TIMEOUT_MS });
  await row.click();
  await modal.waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
  await page.getByTestId('compose-recipient').filter({ hasText: name }).waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** Sends the compose form; the app goes to the sent folder. */
export async function sendComposed(page: Page): Promise<void> {
  await page.getByRole('button', { name: exactly(t('MESSAGES.SEND')) }).click();
  await page.waitForURL((url) => url.pathname === '/messages', {
    timeout: STEP_TIMEOUT_MS,
    waitUntil: 'commit',
  });
  await screenHeading(page, 'MESSAGES.TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
}

/**
 * Offline for this member only: the server keeps running for the others. The context's network
 * is cut, and every API call of its pages and service worker is refused (setOffline alone does
 * not stop a service worker's own fetches: docs/OFFLINE-FIRST.md, microsoft/playwright #2311).
 */
export async function goOfflineAlone(context: BrowserContext): Promise<void> {
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

export async function backOnlineAlone(context: BrowserContext): Promise<void> {
  await context.unroute('**/api/**');
  await context.setOffline(false);
}
