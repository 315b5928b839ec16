// Start-up leaves V8's young generation ("new space") small, so that the idle server is small.
//
// V8 grows the young generation (two semi-spaces, 1 MiB each at first, up to 16 MiB each) when
// much of what it allocates survives a scavenge, and it shrinks it again only in a memory-reducing
// collection, which an idle server never runs. Start-up is exactly that kind of allocation: module
// loading, route schemas and compiled validators all survive. Left alone, it grew the young
// generation to its 32 MiB maximum, almost all of it resident garbage for the life of the process
// (about 25 MB of the idle RSS measured by `npm run bench`; docs/BENCHMARKS.md, "Idle memory
// (issue 19)"). While start-up runs, the semi-spaces keep their first size (growth factor 1);
// once the server listens, V8's own growth is back, so a server under load grows its young
// generation as before and the request paths keep their throughput.
//
// `--semi-space-growth-factor` is read by V8 each time it considers growing, so setting it here
// takes effect; `--max-semi-space-size` is read only when the heap is set up, before any
// JavaScript runs, so a cap cannot be set from inside the process.
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
 * Keeps the young generation at its first size until the returned function is called (once the
 * server listens); a no-op when the operator sized it.
 */
export function holdYoungGeneration(): () => void {
  if (youngGenerationSetByOperator()) return () => {};
  setFlagsFromString('--semi-space-growth-factor=1');
  return () => setFlagsFromString(`--semi-space-growth-factor=${V8_GROWTH_FACTOR}`);
}

/**
 * Held from the moment this module is evaluated: main.ts imports it first, so it runs before the
 * code of every other module of the bundle (route schemas are built when their modules load).
 * main.ts calls it once the server listens.
 */
export const releaseYoungGeneration = holdYoungGeneration();
