// Moving in from Spritmonitor, in a real browser and in French: the member picks the app's real
// export, the preview says for each problem row what is wrong and what the import will do (no
// machine code on screen), the member corrects the odometer typo in the preview, and the import
// brings every fill-up, the economy then equal to Spritmonitor's full-to-full figure.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { apiCall, signUpViaApi } from './support/api.mjs';
import { signInThroughForm, STEP_TIMEOUT_MS } from './support/garage-flows';
import { chooseLanguage, screenHeading } from './flows';
import { exactly, t, useE2e } from './harness';

const e2e = useE2e();
const FILE = readFileSync(path.resolve(import.meta.dirname, '../fixtures/imports/spritmonitor-real.csv'));

test('French preview of a real Spritmonitor export: problems in words, the typo fixed, all imported', async () => {
  const { member, token } = await signUpViaApi(e2e.baseUrl);
  const car = await apiCall(
    e2e.baseUrl,
    'POST',
    '/cars',
    { make: 'VW', model: 'Passat', mileageUnit: 'km' },
    token,
  );
  expect(car.status).toBe(201);
  const carId = car.json.data.id as string;
  const page = await e2e.newPage({ locale: 'en-US' });
  await signInThroughForm(page, e2e.baseUrl, member);
  await chooseLanguage(page, 'fr-FR', 'en-US');
  // The choice is kept before the next page load.
  await screenHeading(page, 'POSTS.MY_POSTS_TITLE', 'fr-FR').waitFor({ timeout: STEP_TIMEOUT_MS });
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('selectedLocale')), { timeout: STEP_TIMEOUT_MS })
    .toBe('fr-FR');
  await page.goto(`${e2e.baseUrl}/my-cars/${carId}/import`);
  await page.getByRole('heading', { level: 1, name: exactly(t('IMPORT.TITLE', 'fr-FR')) }).waitFor({
    timeout: STEP_TIMEOUT_MS,
  });
  await page
    .getByLabel(t('IMPORT.FILE', 'fr-FR'))
    .setInputFiles({ name: 'spritmonitor.csv', mimeType: 'text/csv', buffer: FILE });

  const report = page.getByRole('region', { name: t('IMPORT.REPORT', 'fr-FR') });
  await report.waitFor({ timeout: STEP_TIMEOUT_MS });
  const items = report.locator('.car-history__errors li');
  await expect.poll(() => items.count(), { timeout: STEP_TIMEOUT_MS }).toBe(3);
  const texts = await items.allInnerTexts();
  expect(texts[0]).toContain(
    'Ligne 2 : L’application a marqué ce plein comme invalide. Elle sera laissée de côté.',
  );
  expect(texts[1]).toContain(
    'Ligne 4 : Cette ligne est identique à la ligne 3. Elle sera importée une seule fois.',
  );
  expect(texts[2]).toMatch(/Ligne 7 : Le relevé du compteur 21.690 ne s’insère pas entre les relevés/);
  expect(texts[2]).toMatch(/215.677 le 2024-02-15 · 216.872 le 2024-03-10/);
  const shown = await report.innerText();
  expect(shown).not.toMatch(/ODOMETER_|odometer-order|invalid-fill|duplicate-in-file/);

  await page.getByLabel(t('IMPORT.FIX_LABEL', 'fr-FR').replace('{row}', '7')).fill('216190');
  await page.getByRole('button', { name: exactly(t('IMPORT.FIX_APPLY', 'fr-FR')) }).click();
  const importAll = page.getByRole('button', { name: 'Importer 5 lignes' });
  await importAll.waitFor({ timeout: STEP_TIMEOUT_MS });
  await importAll.click();
  await page.getByText('Import terminé : 5 ajoutées, 2 écartées.').waitFor({ timeout: STEP_TIMEOUT_MS });

  const logs = await apiCall(e2e.baseUrl, 'GET', `/car-logs/${carId}?limit=100`, undefined, token);
  expect((logs.json.data as { mileage: number }[]).map((l) => l.mileage).sort()).toEqual([
    215_000, 215_677, 216_190, 216_872, 217_500,
  ]);
  const economy = await apiCall(
    e2e.baseUrl,
    'GET',
    `/cars/${carId}/fuel-economy?unit=l_per_100km`,
    undefined,
    token,
  );
  expect(economy.json.data.average).toBeCloseTo((143 / 2500) * 100, 9);
});
