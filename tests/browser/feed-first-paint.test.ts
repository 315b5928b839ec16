// The signed-in feed's first paint (src/features/posts/feed-first-paint.ts): on a cold
// start of /feed, signed in and online, the first posts are drawn into index.html's app shell from
// the entry's early ask, before the app's files are asked for; the app's first render then
// replaces them in place: the drawn list never moves, and no later, larger element becomes the
// page's largest contentful paint. The screens are kept as screenshots at 360 px, in French, for a
// person to compare (before and after the app).
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { apiCall, signUpViaApi } from './support/api.mjs';
import { STEP_TIMEOUT_MS, useE2e } from './harness';
import { afterSwapPainted, expectAppAskedAfterDrawnView, holdAppStep } from './support/first-paint';

const e2e = useE2e();

const SCREENSHOTS = process.env.PADDOCK_SCREENSHOT_DIR ?? path.join(tmpdir(), 'paddock-screenshots');

/** Notes, in the page, the layout shifts, the LCP candidates and when the shell was drawn into and replaced. */
const WATCH = `(() => {
  const seen = (window.__firstPaint = { shifts: [], lcp: [], paintedAt: null, replacedAt: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      seen.shifts.push({ value: e.value, sources: e.sources.map((s) => String(s.node?.className ?? s.node?.nodeName)) });
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) seen.lcp.push({ at: e.startTime, size: e.size, tag: e.element?.tagName ?? null });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver(() => {
    if (seen.paintedAt === null && document.querySelector('[data-first-paint] article')) seen.paintedAt = performance.now();
    if (seen.paintedAt !== null && seen.replacedAt === null && !document.querySelector('#root > .app-shell'))
      seen.replacedAt = performance.now();
  }).observe(document, { childList: true, subtree: true });
})();`;

interface Seen {
  shifts: { value: number; sources: string[] }[];
  lcp: { at: number; size: number; tag: string | null }[];
  paintedAt: number | null;
  replacedAt: number | null;
}

test('a signed-in cold start of /feed draws the first posts before the app, which replaces them in place', async () => {
  const session = await signUpViaApi(e2e.baseUrl);
  for (const text of [
    'Cam belt and plugs done.',
    'Track day at Magny-Cours: new brake pads, bled the system.',
  ]) {
    const answer = await apiCall(e2e.baseUrl, 'POST', '/posts', { content: `<p>${text}</p>` }, session.token);
    expect(answer.status).toBe(201);
  }
  const page = await e2e.newPage({ session, locale: 'fr-FR', viewport: { width: 360, height: 760 } });
  await page.addInitScript({ content: WATCH });
  // The app's step is held until the drawn posts have been looked at.
  const release = await holdAppStep(page);
  await page.goto(`${e2e.baseUrl}/feed`);

  const drawn = page.locator('#root > .app-shell [data-first-paint="feed"] article.post-card');
  await expect.poll(() => drawn.count(), { timeout: STEP_TIMEOUT_MS }).toBe(2);
  // Newest first, with the author's name; no control that would do nothing before the app.
  await expect
    .poll(() => drawn.first().textContent(), { timeout: STEP_TIMEOUT_MS })
    .toContain('Track day at Magny-Cours');
  expect(await drawn.first().locator('.post-card__author').textContent()).toBe(
    `${session.member.firstName} ${session.member.lastName}`,
  );
  expect(await page.locator('[data-first-paint] button, [data-first-paint] a').count()).toBe(0);
  // The app's files (React DOM and the app's step) are asked for once the posts are on screen.
  await expectAppAskedAfterDrawnView(page);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'feed-first-paint-fr-360.png') });

  release();
  // The app's cards, with their controls, in place of the drawn ones.
  await expect
    .poll(() => page.locator('#root article.post-card footer .post-card__like').count(), {
      timeout: STEP_TIMEOUT_MS,
    })
    .toBe(2);
  await afterSwapPainted(page); // the frames after the swap, painted and reported
  await page.screenshot({ path: path.join(SCREENSHOTS, 'feed-app-fr-360.png') });
  const seen = await page.evaluate(() => (window as unknown as { __firstPaint: Seen }).__firstPaint);
  expect(seen.replacedAt).not.toBeNull();
  // The drawn list never moved while it was on screen.
  expect(seen.shifts.filter((s) => s.sources.some((c) => c.includes('feed__list')))).toEqual([]);
  // The first post drawn is the largest contentful paint: the app's cards, the same size, add none.
  const lastCandidate = seen.lcp.at(-1);
  expect(lastCandidate?.tag === null || lastCandidate?.tag === 'P').toBe(true);
  expect(seen.lcp.filter((e) => e.at > seen.replacedAt!)).toEqual([]);
  expect(seen.lcp.some((e) => e.at >= seen.paintedAt! - 1 && e.at < seen.replacedAt!)).toBe(true);
});

test('offline or signed out, nothing is drawn early: the device’s list or the login screen comes first', async () => {
  const page = await e2e.newPage({ locale: 'fr-FR' });
  await page.goto(`${e2e.baseUrl}/feed`);
  await page.waitForURL(/\/login/, { timeout: STEP_TIMEOUT_MS });
  await expect.poll(() => page.locator('form').count(), { timeout: STEP_TIMEOUT_MS }).toBeGreaterThan(0);
  expect(await page.locator('[data-first-paint]').count()).toBe(0);
});
