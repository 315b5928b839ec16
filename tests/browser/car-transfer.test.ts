// Selling a car with its logbook: the owner sells a car to another member (not a friend)
// from the car's page; the buyer accepts in their garage, where the car and its logbook appear
// ("Logbook since …, 2 owners"); the seller's garage keeps the read-only record "Sold on … to …".
import { expect, test } from 'vitest';
import { apiCall, newMember, signUpViaApi } from './support/api.mjs';
import { expectLogTitles, openGarage, STEP_TIMEOUT_MS } from './support/garage-flows';
import { exactly, t, useE2e } from './harness';
import { field } from './flows';

const e2e = useE2e();

/** A catalog text with its {placeholders} filled (no plural forms in the ones used here). */
function fill(key: string, values: Record<string, string | number>): string {
  return Object.entries(values).reduce(
    (text, [name, value]) => text.replace(`{${name}}`, String(value)),
    t(key),
  );
}

test('the owner sells a car to a third member who accepts: the logbook moves, the seller keeps a record', async () => {
  const seller = await signUpViaApi(e2e.baseUrl, {
    ...newMember('seller'),
    firstName: 'Sela',
    lastName: 'Vance',
  });
  const buyer = await signUpViaApi(e2e.baseUrl, {
    ...newMember('buyer'),
    firstName: 'Bruno',
    lastName: 'Lane',
  });
  const made = await apiCall(e2e.baseUrl, 'POST', '/cars', { make: 'Citroën', model: 'DS' }, seller.token);
  expect(made.status).toBe(201);
  const carId = made.json.data.id as string;
  for (const [title, startDate] of [
    ['Timing belt', '2019-03-04'],
    ['New tyres', '2021-06-07'],
  ] as const) {
    const log = await apiCall(
      e2e.baseUrl,
      'POST',
      '/car-logs',
      { carId, type: 'maintenance', title, startDate, cost: 120, currencyCode: 'EUR' },
      seller.token,
    );
    expect(log.status).toBe(201);
  }

  // The seller, on the car's home: finds the buyer by their username (e-mail addresses are never
  // looked up) and offers the car.
  const sellerPage = await e2e.newPage({ session: { ...seller, locale: 'en-US' }, locale: 'en-US' });
  await openGarage(sellerPage, e2e.baseUrl);
  await sellerPage
    .getByRole('heading', { level: 2, name: exactly('Citroën DS') })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  // The sale lives in the car's history section (the owner's).
  await sellerPage.goto(`${e2e.baseUrl}/car/${carId}/history`);
  await sellerPage
    .getByRole('button', { name: exactly(t('CAR_TRANSFER.OPEN')) })
    .click({ timeout: STEP_TIMEOUT_MS });
  const dialog = sellerPage.getByRole('dialog', { name: exactly(t('CAR_TRANSFER.DIALOG_TITLE')) });
  await dialog.waitFor({ timeout: STEP_TIMEOUT_MS });
  await field(sellerPage, 'CAR_TRANSFER.BUYER_LABEL').fill(buyer.member.username);
  await dialog.getByRole('button', { name: exactly(t('CAR_TRANSFER.FIND')) }).click();
  await dialog
    .getByText(fill('CAR_TRANSFER.BUYER_FOUND', { name: 'Bruno Lane', username: buyer.member.username }))
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  // What the buyer will receive is listed; the seller says they read it before offering.
  await dialog.getByTestId('sale-summary').waitFor({ timeout: STEP_TIMEOUT_MS });
  await dialog
    .getByRole('checkbox', { name: exactly(fill('CAR_TRANSFER.SUMMARY_CONFIRM', { name: 'Bruno Lane' })) })
    .check({ timeout: STEP_TIMEOUT_MS });
  await dialog.getByRole('button', { name: exactly(t('CAR_TRANSFER.CONFIRM')) }).click();
  await sellerPage
    .getByRole('button', { name: exactly(t('CAR_TRANSFER.CANCEL')) })
    .waitFor({ timeout: STEP_TIMEOUT_MS });

  // The buyer, in their garage: the offer with Accept; accepted, the car and its logbook are theirs.
  const buyerPage = await e2e.newPage({ session: { ...buyer, locale: 'en-US' }, locale: 'en-US' });
  await openGarage(buyerPage, e2e.baseUrl);
  const offers = buyerPage.getByRole('region', { name: exactly(t('CAR_TRANSFER.OFFERS_TITLE')) });
  await offers
    .getByText(fill('CAR_TRANSFER.OFFER', { name: 'Sela Vance', car: 'Citroën DS' }))
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  await offers.getByRole('button', { name: exactly(t('CAR_TRANSFER.ACCEPT')) }).click();
  await buyerPage
    .getByRole('heading', { level: 2, name: exactly('Citroën DS') })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  await expectLogTitles(buyerPage, ['New tyres', 'Timing belt']);
  await buyerPage.getByTestId('car-owners').filter({ hasText: /2/ }).waitFor({ timeout: STEP_TIMEOUT_MS });

  // The seller's garage: the car is gone from it, its record stays, read-only.
  await openGarage(sellerPage, e2e.baseUrl);
  const sold = sellerPage.getByTestId('sold-car');
  await sold.filter({ hasText: 'Bruno Lane' }).waitFor({ timeout: STEP_TIMEOUT_MS });
  expect(await sold.textContent()).toContain('Citroën DS');
  await sellerPage
    .getByRole('heading', { level: 2, name: exactly(t('CARS.EMPTY_TITLE')) })
    .or(sellerPage.getByText(t('CARS.EMPTY_TITLE')))
    .first()
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  const server = await apiCall(e2e.baseUrl, 'GET', `/cars/${carId}`, undefined, seller.token);
  expect(server.status).toBe(404);
});
