// The JavaScript a cold signed-in load of /feed downloads until the network is idle (docs/BENCHMARKS.md):
// a member with data (signed-in.mjs), a fresh context with no HTTP cache and the service worker
// blocked, every script response from the page's origin until Playwright's `networkidle` (no
// request for 500 ms after the load event), each served file gzipped with zlib defaults. Beside
// it, the build's figure that CI gates (bundle-budget.test.ts, FEED_IDLE_ROOTS).
// Alone (after `npm run build`): `node tests/bench/feed-idle-js.mjs` (`--why` lists each file's initiator).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../browser/support/chromium.mjs';
import { apiCall } from '../browser/support/api.mjs';
import {
  FEED_IDLE_BUDGET_BYTES,
  FEED_IDLE_ROOTS,
  FEED_IDLE_TARGET_BYTES,
  jsFromManifest,
} from '../browser/support/first-render-graph.mjs';
import { formatKiB, seedSessionScript } from '../browser/support/first-render-js.mjs';
import { startServer } from '../browser/support/server-process.mjs';
import { seedScreens } from '../browser/support/screens.mjs';
import { seedMemberWithData } from './signed-in.mjs';

/** Quiet long enough for requestIdleCallback's 2 s timeouts to have fired. */
const QUIET_MS = 5000;

/**
 * seedMemberWithData's member as a returning one: the account has its language (a new account's
 * first start on a device saves the device's language, a write that a returning member's cold
 * load does not make).
 */
export async function returningMember(baseUrl) {
  const session = await seedMemberWithData(baseUrl);
  const saved = await apiCall(baseUrl, 'PUT', '/users/me', { language: 'en-US' }, session.token);
  if (saved.status !== 200) throw new Error(`PUT /users/me answered ${saved.status}`);
  return { ...session, user: { ...session.user, language: 'en-US' } };
}

export async function measureFeedIdleJs(server, session, { why = false } = {}) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript({ content: seedSessionScript(session) });
    const page = await context.newPage();
    const initiators = new Map();
    if (why) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
        const frame = initiator.stack?.callFrames?.[0] ?? initiator.stack?.parent?.callFrames?.[0];
        const from = initiator.url ?? (frame ? new URL(frame.url).pathname : initiator.type);
        initiators.set(
          new URL(request.url).pathname,
          `${initiator.type} ${from ? new URL(from, server.baseUrl).pathname : ''}`,
        );
      });
    }
    const seen = new Map();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== server.baseUrl) return;
      const type = response.request().resourceType();
      const contentType = response.headers()['content-type'] ?? '';
      if (type === 'script' || /javascript/.test(contentType) || url.pathname.endsWith('.js'))
        if (!seen.has(url.pathname)) seen.set(url.pathname, response);
    });
    // Playwright's `networkidle` (500 ms) comes before the work the start-up defers to an idle moment
    // after the first content (the data layer, the socket, the bell): idle here is QUIET_MS without
    // any request of the page's (WebSocket frames aside) after the load event.
    let inFlight = 0;
    let lastActivity = Date.now();
    const requests = [];
    page.on('request', (request) => {
      inFlight += 1;
      lastActivity = Date.now();
      if (request.resourceType() !== 'script')
        requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    for (const done of ['requestfinished', 'requestfailed'])
      page.on(done, () => ((inFlight -= 1), (lastActivity = Date.now())));
    await page.goto(`${server.baseUrl}/feed`, { waitUntil: 'load', timeout: 120_000 });
    while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) await new Promise((r) => setTimeout(r, 100));
    const finalPath = new URL(page.url()).pathname;
    // Why the device's data started (src/lib/offline/shell-settled.ts's mark), if it did.
    const deviceData = await page.evaluate(
      () => performance.getEntriesByName('paddock:device-data')[0]?.detail ?? null,
    );
    const files = [];
    for (const [pathname, response] of seen) {
      const file = path.join(server.clientDir, decodeURIComponent(pathname));
      const bytes = existsSync(file) ? readFileSync(file) : await response.body();
      files.push({
        path: pathname,
        raw: bytes.length,
        gzip: gzipSync(bytes).length,
        why: initiators.get(pathname),
      });
    }
    await context.close();
    files.sort((a, b) => b.gzip - a.gzip);
    return { finalPath, deviceData, files, requests, totalGzip: files.reduce((s, f) => s + f.gzip, 0) };
  } finally {
    await browser.close();
  }
}

/**
 * The screens' seeded member (tests/browser/support/screens.mjs) as a returning one: a feed with
 * photos, shared car logs, car mentions and friends' posts. Its cards load no Dexie either: a photo
 * is read from the device's media cache with IndexedDB itself (src/lib/offline/media.ts), a post's
 * car is named from the server until the device's data starts.
 */
export async function returningMemberWithPhotos(baseUrl) {
  const world = await seedScreens(baseUrl);
  const saved = await apiCall(baseUrl, 'PUT', '/users/me', { language: 'en-US' }, world.session.token);
  if (saved.status !== 200) throw new Error(`PUT /users/me answered ${saved.status}`);
  return { ...world.session, user: { ...world.session.user, language: 'en-US' } };
}

/** The bench's part (signed-in.mjs): a returning member of its own on the given server. */
export async function benchFeedIdleJs(server, log) {
  const run = await measureFeedIdleJs(server, await returningMember(server.baseUrl));
  const graph = jsFromManifest(FEED_IDLE_ROOTS);
  log(
    `cold signed-in /feed until network idle: ${formatKiB(run.totalGzip)} gzip in ${run.files.length} files ` +
      `(target ${formatKiB(FEED_IDLE_TARGET_BYTES)}); module graph ${formatKiB(graph.totalGzip)} ` +
      `(CI gate ${formatKiB(FEED_IDLE_BUDGET_BYTES)})`,
  );
  const withPhotos = await measureFeedIdleJs(server, await returningMemberWithPhotos(server.baseUrl));
  log(
    `the same with photos, shared logs and friends' posts in the feed: ${formatKiB(withPhotos.totalGzip)} gzip ` +
      `in ${withPhotos.files.length} files (target ${formatKiB(FEED_IDLE_TARGET_BYTES)})`,
  );
  return {
    totalGzip: run.totalGzip,
    files: run.files,
    graphGzip: graph.totalGzip,
    graphFiles: graph.files.length,
    gate: FEED_IDLE_BUDGET_BYTES,
    withPhotosGzip: withPhotos.totalGzip,
    withPhotosFiles: withPhotos.files.length,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const why = process.argv.includes('--why');
  const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
  try {
    const session = await returningMember(server.baseUrl);
    const run = await measureFeedIdleJs(server, session, { why });
    console.log(
      `cold signed-in /feed until network idle: ${formatKiB(run.totalGzip)} gzip in ${run.files.length} files (ended on ${run.finalPath})`,
    );
    const withPhotos = await measureFeedIdleJs(server, await returningMemberWithPhotos(server.baseUrl), {
      why,
    });
    console.log(
      `with photos, shared logs and friends' posts in the feed: ${formatKiB(withPhotos.totalGzip)} gzip in ${withPhotos.files.length} files` +
        ` (device data started: ${withPhotos.deviceData ?? 'not yet'})`,
    );
    if (why) {
      const first = new Set(run.files.map((f) => f.path));
      for (const f of withPhotos.files.filter((file) => !first.has(file.path)))
        console.log(`  + ${formatKiB(f.gzip).padStart(9)}  ${f.path}  <- ${f.why ?? '?'}`);
    }
    const graph = jsFromManifest(FEED_IDLE_ROOTS);
    console.log(
      `module graph (FEED_IDLE_ROOTS): ${formatKiB(graph.totalGzip)} in ${graph.files.length} files ` +
        `(CI gate ${formatKiB(FEED_IDLE_BUDGET_BYTES)}, target ${formatKiB(FEED_IDLE_TARGET_BYTES)})`,
    );
    const inGraph = new Set(graph.files.map((f) => f.path));
    const beyond = run.files.filter((f) => !inGraph.has(f.path));
    if (beyond.length) console.log(`fetched beyond the graph: ${beyond.map((f) => f.path).join(', ')}`);
    for (const f of run.files)
      console.log(`  ${formatKiB(f.gzip).padStart(9)}  ${f.path}${f.why ? `  <- ${f.why}` : ''}`);
    if (why) console.log(`other requests:\n  ${run.requests.join('\n  ')}`);
  } finally {
    await server.dispose();
  }
}
