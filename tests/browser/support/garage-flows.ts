// The garage's steps, written the way a person does them (by role and accessible name, with the
// catalog's words), shared by the garage browser tests.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expectPath, exactly, STEP_TIMEOUT_MS, t, type E2e } from '../harness';
import { field, screenHeading, settled, signIn } from '../flows';
import { apiCall } from './api.mjs';

export { STEP_TIMEOUT_MS };

/** Signs in through the login form and waits for the signed-in start screen. */
export async function signInThroughForm(
  page: Page,
  baseUrl: string,
  member: { email: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await settled(page);
  await signIn(page, member.email, member.password);
  await expectPath(page, '/feed', STEP_TIMEOUT_MS);
  await screenHeading(page, 'POSTS.MY_POSTS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** A fresh API session of the member (another device), by the login endpoint. */
export async function apiLogin(
  baseUrl: string,
  member: { email: string; password: string },
): Promise<string> {
  const { status, json } = await apiCall(baseUrl, 'POST', '/auth/login', {
    email: member.email,
    password: member.password,
  });
  if (status !== 200 || !json?.data?.token) throw new Error(`POST /auth/login answered ${status}`);
  return json.data.token as string;
}

/** Waits until the service worker controls the page: from then on the app opens offline. */
export async function waitForControllingWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (registration.active?.state !== 'activated') {
      await new Promise<void>((resolve) =>
        registration.active?.addEventListener('statechange', () => resolve(), { once: true }),
      );
    }
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
    timeout: STEP_TIMEOUT_MS,
  });
}

/**
 * Back online the way a member finds it: the server answers and the network is on, together
 * (the harness's goOnline turns the network on first, so the first replay would meet a dead server).
 */
export async function backOnline(e2e: E2e, context: BrowserContext): Promise<void> {
  if (e2e.server.pid === null) await e2e.server.restart();
  await context.setOffline(false);
}

export async function openGarage(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/my-cars`);
  await screenHeading(page, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** The selected car's logbook list (virtualised: only rows near the viewport are in the DOM). */
export function logList(page: Page): Locator {
  return page.getByRole('list', { name: exactly(t('CAR_LOGS.TITLE')) });
}

/** The row of the log titled `title` (titles in these tests are unique and not prefixes of one another). */
export function logRow(page: Page, title: string): Locator {
  return logList(page)
    .getByRole('listitem')
    .filter({ has: page.locator('.log-row__title', { hasText: exactly(title) }) });
}

/** The titles of the rows the list shows, top first. */
export async function logTitles(page: Page): Promise<string[]> {
  const titles = await logList(page).locator('.log-row__title').allTextContents();
  return titles.map((title) => title.trim());
}

/** Waits until the list shows exactly these titles (in any order). */
export async function expectLogTitles(page: Page, titles: string[]): Promise<void> {
  const want = [...titles].sort();
  await page
    .waitForFunction(
      (expected) => {
        const list = [...document.querySelectorAll('[role="list"]')].find((l) =>
          l.querySelector('.log-row__title'),
        );
        const shown = [...(list?.querySelectorAll('.log-row__title') ?? [])]
          .map((e) => e.textContent?.trim() ?? '')
          .sort();
        return JSON.stringify(shown) === JSON.stringify(expected);
      },
      want,
      { timeout: STEP_TIMEOUT_MS },
    )
    .catch(async (error: unknown) => {
      throw new Error(
        `The logbook shows ${JSON.stringify(await logTitles(page))}, not ${JSON.stringify(want)}: ${String(error)}`,
      );
    });
}

/** On /create-car (from the garage's add button): make and model, saved on this device. */
export async function createCarThroughForm(page: Page, car: { make: string; model: string }): Promise<void> {
  const add = page
    .getByRole('link', { name: exactly(t('CARS.ADD_FIRST_CAR')) })
    .or(page.getByRole('link', { name: exactly(t('CARS.ADD_CAR')) }))
    .first();
  await add.click();
  await screenHeading(page, 'CARS.CREATE_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
  await field(page, 'CARS.FORM_MAKE').fill(car.make);
  await field(page, 'CARS.FORM_MODEL').fill(car.model);
  await page.getByRole('button', { name: exactly(t('CARS.FORM_SAVE')) }).click();
  await expectPath(page, '/my-cars', STEP_TIMEOUT_MS);
  await page
    .getByRole('heading', { level: 2, name: exactly(`${car.make} ${car.model}`) })
    .waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** Picks a car in the garage's car picker. */
export async function selectCar(page: Page, title: string): Promise<void> {
  await page
    .getByRole('navigation', { name: exactly(t('CARS.CHOOSE_CAR')) })
    .getByRole('button', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .click();
  await page.getByRole('heading', { level: 2, name: exactly(title) }).waitFor({ timeout: STEP_TIMEOUT_MS });
}

export interface LogEntry {
  type: string;
  title: string;
  startDate: string;
  photo?: { name: string; mimeType: string; buffer: Buffer };
}

/** A small real JPEG, made on the spot (the server must decode and re-encode it). */
export async function makeJpeg(width = 96, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 16, b: 46 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** From the garage (the selected car), "Add a log", the form filled, saved on this device. */
export async function addLogThroughForm(page: Page, log: LogEntry): Promise<void> {
  const add = page
    .getByRole('link', { name: exactly(t('CAR_LOGS.ADD')) })
    .or(page.getByRole('link', { name: exactly(t('CAR_LOGS.ADD_FIRST')) }))
    .first();
  await add.click();
  await screenHeading(page, 'CAR_LOGS.NEW_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
  await fillLogForm(page, log);
  if (log.photo) {
    await page.getByLabel(t('CAR_LOGS.FORM_FILES_ADD'), { exact: true }).setInputFiles(log.photo);
    // The preview of the picked photo, named by its file name.
    await page.getByRole('img', { name: log.photo.name }).waitFor({ timeout: STEP_TIMEOUT_MS });
  }
  await saveLogForm(page);
}

async function fillLogForm(page: Page, log: Partial<LogEntry>): Promise<void> {
  const type = field(page, 'CAR_LOGS.FORM_TYPE');
  // The options come from the settings mirrored on the device.
  if (log.type) {
    await type
      .locator(`option[value="${log.type}"]`)
      .waitFor({ state: 'attached', timeout: STEP_TIMEOUT_MS });
    await type.selectOption(log.type);
  }
  if (log.startDate) await field(page, 'CAR_LOGS.FORM_DATE').fill(log.startDate);
  if (log.title !== undefined) await field(page, 'CAR_LOGS.FORM_TITLE').fill(log.title);
}

async function saveLogForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: exactly(t('CAR_LOGS.FORM_SAVE')) }).click();
  await expectPath(page, '/my-cars', STEP_TIMEOUT_MS);
  await screenHeading(page, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** Opens a log of the list (its read view), then its edit screen. */
export async function openLog(page: Page, title: string): Promise<void> {
  // One tap: the logbook keeps its rows in place when the whole of it follows the first page.
  await logRow(page, title).getByRole('link').click({ timeout: STEP_TIMEOUT_MS });
  await page
    .getByRole('link', { name: exactly(t('CAR_LOGS.VIEW_EDIT')) })
    .click({ timeout: STEP_TIMEOUT_MS });
  await screenHeading(page, 'CAR_LOGS.EDIT_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
  await field(page, 'CAR_LOGS.FORM_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
}

export async function renameLogThroughForm(page: Page, from: string, to: string): Promise<void> {
  await openLog(page, from);
  await fillLogForm(page, { title: to });
  await saveLogForm(page);
}

export async function deleteLogThroughForm(page: Page, title: string): Promise<void> {
  await openLog(page, title);
  await page.getByRole('button', { name: exactly(t('CAR_LOGS.FORM_DELETE')) }).click();
  await page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog'))
    .getByRole('button', { name: exactly(t('CAR_LOGS.FORM_DELETE_CONFIRM')) })
    .click();
  await expectPath(page, '/my-cars', STEP_TIMEOUT_MS);
  await screenHeading(page, 'CARS.MY_CARS_TITLE').waitFor({ timeout: STEP_TIMEOUT_MS });
}
