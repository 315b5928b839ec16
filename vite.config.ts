/// <reference types="vitest/config" />
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { layoutsOfFile, routePathOfFile } from './src/app/route-patterns.js';

// The web app manifest (written as manifest.webmanifest), in French like its `lang`. Icons come
// from server/scripts/make-icons.mjs.
const pwaManifest: Partial<ManifestOptions> = {
  name: 'Paddock',
  short_name: 'Paddock',
  description:
    'Le repaire des passionnés d’automobile : vos voitures, leur carnet d’entretien, vos amis et leurs publications.',
  lang: 'fr-FR',
  start_url: '/feed',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: '#c8102e',
  background_color: '#f5f4f2',
  categories: ['social', 'lifestyle'],
  // A photo (or a text, a link) shared from the phone's gallery or another app: the service worker
  // answers this POST offline and opens /share, a new post or a log of one of my cars (sw/sw.ts);
  // the action and the files' name are SHARE_TARGET's of sw/sw-rules.ts (sw-rules.test.ts checks).
  share_target: {
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: {
      title: 'title',
      text: 'text',
      url: 'url',
      files: [{ name: 'photos', accept: ['image/*'] }],
    },
  },
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  // Renders of the real app in French (the manifest's language), the feed and the garage, made by
  // tests/tools/make-screenshots.mjs after a build.
  screenshots: [
    {
      src: '/screenshots/feed-narrow.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow',
      label: "Le fil d'actualité : les publications de vos amis et les vôtres",
    },
    {
      src: '/screenshots/garage-narrow.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow',
      label: "Le garage : le carnet d'entretien de votre voiture",
    },
    {
      src: '/screenshots/feed-wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: "Le fil d'actualité sur un ordinateur",
    },
    {
      src: '/screenshots/garage-wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Les statistiques d’une voiture : coûts par mois et par type',
    },
  ],
};

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/**
 * The server suites that need PostgreSQL, Redis or nginx: `npm run test:services` runs them (the
 * "services" project), so that `npm test` passes on a machine with Node alone.
 */
const SERVICE_SUITES = [
  'tests/server/redis.test.ts',
  'tests/server/scale-out.test.ts',
  'tests/server/faults-redis-postgres.test.ts',
  'tests/server/sqlite-to-postgres.test.ts',
];

/**
 * The first visit lands on /login (a signed-out member). Without help, its content waits for three
 * hops in a row: the entry, then the catalog (fetched by initI18n), then the lazy login chunk.
 * These hints start the default locale's catalog, the app's steps and the login screen's chunks
 * with the entry. They are kept inert in <template id="paddock-app-hints">: the entry adds them at
 * once, or, on a signed-in cold start of the feed, once the first posts have painted
 * (src/app/route-hints.ts); login.html (server/scripts/prerender.mjs) adds them after its paint.
 */
function preloadFirstScreen(): Plugin {
  return {
    name: 'paddock-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const tags: HtmlTagDescriptor[] = [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'fetch', href: '/assets/i18n/fr-FR.json', crossorigin: 'anonymous' },
          },
        ];
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const login = chunks.find((c) => /\/src\/routes\/login\.tsx/.test(c.facadeModuleId ?? ''));
        const files = login ? [login.fileName, ...login.imports] : [];
        // src/main.tsx loads the app in steps (dynamic imports): fetch those chunks with the entry.
        const steps = chunks.filter((c) =>
          /\/src\/app\/start\.tsx$|\/react-dom\/client\.js$/.test(c.facadeModuleId ?? ''),
        );
        const stepFiles = new Set(steps.flatMap((c) => [c.fileName, ...c.imports]));
        files.unshift(...stepFiles);
        for (const file of [...new Set(files)].filter((f) => !html.includes(`/${f}"`))) {
          // The login screen's own files are marked: a signed-in member's start leaves them out
          // (src/app/route-hints.ts), the screen loads if the session is refused.
          const login = stepFiles.has(file) ? {} : { 'data-hint': 'login' };
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}`, ...login },
          });
        }
        return [{ tag: 'template', attrs: { id: 'paddock-app-hints' }, children: tags, injectTo: 'head' }];
      },
    },
  };
}

/** The signed-in routes' files (src/routes/_authenticated/), each an address of route-patterns.ts. */
const SIGNED_IN_ROUTES_DIR = fileURLToPath(new URL('./src/routes/_authenticated', import.meta.url));

/** A route file's component chunk, as the router's plugin splits it. */
const componentChunk = (stem: string) =>
  new RegExp(`/src/routes/_authenticated/${stem.replace(/[.$]/g, '\\$&')}\\.tsx\\?tsr-split=component$`);

/**
 * Beyond a route's component and its layouts': the lazy modules a screen's first content needs
 * (the feed's first list).
 */
const FIRST_CONTENT_EXTRAS: Record<string, RegExp[]> = {
  '/feed': [/\/src\/features\/posts\/feed-first-list\.tsx$/],
};

/** The screens painted before the app (src/app/route-hints.ts): the build fails without their hints. */
const PAINTED_FIRST_ROUTES = ['/feed', '/my-cars', '/car/$id', '/account'];

/**
 * Every signed-in screen's chunk roots: the signed-in shell's component, the components of the
 * layouts around the route (a car's home around its sections) and its own; a route without a
 * component of its own (a redirect) has no hints.
 */
function signedInRouteRoots(stems: string[]): Record<string, RegExp[]> {
  const roots: Record<string, RegExp[]> = {};
  for (const stem of stems) {
    // A layout with an index route (car.$id, car.$id.index) shares its address: the index names it.
    if (stems.includes(`${stem}.index`)) continue;
    const route = routePathOfFile(stem);
    roots[route] = [
      /\/src\/routes\/_authenticated\.tsx\?tsr-split=component$/,
      ...layoutsOfFile(stem, stems).map(componentChunk),
      componentChunk(stem),
      ...(FIRST_CONTENT_EXTRAS[route] ?? []),
    ];
  }
  return roots;
}

/**
 * A signed-in cold start otherwise finds its route's chunks only once the app has been evaluated
 * and the router has resolved the route (two more round trips before the first content).
 * index.html cannot know whether a session is stored, so it carries, as inert JSON, each signed-in
 * route's chunks (their static imports) and style sheets, the files named once in a table and the
 * routes by their places in it; src/app/route-hints.ts asks for them from the entry when a session
 * is stored (docs/SPEC-NOTES.md §4).
 */
function signedInRouteHints(): Plugin {
  return {
    name: 'paddock-signed-in-route-hints',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (roots: string[]) => {
          const seen = new Set<string>();
          const visit = (file: string) => {
            if (seen.has(file)) return;
            seen.add(file);
            for (const next of byFile.get(file)?.imports ?? []) visit(next);
          };
          roots.forEach(visit);
          return seen;
        };
        const cssOf = (files: Iterable<string>) =>
          new Set([...files].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]));
        // The entry and its two steps (src/main.tsx) are fetched on every start already.
        const early = closure(
          chunks
            .filter(
              (c) =>
                c.isEntry || /\/src\/app\/start\.tsx$|\/react-dom\/client\.js$/.test(c.facadeModuleId ?? ''),
            )
            .map((c) => c.fileName),
        );
        const earlyCss = cssOf(early);
        const stems = readdirSync(SIGNED_IN_ROUTES_DIR)
          .filter((f) => f.endsWith('.tsx'))
          .map((f) => f.slice(0, -'.tsx'.length))
          .sort();
        const files: string[] = [];
        const place = new Map<string, number>();
        const placeOf = (file: string) => {
          if (!place.has(file)) place.set(file, files.push(file) - 1);
          return place.get(file)!;
        };
        const routes: Record<string, { js: number[]; css: number[] }> = {};
        for (const [route, roots] of Object.entries(signedInRouteRoots(stems))) {
          const found = roots.map((root) => chunks.find((c) => root.test(c.facadeModuleId ?? '')));
          if (found.some((chunk) => !chunk)) {
            if (PAINTED_FIRST_ROUTES.includes(route))
              throw new Error(`signed-in route hints: a chunk of ${route} is missing`);
            continue; // a redirect: nothing to paint
          }
          const closed = closure(found.map((chunk) => chunk!.fileName));
          routes[route] = {
            js: [...closed].filter((f) => !early.has(f)).map((f) => placeOf(`/${f}`)),
            // With the app's steps' own style sheets: the feed's first posts paint before those steps
            // load (src/features/posts/feed-first-paint.ts), and must not move or grow when they do.
            css: [...new Set([...earlyCss, ...cssOf(closed)])]
              .filter((f) => !html.includes(`/${f}"`))
              .map((f) => placeOf(`/${f}`)),
          };
        }
        const hints = { files, routes };
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'paddock-route-hints' },
            children: JSON.stringify(hints),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * The first visit lands on /login: server/scripts/prerender.mjs renders that screen into login.html
 * (served for GET /login) so it paints before the JavaScript runs. At writeBundle, because the
 * service worker's precache manifest is written at closeBundle and must list login.html.
 */
function prerenderLogin(): Plugin {
  let skip = false;
  let outDir = '';
  return {
    name: 'paddock-prerender-login',
    apply: 'build',
    configResolved(config) {
      skip = Boolean(config.build.ssr); // the prerender's own server build
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      if (skip) return;
      // The login chunk's own CSS (auth-shell…): login.html must link it, its markup needs it.
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const login = chunks.find((c) => /\/src\/routes\/login\.tsx/.test(c.facadeModuleId ?? ''));
      const files = new Set(login ? [login.fileName, ...login.imports] : []);
      const css = chunks
        .filter((c) => files.has(c.fileName))
        .flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);
      const args = ['server/scripts/prerender.mjs', outDir, ...css.map((f) => `--css=${f}`)];
      execFileSync(process.execPath, args, { stdio: 'inherit' });
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    preloadFirstScreen(),
    signedInRouteHints(),
    prerenderLogin(),
    VitePWA({
      // 'prompt': a new worker waits for the member's "update" (autoUpdate could lose a form).
      registerType: 'prompt',
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false, // src/features/pwa/register-sw.ts registers it (workbox-window)
      manifest: pwaManifest,
      includeManifestIcons: false, // the glob below already precaches public/icons
      injectManifest: {
        // Shell, every route chunk, both i18n catalogs and the icons, so the app opens offline.
        globPatterns: ['**/*.{js,css,html,json,png,svg,ico,webmanifest}'],
        globIgnores: ['screenshots/**', '.vite/**'], // .vite/manifest.json: the build's module graph, for tests
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: the module graph the first-render size gate reads (bundle-budget.test.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // TanStack Query and Router in one chunk: every screen needs them from the first render,
          // and left to the automatic split they came as a dozen small files (useQuery, useMatch,
          // useNavigate…), each with its own gzip and import overhead (docs/BENCHMARKS.md).
          groups: [
            {
              name: 'tanstack',
              test: /node_modules\/(@tanstack\/(react-query|query-core|react-router|router-core|history|store|react-store)|use-sync-external-store)\//,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
          // Screens rendered through the real router and Dexie take seconds on a loaded runner.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: SERVICE_SUITES,
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'services',
          include: SERVICE_SUITES,
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // Limits, not measures: on a loaded two-core machine a flow runs several times slower than
          // on a quiet one. They end only a test or a wait that would never finish.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // expect.poll waits for a state in the page; its default limit (1 s) is a clock a loaded
          // machine exceeds (the page has not drawn yet, "expected +0 to be 2").
          expect: { poll: { timeout: 60_000 } },
        },
      },
    ],
  },
});
