// Turns the bench results into rows (metric, budget, figure, verdict, the command that measures it
// again), a console table and docs/BENCHMARKS.md.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { addChatRows } from './chat-bench.mjs';
import { addDossierRows } from './dossier-bench.mjs';
import { addEventLoopRows } from './event-loop-bench.mjs';
import { addMediaRows } from './media-bench.mjs';
import { addImportRows } from './import-bench.mjs';
import { addMessagesRows } from './messages-report.mjs';
import { addFeedRows } from './feed-bench.mjs';
import { addSearchRows } from './search-bench.mjs';
import { addFloorRows } from './floor-bench.mjs';
import { addNotifyRows } from './notify-latency.mjs';
import { addPushRows } from './push-bench.mjs';
import { addGarageRows } from './garage-report.mjs';
import { addCarHomeRows } from './car-home-bench.mjs';
import { addFuelRows } from './fuel-bench.mjs';
import { addFillUpRows } from './fill-up-bench.mjs';
import { addRemindersRows } from './reminders-bench.mjs';
import { addMixedRows, mixedMarkdown } from './mixed-load.mjs';

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
/** A latency autocannon measured: it counts whole milliseconds, so 0 means under one. */
const latency = (value) => (value === 0 ? '< 1 ms' : ms(value));

/**
 * The command that measures a part again on its own (after `npm run build`): the part's script when
 * it runs alone, else `npm run bench` limited to that part by BENCH_PARTS (tests/bench/run.mjs).
 */
const ALONE = {
  server: 'BENCH_PARTS=server npm run bench',
  browser: 'BENCH_PARTS=browser npm run bench',
  lighthouse: 'BENCH_PARTS=lighthouse npm run bench',
  signedIn: 'node tests/bench/signed-in.mjs',
  browserSignedIn: 'BENCH_PARTS=browser,signedIn npm run bench',
  garage: 'BENCH_PARTS=garage npm run bench',
  carHome: 'node tests/bench/car-home-bench.mjs',
  fuel: 'node tests/bench/fuel-bench.mjs',
  fillUp: 'node tests/bench/fill-up-bench.mjs',
  reminders: 'node tests/bench/reminders-bench.mjs',
  messages: 'node tests/bench/messages-bench.mjs',
  import: 'node tests/bench/import-bench.mjs',
  dossier: 'node tests/bench/dossier-bench.mjs',
  eventLoop: 'node tests/bench/event-loop-bench.mjs',
  media: 'node tests/bench/media-bench.mjs',
  feed: 'node tests/bench/feed-bench.mjs',
  search: 'node tests/bench/search-bench.mjs',
  floor: 'node tests/bench/floor-bench.mjs',
  notify: 'node tests/bench/notify-latency.mjs',
  push: 'node tests/bench/push-bench.mjs',
  chat: 'node tests/bench/chat-bench.mjs',
  mixed: 'node tests/bench/mixed-load.mjs sqlite',
};

export function buildRows(r) {
  const rows = [];
  let part = 'server';
  const add = (metric, value, figure, budget, ok) =>
    rows.push({
      metric,
      figure: value === undefined ? `not measured: ${figure}` : figure,
      budget,
      ok: value === undefined ? null : ok,
      parts: part === 'browserSignedIn' ? ['browser', 'signedIn'] : [part],
      command:
        part === 'mixed' && metric.includes('PostgreSQL')
          ? 'node tests/bench/mixed-load.mjs postgres'
          : ALONE[part],
    });
  const from = (name, adder) => {
    part = name;
    adder(r, add);
  };
  const err = (key) => r.errors[key] ?? 'no result';
  const s = r.server;
  add(
    'Server start-up on an existing database (median of 5)',
    s?.startupMs,
    s
      ? `${ms(s.startupMs.median)} (runs: ${s.startupMs.runs.map((v) => v.toFixed(0)).join(', ')})`
      : err('server'),
    '≤ 1 s',
    s?.startupMs.median <= 1000,
  );
  add(
    'Idle resident memory (VmRSS)',
    s?.idleRssMiB,
    s
      ? `${s.idleRssMiB.toFixed(1)} MB (${s.startRssMiB.toFixed(1)} MB before the first request)`
      : err('server'),
    '≤ 120 MB',
    s?.idleRssMiB <= 120,
  );
  add(
    'GET /auth/me throughput (10 connections, 10 s)',
    s?.me,
    s ? `${s.me.reqPerSec.toFixed(0)} req/s (non-2xx ${s.me.non2xx}, errors ${s.me.errors})` : err('server'),
    '≥ 5,000 req/s',
    s?.me.reqPerSec >= 5000 && s?.me.non2xx === 0,
  );
  add('GET /auth/me p99 latency', s?.me, s ? ms(s.me.p99Ms) : err('server'), '≤ 10 ms', s?.me.p99Ms <= 10);
  const h = s?.healthUnderLogins;
  add(
    'GET /health p99 during 10 logins/s (argon2 19 MiB)',
    h,
    h
      ? `${latency(h.p99Ms)} (quiet: ${latency(h.quietP99Ms)}; ${h.logins} logins, median ${ms(h.loginMedianMs)}, failures ${h.loginFailures})`
      : err('server'),
    '≤ 20 ms',
    h?.p99Ms <= 20,
  );
  const logs = s?.carLogsPage;
  add(
    'GET /car-logs/{carId}, a page of 20 among 10,000 (page 250; 10 connections, 10 s)',
    logs,
    logs
      ? `${logs.reqPerSec.toFixed(0)} req/s (non-2xx ${logs.non2xx}, errors ${logs.errors}; a page not read before: ` +
          `median ${ms(logs.coldMedianMs)}, max ${ms(logs.coldMaxMs)})`
      : err('server'),
    '≥ 2,000 req/s',
    logs?.reqPerSec >= 2000 && logs?.non2xx === 0,
  );
  add(
    'GET /car-logs/{carId} p99 latency (same run)',
    logs,
    logs ? ms(logs.p99Ms) : err('server'),
    '≤ 20 ms',
    logs?.p99Ms <= 20,
  );
  // Its budget is read from the module graph signed-in.mjs measures; the browser part adds what loaded.
  part = 'browserSignedIn';
  const js = r.browser?.firstRenderJs;
  // The budget is the first render's module graph (what CI gates); what a browser happened to load
  // before the feed settled (the Dexie list and the deferred socket, since the network-first start)
  // is shown beside it.
  const graph = r.signedIn?.firstPostJs?.graphFirstRenderGzip;
  add(
    'First-render JavaScript of /feed (gzip, module graph)',
    js && graph !== undefined ? graph : undefined,
    js && graph !== undefined
      ? `${kb(graph)} (loaded until the feed settled: ${kb(js.totalGzip)} in ${js.files.length} files${js.quillFiles.length ? ' — Quill loaded!' : ', no Quill'})`
      : err(js ? 'signedIn' : 'browser'),
    '≤ 170 KB',
    graph <= 170 * 1024 && js?.quillFiles.length === 0,
  );
  const lh = r.lighthouse;
  part = 'lighthouse';
  add(
    'Lighthouse 12 mobile performance, /login',
    lh,
    lh ? String(lh.performance) : err('lighthouse'),
    '≥ 95',
    lh?.performance >= 95,
  );
  add(
    'Lighthouse 12 accessibility, /login',
    lh,
    lh
      ? String(lh.accessibility) + (lh.failedA11y.length ? ` (failed: ${lh.failedA11y.join(', ')})` : '')
      : err('lighthouse'),
    '≥ 95',
    lh?.accessibility >= 95,
  );
  const inst = lh?.pwaAudits.filter((a) => a.group === 'pwa-installable');
  add(
    'Lighthouse 11 PWA installability audits',
    lh,
    lh ? inst.map((a) => `${a.id}: ${a.passed ? 'pass' : `FAIL ${a.detail}`}`).join('; ') : err('lighthouse'),
    'all pass',
    inst?.length > 0 && inst.every((a) => a.passed),
  );
  part = 'signedIn';
  const post = r.signedIn?.firstPostJs;
  add(
    "JavaScript until the app's first post card paints, cold load of /feed signed in (gzip)",
    post,
    post
      ? `${kb(post.totalGzip)} in ${post.files.length} files; the first post drawn before the app ${kb(post.drawnGzip)} ` +
          `in ${post.drawnFiles} files (module graph: first render ${kb(post.graphFirstRenderGzip)}, ` +
          `first post from the network ${kb(post.graphFirstPostGzip)}, with the Dexie feed list ${kb(post.graphFirstContentGzip)})`
      : err('signedIn'),
    '≤ 185 KB',
    post?.totalGzip <= 185 * 1024,
  );
  const idle = r.signedIn?.feedIdleJs;
  add(
    'JavaScript until network idle, cold load of /feed signed in, nothing waiting (gzip)',
    idle,
    idle
      ? `${kb(idle.totalGzip)} in ${idle.files.length} files (module graph, the CI gate of ${kb(idle.gate)}: ` +
          `${kb(idle.graphGzip)} in ${idle.graphFiles} files)`
      : err('signedIn'),
    '≤ 200 KB',
    idle?.totalGzip <= 200 * 1024,
  );
  const signedInRoutes = Object.keys(r.signedIn?.lighthouse?.routes ?? { '/feed': null }).filter(
    (route) => route !== '/login',
  );
  for (const route of signedInRoutes) {
    const audit = r.signedIn?.lighthouse?.routes[route];
    add(
      `Lighthouse 12 mobile, ${route} signed in with data: performance, accessibility, best practices, SEO; LCP, TBT`,
      audit,
      audit
        ? `${audit.performance}, ${audit.accessibility}, ${audit.bestPractices}, ${audit.seo}; ` +
            `LCP ${audit.metrics['largest-contentful-paint']}, TBT ${audit.metrics['total-blocking-time']}` +
            (audit.runs?.length > 1
              ? ` (performance the median of ${audit.runs.map((x) => x.performance).join(', ')}`
              : ' (one run') +
            `; /login ${r.signedIn.lighthouse.routes['/login']?.performance ?? '?'} in the same run)` +
            (audit.failedA11y.length ? `; accessibility failed: ${audit.failedA11y.join(', ')}` : '')
        : err('signedIn'),
      '≥ 95 each; LCP ≤ 2.5 s, TBT ≤ 200 ms',
      audit?.meets === true,
    );
  }
  part = 'browser';
  const fcp = r.browser?.offlineFcpMs;
  add(
    'Offline reload of the installed shell to FCP (median of 5)',
    fcp,
    fcp ? `${ms(fcp.median)} (runs: ${fcp.runs.map((v) => v.toFixed(0)).join(', ')})` : err('browser'),
    '≤ 1 s',
    fcp?.median <= 1000,
  );
  const feed = r.browser?.offlineFeedMs;
  add(
    "Offline cold start: the feed's first post card from Dexie (median of 5)",
    feed,
    feed ? `${ms(feed.median)} (runs: ${feed.runs.map((v) => v.toFixed(0)).join(', ')})` : err('browser'),
    '≤ 1 s',
    feed?.median <= 1000,
  );
  from('garage', addGarageRows);
  from('carHome', addCarHomeRows);
  from('fillUp', addFillUpRows);
  from('fuel', addFuelRows);
  from('reminders', addRemindersRows);
  from('messages', addMessagesRows);
  from('import', addImportRows);
  from('dossier', addDossierRows);
  from('eventLoop', addEventLoopRows);
  from('media', addMediaRows);
  from('feed', addFeedRows);
  from('search', addSearchRows);
  from('floor', addFloorRows);
  from('notify', addNotifyRows);
  from('push', addPushRows);
  from('chat', addChatRows);
  from('mixed', addMixedRows);
  return rows;
}

const verdict = (ok) => (ok === null ? 'n/a' : ok ? 'ok' : 'MISSED');

export function printTable(rows) {
  const w = [Math.max(...rows.map((r) => r.metric.length)), Math.max(...rows.map((r) => r.budget.length))];
  for (const row of rows)
    console.log(
      `${row.metric.padEnd(w[0])}  ${row.budget.padEnd(w[1])}  ${verdict(row.ok).padEnd(6)}  ${row.figure}`,
    );
}

export function load(r) {
  const fmt = (l) => l.map((v) => v.toFixed(2)).join(' / ');
  return `load average (1/5/15 min) at start ${fmt(r.loadStart)}, at end ${fmt(r.loadEnd)}`;
}

/** Another job on the machine makes every CPU-bound figure read high. */
export const busy = (r) => Math.max(r.loadStart[0], r.loadEnd[0]) > cpus().length / 2;

export function machine() {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  let chromium = 'unknown';
  try {
    chromium = execSync('/usr/bin/chromium --version 2>/dev/null', { encoding: 'utf8' }).trim();
  } catch {
    // reported as unknown
  }
  return `${cpus().length} CPUs (nproc; ${cpu}), ${(totalmem() / 1024 ** 3).toFixed(1)} GiB memory, Node ${process.version}, ${chromium}`;
}

const cell = (text) => text.replace(/\|/g, '\\|');

export function markdown(rows, r, when) {
  const js = r.browser?.firstRenderJs;
  const date = when.slice(0, 10);
  const lines = [
    '# Benchmarks',
    '',
    'Each budget, its latest figure, the day it was measured and the command that measures it again',
    '(after `npm run build`). `npm run bench` (tests/bench/run.mjs) runs every part and rewrites this',
    'file; `BENCH_PARTS=<part>,… npm run bench` runs some parts and only prints them. The history of',
    'the figures, and what moved them, is in git.',
    '',
    `Measured ${when} on ${machine()}; ${load(r)}${busy(r) ? ' — the machine was busy with other work, so CPU-bound figures read high' : ''}.`,
    '',
    'The bench measures and does not assert; the CI gate on bundle size is',
    "`tests/browser/bundle-budget.test.ts`, which reads the build's module graph (no timing).",
    '',
    '| Metric | Budget | Figure | Verdict | Measured | Command |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${cell(row.metric)} | ${cell(row.budget)} | ${cell(row.figure)} | ${verdict(row.ok)} | ${date} | \`${row.command}\` |`,
    ),
    '',
  ];
  if (js) {
    lines.push(
      '## First-render JavaScript of /feed, per file',
      '',
      '| File | gzip | raw |',
      '| --- | --- | --- |',
    );
    for (const f of js.files)
      lines.push(`| \`${f.path}\`${f.quill ? ' (Quill)' : ''} | ${kb(f.gzip)} | ${kb(f.raw)} |`);
    lines.push('');
  }
  if (r.lighthouse) {
    const lh = r.lighthouse;
    lines.push(
      `## Lighthouse`,
      '',
      `Lighthouse ${lh.lh12Version} (mobile, simulated throttling) on /login: ${Object.entries(lh.metrics)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}.`,
      '',
    );
    if (lh.opportunities.length) {
      lines.push('Performance audits with estimated savings (biggest first):', '');
      for (const o of lh.opportunities) {
        lines.push(`- \`${o.id}\`: ${o.displayValue || 'no figure'} (up to ${o.savingsMs} ms on a metric)`);
      }
      lines.push('');
    }
    lines.push(`Lighthouse ${lh.lh11Version} PWA category (automatic audits):`, '');
    for (const a of lh.pwaAudits)
      lines.push(`- \`${a.id}\` (${a.group || 'no group'}): ${a.passed ? 'pass' : `fail — ${a.detail}`}`);
    lines.push('');
  }
  const mixed = mixedMarkdown(r);
  if (mixed) lines.push(mixed);
  const errors = Object.entries(r.errors);
  if (errors.length)
    lines.push('## Parts that did not run', '', ...errors.map(([k, v]) => `- ${k}: ${v}`), '');
  lines.push(readFileSync(path.join(import.meta.dirname, 'reproduce.md'), 'utf8').trimEnd());
  return lines.join('\n') + '\n';
}
