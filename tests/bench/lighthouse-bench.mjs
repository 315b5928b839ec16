// Lighthouse through its CLI (one process per version, so that 12 and 11 never share a module
// graph): 12 for mobile performance and accessibility on /login, 11 for the PWA category's
// installability audits (12 removed that category); and 12 on every signed-in screen (the routes of
// tests/browser/support/screens.mjs, for a member seeded with everything a screen shows), each from
// a fresh Chrome profile holding only the member's session, run with --disable-storage-reset so
// that Lighthouse keeps it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { apiCall } from '../browser/support/api.mjs';
import { CHROMIUM_ARGS, CHROMIUM_ENV, CHROMIUM_PATH } from '../browser/support/chromium.mjs';
import { seedSessionScript } from '../browser/support/first-render-js.mjs';
import { SCREENS, seedScreens } from '../browser/support/screens.mjs';
import { ROOT } from '../browser/support/server-process.mjs';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS].join(' ');

/** Full reports stay here after a run, for whoever has to fix a missed budget. */
export const REPORT_DIR = path.join(tmpdir(), 'paddock-bench');

/**
 * Lighthouse now and then fails to record its trace ("Runtime error encountered", e.g.
 * NO_NAVSTART): a failure of the tool, not a measurement. Such a run is tried again, at most
 * this many times in all; a report, good or bad, is never retried.
 */
const LIGHTHOUSE_ATTEMPTS = 3;

/**
 * `prepare()` (optional) gives each attempt its own extra options: a signed-in run signs in again
 * and makes a fresh profile, since a failed attempt may have used up or revoked its session (a
 * refreshed token, a sign-out on the way).
 */
async function runLighthouse(pkg, url, categories, extra = {}, prepare = null) {
  for (let attempt = 1; ; attempt++) {
    const prepared = prepare ? await prepare() : { options: {}, dispose: () => {} };
    try {
      return runLighthouseOnce(pkg, url, categories, { ...extra, ...prepared.options });
    } catch (error) {
      const runtime = error instanceof Error && error.message.includes('Runtime error encountered');
      if (!runtime || attempt >= LIGHTHOUSE_ATTEMPTS) throw error;
      console.warn(
        `${pkg}: ${error.message.split('\n')[0]}; trying again (${attempt + 1}/${LIGHTHOUSE_ATTEMPTS})`,
      );
    } finally {
      prepared.dispose();
    }
  }
}

function runLighthouseOnce(pkg, url, categories, { name = pkg, chromeFlags = [], args = [] }) {
  mkdirSync(REPORT_DIR, { recursive: true });
  const out = path.join(REPORT_DIR, `${name}.report.json`);
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', pkg, 'cli/index.js'),
      url,
      `--only-categories=${categories.join(',')}`,
      '--output=json',
      `--output-path=${out}`,
      `--chrome-flags=${[CHROME_FLAGS, ...chromeFlags].join(' ')}`,
      '--quiet',
      ...args,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, ...CHROMIUM_ENV, CHROME_PATH: CHROMIUM_PATH },
      encoding: 'utf8',
      timeout: 240_000,
    },
  );
  if (result.status !== 0) {
    throw new Error(`${pkg} exited ${result.status}: ${(result.stderr || result.stdout || '').slice(-2000)}`);
  }
  return JSON.parse(readFileSync(out, 'utf8'));
}

const score = (report, category) => Math.round((report.categories[category]?.score ?? NaN) * 100);

/** Performance, accessibility, the metrics and what to fix first, from a Lighthouse 12 report. */
function summarise(lh12) {
  const metrics = Object.fromEntries(
    [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ].map((id) => [id, lh12.audits[id]?.displayValue ?? '']),
  );
  const failedA11y = lh12.categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0 && lh12.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  // What to fix first: the performance audits that estimate savings, biggest first.
  const opportunities = lh12.categories.performance.auditRefs
    .map((ref) => lh12.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.metricSavings)
    .map((a) => ({
      id: a.id,
      displayValue: a.displayValue ?? '',
      savingsMs: Math.max(0, ...Object.values(a.metricSavings).filter((v) => typeof v === 'number')),
    }))
    .filter((o) => o.savingsMs > 0)
    .sort((a, b) => b.savingsMs - a.savingsMs);
  return {
    performance: score(lh12, 'performance'),
    accessibility: score(lh12, 'accessibility'),
    bestPractices: score(lh12, 'best-practices'),
    seo: score(lh12, 'seo'),
    lcpMs: Math.round(lh12.audits['largest-contentful-paint']?.numericValue ?? NaN),
    tbtMs: Math.round(lh12.audits['total-blocking-time']?.numericValue ?? NaN),
    // Lighthouse's own measure of this machine's CPU (DevTools takes 1000 for a Pixel 5): the 4×
    // CPU slowdown of its mobile run assumes a fast desktop, so a slower machine scores lower.
    benchmarkIndex: Math.round(lh12.environment?.benchmarkIndex ?? NaN),
    metrics,
    opportunities,
    failedA11y,
  };
}

export async function benchLighthouse(baseUrl, log) {
  const url = `${baseUrl}/login`;
  const lh12 = await runLighthouse('lighthouse', url, ['performance', 'accessibility']);
  const summary = summarise(lh12);
  log(
    `Lighthouse ${lh12.lighthouseVersion} /login: performance ${summary.performance}, accessibility ${summary.accessibility}`,
  );

  const lh11 = await runLighthouse('lighthouse11', url, ['pwa']);
  const pwaAudits = lh11.categories.pwa.auditRefs
    .map((ref) => ({ id: ref.id, group: ref.group ?? '', audit: lh11.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.scoreDisplayMode !== 'manual')
    .map(({ id, group, audit }) => ({
      id,
      group,
      title: audit.title,
      passed: audit.score === 1,
      detail:
        audit.score === 1
          ? ''
          : (audit.explanation ?? audit.details?.items?.map((i) => i.reason).join('; ') ?? ''),
    }));
  log(
    `Lighthouse ${lh11.lighthouseVersion} PWA: ${pwaAudits.map((a) => `${a.id} ${a.passed ? 'pass' : 'FAIL'}`).join(', ')}`,
  );
  return {
    lh12Version: lh12.lighthouseVersion,
    lh11Version: lh11.lighthouseVersion,
    ...summary,
    reportDir: REPORT_DIR,
    pwaAudits,
  };
}

/**
 * The signed-in screens Lighthouse audits: every signed-in route of the router
 * (tests/browser/support/screens.mjs), or those PADDOCK_LH_ROUTES lists (router paths, by commas).
 */
export const SIGNED_IN_ROUTES = (() => {
  const all = SCREENS.filter((s) => !s.signedOut).map((s) => s.path);
  const asked = (process.env.PADDOCK_LH_ROUTES ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const unknown = asked.filter((r) => !all.includes(r));
  if (unknown.length) throw new Error(`PADDOCK_LH_ROUTES: no such signed-in route ${unknown.join(', ')}`);
  return asked.length ? asked : all;
})();
/** The signed-in budgets (Lighthouse 12 mobile, median of SIGNED_IN_RUNS runs). */
export const SIGNED_IN_TARGETS = { score: 95, lcpMs: 2500, tbtMs: 200 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * A fresh Chrome profile whose localStorage, for `baseUrl`'s origin, holds the member's session and
 * nothing else: the seeding page is answered by the bench (no app, no service worker, no cache).
 */
async function seededProfile(baseUrl, session) {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-lh-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    env: { ...process.env, ...CHROMIUM_ENV },
  });
  try {
    const seedUrl = `${baseUrl}/__bench-seed`;
    await context.route(seedUrl, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>seed</title>' }),
    );
    const page = await context.newPage();
    await page.goto(seedUrl);
    await page.evaluate(seedSessionScript(session));
    const seeded = await page.evaluate(() => localStorage.getItem('access_token'));
    if (seeded !== session.token) throw new Error('the session did not reach the profile');
  } finally {
    await context.close();
  }
  return dir;
}

/** A new session of the member (POST /auth/login), so that each Lighthouse attempt starts signed in. */
async function signInAgain(baseUrl, session) {
  const { status, json } = await apiCall(baseUrl, 'POST', '/auth/login', {
    email: session.member.email,
    password: session.member.password,
  });
  if (status !== 200 || !json?.data?.token) throw new Error(`POST /auth/login answered ${status}`);
  return { ...session, token: json.data.token, refreshToken: json.data.refreshToken, user: json.data.user };
}

/**
 * Each signed-in screen is audited this many times (PADDOCK_LH_RUNS, default 3) and the median run
 * by performance is reported, with every run's figures: on a shared two-core machine one run's
 * total blocking time moves by hundreds of ms (docs/BENCHMARKS.md).
 */
export const SIGNED_IN_RUNS = Math.max(1, Number(process.env.PADDOCK_LH_RUNS ?? 3) || 3);

/**
 * Lighthouse 12 mobile on /login (signed out, for comparison within the run: scores move with the
 * machine), then on each of SIGNED_IN_ROUTES signed in as a member seeded with everything a screen
 * shows (seedScreens; each attempt signs in afresh into a fresh profile), SIGNED_IN_RUNS times, in
 * the four categories: returns
 * { version, routes: { [route]: { performance, accessibility, metrics, opportunities, failedA11y,
 * finalPath, runs } } }, the median run's figures with `runs` listing each run's.
 */
export async function benchLighthouseSignedIn(baseUrl, log) {
  const world = await seedScreens(baseUrl);
  const session = world.session;
  const routes = {};
  let version = '';
  for (const route of ['/login', ...SIGNED_IN_ROUTES]) {
    const signedIn = route !== '/login';
    const address = signedIn ? SCREENS.find((s) => s.path === route).address(world) : route;
    const prepare = signedIn
      ? async () => {
          const profile = await seededProfile(baseUrl, await signInAgain(baseUrl, session));
          return {
            options: { chromeFlags: [`--user-data-dir=${profile}`], args: ['--disable-storage-reset'] },
            dispose: () => rmSync(profile, { recursive: true, force: true }),
          };
        }
      : null;
    const runs = [];
    for (let run = 0; run < (signedIn ? SIGNED_IN_RUNS : 1); run++) {
      const lh12 = await runLighthouse(
        'lighthouse',
        `${baseUrl}${address}`,
        CATEGORIES,
        { name: `lighthouse${route.replace(/[/$]+/g, '-')}${run ? `-${run + 1}` : ''}` },
        prepare,
      );
      version = lh12.lighthouseVersion;
      const finalPath = new URL(lh12.finalDisplayedUrl ?? lh12.finalUrl).pathname;
      if (signedIn && finalPath === '/login')
        throw new Error(`Lighthouse on ${route} ended on ${finalPath}: not signed in?`);
      runs.push({ ...summarise(lh12), finalPath });
    }
    const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
    const figures = (r) =>
      `${r.performance} (LCP ${r.metrics['largest-contentful-paint']}, TBT ${r.metrics['total-blocking-time']})`;
    routes[route] = {
      ...median,
      runs: runs.map((r) => ({
        performance: r.performance,
        accessibility: r.accessibility,
        bestPractices: r.bestPractices,
        seo: r.seo,
        lcp: r.metrics['largest-contentful-paint'],
        tbt: r.metrics['total-blocking-time'],
      })),
      meets:
        median.performance >= SIGNED_IN_TARGETS.score &&
        median.accessibility >= SIGNED_IN_TARGETS.score &&
        median.bestPractices >= SIGNED_IN_TARGETS.score &&
        median.seo >= SIGNED_IN_TARGETS.score &&
        median.lcpMs <= SIGNED_IN_TARGETS.lcpMs &&
        median.tbtMs <= SIGNED_IN_TARGETS.tbtMs,
    };
    log(
      `Lighthouse ${version} ${route} (${signedIn ? 'signed in' : 'signed out'}): performance ${figures(median)}` +
        (runs.length > 1 ? `, the median of ${runs.map((r) => r.performance).join(', ')}` : '') +
        `; accessibility ${runs.map((r) => r.accessibility).join(', ')}` +
        `; best practices ${median.bestPractices}, SEO ${median.seo}` +
        `; CPU benchmark index ${runs.map((r) => r.benchmarkIndex).join(', ')}` +
        (signedIn ? (routes[route].meets ? ' — meets every target' : ' — MISSES a target') : ''),
    );
  }
  return { version, routes, reportDir: REPORT_DIR };
}
