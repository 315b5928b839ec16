// Lighthouse through its CLI (one process per version, so that 12 and 11 never share a module
// graph): 12 for mobile performance and accessibility on /login, 11 for the PWA category's
// installability audits (12 removed that category).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_ENV, CHROMIUM_PATH } from '../browser/support/chromium.mjs';
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

function runLighthouse(pkg, url, categories) {
  for (let attempt = 1; ; attempt++) {
    try {
      return runLighthouseOnce(pkg, url, categories);
    } catch (error) {
      const runtime = error instanceof Error && error.message.includes('Runtime error encountered');
      if (!runtime || attempt >= LIGHTHOUSE_ATTEMPTS) throw error;
      console.warn(
        `${pkg}: ${error.message.split('\n')[0]}; trying again (${attempt + 1}/${LIGHTHOUSE_ATTEMPTS})`,
      );
    }
  }
}

function runLighthouseOnce(pkg, url, categories) {
  mkdirSync(REPORT_DIR, { recursive: true });
  const out = path.join(REPORT_DIR, `${pkg}.report.json`);
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', pkg, 'cli/index.js'),
      url,
      `--only-categories=${categories.join(',')}`,
      '--output=json',
      `--output-path=${out}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      '--quiet',
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

export function benchLighthouse(baseUrl, log) {
  const url = `${baseUrl}/login`;
  const lh12 = runLighthouse('lighthouse', url, ['performance', 'accessibility']);
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
  log(
    `Lighthouse ${lh12.lighthouseVersion}: performance ${score(lh12, 'performance')}, accessibility ${score(lh12, 'accessibility')}`,
  );

  const lh11 = runLighthouse('lighthouse11', url, ['pwa']);
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
    performance: score(lh12, 'performance'),
    accessibility: score(lh12, 'accessibility'),
    metrics,
    opportunities,
    failedA11y,
    reportDir: REPORT_DIR,
    pwaAudits,
  };
}
