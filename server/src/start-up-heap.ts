// Start-up leaves V8's young generation ("new space") small, so that the idle server is small.
//
// V8 grows the young generation (two semi-spaces, 1 MiB each at first, up to 16 MiB each) when
// much of what it allocates survives a scavenge, and it shrinks it again only in a memory-reducing
// collection, which an idle server never runs. Start-up is exactly that kind of allocation: module
// loading, route schemas and compiled validators all survive. Left alone, it grew the young
// generation to its 32 MiB maximum, almost all of it resident garbage for the life of the process
// (about 25 MB of the idle RSS measured by `npm run bench`: docs/BENCHMARKS.md, "Idle resident
// memory"). From start-up on, the semi-spaces keep their first size (growth factor 1) until
// a load needs more (releaseWhenBusy, started by main.ts once the server listens); then V8's own
// growth is back, so a server under load grows its young generation as before and the request
// paths keep their throughput, and an idle or lightly used server stays small.
//
// `--semi-space-growth-factor` is read by V8 each time it considers growing, so setting it here
// takes effect; `--max-semi-space-size` is read only when the heap is set up, before any
// JavaScript runs, so a cap cannot be set from inside the process.
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';

/** V8's default for `--semi-space-growth-factor` (v8/src/flags/flag-definitions.h). */
const V8_GROWTH_FACTOR = 2;

/** An operator who sized the young generation with node flags keeps their choice. */
export function youngGenerationSetByOperator(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string = process.env.NODE_OPTIONS ?? '',
): boolean {
  return [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) =>
    /^--(max|min)[-_]semi[-_]space[-_]size|^--semi[-_]space[-_]growth[-_]factor/.test(arg),
  );
}

/**
 * Keeps the young generation at its first size until the returned function is called; a no-op
 * when the operator sized it.
 */
export function holdYoungGeneration(): () => void {
  if (youngGenerationSetByOperator()) return () => {};
  setFlagsFromString('--semi-space-growth-factor=1');
  return () => setFlagsFromString(`--semi-space-growth-factor=${V8_GROWTH_FACTOR}`);
}

/** Scavenges within one second that mean a load (each one is 1 MiB allocated while held). */
export const BUSY_SCAVENGES_PER_SECOND = 10;

/**
 * Calls `release` once the young generation is busy (BUSY_SCAVENGES_PER_SECOND scavenges within a
 * second: a load, not a few requests), so that a server under load grows it as V8 wants and an
 * idle or lightly used one keeps it small. Watching stops at the release.
 */
export function releaseWhenBusy(release: () => void): void {
  const recent: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind !== constants.NODE_PERFORMANCE_GC_MINOR) continue;
      recent.push(entry.startTime);
      while (recent.length > 0 && (recent[0] ?? 0) < entry.startTime - 1000) recent.shift();
      if (recent.length >= BUSY_SCAVENGES_PER_SECOND) {
        observer.disconnect();
        release();
        return;
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
}

/**
 * Held from the moment this module is evaluated: main.ts imports it first, so it runs before the
 * code of every other module of the bundle (route schemas are built when their modules load).
 * main.ts has it called once a load needs it (releaseWhenBusy).
 */
export const releaseYoungGeneration = holdYoungGeneration();
