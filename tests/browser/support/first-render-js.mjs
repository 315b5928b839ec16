// The JavaScript a signed-in member downloads on a cold load of /feed, measured in a browser:
// every script response until `waitForScreen` resolves (the rendered screen, or the first post card
// painted), each file's bytes from the served dist/ gzipped with zlib defaults. `npm run bench`
// reports it; CI's gate reads the module graph instead (first-render-graph.mjs), which does not
// depend on how far the page got before a moment.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { containsQuill } from './first-render-graph.mjs';

export { FIRST_RENDER_BUDGET_BYTES } from './first-render-graph.mjs';

export function seedSessionScript({ token, refreshToken, user, locale = 'en-US' }) {
  // Seeds once per context (a flag survives reloads), so that a later sign-out is not undone.
  return `(() => {
    if (location.origin === 'null' || localStorage.getItem('__e2e_seeded')) return;
    localStorage.setItem('__e2e_seeded', '1');
    localStorage.setItem('access_token', ${JSON.stringify(token)});
    localStorage.setItem('refresh_token', ${JSON.stringify(refreshToken)});
    localStorage.setItem('current_user', ${JSON.stringify(JSON.stringify(user))});
    localStorage.setItem('selectedLocale', ${JSON.stringify(locale)});
  })();`;
}

/**
 * Opens `${server.baseUrl}/feed` signed in, in a fresh context with the service worker blocked and no
 * HTTP cache, and returns { totalGzip, totalRaw, files, quillFiles }. `waitForScreen(page)` resolves
 * once the screen has rendered; `onPage(page)` may watch the page (console, errors).
 */
export async function measureFirstRenderJs(browser, server, session, waitForScreen, onPage = () => {}) {
  const { baseUrl, clientDir } = server;
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript({ content: seedSessionScript(session) });
  const page = await context.newPage();
  await onPage(page);
  const seen = new Map();
  let rendered = false;
  page.on('response', (response) => {
    if (rendered) return;
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    const url = new URL(response.url());
    if (url.origin !== baseUrl) return;
    if (type === 'script' || /javascript/.test(contentType) || url.pathname.endsWith('.js')) {
      if (!seen.has(url.pathname)) seen.set(url.pathname, response);
    }
  });
  try {
    await page.goto(`${baseUrl}/feed`, { waitUntil: 'commit' });
    // `waitForScreen` may return the page's clock (performance.now()) at the frame that painted the
    // screen: then only the files asked for before that frame count. What the screen asks for once it
    // has painted (the feed's device list, the socket) arrives within the frames the waiting takes or
    // not, as the machine's speed goes; counting it would measure that race, not the screen.
    const paintedAt = await waitForScreen(page);
    rendered = true;
    const askedBefore =
      typeof paintedAt === 'number'
        ? new Set(
            await page.evaluate(
              (t) =>
                performance
                  .getEntriesByType('resource')
                  .filter((e) => e.startTime < t)
                  .map((e) => new URL(e.name).pathname),
              paintedAt,
            ),
          )
        : null;
    const files = [];
    for (const [pathname, response] of seen) {
      if (askedBefore && !askedBefore.has(pathname)) continue;
      const file = path.join(clientDir, decodeURIComponent(pathname));
      const bytes = existsSync(file) ? readFileSync(file) : await response.body();
      const text = bytes.toString('utf8');
      files.push({
        path: pathname,
        status: response.status(),
        raw: bytes.length,
        gzip: gzipSync(bytes).length,
        quill: containsQuill(file, text),
      });
    }
    files.sort((a, b) => b.gzip - a.gzip);
    return {
      totalGzip: files.reduce((sum, f) => sum + f.gzip, 0),
      totalRaw: files.reduce((sum, f) => sum + f.raw, 0),
      files,
      quillFiles: files.filter((f) => f.quill).map((f) => f.path),
      finalPath: new URL(page.url()).pathname,
    };
  } finally {
    await context.close();
  }
}

export function formatKiB(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
