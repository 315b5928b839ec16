// The first-render JavaScript of /feed read from the build's module graph (Vite's
// dist/.vite/manifest.json), not from whatever a browser happened to fetch before a moment: the
// chunks that the entry, the steps src/main.tsx loads and the /feed route's components import
// statically (the first render), and with them the feed list that paints the first post card (the
// first content), each file gzipped with zlib defaults. The same build always gives the same
// figures, so they can gate CI (bundle-budget.test.ts); `npm run bench` prints them beside the
// figure measured in a browser.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST_DIR } from './server-process.mjs';

/** The CI gate on the first render (tests/browser/bundle-budget.test.ts). */
export const FIRST_RENDER_BUDGET_BYTES = 170 * 1024;
/**
 * The budget (docs/BENCHMARKS.md) for everything fetched until the first post card paints: measured by the
 * bench, and gated in CI on the module graph of FIRST_POST_ROOTS.
 */
export const FIRST_POST_BUDGET_BYTES = 185 * 1024;

/**
 * What a signed-in member's cold load of /feed runs to render the screen: the entry, the two
 * steps of src/main.tsx (React DOM, then the app) and the route components on the way to
 * /feed. Each is matched against the manifest's keys (module ids, the route components split
 * by TanStack Router).
 */
export const FIRST_RENDER_ROOTS = [
  { label: 'the entry (index.html)', key: /^index\.html$/ },
  { label: 'React DOM (main.tsx, step 1)', key: /\/react-dom\/client\.js$/ },
  { label: 'the app (main.tsx, step 2)', key: /^src\/app\/start\.tsx$/ },
  { label: 'the signed-in layout', key: /^src\/routes\/_authenticated\.tsx\?tsr-split=component$/ },
  { label: 'the /feed screen', key: /^src\/routes\/_authenticated\/feed\.tsx\?tsr-split=component$/ },
];
/**
 * A signed-in member online: the first post card paints from the network's first page (asked for
 * by the start-up) through the list of src/features/posts/feed-first-list.tsx, before Dexie and the
 * data layer load (docs/SPEC-NOTES.md §4). This graph is the first post's JavaScript.
 */
export const FIRST_POST_ROOTS = [
  ...FIRST_RENDER_ROOTS,
  { label: 'the first page list (first post card)', key: /^src\/features\/posts\/feed-first-list\.tsx$/ },
];
/** …and offline (or a slow network): the feed list reading Dexie, which paints the first post card. */
export const FIRST_CONTENT_ROOTS = [
  ...FIRST_RENDER_ROOTS,
  { label: 'the feed list (first post card)', key: /^src\/features\/posts\/feed-body\.tsx$/ },
];

/**
 * The CI gate on what a cold signed-in /feed downloads until the network is idle, read from the
 * build (bundle-budget.test.ts): the static-import closure of FEED_IDLE_ROOTS. What a browser really
 * fetches until idle is measured by tests/bench/feed-idle-js.mjs (docs/BENCHMARKS.md).
 */
export const FEED_IDLE_BUDGET_BYTES = 200 * 1024;
/** The target of docs/BENCHMARKS.md for the same figure: the gate holds it. */
export const FEED_IDLE_TARGET_BYTES = 200 * 1024;

/**
 * A signed-in member's cold load of /feed until the network is idle, with nothing waiting in the
 * outbox and no gesture yet: the first post (FIRST_POST_ROOTS), then every dynamic import that the
 * start-up makes whatever the member does, each with its static imports:
 *   - the socket's library, once the first post has painted (src/lib/realtime/socket.ts);
 *   - the service worker's registration after the load and an idle moment (register-sw.ts).
 * Not in it: the device's data (DEVICE_DATA_ROOTS), which waits for the member's first gesture or a
 * quiet page (src/lib/offline/shell-settled.ts); what loads on need (the outbox handlers of every
 * feature, with the first entry to send; screens; dialogs; the photo viewer; the login screen, whose
 * hints a member with a stored session leaves out, src/app/route-hints.ts). A root given by `module`
 * is the chunk that holds that module (from the chunks' source maps): imports that Rollup folds into
 * shared chunks have no manifest key of their own.
 */
export const FEED_IDLE_ROOTS = [
  ...FIRST_POST_ROOTS,
  { label: "the socket's library", key: /\/socket\.io-client\/build\/esm\/index\.js$/ },
  {
    label: "the service worker's registration",
    key: /\/workbox-window\/build\/workbox-window\.prod\.es5\.mjs$/,
  },
];

/**
 * What the post cards of a feed with others' posts, car mentions and images in the text load
 * lazily in the same first paint (src/features/posts/post-card.tsx): a post's car mention (the cars'
 * index; it asks the server for the car's name until the device's data starts), the "…" menu on
 * others' posts (the trust index; blocking's outbox write loads on need) and the loader of the text's
 * images. The photos themselves are read from the device's cache with IndexedDB itself
 * (src/lib/offline/media.ts): no root here, none of them loads Dexie.
 */
export const FEED_CARDS_ROOTS = [
  { label: "a post's car mention", key: /^src\/features\/cars\/index\.ts$/ },
  // The trust index only re-exports: the chunk of its menu is the one the card loads.
  { label: "the menu on others' posts", module: /src\/features\/trust\/trust-menu\.tsx$/ },
  { label: "the images in a post's text", module: /src\/features\/posts\/data\/text-images\.ts$/ },
];

/**
 * The device's data, started at the member's first gesture, a lost connection, a hidden page, a
 * quiet page or at once when writes wait (src/lib/offline/shell-settled.ts): Dexie and what reads it
 * on /feed.
 */
export const DEVICE_DATA_ROOTS = [
  { label: 'the feed list on the data layer', key: /^src\/features\/posts\/feed-body\.tsx$/ },
  { label: 'the signed-in offline engine', key: /^src\/app\/sync-session\.ts$/ },
  { label: 'the unread messages badge', module: /src\/features\/messages\/data\/unread-source\.ts$/ },
  { label: 'the unread chat rooms badge', module: /src\/features\/chat\/data\/unread-source\.ts$/ },
  { label: "the bell's overlay", module: /src\/features\/notifications\/data\/writes\.ts$/ },
  { label: 'the due reminders badge (count)', module: /src\/features\/garage\/data\/reminders-reads\.ts$/ },
  { label: 'the due reminders badge (sync)', module: /src\/features\/garage\/data\/reminders-sync\.ts$/ },
];

/** Both together: a /feed used for a moment (the figure gated before the device's data waited). */
export const FEED_STARTED_BUDGET_BYTES = 250 * 1024;

/** The sources a built chunk's source map names ([] without a map). */
export function chunkSources(file) {
  const map = `${file}.map`;
  if (!existsSync(map)) return [];
  try {
    return JSON.parse(readFileSync(map, 'utf8')).sources ?? [];
  } catch {
    return [];
  }
}

/** typebox's runtime, by its source map (the client validates nothing with it at start-up). */
export function containsTypebox(file) {
  return chunkSources(file).some((s) => /node_modules\/typebox\//.test(s));
}

/** Dexie, by its source map (the first post's graph must not hold it). */
export function containsDexie(file) {
  const map = `${file}.map`;
  if (!existsSync(map)) return false;
  try {
    return (JSON.parse(readFileSync(map, 'utf8')).sources ?? []).some((s) => /node_modules\/dexie\//.test(s));
  } catch {
    return false;
  }
}

/** Quill's logger namespaces survive minification; the source map names the package outright. */
const QUILL_SIGNATURE = /quill:(?:events|selection|keyboard|toolbar|clipboard)/;

export function containsQuill(file, source) {
  const map = `${file}.map`;
  if (existsSync(map)) {
    try {
      const sources = JSON.parse(readFileSync(map, 'utf8')).sources ?? [];
      if (sources.some((s) => /node_modules\/quill\//.test(s))) return true;
    } catch {
      // fall through to the text signature
    }
  }
  return QUILL_SIGNATURE.test(source);
}

/**
 * Reads `${distDir}/.vite/manifest.json` and returns { roots, files, totalGzip, totalRaw,
 * quillFiles }: every JS file in the static-import closure of `rootSpecs` (FIRST_RENDER_ROOTS by
 * default), biggest first.
 */
export function jsFromManifest(rootSpecs = FIRST_RENDER_ROOTS, distDir = DIST_DIR) {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile))
    throw new Error(`${manifestFile} is missing: run npm run build (vite.config.ts sets build.manifest)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const keys = Object.keys(manifest);
  const roots = rootSpecs.map(({ label, key, module }) => {
    const found = key
      ? keys.filter((k) => key.test(k))
      : keys.filter(
          (k) =>
            manifest[k].file.endsWith('.js') &&
            chunkSources(path.join(distDir, manifest[k].file)).some((s) => module.test(s)),
        );
    if (found.length !== 1)
      throw new Error(`${label}: ${found.length} manifest entries match ${key ?? module} (expected 1)`);
    return { label, key: found[0], file: manifest[found[0]].file };
  });
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported); // static imports only
  };
  for (const root of roots) visit(root.key);
  const files = [...seen]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const full = path.join(distDir, file);
      const bytes = readFileSync(full);
      return {
        path: `/${file}`,
        raw: bytes.length,
        gzip: gzipSync(bytes).length,
        quill: containsQuill(full, bytes.toString('utf8')),
        dexie: containsDexie(full),
        typebox: containsTypebox(full),
        modules: chunkSources(full),
      };
    })
    .sort((a, b) => b.gzip - a.gzip);
  return {
    roots,
    files,
    totalGzip: files.reduce((sum, f) => sum + f.gzip, 0),
    totalRaw: files.reduce((sum, f) => sum + f.raw, 0),
    quillFiles: files.filter((f) => f.quill).map((f) => f.path),
    dexieFiles: files.filter((f) => f.dexie).map((f) => f.path),
    typeboxFiles: files.filter((f) => f.typebox).map((f) => f.path),
  };
}
