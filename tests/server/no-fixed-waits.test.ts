// The suite passes on a loaded 2-core machine: no test waits for a fixed time, browser tests wait
// for states, not clocks (docs/SECURITY-CHECKS.md, "Tests that wait for states"). This scan keeps
// fixed waits from coming back: `waitForTimeout(` anywhere, and a setTimeout-promise sleep of 50 ms
// or more (written out, through a sleep helper, or through a constant) outside the allow-list below.
// Shorter sleeps (2-25 ms) only separate timestamps or pace a poll and may stay.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SELF = 'tests/server/no-fixed-waits.test.ts';
const MIN_MS = 50;

/** Benchmarks run for a set duration on purpose (they measure); they are not tests. */
const SKIPPED_DIRS = ['tests/bench'];

/**
 * Polling intervals inside wait-for-state loops: each waits for a condition and re-checks (or
 * re-sends) at this pace, bounded by a generous limit. `file` and a snippet of the line, and why.
 */
const ALLOWED: { file: string; line: string; why: string }[] = [
  {
    file: 'tests/server/scale-out.test.ts',
    line: 'setTimeout(r, 250)',
    why: 're-sends until one message crosses the Redis adapter, whose subscriptions settle asynchronously',
  },
  {
    file: 'tests/server/faults-redis-postgres.test.ts',
    line: 'await sleep(500);',
    why: 're-sends until a notification crosses nodes again after Redis restarts',
  },
  {
    file: 'tests/server/faults-idempotency-node.test.ts',
    line: 'await sleep(100);',
    why: 'retries until another node answers, polls until PostgreSQL drops the killed node',
  },
  {
    file: 'tests/server/redis.test.ts',
    line: 'setTimeout(r, 50)',
    why: 're-notifies until the subscriber on the other node hears one',
  },
  {
    file: 'tests/server/socket-session-end.test.ts',
    line: 'setTimeout(r, 50)',
    why: 'polls the mail folder for the reset mail',
  },
  {
    file: 'tests/server/cluster-fixtures.ts',
    line: 'await sleep(50);',
    why: 'polls a started node until it serves its health URL',
  },
  {
    file: 'tests/server/platform-start-up-heap.test.ts',
    line: 'await tick();',
    why: "a child script's rounds of idle and busy event-loop ticks, the behaviour under test; nothing waits on it",
  },
  {
    file: 'tests/browser/fault-sigkill-replay.test.ts',
    line: 'await sleep(500);',
    why: "polls the device's outbox until it is empty after the restart",
  },
  {
    file: 'tests/browser/support/mailbox.ts',
    line: 'setTimeout(r, 100)',
    why: 'polls the mail folder for a mail',
  },
];

function filesUnder(dir: string, keep: (rel: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !SKIPPED_DIRS.includes(rel)) out.push(...filesUnder(rel, keep));
    } else if (keep(rel)) out.push(rel);
  }
  return out;
}

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const scanned = [
  ...filesUnder('tests', (rel) => SOURCE.test(rel)),
  ...filesUnder('src', (rel) => /\.test\.(ts|tsx)$/.test(rel)),
].filter((rel) => rel !== SELF);

const number = (text: string) => Number(text.replace(/_/g, ''));

/** A file's numeric constants (`const PAUSE_MS = 250`), to read `sleep(PAUSE_MS)`. */
function constantsOf(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const m of text.matchAll(/\bconst\s+([A-Za-z_$][\w$]*)\s*=\s*([\d_]+)\s*;/g))
    found.set(m[1]!, number(m[2]!));
  return found;
}

/** The sleep helpers a file defines (`const pause = (ms = 250) => new Promise(... setTimeout(r, ms))`). */
function sleepHelpersOf(text: string): Map<string, number | null> {
  const found = new Map<string, number | null>([
    ['sleep', null],
    ['delay', null],
  ]);
  const helper =
    /\b(?:const|let)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?\(([^)]*)\)[^=]*=>\s*new Promise[^;\n]*setTimeout\(\s*\w+\s*,\s*([\w$]+)\s*\)/g;
  for (const m of text.matchAll(helper)) {
    const byDefault = /=\s*([\d_]+)/.exec(m[2]!);
    const fixed = /^[\d_]+$/.test(m[3]!) ? number(m[3]!) : null;
    found.set(m[1]!, fixed ?? (byDefault ? number(byDefault[1]!) : null));
  }
  return found;
}

/** The fixed waits of one file: `path:line: text`. */
export function fixedWaitsIn(rel: string, text: string): string[] {
  const constants = constantsOf(text);
  const helpers = sleepHelpersOf(text);
  const ms = (arg: string | undefined): number | null => {
    if (arg === undefined) return null;
    if (/^[\d_]+$/.test(arg)) return number(arg);
    return constants.get(arg) ?? null;
  };
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    const hits: boolean[] = [];
    if (/\bwaitForTimeout\(/.test(code)) hits.push(true);
    // A promise resolved by a timer: `new Promise((r) => setTimeout(r, 500))`, the wait itself
    // (a sleep helper's definition is not: its calls are what wait).
    const definesHelper = /\b(?:const|let)\s+[\w$]+\s*=\s*(?:async\s*)?\([^)]*\)[^=]*=>\s*new Promise/.test(
      code,
    );
    if (!definesHelper)
      for (const m of code.matchAll(/new Promise[^;]*?setTimeout\(\s*\w+\s*,\s*([\w$]+)\s*\)/g)) {
        const value = ms(m[1]);
        if (value !== null && value >= MIN_MS) hits.push(true);
      }
    // A sleep helper called with a long wait, or with none and a long default.
    for (const [name, byDefault] of helpers) {
      for (const m of code.matchAll(
        new RegExp(`(?<![\\w$.])${name.replace('$', '\\$')}\\(\\s*([\\w$]*)\\s*\\)`, 'g'),
      )) {
        if (/\b(?:const|let|function)\s+$/.test(code.slice(0, m.index))) continue; // its definition
        const value = m[1] ? ms(m[1]) : byDefault;
        if (value !== null && value >= MIN_MS) hits.push(true);
      }
    }
    if (hits.length > 0) found.push(`${rel}:${i + 1}: ${line.trim()}`);
  });
  return found;
}

const allowed = (hit: string) => ALLOWED.some((a) => hit.startsWith(`${a.file}:`) && hit.includes(a.line));

describe('no test waits for a fixed time', () => {
  const hits = scanned.flatMap((rel) => fixedWaitsIn(rel, readFileSync(path.join(ROOT, rel), 'utf8')));

  it('scans the tests: the server, browser and unit suites and their helpers', () => {
    for (const dir of ['tests/server/', 'tests/browser/', 'src/'])
      expect(
        scanned.some((rel) => rel.startsWith(dir)),
        dir,
      ).toBe(true);
    expect(scanned).toContain('tests/browser/password-reset.test.ts');
  });

  it('finds none outside the allow-listed polling loops', () => {
    expect(hits.filter((hit) => !allowed(hit))).toEqual([]);
  });

  it('every allow-listed loop is still there (the list stays true)', () => {
    for (const a of ALLOWED)
      expect(
        hits.some((hit) => hit.startsWith(`${a.file}:`) && hit.includes(a.line)),
        a.file,
      ).toBe(true);
  });

  it('catches each kind of fixed wait, and not the short or polling ones', () => {
    const sample = [
      'await page.waitForTimeout(500);',
      'await new Promise((r) => setTimeout(r, 100));',
      'await act(async () => new Promise((resolve) => setTimeout(resolve, 1_000)));',
      'const settle = (ms = 250) => new Promise((r) => setTimeout(r, ms));',
      'await settle();',
      'await sleep(200);',
      'const PAUSE_MS = 300;',
      'await sleep(PAUSE_MS);',
      'await new Promise((r) => setTimeout(r, 5));',
      'await settle(10);',
      'const timer = setTimeout(() => proc.kill(), 15_000);',
    ].join('\n');
    expect(fixedWaitsIn('x.ts', sample).map((hit) => Number(hit.split(':')[1]))).toEqual([1, 2, 3, 5, 6, 8]);
  });
});
