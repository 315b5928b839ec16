// Back does what a phone user expects: an overlay (the sync dialog, the account menu) closes with
// the back button and leaves no history entry behind, closed either way; a list gets its scroll
// position back on Back; a link opened while signed out is where the member lands after login and
// after sign-up.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { apiCall, newMember, signUpViaApi } from './support/api.mjs';
import { STEP_TIMEOUT_MS } from './support/garage-flows';
import { field, followLink, screenHeading, settled, signIn } from './flows';
import { exactly, expectPath, t, useE2e } from './harness';

const e2e = useE2e();

async function call(method: string, url: string, body: unknown, token: string): Promise<any> {
  const res = await apiCall(e2e.baseUrl, method, url, body, token);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.json)}`).toBeLessThan(300);
  return res.json?.data;
}

const path = (page: Page) => new URL(page.url()).pathname;

async function signedInPage() {
  const signedUp = await signUpViaApi(e2e.baseUrl, newMember('back'));
  const page = await e2e.newPage({
    session: { token: signedUp.token, refreshToken: signedUp.refreshToken, user: signedUp.user },
    viewport: { width: 360, height: 780 },
  });
  return { page, signedUp };
}

/** From the feed, in the app, to the garage: the history holds /feed then /my-cars. */
async function feedThenGarage(page: Page): Promise<void> {
  await page.goto(`${e2e.baseUrl}/feed`);
  await screenHeading(page, 'POSTS.MY_POSTS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
  await page
    .getByRole('navigation', { name: exactly(t('NAV.MAIN')) })
    .getByRole('link', { name: exactly(t('NAV.GARAGE')) })
    .click();
  await expectPath(page, '/my-cars');
  await screenHeading(page, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
}

const syncButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: new RegExp(t('SYNC.ALL_SENT')) });
const dialog = (page: Page) => page.getByRole('dialog');
const accountMenu = (page: Page) => page.getByRole('button', { name: exactly(t('NAV.ACCOUNT_MENU')) });

/** Waits until the overlay's own history entry is gone (it is taken back after the close). */
async function noOverlayEntry(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !(history.state as Record<string, unknown> | null)?.paddockOverlay,
    undefined,
    {
      timeout: STEP_TIMEOUT_MS,
    },
  );
}

test('the sync dialog and the account menu close with Back, and leave no entry behind', async () => {
  const { page } = await signedInPage();
  await feedThenGarage(page);

  // Back closes the dialog and the page stays.
  await syncButton(page).click();
  await dialog(page).waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.goBack({ waitUntil: 'commit' });
  await dialog(page).waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
  expect(path(page)).toBe('/my-cars');
  await screenHeading(page, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });

  // Closed by Escape: no entry left, so Back leaves the garage for the feed at once.
  await syncButton(page).click();
  await dialog(page).waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.keyboard.press('Escape');
  await dialog(page).waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
  await noOverlayEntry(page);

  // The account menu: Back closes it, the page stays.
  await accountMenu(page).click();
  await expect.poll(() => accountMenu(page).getAttribute('aria-expanded')).toBe('true');
  await page.goBack({ waitUntil: 'commit' });
  await expect.poll(() => accountMenu(page).getAttribute('aria-expanded')).toBe('false');
  expect(path(page)).toBe('/my-cars');
  // Closed by Escape: its entry is taken back too.
  await accountMenu(page).click();
  await expect.poll(() => accountMenu(page).getAttribute('aria-expanded')).toBe('true');
  await page.keyboard.press('Escape');
  await expect.poll(() => accountMenu(page).getAttribute('aria-expanded')).toBe('false');
  await noOverlayEntry(page);

  await page.goBack({ waitUntil: 'commit' });
  await expectPath(page, '/feed');
  await screenHeading(page, 'POSTS.MY_POSTS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
});

test('Back to the feed from a post gives the list its scroll position back', async () => {
  const { page, signedUp } = await signedInPage();
  const ids: string[] = [];
  for (let i = 0; i < 24; i += 1) {
    const id = randomUUID();
    ids.push(id);
    await call(
      'POST',
      '/posts',
      { id, content: `<p>Post number ${i + 1}: a morning drive with a long description of the road.</p>` },
      signedUp.token,
    );
  }
  await page.goto(`${e2e.baseUrl}/feed`);
  await screenHeading(page, 'POSTS.MY_POSTS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.getByRole('article').nth(10).waitFor({ timeout: STEP_TIMEOUT_MS });
  // Down the list to a post well below the first screen, then into it.
  const target = page.getByRole('article').nth(10);
  await target.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(780);
  const href = await target.locator('a[href^="/post/"]').first().getAttribute('href');
  await target.locator('a[href^="/post/"]').first().click();
  await expectPath(page, href ?? '');
  await screenHeading(page, 'POSTS.POST_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });

  await page.goBack({ waitUntil: 'commit' });
  await expectPath(page, '/feed');
  await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 60, scrolled, {
    timeout: STEP_TIMEOUT_MS,
  });
});

test('a link opened while signed out is where login and sign-up lead', async () => {
  const author = await signUpViaApi(e2e.baseUrl, newMember('author'));
  const postId = randomUUID();
  await call('POST', '/posts', { id: postId, content: '<p>A deep-linked post.</p>' }, author.token);

  // Login: the post's address, turned away to the login screen, then back to it.
  const page = await e2e.newPage({ locale: 'en-US', viewport: { width: 360, height: 780 } });
  await page.goto(`${e2e.baseUrl}/post/${postId}`);
  await expectPath(page, '/login');
  await settled(page);
  await signIn(page, author.member.email, author.member.password);
  await expectPath(page, `/post/${postId}`);
  await screenHeading(page, 'POSTS.POST_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.getByText('A deep-linked post.').waitFor({ timeout: STEP_TIMEOUT_MS });

  // Sign-up: the garage's address, then the sign-up form reached from the login screen.
  const other = await e2e.newPage({ locale: 'en-US', viewport: { width: 360, height: 780 } });
  await other.goto(`${e2e.baseUrl}/my-cars`);
  await expectPath(other, '/login');
  await settled(other);
  // Once the sign-up screen is shown: the login screen has an e-mail field too (followLink).
  await followLink(other, 'AUTH.CREATE_ACCOUNT_LINK', '/signup', 'AUTH.SIGNUP_TITLE');
  const member = newMember('newcomer');
  await field(other, 'AUTH.EMAIL').fill(member.email);
  await field(other, 'AUTH.USERNAME').fill(member.username);
  await field(other, 'AUTH.FIRST_NAME').fill(member.firstName);
  await field(other, 'AUTH.LAST_NAME').fill(member.lastName);
  await field(other, 'AUTH.PASSWORD').fill(member.password);
  // The terms of use are accepted before the account exists (spec: zero tolerance for abuse).
  await other.getByRole('checkbox', { name: t('AUTH.ACCEPT_TERMS') }).check();
  await other.getByRole('button', { name: exactly(t('AUTH.SIGNUP_BUTTON')) }).click();
  await expectPath(other, '/my-cars');
  await screenHeading(other, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
});
