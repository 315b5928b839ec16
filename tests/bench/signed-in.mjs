// The signed-in budgets of docs/BENCHMARKS.md: a member with data (posts, a car with logs), then
//   - the JavaScript a cold load of /feed downloads until the feed's first post card paints
//     (a fresh context, no service worker, no cache; target ≤ 185 KB gzip), beside the figures the
//     build's module graph gives (first-render-graph.mjs: the CI gate's 170 KB and the feed list);
//   - the JavaScript a cold load of /feed downloads until the network is idle (feed-idle-js.mjs:
//     target ≤ 200 KB gzip, the build's figure gated in CI);
//   - Lighthouse 12 mobile (performance, accessibility, best practices, SEO; LCP and TBT) on every
//     signed-in screen, the median of three runs, beside /login signed out in the same run
//     (lighthouse-bench.mjs; PADDOCK_LH_ROUTES=/feed,/my-cars picks some, PADDOCK_LH_RUNS the runs).
// Part of `npm run bench`; alone (after `npm run build`): `node tests/bench/signed-in.mjs`.
/* global window -- used inside page.evaluate */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { apiCall, signUpViaApi } from '../browser/support/api.mjs';
import { launchChromium } from '../browser/support/chromium.mjs';
import {
  FIRST_CONTENT_ROOTS,
  FIRST_POST_BUDGET_BYTES,
  FIRST_POST_ROOTS,
  FIRST_RENDER_BUDGET_BYTES,
  FIRST_RENDER_ROOTS,
  jsFromManifest,
} from '../browser/support/first-render-graph.mjs';
import { formatKiB, measureFirstRenderJs } from '../browser/support/first-render-js.mjs';
import { startServer } from '../browser/support/server-process.mjs';
import { benchFeedIdleJs } from './feed-idle-js.mjs';
import { benchLighthouseSignedIn } from './lighthouse-bench.mjs';

export const SEED_POSTS = 20;
export const SEED_LOGS = 12;

async function must(baseUrl, method, path, body, token) {
  const answer = await apiCall(baseUrl, method, path, body, token);
  if (answer.status !== 201) throw new Error(`${method} ${path} answered ${answer.status}`);
  return answer.json;
}

/** A member with SEED_POSTS posts and a car with SEED_LOGS logs: what the signed-in screens show. */
export async function seedMemberWithData(baseUrl) {
  const session = await signUpViaApi(baseUrl);
  for (let i = 0; i < SEED_POSTS; i++)
    await must(
      baseUrl,
      'POST',
      '/posts',
      { content: `<p>Post ${i + 1}: cam belt, plugs and a track day at Magny-Cours.</p>` },
      session.token,
    );
  const car = await must(
    baseUrl,
    'POST',
    '/cars',
    { make: 'Alpine', model: 'A110', mileageUnit: 'km' },
    session.token,
  );
  for (let n = 0; n < SEED_LOGS; n++)
    await must(
      baseUrl,
      'POST',
      '/car-logs',
      {
        id: randomUUID(),
        carId: car.data.id,
        type: ['maintenance', 'repair', 'fuel', 'modification', 'inspection'][n % 5],
        title: `Entry ${n + 1}`,
        content: `<p>Entry ${n + 1}: oil and filter, tyres checked.</p>`,
        startDate: new Date(Date.UTC(2024, 0, 1) + n * 86_400_000 * 9).toISOString().slice(0, 10),
      },
      session.token,
    );
  return session;
}

/**
 * Resolves once the feed's first post card is in the DOM and a frame with it has been painted, with
 * the page's clock at that frame: an init script notes when the first card is inserted (a
 * MutationObserver, not this process's polling, which may see it frames later), then the next frame.
 * Two cards are noted: the first one drawn, which the entry draws into the app shell before the app
 * (src/features/posts/feed-first-paint.ts), and the app's own first card (outside the shell).
 */
const FIRST_CARD_WATCH = `(() => {
  const card = (selector, key) => {
    const note = () => requestAnimationFrame(() => { window[key] ??= performance.now(); });
    const watch = new MutationObserver(() => {
      if (document.querySelector(selector)) { watch.disconnect(); note(); }
    });
    watch.observe(document, { childList: true, subtree: true });
  };
  card('article.post-card', '__firstCardPaintedAt');
  card('#root > :not(.app-shell) article.post-card', '__appCardPaintedAt');
})();`;

const cardPainted = (key) => async (page) => {
  await page.waitForFunction((k) => typeof window[k] === 'number', key, { timeout: 60_000 });
  return page.evaluate((k) => window[k], key);
};

export async function benchFirstPostJs(server, session, log) {
  const graphRender = jsFromManifest(FIRST_RENDER_ROOTS);
  const graphContent = jsFromManifest(FIRST_CONTENT_ROOTS);
  const graphFirstPost = jsFromManifest(FIRST_POST_ROOTS);
  const browser = await launchChromium();
  try {
    const watch = (page) => page.addInitScript({ content: FIRST_CARD_WATCH });
    // Two cold loads: until the first card drawn before the app, and until the app's own first card.
    const drawn = await measureFirstRenderJs(
      browser,
      server,
      session,
      cardPainted('__firstCardPaintedAt'),
      watch,
    );
    const js = await measureFirstRenderJs(browser, server, session, cardPainted('__appCardPaintedAt'), watch);
    for (const run of [drawn, js])
      if (run.finalPath !== '/feed') throw new Error(`ended on ${run.finalPath}, not /feed`);
    log(
      `cold load of /feed until the app's first post card paints: ${formatKiB(js.totalGzip)} gzip in ` +
        `${js.files.length} files (target ${formatKiB(FIRST_POST_BUDGET_BYTES)}); until the first post ` +
        `drawn before the app: ${formatKiB(drawn.totalGzip)} in ${drawn.files.length} files`,
    );
    log(
      `module graph: first render ${formatKiB(graphRender.totalGzip)} (CI gate ${formatKiB(FIRST_RENDER_BUDGET_BYTES)}), ` +
        `first post from the network ${formatKiB(graphFirstPost.totalGzip)} (CI gate ${formatKiB(FIRST_POST_BUDGET_BYTES)}), ` +
        `with the Dexie feed list ${formatKiB(graphContent.totalGzip)}`,
    );
    const inGraph = new Set(graphFirstPost.files.map((f) => f.path));
    const beyond = js.files.filter((f) => !inGraph.has(f.path));
    if (beyond.length)
      log(`fetched beyond the graph: ${beyond.map((f) => `${f.path} ${formatKiB(f.gzip)}`).join(', ')}`);
    return {
      ...js,
      drawnGzip: drawn.totalGzip,
      drawnFiles: drawn.files.length,
      budget: FIRST_POST_BUDGET_BYTES,
      graphFirstRenderGzip: graphRender.totalGzip,
      graphFirstContentGzip: graphContent.totalGzip,
      graphFirstPostGzip: graphFirstPost.totalGzip,
    };
  } finally {
    await browser.close();
  }
}

/** Both signed-in parts on a server of their own. */
export async function benchSignedIn(log, { lighthouse = true } = {}) {
  const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
  try {
    const session = await seedMemberWithData(server.baseUrl);
    const result = { firstPostJs: await benchFirstPostJs(server, session, log) };
    result.feedIdleJs = await benchFeedIdleJs(server, log);
    if (lighthouse) result.lighthouse = await benchLighthouseSignedIn(server.baseUrl, log);
    return result;
  } finally {
    await server.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const only = process.argv[2]; // `js` skips Lighthouse
  const result = await benchSignedIn((line) => console.log(`  · ${line}`), { lighthouse: only !== 'js' });
  if (result.lighthouse)
    for (const [route, lh] of Object.entries(result.lighthouse.routes))
      console.log(
        `Lighthouse ${route}: performance ${lh.performance}, accessibility ${lh.accessibility}, ` +
          `best practices ${lh.bestPractices}, SEO ${lh.seo}, LCP ${lh.lcpMs} ms, TBT ${lh.tbtMs} ms` +
          (route === '/login'
            ? ' (signed out, for comparison)'
            : ` (targets ≥ 95 each, LCP ≤ 2,500 ms, TBT ≤ 200 ms: ${lh.meets ? 'met' : 'MISSED'})`),
      );
}
