// Bundles the API (server/src/main.ts and what it imports, src/contract included) into
// server/dist/main.js. npm packages stay external (they load from node_modules as installed),
// except BUNDLED ones: pure-ESM packages of hundreds of small files, whose module resolution and
// loading cost about a fifth of the start-up time when loaded file by file.
// server/src/start-up-heap.ts is built apart, into server/dist/start-up-heap.js beside main.js:
// main.js imports it as a file of its own, first, because a bundle's imports of packages are
// evaluated before any of the bundle's own code, and it must run before those packages load.
// The worker threads' script (server/src/workers/worker-entry.ts: import reading, dossiers) is built
// into server/dist/workers/paddock-worker.js beside main.js, where worker-pool.ts looks for it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { migrationsGlob } from './esbuild-migrations.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_OUT = path.join(root, 'server/dist/main.js');
/** Only packages that nothing external imports too: one copy of each stays in the process. */
const BUNDLED = new Set(['typebox', 'kysely']);

/** The package name of a bare import specifier ("@scope/name/sub" → "@scope/name"). */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const START_UP_HEAP = path.join(root, 'server/src/start-up-heap.ts');
const WORKER_ENTRY = path.join(root, 'server/src/workers/worker-entry.ts');
/** The worker script of a bundle at `outfile`. */
export const workerOut = (outfile = SERVER_OUT) =>
  path.join(path.dirname(outfile), 'workers/paddock-worker.js');
const START_UP_HEAP_OUT = 'start-up-heap.js';

const startUpHeapApart = {
  name: 'start-up-heap-apart',
  setup(b) {
    b.onResolve({ filter: /\/start-up-heap$/ }, (args) =>
      path.resolve(args.resolveDir, args.path) === START_UP_HEAP.replace(/\.ts$/, '')
        ? { path: `./${START_UP_HEAP_OUT}`, external: true }
        : undefined,
    );
  },
};

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    // Bare specifiers (not ./, ../ or absolute) are npm packages or node: built-ins.
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      BUNDLED.has(packageOf(args.path)) ? undefined : { path: args.path, external: true },
    );
  },
};

/** `outfile`: another place under the project (tests build their own, beside node_modules). */
export async function buildServer(outfile = SERVER_OUT) {
  const started = performance.now();
  const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', sourcemap: true };
  await build({
    ...common,
    entryPoints: [START_UP_HEAP],
    outfile: path.join(path.dirname(outfile), START_UP_HEAP_OUT),
    logLevel: 'warning',
  });
  await build({
    ...common,
    entryPoints: [WORKER_ENTRY],
    outfile: workerOut(outfile),
    plugins: [migrationsGlob, externalPackages],
    logLevel: 'warning',
  });
  await build({
    ...common,
    entryPoints: [path.join(root, 'server/src/main.ts')],
    outfile,
    plugins: [migrationsGlob, startUpHeapApart, externalPackages],
    logLevel: 'warning',
  });
  return Math.round(performance.now() - started);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ms = await buildServer();
  console.log(`server bundle: ${path.relative(root, SERVER_OUT)} (${ms} ms)`);
}
