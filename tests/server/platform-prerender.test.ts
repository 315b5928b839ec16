// @vitest-environment jsdom
// The prerendered login page (server/scripts/prerender.mjs): how index.html becomes login.html.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loginPageFile, toLoginPage } from '../../server/scripts/prerender.mjs';

const INDEX = `<!doctype html>
<html lang="fr-FR">
  <head>
    <script type="module" crossorigin src="/assets/index-AAAAAAAA.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/client-BBBBBBBB.js">
    <link rel="stylesheet" crossorigin href="/assets/index-CCCCCCCC.css">
    <link rel="preload" as="fetch" href="/assets/i18n/fr-FR.json" crossorigin="anonymous">
    <link rel="modulepreload" crossorigin="" href="/assets/login-DDDDDDDD.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const parts = {
  markup: '<main><h1>Bon retour</h1></main>',
  path: '/login',
  css: ['assets/auth-shell-EEEEEEEE.css', 'assets/index-CCCCCCCC.css', 'assets/auth-shell-EEEEEEEE.css'],
  bootUrl: '/assets/login-boot-FFFFFFFF.js',
};

describe('prerender: login.html', () => {
  const html = toLoginPage(INDEX, parts);
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const template = doc.querySelector<HTMLTemplateElement>('template#paddock-deferred');

  it('puts the markup inside #root, marked as prerendered', () => {
    const root = doc.getElementById('root');
    expect(root?.dataset.prerendered).toBe('/login');
    expect(root?.innerHTML).toBe(parts.markup);
  });

  it('links the screen CSS once, besides index.html’s own', () => {
    const sheets = [...doc.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href'));
    expect(sheets).toEqual(['/assets/index-CCCCCCCC.css', '/assets/auth-shell-EEEEEEEE.css']);
  });

  it('links the screen CSS that a signed-in route hint names in index.html’s JSON (a name is no link)', () => {
    const hinted = INDEX.replace(
      '</head>',
      '<script type="application/json" id="paddock-route-hints">{"files":["/assets/auth-shell-EEEEEEEE.css"],"routes":{"/account":{"js":[],"css":[0]}}}</script></head>',
    );
    const page = new DOMParser().parseFromString(toLoginPage(hinted, parts), 'text/html');
    const sheets = [...page.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href'));
    expect(sheets).toEqual(['/assets/index-CCCCCCCC.css', '/assets/auth-shell-EEEEEEEE.css']);
    // The signed-in screens' hints are of no use to the login page: left out.
    expect(page.getElementById('paddock-route-hints')).toBeNull();
    // The signed-in screens' hints are of no use to the login page: left out.
    expect(page.getElementById('paddock-route-hints')).toBeNull();
  });

  it('fetches no JavaScript before the first paint but the boot script', () => {
    const scripts = [...doc.querySelectorAll('script')].map((s) => s.getAttribute('src'));
    expect(scripts).toEqual([parts.bootUrl]);
    expect(
      doc.head.querySelectorAll(':scope > link[rel="modulepreload"], :scope > link[rel="preload"]'),
    ).toHaveLength(0);
    expect(template?.dataset.entry).toBe('/assets/index-AAAAAAAA.js');
    const deferred = [...(template?.content.querySelectorAll('link') ?? [])].map((l) =>
      l.getAttribute('href'),
    );
    expect(deferred).toEqual([
      '/assets/client-BBBBBBBB.js',
      '/assets/i18n/fr-FR.json',
      '/assets/login-DDDDDDDD.js',
    ]);
  });

  it('takes the app’s hints out of index.html’s inert template (added after the paint instead)', () => {
    const built = INDEX.replace(
      /(<link rel="preload"[^>]*>\s*<link rel="modulepreload"[^>]*>)/,
      '<template id="paddock-app-hints">$1</template>',
    );
    expect(built).toContain('<template id="paddock-app-hints"><link rel="preload"');
    const page = new DOMParser().parseFromString(toLoginPage(built, parts), 'text/html');
    expect(page.getElementById('paddock-app-hints')).toBeNull();
    const deferred = page.querySelector<HTMLTemplateElement>('template#paddock-deferred');
    expect(
      [...(deferred?.content.querySelectorAll('link') ?? [])].map((l) => l.getAttribute('href')),
    ).toEqual(['/assets/client-BBBBBBBB.js', '/assets/i18n/fr-FR.json', '/assets/login-DDDDDDDD.js']);
  });

  it("replaces index.html's app shell with the screen", () => {
    // The repository's own index.html: a cold start paints its app shell before any JavaScript.
    const source = readFileSync(path.join(process.cwd(), 'index.html'), 'utf8');
    const shell = new DOMParser().parseFromString(source, 'text/html');
    expect(shell.querySelector('#root .app-shell__bar')?.textContent?.trim()).toBe('Paddock');
    const withShell = INDEX.replace(
      '<div id="root"></div>',
      /<div id="root">[\s\S]*?<!-- \/app-shell -->\s*<\/div>/.exec(source)?.[0] ?? 'no shell',
    );
    const page = new DOMParser().parseFromString(toLoginPage(withShell, parts), 'text/html');
    expect(page.getElementById('root')?.innerHTML).toBe(parts.markup);
    expect(page.querySelector('.app-shell')).toBeNull();
  });

  it('writes one page per language: its <html lang> and its own catalog among the hints', () => {
    expect(loginPageFile('fr-FR')).toBe('login.html');
    expect(loginPageFile('en-US')).toBe('login.en-US.html');
    expect(doc.documentElement.lang).toBe('fr-FR');
    const english = new DOMParser().parseFromString(
      toLoginPage(INDEX, { ...parts, markup: '<main><h1>Welcome</h1></main>', locale: 'en-US' }),
      'text/html',
    );
    expect(english.documentElement.lang).toBe('en-US');
    expect(english.getElementById('root')?.textContent).toBe('Welcome');
    const hints = [
      ...(english
        .querySelector<HTMLTemplateElement>('template#paddock-deferred')
        ?.content.querySelectorAll('link') ?? []),
    ].map((l) => l.getAttribute('href'));
    expect(hints).toContain('/assets/i18n/en-US.json');
    expect(hints).not.toContain('/assets/i18n/fr-FR.json');
  });

  it('refuses an index.html it does not understand', () => {
    expect(() => toLoginPage(INDEX.replace('<div id="root"></div>', '<div id="app"></div>'), parts)).toThrow(
      /#root|id="root"/,
    );
    expect(() => toLoginPage(INDEX.replace(/<script[^>]*><\/script>/, ''), parts)).toThrow(/entry/);
  });
});
