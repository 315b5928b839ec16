// A car's papers and tyres offline: in the car park with no network, the member attaches the
// insurance card (a photo) to the car and mounts the winter tyres at the odometer; both show at once,
// pending, from the device (the tyres' mounting applied there by the contract's rule). Back online
// the outbox sends them; the server holds the paper (same client id, the file re-encoded) and the
// tyres mounted at that reading, and the screen drops its pending badges.
import { randomUUID } from 'node:crypto';
import { expect, test, vi } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiCall, newMember, signUpViaApi } from './support/api.mjs';
import { localDb } from './support/garage.mjs';
import {
  backOnline,
  makeJpeg,
  openGarage,
  signInThroughForm,
  STEP_TIMEOUT_MS,
  waitForControllingWorker,
} from './support/garage-flows';
import { exactly, t, useE2e } from './harness';

const e2e = useE2e();
const TYRES = 'Alpin 6, winter';

async function post(token: string, route: string, body: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  const res = await apiCall(e2e.baseUrl, 'POST', route, { id, ...body }, token);
  expect(res.status, `${route}: ${JSON.stringify(res.json)}`).toBe(201);
  return id;
}

async function serverList<T>(token: string, route: string): Promise<T[]> {
  const res = await apiCall(e2e.baseUrl, 'GET', route, undefined, token);
  expect(res.status).toBe(200);
  return res.json.data as T[];
}

const papersList = (page: Page): Locator => page.getByTestId('car-papers-list');
const paperRows = (page: Page): Locator => papersList(page).getByTestId('car-paper-row');
const tyresRow = (page: Page): Locator => page.getByTestId('equipment-row').filter({ hasText: TYRES });
const pending = (row: Locator): Locator => row.getByText(exactly(t('CAR_LOGS.SYNC_PENDING')));

test('offline: a paper added and tyres mounted show pending at once, and reach the server once back online', async () => {
  const { member, token } = await signUpViaApi(e2e.baseUrl, newMember('papers'));
  const carId = await post(token, '/cars', { make: 'Alpine', model: 'A110', mileage: 42000 });
  const tyresId = await post(token, `/cars/${carId}/equipment`, { kind: 'tyres', name: TYRES });

  const page = await e2e.newPage({ locale: 'en-US' });
  const context = page.context();
  await signInThroughForm(page, e2e.baseUrl, member);
  await waitForControllingWorker(page);

  // Online once: the car (the garage's sync), its papers (none yet) and its tyres are mirrored.
  await openGarage(page, e2e.baseUrl);
  await page.getByText('Alpine A110').first().waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.goto(`${e2e.baseUrl}/car/${carId}/fuel`);
  await tyresRow(page)
    .getByText(exactly(t('EQUIPMENT.STORED')))
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.goto(`${e2e.baseUrl}/car/${carId}/papers`);
  await papersList(page).getByText(t('CAR_PAPERS.LIST_EMPTY')).waitFor({ timeout: STEP_TIMEOUT_MS });

  await e2e.goOffline(context);
  try {
    await page.reload();
    await papersList(page).getByText(t('CAR_PAPERS.LIST_EMPTY')).waitFor({ timeout: STEP_TIMEOUT_MS });

    // The insurance card, as a photo: shown at once from the device, pending.
    await papersList(page)
      .getByLabel(exactly(t('CAR_PAPERS.KIND')))
      .selectOption('insurance');
    await papersList(page)
      .getByLabel(exactly(t('CAR_PAPERS.FILE')))
      .setInputFiles({ name: 'insurance.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg() });
    await papersList(page)
      .getByRole('button', { name: exactly(t('CAR_PAPERS.ADD')) })
      .click();
    const paper = paperRows(page).filter({ hasText: t('CAR_PAPERS.KIND_INSURANCE') });
    await pending(paper).waitFor({ timeout: STEP_TIMEOUT_MS });

    // The winter tyres mounted at 42,000 km today: mounted and pending at once.
    await page
      .getByRole('navigation', { name: exactly(t('CAR_HOME.SECTIONS')) })
      .getByRole('link', { name: exactly(t('CAR_HOME.FUEL')) })
      .click();
    await tyresRow(page)
      .getByRole('button', { name: exactly(t('EQUIPMENT.MOUNT')) })
      .click();
    const odometer = tyresRow(page).getByRole('textbox', { name: /^Odometer/ });
    await odometer.fill('42000');
    await tyresRow(page)
      .getByRole('button', { name: exactly(t('EQUIPMENT.MOUNT_CONFIRM')) })
      .click();
    await tyresRow(page)
      .getByText(exactly(t('EQUIPMENT.MOUNTED')))
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    await pending(tyresRow(page)).waitFor({ timeout: STEP_TIMEOUT_MS });

    const queued = await localDb.outbox(page);
    expect(queued.map((e) => e.kind)).toEqual(['carPaper.create', 'equipment.mount']);
    const paperId = queued[0]!.entityId!;

    // Back online: both reach the server, and the badges go.
    await backOnline(e2e, context);
    await localDb.waitForOutboxSettled(page);
    await pending(tyresRow(page)).waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
    await vi.waitFor(
      async () => {
        const papers = await serverList<{ id: string; kind: string; fileKind: string }>(
          token,
          `/cars/${carId}/papers`,
        );
        expect(papers).toEqual([
          expect.objectContaining({ id: paperId, kind: 'insurance', fileKind: 'image' }),
        ]);
        const equipment = await serverList<{
          id: string;
          mounted: boolean;
          stints: { mountedMileage: number }[];
        }>(token, `/cars/${carId}/equipment`);
        expect(equipment).toEqual([
          expect.objectContaining({
            id: tyresId,
            mounted: true,
            stints: [expect.objectContaining({ mountedMileage: 42000 })],
          }),
        ]);
      },
      { timeout: STEP_TIMEOUT_MS, interval: 200 },
    );
    await page
      .getByRole('navigation', { name: exactly(t('CAR_HOME.SECTIONS')) })
      .getByRole('link', { name: exactly(t('CAR_HOME.PAPERS')) })
      .click();
    await paperRows(page).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await pending(paperRows(page).first()).waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
  } finally {
    await backOnline(e2e, context);
  }
});
