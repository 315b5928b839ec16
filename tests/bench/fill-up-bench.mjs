// The fill-up at the pump is interactive in ≤ 200 ms (docs/SPEC-NOTES.md "A car's home"): in
// Debian's Chromium against the built app, a car of 5,000 logs on the device, the network off (the
// screen works from the mirror), the CPU slowed 4× (a mid-range phone: the throttled profile), from
// the tap on the car's "Fill-up" to the odometer field in the DOM, focused, with a frame painted
// after it. Run alone with `node tests/bench/fill-up-bench.mjs` (after `npm run build`).
/* global document, requestAnimationFrame, requestIdleCallback, MutationObserver, HTMLInputElement -- used inside page.evaluate */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiCall, signUpViaApi } from '../browser/support/api.mjs';
import { launchChromium } from '../browser/support/chromium.mjs';
import { seedSessionScript } from '../browser/support/first-render-js.mjs';
import { localDb, seedCarLogsInDatabase } from '../browser/support/garage.mjs';
import { newDataDir, ROOT, startServer } from '../browser/support/server-process.mjs';
import { median } from './stats.mjs';

/** The budget's figures. */
export const FILL_UP_LOGS = 5_000;
export const FILL_UP_BUDGET_MS = 200;
/** The throttled profile: the CPU 4× slower (Chrome's "mid-tier mobile"). */
export const CPU_SLOWDOWN = 4;
const RUNS = 7;

const en = JSON.parse(readFileSync(path.join(ROOT, 'src/locales/en-US.json'), 'utf8'));
const exact = (text) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

/**
 * In the page: taps the car's "Fill-up" link and resolves with the milliseconds until the odometer
 * field is in the DOM and focused (the screen's autofocus), plus the next painted frame.
 */
function tapAndTime({ button }) {
  const link = [...document.querySelectorAll('a')].find((a) => a.textContent?.trim() === button);
  if (!link) throw new Error('No Fill-up link on the car page');
  return new Promise((resolve, reject) => {
    let start = 0;
    const ready = () => {
      const input = document.activeElement;
      return input instanceof HTMLInputElement && input.closest('[data-testid="fill-up-form"]') !== null;
    };
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
    };
    const observer = new MutationObserver(() => {
      if (ready()) done();
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('The fill-up screen was not interactive within 10 s'));
    }, 10_000);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    start = performance.now();
    link.click();
  });
}

export async function benchFillUp(log) {
  const dataDir = newDataDir('paddock-bench-fill-up-');
  const server = await startServer({ dataDir });
  let browser;
  try {
    const session = await signUpViaApi(server.baseUrl);
    const res = await apiCall(
      server.baseUrl,
      'POST',
      '/cars',
      { make: 'Peugeot', model: '205 GTI (5,000 logs)', mileageUnit: 'km' },
      session.token,
    );
    if (res.status !== 201) throw new Error(`POST /cars answered ${res.status}`);
    const carId = res.json.data.id;
    await server.stop();
    seedCarLogsInDatabase(dataDir, carId, FILL_UP_LOGS);
    await server.restart();
    log(`seeded ${FILL_UP_LOGS} logs on one car`);

    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    await context.addInitScript({ content: seedSessionScript(session) });
    const page = await context.newPage();
    // The garage syncs the car and its logs into the mirror, and the service worker takes the page.
    await page.goto(`${server.baseUrl}/my-cars`);
    await localDb.waitForCarLogCount(page, carId, FILL_UP_LOGS, { timeoutMs: 120_000, intervalMs: 100 });
    await page.evaluate(() => navigator.serviceWorker.ready);
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
    await server.stop();
    await context.setOffline(true);
    const cdp = await context.newCDPSession(page);
    const button = en['FILL_UP.BUTTON'];
    const runs = [];
    try {
      for (let run = 0; run < RUNS + 1; run++) {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        await page.goto(`${server.baseUrl}/car/${carId}`);
        await page.getByRole('link', { name: exact(button) }).waitFor();
        // The car's page settled (its mirror reads done, the main thread idle) before the tap is timed.
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5_000 })));
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        const ms = await page.evaluate(tapAndTime, { button });
        // The first run loads the screen's chunk from the service worker's cache: a warm-up.
        if (run > 0) runs.push(ms);
      }
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined);
      await context.setOffline(false);
      await server.restart();
    }
    log(`fill-up interactive (CPU ×${CPU_SLOWDOWN}): ${runs.map((v) => v.toFixed(0)).join(', ')} ms`);
    await context.close();
    return { logs: FILL_UP_LOGS, slowdown: CPU_SLOWDOWN, interactiveMs: { median: median(runs), runs } };
  } finally {
    await browser?.close();
    await server.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Adds the fill-up row with report.mjs's `add(metric, value, figure, budget, ok)`. */
export function addFillUpRows(r, add) {
  const f = r.fillUp?.interactiveMs;
  add(
    `Fill-up screen interactive from the car's "Fill-up", ${FILL_UP_LOGS.toLocaleString('en-US')}-log car, offline, CPU ×${CPU_SLOWDOWN} (median of ${RUNS})`,
    f,
    f
      ? `${f.median.toFixed(0)} ms (runs: ${f.runs.map((v) => v.toFixed(0)).join(', ')})`
      : (r.errors.fillUp ?? 'no result'),
    `≤ ${FILL_UP_BUDGET_MS} ms`,
    f?.median <= FILL_UP_BUDGET_MS,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchFillUp((text) => console.log(`  · ${text}`));
  console.log(JSON.stringify(result, null, 2));
}
