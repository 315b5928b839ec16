// Browser figures: the first-render JavaScript of /feed (the method of the CI gate test), the
// offline reload of the installed shell to first contentful paint, and the feed's first post card
// from Dexie on an offline cold start (≤ 1 s).
/* global window -- used inside page.waitForFunction */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiCall, signUpViaApi } from '../browser/support/api.mjs';
import { startDeviceData, waitForMirroredPosts } from '../browser/support/device-data.mjs';
import { launchChromium } from '../browser/support/chromium.mjs';
import { measureFirstRenderJs, seedSessionScript } from '../browser/support/first-render-js.mjs';
import { ROOT } from '../browser/support/server-process.mjs';
import { median } from './stats.mjs';

const en = JSON.parse(readFileSync(path.join(ROOT, 'src/locales/en-US.json'), 'utf8'));
const exact = (text) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

async function myPostsRendered(page) {
  await page.getByRole('heading', { level: 1, name: exact(en['POSTS.MY_POSTS_TITLE']) }).waitFor();
  await page.getByRole('navigation', { name: exact(en['NAV.MAIN']) }).waitFor();
}

/** Posts the member writes before the runs, so the feed has a first page to keep on the device. */
export const FEED_POSTS = 30;

// Records, in each new document, when the first post card is in the DOM (ms from navigation start).
const FIRST_CARD_SCRIPT = `
  new MutationObserver((_, observer) => {
    if (document.querySelector('article.post-card')) {
      window.__firstCardAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

export async function measureOfflineStarts(browser, server, session, runs) {
  for (let i = 0; i < FEED_POSTS; i++) {
    const answer = await apiCall(
      server.baseUrl,
      'POST',
      '/posts',
      { content: `<p>Bench post ${i + 1}: cam belt, plugs and a track day</p>` },
      session.token,
    );
    if (answer.status !== 201) throw new Error(`POST /posts answered ${answer.status}`);
  }
  const context = await browser.newContext();
  await context.addInitScript({ content: seedSessionScript(session) });
  await context.addInitScript({ content: FIRST_CARD_SCRIPT });
  let page = await context.newPage();
  await page.goto(`${server.baseUrl}/feed`);
  await myPostsRendered(page);
  // The feed's first page is on the device (Dexie) once its cards show and the member has scrolled
  // (the device's data starts at the first gesture: src/lib/offline/shell-settled.ts).
  await page.locator('article.post-card').first().waitFor({ timeout: 30_000 });
  await startDeviceData(page);
  await waitForMirroredPosts(page, 1);
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
  await server.stop();
  await context.setOffline(true);
  const samples = [];
  const feed = [];
  try {
    for (let i = 0; i < runs; i++) {
      await page.reload({ waitUntil: 'load' });
      await myPostsRendered(page);
      const fcp = await page.waitForFunction(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      );
      samples.push(Number(await fcp.jsonValue()));
    }
    // Cold start: the app closed (no page left), then opened again with no network.
    for (let i = 0; i < runs; i++) {
      await page.close();
      page = await context.newPage();
      await page.goto(`${server.baseUrl}/feed`);
      const at = await page.waitForFunction(() => window.__firstCardAt ?? null, null, { timeout: 30_000 });
      feed.push(Number(await at.jsonValue()));
    }
  } finally {
    await context.close();
    await server.restart();
  }
  return { samples, feed };
}

export async function benchBrowser(server, log) {
  const browser = await launchChromium();
  try {
    const session = await signUpViaApi(server.baseUrl);
    const js = await measureFirstRenderJs(browser, server, session, myPostsRendered);
    log(`first-render JS: ${(js.totalGzip / 1024).toFixed(1)} KB gzip in ${js.files.length} files`);
    const { samples, feed } = await measureOfflineStarts(browser, server, session, 5);
    log(`offline FCP: ${samples.map((s) => s.toFixed(0)).join(', ')} ms`);
    log(`offline cold start, first post card: ${feed.map((s) => s.toFixed(0)).join(', ')} ms`);
    return {
      firstRenderJs: js,
      offlineFcpMs: { median: median(samples), runs: samples },
      offlineFeedMs: { median: median(feed), runs: feed },
    };
  } finally {
    await browser.close();
  }
}
