// "date fields show 'mm/dd/yyyy' in the French app": in an English browser, the French
// app's date fields read and write jj/mm/aaaa (Chromium's native date input follows the browser,
// not `lang`), <html lang> is fr-FR, and switching to English turns them to mm/dd/yyyy.
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { apiCall, signUpViaApi } from './support/api.mjs';
import { STEP_TIMEOUT_MS } from './support/garage-flows';
import { chooseLanguage, htmlLang, screenHeading } from './flows';
import { t, useE2e } from './harness';

const e2e = useE2e();

test("the French app's date fields follow French in an English browser, and English after the switch", async () => {
  const session = await signUpViaApi(e2e.baseUrl);
  const car = await apiCall(
    e2e.baseUrl,
    'POST',
    '/cars',
    { id: randomUUID(), make: 'Alpine', model: 'A110' },
    session.token,
  );
  expect(car.status).toBe(201);
  const page = await e2e.newPage({ session, locale: 'fr-FR' }); // the app in French; the browser keeps its own
  await page.goto(`${e2e.baseUrl}/new-car-log/${car.json.data.id as string}`);
  await screenHeading(page, 'CAR_LOGS.NEW_TITLE', 'fr-FR').waitFor({ timeout: STEP_TIMEOUT_MS });
  expect(await htmlLang(page)).toBe('fr-FR');
  expect(await page.evaluate(() => navigator.language)).toBe('en-US'); // the browser is English

  const date = page.getByLabel(t('CAR_LOGS.FORM_DATE', 'fr-FR'), { exact: true });
  expect(await date.getAttribute('placeholder')).toBe('jj/mm/aaaa');
  expect(await date.getAttribute('lang')).toBe('fr-FR');
  const today = new Date();
  const dd = String(today.getDate()).padStart(2, '0');
  const mm = String(today.getMonth() + 1).padStart(2, '0');
  expect(await date.inputValue()).toBe(`${dd}/${mm}/${today.getFullYear()}`);

  await chooseLanguage(page, 'en-US', 'fr-FR');
  await expect.poll(() => htmlLang(page), { timeout: STEP_TIMEOUT_MS }).toBe('en-US');
  const english = page.getByLabel(t('CAR_LOGS.FORM_DATE'), { exact: true });
  expect(await english.getAttribute('placeholder')).toBe('mm/dd/yyyy');
  expect(await english.inputValue()).toBe(`${mm}/${dd}/${today.getFullYear()}`);
});
