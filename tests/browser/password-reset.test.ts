// Forgot-password → the mail lands in DATA_DIR/mail → its link → a new password →
// sign in with it, and the old one fails.
import { expect, test } from 'vitest';
import { signUpViaApi } from './support/api.mjs';
import { resetLink, waitForMail } from './support/mailbox';
import { exactly, expectPath, t, useE2e } from './harness';
import { expectSignedInShell, field, followLink, screenHeading, settled, signIn } from './flows';

const e2e = useE2e();

test('a member resets a forgotten password from the mailed link', async () => {
  const { member } = await signUpViaApi(e2e.baseUrl);
  const newPassword = `${member.password}-renewed`;
  const page = await e2e.newPage({ locale: 'en-US' });

  await page.goto(`${e2e.baseUrl}/login`);
  await settled(page);
  await followLink(page, 'AUTH.FORGOT_PASSWORD_LINK', '/forgot-password', 'AUTH.FORGOT_TITLE');
  await field(page, 'AUTH.EMAIL').fill(member.email);
  await page.getByRole('button', { name: exactly(t('AUTH.FORGOT_BUTTON')) }).click();
  await screenHeading(page, 'AUTH.FORGOT_SENT_TITLE').waitFor();

  const mail = await waitForMail(e2e.server.dataDir, member.email);
  const link = resetLink(mail, e2e.baseUrl);
  await page.goto(link);
  await settled(page);
  await field(page, 'AUTH.NEW_PASSWORD').fill(newPassword);
  await field(page, 'AUTH.CONFIRM_PASSWORD').fill(newPassword);
  await page.getByRole('button', { name: exactly(t('AUTH.RESET_BUTTON')) }).click();
  await screenHeading(page, 'AUTH.RESET_DONE_TITLE').waitFor();

  // The link works once.
  await page.goto(link);
  await screenHeading(page, 'AUTH.RESET_INVALID_TITLE').waitFor();

  await page.goto(`${e2e.baseUrl}/login`);
  await settled(page);
  await signIn(page, member.email, member.password);
  await page.getByText(t('AUTH.INVALID_CREDENTIALS')).waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');

  await field(page, 'AUTH.PASSWORD').fill(newPassword);
  await page.getByRole('button', { name: exactly(t('AUTH.LOGIN_BUTTON')) }).click();
  await expectPath(page, '/feed');
  await expectSignedInShell(page);
});

// The "remount" seen on a loaded machine: the address is /forgot-password before the screen is, and
// a field filled then is the login screen's, replaced when the forgot-password screen arrives.
test('what a member types on the forgot-password screen stays when its code arrives late', async () => {
  // No service worker: the screen's code must come from the network, which is slowed here.
  const page = await e2e.newPage({ locale: 'en-US', serviceWorkers: 'block' });
  // The screen's code is held until it has been asked for, then let through: late on any machine.
  let asked = () => {};
  const wasAsked = new Promise<void>((resolve) => (asked = resolve));
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/forgot-password-[^/]*\.js$/, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  await page.goto(`${e2e.baseUrl}/login`);
  await settled(page);
  const following = followLink(page, 'AUTH.FORGOT_PASSWORD_LINK', '/forgot-password', 'AUTH.FORGOT_TITLE');
  await Promise.race([wasAsked, following]);
  release();
  await following;
  const email = field(page, 'AUTH.EMAIL');
  await email.fill('late@example.com');
  await email.evaluate((input) => input.setAttribute('data-typed-into', 'yes'));

  // The pointer then rests on "Back to sign in": preloading /login runs the root guard again.
  await page.getByRole('link', { name: exactly(t('AUTH.BACK_TO_LOGIN')) }).hover();
  await page.waitForTimeout(500);

  await screenHeading(page, 'AUTH.FORGOT_TITLE').waitFor();
  expect(await email.getAttribute('data-typed-into')).toBe('yes'); // the same field, not a new one
  expect(await email.inputValue()).toBe('late@example.com');
});
