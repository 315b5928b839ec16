// Prerenders the public entry screen: renders the real /login route (signed out, default locale
// fr-FR) with react-dom/server and writes <client dir>/login.html, the built index.html with that
// markup inside #root, so that the first visit paints before the JavaScript has arrived.
// Run by the client build itself (vite.config.ts, plugin paddock-prerender-login, at writeBundle):
// the file must exist before vite-plugin-pwa writes the precache manifest at closeBundle.
// Usage: node server/scripts/prerender.mjs <client dir>
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Inside the repository so that the bundle's bare imports (react, @tanstack/…) resolve from node_modules.
const ssrOut = path.join(root, 'node_modules/.cache/paddock-prerender');
const ROOT_DIV = '<div id="root"></div>';

export async function prerenderLogin(clientDir) {
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    root,
    logLevel: 'warn',
    publicDir: false,
    build: { ssr: 'src/app/prerender.tsx', outDir: ssrOut, emptyOutDir: true, sourcemap: false },
  });
  const { renderLoginMarkup, PRERENDERED_PATH } = await import(
    pathToFileURL(path.join(ssrOut, 'prerender.js')).href
  );
  const messages = JSON.parse(await readFile(path.join(clientDir, 'assets/i18n/fr-FR.json'), 'utf8'));
  // The router's scroll-restoration <script> is inline: the CSP (script-src 'self') would block it.
  const markup = (await renderLoginMarkup(messages)).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  const index = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  if (!index.includes(ROOT_DIV)) throw new Error(`prerender: ${ROOT_DIV} not found in index.html`);
  const html = index.replace(ROOT_DIV, `<div id="root" data-prerendered="${PRERENDERED_PATH}">${markup}</div>`);
  await writeFile(path.join(clientDir, 'login.html'), html);
  await rm(ssrOut, { recursive: true, force: true });
  return Buffer.byteLength(html);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const clientDir = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
  const started = performance.now();
  const size = await prerenderLogin(clientDir);
  console.log(
    `prerender: ${path.relative(root, path.join(clientDir, 'login.html')) || 'login.html'} ` +
      `(${size} bytes, ${Math.round(performance.now() - started)} ms)`,
  );
  // The app's modules keep timers alive (session polling, query client); the page is written.
  process.exit(0);
}
