// The garage's client budgets, in Debian's Chromium against the built app: the first sync
// of a 10,000-log car into Dexie, the type filter and the text search over those logs (and the
// list staying virtualised), and 500 writes queued offline replayed exactly once.
/* global document, window, MutationObserver, HTMLSelectElement, HTMLInputElement -- used inside page.evaluate */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiCall, signUpViaApi } from '../browser/support/api.mjs';
import { launchChromium } from '../browser/support/chromium.mjs';
import { seedSessionScript } from '../browser/support/first-render-js.mjs';
import {
  expectedSeededMatches,
  localDb,
  SEEDED_LOG_TYPES,
  seedCarLogsInDatabase,
} from '../browser/support/garage.mjs';
import { newDataDir, ROOT, startServer } from '../browser/support/server-process.mjs';
import { median } from './stats.mjs';

/** The budget's figures (docs/BENCHMARKS.md). */
export const GARAGE_LOGS = 10_000;
export const OFFLINE_WRITES = 500;
export const FIRST_SYNC_BUDGET_MS = 2_000;
export const FILTER_BUDGET_MS = 50;
export const REPLAY_BUDGET_MS = 15_000;
/** "The list is virtualised": rows in the DOM with 10,000 logs stay below this. */
export const MAX_DOM_ROWS = 100;

const SYNC_RUNS = 3;
const FILTER_RUNS = 9;
/** Searches of the filter runs: each matches a known, small part of the log book. */
const QUERIES = [
  'entry 12',
  'entry 23',
  'entry 345',
  'entry 4',
  'entry 56',
  'entry 67',
  'entry 78',
  'entry 89',
  'entry 9',
];

const en = JSON.parse(readFileSync(path.join(ROOT, 'src/locales/en-US.json'), 'utf8'));
const exact = (text) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

async function newSignedInPage(browser, session, carId) {
  const context = await browser.newContext();
  await context.addInitScript({ content: seedSessionScript(session) });
  // The garage opens on this car (spec §9 storage key), as after the member picked it.
  await context.addInitScript({
    content: `if (!localStorage.getItem('__bench_car')) { localStorage.setItem('__bench_car', '1'); localStorage.setItem('selectedCar', ${JSON.stringify(carId)}); }`,
  });
  return { context, page: await context.newPage() };
}

/** Signed in on /feed until the service worker controls the page (its precache done). */
async function warmUp(page, baseUrl) {
  await page.goto(`${baseUrl}/feed`);
  await page.getByRole('heading', { level: 1, name: exact(en['POSTS.MY_POSTS_TITLE']) }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/** Milliseconds from the navigation to /my-cars until Dexie holds all of the car's logs. */
async function firstSync(browser, baseUrl, session, carId) {
  const { context, page } = await newSignedInPage(browser, session, carId);
  await warmUp(page, baseUrl);
  if ((await localDb.countCarLogs(page, carId)) > 0) throw new Error('The logs were synced before /my-cars');
  await page.goto(`${baseUrl}/my-cars`, { waitUntil: 'commit' });
  // performance.now() in the new document counts from its navigation start.
  const at = await localDb.waitForCarLogCount(page, carId, GARAGE_LOGS, {
    timeoutMs: 60_000,
    intervalMs: 25,
  });
  // Where the time goes: the pages of logs asked for (resource timing of the same document).
  const pages = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.startsWith('/api/v1.0/car-logs/'))
      .map((e) => [e.startTime, e.responseEnd]),
  );
  const firstAsked = Math.min(...pages.map(([start]) => start));
  const lastAnswered = Math.max(...pages.map(([, end]) => end));
  return { context, page, ms: at, requests: pages.length, firstAsked, lastAnswered };
}

function logList(page) {
  return page.getByRole('list', { name: exact(en['CAR_LOGS.TITLE']) });
}

/** Rows of the log list in the DOM, at the top and scrolled to the end; and the last row's title. */
async function domRows(page) {
  const list = logList(page);
  await list.getByRole('listitem').first().waitFor();
  await page.waitForFunction(
    (n) =>
      document.querySelector('[role="listitem"][aria-setsize]')?.getAttribute('aria-setsize') === String(n),
    GARAGE_LOGS,
  );
  const top = await list.getByRole('listitem').count();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // The oldest log (the first seeded) is the list's last row.
  await page.waitForFunction(
    (n) => document.querySelector(`[role="listitem"][aria-posinset="${n}"]`) !== null,
    GARAGE_LOGS,
  );
  const bottom = await list.getByRole('listitem').count();
  const lastTitle = await page.evaluate(
    (n) => document.querySelector(`[role="listitem"][aria-posinset="${n}"]`)?.textContent ?? '',
    GARAGE_LOGS,
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  return { top, bottom, lastIsOldest: /Log entry 1(?!\d)/.test(lastTitle) };
}

/**
 * In the page: sets the search box or the type select as a person does (the input or change event
 * React listens to) and resolves with the milliseconds until the list's DOM shows the expected
 * number of matches (the rows' aria-setsize), seen by a MutationObserver.
 */
function timeFilterInPage({ control, value, expected, filtersLabel, searchLabel, typeLabel }) {
  const form = [...document.querySelectorAll('form[role="search"]')].find(
    (f) => f.getAttribute('aria-label') === filtersLabel,
  );
  if (!form) throw new Error('No filters form');
  const labelText = control === 'search' ? searchLabel : typeLabel;
  const label = [...form.querySelectorAll('label')].find((l) => l.textContent?.trim() === labelText);
  const element = label && document.getElementById(label.htmlFor);
  if (!element) throw new Error(`No ${control} control`);
  const shows = () => {
    if (expected === 0) return Boolean(document.querySelector('[role="listitem"]')) === false;
    const row = document.querySelector('[role="listitem"][aria-setsize]');
    return row?.getAttribute('aria-setsize') === String(expected);
  };
  return new Promise((resolve, reject) => {
    let start = 0;
    const observer = new MutationObserver(() => {
      if (!shows()) return;
      const ms = performance.now() - start;
      observer.disconnect();
      clearTimeout(timer);
      resolve(ms);
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`The list did not show ${expected} rows within 10 s`));
    }, 10_000);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    const proto =
      element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    start = performance.now();
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(element, value);
    element.dispatchEvent(
      new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });
}

async function filterRuns(page, log) {
  const labels = {
    filtersLabel: en['CAR_LOGS.FILTERS'],
    searchLabel: en['CAR_LOGS.SEARCH'],
    typeLabel: en['CAR_LOGS.TYPE'],
  };
  const time = (control, value, expected) =>
    page.evaluate(timeFilterInPage, { ...labels, control, value, expected });
  const search = [];
  const type = [];
  for (let run = 0; run < FILTER_RUNS; run++) {
    const query = QUERIES[run % QUERIES.length];
    const kind = SEEDED_LOG_TYPES[run % SEEDED_LOG_TYPES.length];
    const onlyQuery = expectedSeededMatches(GARAGE_LOGS, { query });
    const onlyType = expectedSeededMatches(GARAGE_LOGS, { type: kind });
    const both = expectedSeededMatches(GARAGE_LOGS, { type: kind, query });
    // Odd runs pick the type first: each control is timed on the full list and on a filtered one.
    if (run % 2 === 0) {
      search.push(await time('search', query, onlyQuery));
      type.push(await time('type', kind, both));
    } else {
      type.push(await time('type', kind, onlyType));
      search.push(await time('search', query, both));
    }
    // Back to the whole log book before the next run.
    await time('search', '', onlyType);
    await time('type', '', GARAGE_LOGS);
  }
  log(
    `search: ${search.map((v) => v.toFixed(1)).join(', ')} ms; type: ${type.map((v) => v.toFixed(1)).join(', ')} ms`,
  );
  return {
    searchMs: { median: median(search), runs: search },
    typeMs: { median: median(type), runs: type },
  };
}

/** All of a car's logs on the server, every page. */
async function serverLogs(baseUrl, token, carId) {
  const logs = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await apiCall(baseUrl, 'GET', `/car-logs/${carId}?page=${page}&limit=100`, undefined, token);
    if (res.status !== 200) throw new Error(`GET /car-logs/${carId} answered ${res.status}`);
    logs.push(...res.json.data);
    total = res.json.meta.total;
    if (res.json.data.length < 100) break;
  }
  return { logs, total };
}

/** 500 log creations queued offline, then the server back and the network on: time to an empty outbox. */
/**
 * `garage`: the car's logbook is open while the writes replay (the list, its statistics and the
 * sync badges follow every write); otherwise /feed is: the offline engine's own pace.
 */
export async function offlineReplay(browser, server, session, carId, log, garage) {
  const { context, page } = await newSignedInPage(browser, session, carId);
  const screenShown = () =>
    garage
      ? page.getByRole('heading', { level: 2, name: exact(en['CAR_LOGS.TITLE']) }).waitFor()
      : page.getByRole('heading', { level: 1, name: exact(en['POSTS.MY_POSTS_TITLE']) }).waitFor();
  try {
    await warmUp(page, server.baseUrl);
    if (garage) await page.goto(`${server.baseUrl}/my-cars`);
    await screenShown();
    await server.stop();
    await context.setOffline(true);
    const ids = await localDb.queueCarLogCreates(page, carId, OFFLINE_WRITES);
    // A new session, still offline, opens with the queue (the start-up replay fails and backs off).
    await page.reload();
    await screenShown();
    const queued = (await localDb.outbox(page)).length;
    if (queued !== OFFLINE_WRITES) throw new Error(`${queued} entries queued, not ${OFFLINE_WRITES}`);
    await page.evaluate(() => {
      window.__benchOnlineAt = null;
      window.addEventListener('online', () => (window.__benchOnlineAt = performance.now()), { once: true });
    });
    const requests = { posts: 0, logGets: 0 };
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'POST' && pathname === '/api/v1.0/car-logs') requests.posts++;
      if (request.method() === 'GET' && pathname.startsWith('/api/v1.0/car-logs/log/')) requests.logGets++;
    });
    await server.restart();
    await context.setOffline(false);
    const doneAt = await localDb.waitForOutboxSettled(page, { timeoutMs: 300_000, intervalMs: 100 });
    const onlineAt = await page.evaluate(() => window.__benchOnlineAt);
    if (typeof onlineAt !== 'number') throw new Error('The page saw no online event');
    const ms = doneAt - onlineAt;
    const { logs, total } = await serverLogs(server.baseUrl, session.token, carId);
    const serverIds = new Set(logs.map((l) => l.id));
    const missing = ids.filter((id) => !serverIds.has(id)).length;
    const result = {
      ms,
      perWriteMs: ms / OFFLINE_WRITES,
      requests,
      queued,
      serverTotal: total,
      distinct: serverIds.size,
      missing,
      exactlyOnce:
        total === OFFLINE_WRITES &&
        logs.length === OFFLINE_WRITES &&
        serverIds.size === OFFLINE_WRITES &&
        missing === 0,
    };
    log(
      `replay of ${OFFLINE_WRITES} (${garage ? '/my-cars' : '/feed'} open): ${ms.toFixed(0)} ms; server holds ${total} (distinct ${serverIds.size}, missing ${missing}); ` +
        `the page sent ${requests.posts} POST /car-logs and ${requests.logGets} GET /car-logs/log/{id}`,
    );
    return result;
  } finally {
    await context.close();
  }
}

export async function benchGarage(log) {
  const dataDir = newDataDir('paddock-bench-garage-');
  const server = await startServer({ dataDir });
  let browser;
  try {
    const session = await signUpViaApi(server.baseUrl);
    const createCar = async (model) => {
      const res = await apiCall(
        server.baseUrl,
        'POST',
        '/cars',
        { make: 'Alpine', model, mileageUnit: 'km' },
        session.token,
      );
      if (res.status !== 201) throw new Error(`POST /cars answered ${res.status}`);
      return res.json.data.id;
    };
    const bigCar = await createCar('A110 (10,000 logs)');
    const replayCar = await createCar('A310 (offline writes, garage open)');
    const engineCar = await createCar('A610 (offline writes, garage closed)');
    await server.stop();
    seedCarLogsInDatabase(dataDir, bigCar, GARAGE_LOGS);
    await server.restart();
    log(`seeded ${GARAGE_LOGS} logs on one car`);

    browser = await launchChromium();
    const syncs = [];
    const phases = [];
    let last;
    for (let run = 0; run < SYNC_RUNS; run++) {
      if (last) await last.context.close();
      last = await firstSync(browser, server.baseUrl, session, bigCar);
      syncs.push(last.ms);
      phases.push(last);
      log(
        `first sync: ${last.ms.toFixed(0)} ms (${last.requests} pages asked from ${last.firstAsked.toFixed(0)} ms, ` +
          `the last answered at ${last.lastAnswered.toFixed(0)} ms)`,
      );
    }
    const rows = await domRows(last.page);
    log(
      `rows in the DOM: ${rows.top} at the top, ${rows.bottom} at the end (the oldest log last: ${rows.lastIsOldest})`,
    );
    const filters = await filterRuns(last.page, log);
    await last.context.close();

    const engineReplay = await offlineReplay(browser, server, session, engineCar, log, false);
    const replay = await offlineReplay(browser, server, session, replayCar, log, true);
    return {
      logs: GARAGE_LOGS,
      firstSyncMs: {
        median: median(syncs),
        runs: syncs,
        requests: last.requests,
        firstAskedMs: median(phases.map((p) => p.firstAsked)),
        lastAnsweredMs: median(phases.map((p) => p.lastAnswered)),
      },
      domRows: rows,
      ...filters,
      replay,
      engineReplay,
    };
  } finally {
    await browser?.close();
    await server.dispose();
    await import('node:fs').then(({ rmSync }) => rmSync(dataDir, { recursive: true, force: true }));
  }
}
