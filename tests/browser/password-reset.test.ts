// Issue flow 2: forgot-password → the mail lands in DATA_DIR/mail → its link → a new password →
// sign in with it, and the old one fails.
import { expect, test } from 'vitest';
import { signUpViaApi } from './support/api.mjs';
import { resetLink, waitForMail } from './support/mailbox';
import { exactly, expectPath, t, useE2e } from './harness';
import { expectSignedInShell, field, screenHeading, settled, signIn } from './flows';

const e2e = useE2e();

test('a member resets a forgotten password from the mailed link', async () => {
  const { member } = await signUpViaApi(e2e.baseUrl);
  const newPassword = `${member.password}-renewed`;
  const page = await e2e.newPage({ locale: 'en-US' });

  await page.goto(`${e2e.baseUrl}/login`);
  await settled(page);
  await page.getByRole('link', { name: exactly(t('AUTH.FORGOT_PASSWORD_LINK')) }).click();
  await expectPath(page, '/forgot-password');
  await settled(page);
  // Known and open (see the closing notes): on a loaded machine the screen is sometimes mounted
  // again just after the page settles, which empties the field. Fill until the value holds, so this
  // flow tests the reset itself; the remount is tracked separately.
  const email = field(page, 'AUTH.EMAIL');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await email.fill(member.email);
    await page.waitForTimeout(300);
    if ((await email.inputValue()) === member.email) break;
  }
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
  await expectPath(page, '/my-posts');
  await expectSignedInShell(page);
});
