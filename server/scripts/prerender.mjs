// Prerenders the public entry screen: renders the real /login route (signed out) with
// react-dom/server in each language and writes <client dir>/login.html (fr-FR, the default) and
// login.<locale>.html (en-US), the built index.html with that markup inside #root and that
// language's catalog in its hints, so that the first visit paints before the JavaScript has arrived,
// in the language the server (server/src/http/static.ts) or the service worker (sw/sw-rules.ts)
// picks for the visitor.
// Run by the client build itself (vite.config.ts, plugin paddock-prerender-login, at writeBundle):
// the file must exist before vite-plugin-pwa writes the precache manifest at closeBundle.
// Usage: node server/scripts/prerender.mjs <client dir> [--css=assets/<file>.css …]
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Inside the repository so that the bundle's bare imports (react, @tanstack/…) resolve from node_modules.
const ssrOut = path.join(root, 'node_modules/.cache/paddock-prerender');
// #root, empty or holding index.html's app shell between its two comments.
const ROOT_DIV = /<div id="root">\s*(?:<!-- app-shell[\s\S]*?<!-- \/app-shell -->\s*)?<\/div>/;

// login.html only: the app's files start downloading once the prerendered screen has painted,
// so the first paint waits for nothing but the page and its CSS (no inline script: the CSP).
const BOOT_SCRIPT = `// Written by server/scripts/prerender.mjs for login.html: start the app after the first paint.
const deferred = document.getElementById('paddock-deferred');
requestAnimationFrame(() => setTimeout(() => {
  document.head.append(deferred.content.cloneNode(true));
  void import(deferred.dataset.entry);
}));
`;

const DEFAULT_LOCALE = 'fr-FR';

/** login.html for the default locale, login.<locale>.html for the others (server/src/http/static.ts). */
export function loginPageFile(locale) {
  return locale === DEFAULT_LOCALE ? 'login.html' : `login.${locale}.html`;
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const HINT_LINKS = /\s*<link rel="(?:modulepreload|preload)"[^>]*>/g;
// index.html keeps the app's hints inert in this template (vite.config.ts, preloadFirstScreen).
const APP_HINTS = /<template id="paddock-app-hints">([\s\S]*?)<\/template>/;
// The signed-in screens' files (vite.config.ts, signedInRouteHints): of no use to the login page.
const ROUTE_HINTS = /\s*<script type="application\/json" id="paddock-route-hints">[\s\S]*?<\/script>/;

/**
 * index.html → login.html: the markup inside #root; the route's CSS linked; the entry script and
 * the preload hints moved into an inert <template> that the boot script applies after the paint;
 * the signed-in screens' hints left out.
 */
export function toLoginPage(built, { markup, path: routePath, css, bootUrl, locale = DEFAULT_LOCALE }) {
  const index = built
    .replace(APP_HINTS, (_, links) => links)
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replaceAll(`/assets/i18n/${DEFAULT_LOCALE}.json`, `/assets/i18n/${locale}.json`);
  const entry = ENTRY_SCRIPT.exec(index);
  if (!entry) throw new Error('prerender: the entry <script> was not found in index.html');
  if (!ROOT_DIV.test(index)) throw new Error('prerender: <div id="root"> not found in index.html');
  const hints = index.match(HINT_LINKS) ?? [];
  let html = index.replace(ENTRY_SCRIPT, '').replace(HINT_LINKS, '').replace(ROUTE_HINTS, '');
  const head = [
    ...[...new Set(css)]
      // Not one index.html links already (a route hint naming the file in its JSON is no link).
      .filter((file) => !index.includes(`href="/${file}"`))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    `<template id="paddock-deferred" data-entry="${entry[1]}">${hints.map((h) => h.trim()).join('')}</template>`,
    `<script type="module" src="${bootUrl}"></script>`,
  ];
  html = html.replace('</head>', `\n    ${head.join('\n    ')}\n  </head>`);
  return html.replace(ROOT_DIV, () => `<div id="root" data-prerendered="${routePath}">${markup}</div>`);
}

export async function prerenderLogin(clientDir, css = []) {
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    root,
    logLevel: 'warn',
    publicDir: false,
    build: { ssr: 'src/app/prerender.tsx', outDir: ssrOut, emptyOutDir: true, sourcemap: false },
  });
  const { renderLoginMarkup, PRERENDERED_PATH, PRERENDERED_LOCALES } = await import(
    pathToFileURL(path.join(ssrOut, 'prerender.js')).href
  );
  // A hashed name (assets/name-<8>.js): served as immutable like Vite's own files.
  const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64url').slice(0, 8).replace(/[-_]/g, 'x');
  const bootUrl = `/assets/login-boot-${hash}.js`;
  await writeFile(path.join(clientDir, bootUrl), BOOT_SCRIPT);
  const index = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  const sizes = {};
  for (const locale of PRERENDERED_LOCALES) {
    const catalog = path.join(clientDir, `assets/i18n/${locale}.json`);
    const messages = JSON.parse(await readFile(catalog, 'utf8'));
    // The router's scroll-restoration <script> is inline: the CSP (script-src 'self') would block it.
    const markup = (await renderLoginMarkup(messages, locale)).replace(
      /<script\b[^>]*>[\s\S]*?<\/script>/g,
      '',
    );
    const html = toLoginPage(index, { markup, path: PRERENDERED_PATH, css, bootUrl, locale });
    await writeFile(path.join(clientDir, loginPageFile(locale)), html);
    sizes[locale] = Buffer.byteLength(html);
  }
  await rm(ssrOut, { recursive: true, force: true });
  return sizes;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, ...options] = process.argv.slice(2);
  const clientDir = path.resolve(dir ?? path.join(root, 'dist'));
  const css = options.filter((o) => o.startsWith('--css=')).map((o) => o.slice('--css='.length));
  const started = performance.now();
  const sizes = await prerenderLogin(clientDir, css);
  const pages = Object.entries(sizes).map(
    ([locale, size]) => `${path.relative(root, path.join(clientDir, loginPageFile(locale)))} (${size} bytes)`,
  );
  console.log(`prerender: ${pages.join(', ')} in ${Math.round(performance.now() - started)} ms`);
  // The app's modules keep timers alive (session polling, query client); the page is written.
  process.exit(0);
}
