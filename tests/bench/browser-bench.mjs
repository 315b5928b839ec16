// Browser figures: the first-render JavaScript of /my-posts (the method of the CI gate test) and
// the offline reload of the installed shell to first contentful paint.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { signUpViaApi } from '../browser/support/api.mjs';
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

async function offlineFcp(browser, server, session, runs) {
  const context = await browser.newContext();
  await context.addInitScript({ content: seedSessionScript(session) });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/my-posts`);
  await myPostsRendered(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
  await server.stop();
  await context.setOffline(true);
  const samples = [];
  try {
    for (let i = 0; i < runs; i++) {
      await page.reload({ waitUntil: 'load' });
      await myPostsRendered(page);
      const fcp = await page.waitForFunction(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      );
      samples.push(Number(await fcp.jsonValue()));
    }
  } finally {
    await context.close();
    await server.restart();
  }
  return samples;
}

export async function benchBrowser(server, log) {
  const browser = await launchChromium();
  try {
    const session = await signUpViaApi(server.baseUrl);
    const js = await measureFirstRenderJs(browser, server, session, myPostsRendered);
    log(`first-render JS: ${(js.totalGzip / 1024).toFixed(1)} KB gzip in ${js.files.length} files`);
    const samples = await offlineFcp(browser, server, session, 5);
    log(`offline FCP: ${samples.map((s) => s.toFixed(0)).join(', ')} ms`);
    return { firstRenderJs: js, offlineFcpMs: { median: median(samples), runs: samples } };
  } finally {
    await browser.close();
  }
}
