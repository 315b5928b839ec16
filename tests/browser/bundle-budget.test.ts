// The CI gate on bundle size, read from the build's module graph (the same
// build always gives the same figure): the JavaScript the entry and the /feed screen import to
// render it is at most 170 KB gzip, and none of it is Quill (the editor loads only when an editor
// opens). The figure with the feed list that paints the first post card is printed beside it; what
// a browser really fetches until that card paints is measured by `npm run bench`. Last, what a cold
// signed-in /feed downloads until the network is idle (FEED_IDLE_ROOTS: the first post, then every
// dynamic import the start-up makes whatever the member does), at most FEED_IDLE_BUDGET_BYTES and
// without Dexie; with the device's data the first gesture or a quiet page adds (DEVICE_DATA_ROOTS),
// at most FEED_STARTED_BUDGET_BYTES, with neither typebox nor the features' outbox handlers (they
// load on need).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import {
  DEVICE_DATA_ROOTS,
  FEED_CARDS_ROOTS,
  FEED_IDLE_BUDGET_BYTES,
  FEED_IDLE_ROOTS,
  FEED_IDLE_TARGET_BYTES,
  FEED_STARTED_BUDGET_BYTES,
  FIRST_CONTENT_ROOTS,
  FIRST_POST_BUDGET_BYTES,
  FIRST_POST_ROOTS,
  FIRST_RENDER_BUDGET_BYTES,
  FIRST_RENDER_ROOTS,
  jsFromManifest,
  type GraphJs,
} from './support/first-render-graph.mjs';
import { formatKiB } from './support/first-render-js.mjs';
import { DIST_DIR } from './support/server-process.mjs';

function describeGraph(title: string, graph: GraphJs, budget: number): string {
  return (
    `${title}: ${formatKiB(graph.totalGzip)} gzip (${formatKiB(graph.totalRaw)} raw, ` +
    `${graph.files.length} files; budget ${formatKiB(budget)})\n` +
    `  from: ${graph.roots.map((r) => `${r.label} ${r.file}`).join('; ')}\n` +
    graph.files
      .map((f) => `  ${formatKiB(f.gzip).padStart(9)}  ${f.path}${f.quill ? '  (Quill)' : ''}`)
      .join('\n')
  );
}

test('the first render of /feed imports at most 170 KB of gzipped JavaScript and no Quill', () => {
  const render = jsFromManifest(FIRST_RENDER_ROOTS);
  const content = jsFromManifest(FIRST_CONTENT_ROOTS);
  console.log(describeGraph('First render of /feed (module graph)', render, FIRST_RENDER_BUDGET_BYTES));
  console.log(
    `With the feed list (first post card): ${formatKiB(content.totalGzip)} gzip in ${content.files.length} files ` +
      `(the bench's target for a cold load until the first post paints: ${formatKiB(FIRST_POST_BUDGET_BYTES)})`,
  );
  expect(render.roots).toHaveLength(FIRST_RENDER_ROOTS.length);
  expect(render.files.length).toBeGreaterThan(0);
  // The first content adds to the first render, never less.
  expect(content.files.map((f) => f.path)).toEqual(expect.arrayContaining(render.files.map((f) => f.path)));
  expect(render.quillFiles).toEqual([]);
  expect(content.quillFiles).toEqual([]);
  expect(render.totalGzip).toBeLessThanOrEqual(FIRST_RENDER_BUDGET_BYTES);
});

test('the first post card of /feed, signed in and online, imports at most 185 KB of gzipped JavaScript and no Dexie', () => {
  const render = jsFromManifest(FIRST_RENDER_ROOTS);
  const firstPost = jsFromManifest(FIRST_POST_ROOTS);
  console.log(describeGraph('First post card of /feed (module graph)', firstPost, FIRST_POST_BUDGET_BYTES));
  expect(firstPost.roots).toHaveLength(FIRST_POST_ROOTS.length);
  // The first post adds the list and its cards to the first render.
  expect(firstPost.files.map((f) => f.path)).toEqual(expect.arrayContaining(render.files.map((f) => f.path)));
  expect(firstPost.files.length).toBeGreaterThan(render.files.length);
  expect(firstPost.quillFiles).toEqual([]);
  // Dexie and the data layer load once the first post has painted (docs/SPEC-NOTES.md §4).
  expect(firstPost.dexieFiles).toEqual([]);
  expect(jsFromManifest(FIRST_CONTENT_ROOTS).dexieFiles.length).toBeGreaterThan(0); // the check can fail
  expect(firstPost.totalGzip).toBeLessThanOrEqual(FIRST_POST_BUDGET_BYTES);
});

test("the entry asks for the screen's first data beside React DOM: the early asks' graph holds neither React DOM nor Dexie", () => {
  // src/main.tsx imports src/app/early-asks.ts (dynamically, so that the route hints it adds first
  // never wait for it) beside React DOM: the feed's first page or the garage's cars are asked for
  // before React DOM has been evaluated and the app's step has loaded (docs/SPEC-NOTES.md §4).
  const early = jsFromManifest([{ label: 'the early asks', key: /^src\/app\/early-asks\.ts$/ }]);
  const reactDom = jsFromManifest([{ label: 'React DOM', key: /\/react-dom\/client\.js$/ }]);
  const start = jsFromManifest([{ label: 'the app', key: /^src\/app\/start\.tsx$/ }]);
  const reactDomFile = reactDom.roots[0]?.file;
  expect(reactDomFile).toBeTruthy();
  const files = early.files.map((f) => f.path);
  expect(files.length).toBeGreaterThan(0);
  expect(files).not.toContain(`/${reactDomFile}`);
  expect(files).not.toContain(`/${start.roots[0]?.file}`);
  expect(early.dexieFiles).toEqual([]);
  const manifest = JSON.parse(readFileSync(path.join(DIST_DIR, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { dynamicImports?: string[] }
  >;
  expect(manifest['index.html']?.dynamicImports ?? []).toContain(early.roots[0]?.key);
  // The views they paint before the app are chunks of their own, without React DOM or Dexie either.
  // (Shared chunks: the garage's index re-exports what the app reads of them.)
  for (const key of [
    /^_garage-first-paint-[\w-]+\.js$/,
    /^_car-home-first-paint-[\w-]+\.js$/,
    /^src\/features\/account\/account-first-paint\.ts$/,
  ]) {
    const paint = jsFromManifest([{ label: 'a first paint', key }]);
    expect(paint.roots[0]?.file).toBeTruthy();
    expect(paint.files.map((f) => f.path)).not.toContain(`/${reactDomFile}`);
    expect(paint.dexieFiles).toEqual([]);
  }
});

test('a cold signed-in /feed until the network is idle loads at most 200 KB of gzipped JavaScript and no Dexie', () => {
  const idle = jsFromManifest(FEED_IDLE_ROOTS);
  const firstPost = jsFromManifest(FIRST_POST_ROOTS);
  console.log(
    describeGraph('Cold signed-in /feed until network idle (module graph)', idle, FEED_IDLE_BUDGET_BYTES) +
      `\n  (target ${formatKiB(FEED_IDLE_TARGET_BYTES)}; the bench: node tests/bench/feed-idle-js.mjs)`,
  );
  expect(FEED_IDLE_BUDGET_BYTES).toBe(200 * 1024);
  expect(idle.roots).toHaveLength(FEED_IDLE_ROOTS.length);
  expect(idle.files.map((f) => f.path)).toEqual(expect.arrayContaining(firstPost.files.map((f) => f.path)));
  // The socket's library is in (the checks below can fail): Dexie waits for the device's data.
  expect(idle.files.flatMap((f) => f.modules).some((m) => /socket\.io-client/.test(m))).toBe(true);
  expect(idle.dexieFiles).toEqual([]);
  expect(idle.typeboxFiles).toEqual([]);
  expect(idle.quillFiles).toEqual([]);
  expect(idle.totalGzip).toBeLessThanOrEqual(FEED_IDLE_BUDGET_BYTES);
});

test("a feed whose cards mention cars, carry others' menus and text images stays within 200 KB and loads no Dexie", () => {
  const cards = jsFromManifest([...FEED_IDLE_ROOTS, ...FEED_CARDS_ROOTS]);
  console.log(
    describeGraph(
      "Cold signed-in /feed with the cards' lazy parts (module graph)",
      cards,
      FEED_IDLE_BUDGET_BYTES,
    ),
  );
  expect(cards.roots).toHaveLength(FEED_IDLE_ROOTS.length + FEED_CARDS_ROOTS.length);
  const modules = cards.files.flatMap((f) => f.modules);
  // The cards' parts are in (the checks below can fail): the mention, the menu, the text's images.
  for (const part of [
    /src\/features\/cars\/components\/car-mention\.tsx$/,
    /src\/features\/trust\/trust-menu\.tsx$/,
    /src\/features\/posts\/data\/text-images\.ts$/,
  ])
    expect(modules.some((m) => part.test(m))).toBe(true);
  // Blocking and reporting's writes, and the garage's data layer, load on need.
  expect(modules.filter((m) => /src\/features\/trust\/data\/blocks\.ts$/.test(m))).toEqual([]);
  expect(modules.filter((m) => /src\/features\/garage\/index\.ts$/.test(m))).toEqual([]);
  expect(cards.dexieFiles).toEqual([]);
  expect(cards.typeboxFiles).toEqual([]);
  expect(cards.quillFiles).toEqual([]);
  expect(cards.totalGzip).toBeLessThanOrEqual(FEED_IDLE_BUDGET_BYTES);
});

test('with the device data its first gesture adds, /feed loads at most 250 KB of gzipped JavaScript, no typebox and no outbox handlers', () => {
  const started = jsFromManifest([...FEED_IDLE_ROOTS, ...DEVICE_DATA_ROOTS]);
  console.log(
    describeGraph(
      'Cold signed-in /feed with the device data (module graph)',
      started,
      FEED_STARTED_BUDGET_BYTES,
    ),
  );
  expect(started.roots).toHaveLength(FEED_IDLE_ROOTS.length + DEVICE_DATA_ROOTS.length);
  // The data layer is in (the feed list takes over from the first page): the checks below can fail.
  expect(started.dexieFiles.length).toBeGreaterThan(0);
  const modules = started.files.flatMap((f) => f.modules);
  expect(modules.some((m) => /src\/features\/garage\/data\/reminders-reads\.ts$/.test(m))).toBe(true);
  // Loaded on need, never at start: the handlers of every feature (with the first entry to send),
  // which bring the features' write paths; the garage's forms and hooks (its index); typebox.
  expect(modules.filter((m) => /src\/app\/outbox-handlers\.ts$/.test(m))).toEqual([]);
  expect(modules.filter((m) => /src\/features\/garage\/data\/handlers\.ts$/.test(m))).toEqual([]);
  expect(modules.filter((m) => /src\/features\/garage\/form\//.test(m))).toEqual([]);
  expect(started.typeboxFiles).toEqual([]);
  expect(started.quillFiles).toEqual([]);
  expect(started.totalGzip).toBeLessThanOrEqual(FEED_STARTED_BUDGET_BYTES);
});
