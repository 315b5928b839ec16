// The built client (dist/) on the API's port: one origin for the PWA, its service worker and the API.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { matchAcceptLanguage } from '../platform/locale';
import { DEFAULT_SERVER_LOCALE, SERVER_LOCALES, type ServerLocale } from '../platform/locales';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
/** Unhashed files (icons, robots.txt, translation catalogs): fresh enough within the hour. */
export const SHORT_CACHE = 'public, max-age=3600';

/** Files whose name never changes but whose content does: the browser must revalidate them. */
const ALWAYS_REVALIDATE = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);
/** login.html (fr-FR, the default) and login.<locale>.html: the prerendered login page per language. */
const LOGIN_PAGE = /^login(?:\.[a-z]{2}-[A-Z]{2})?\.html$/;

/** The prerendered login page of a locale (server/scripts/prerender.mjs names them so). */
export function loginPageFile(locale: ServerLocale): string {
  return locale === DEFAULT_SERVER_LOCALE ? 'login.html' : `login.${locale}.html`;
}

/**
 * The cookie the client writes when the member chooses a language (src/lib/i18n/locale-choice.ts),
 * so that the prerendered login page is in that language before any JavaScript has run.
 */
export const LOCALE_COOKIE = 'paddock-locale';
/** Vite names built files `name-<8 character hash>.ext`. */
const HASHED_NAME = /-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;

/** `relativePath` is the file's path inside the client directory, with forward slashes. */
export function cacheControlFor(relativePath: string): string {
  const name = path.posix.basename(relativePath);
  if (ALWAYS_REVALIDATE.has(name) || LOGIN_PAGE.test(name)) return NO_CACHE;
  // Only hashed names may be cached forever; public/assets/i18n/*.json is copied unhashed.
  if (relativePath.startsWith('assets/') && HASHED_NAME.test(name)) return IMMUTABLE;
  return SHORT_CACHE;
}

interface ShellPage {
  html: Buffer;
  /** Compressed once at start-up: the shell is answered to every navigation. */
  br: Buffer;
  gzip: Buffer;
  etag: string;
}
interface ClientShell extends ShellPage {
  /**
   * login.html and login.<locale>.html: index.html with the /login screen prerendered in each
   * language (server/scripts/prerender.mjs); empty when the build has none.
   */
  login: Map<ServerLocale, ShellPage>;
}
// Keyed by the root app, so that several apps in one process (tests) keep their own shell.
const shells = new WeakMap<FastifyInstance, ClientShell>();

function shellPage(file: string): ShellPage {
  const html = readFileSync(file);
  return {
    html,
    br: brotliCompressSync(html),
    gzip: gzipSync(html),
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
  };
}

/** The app's screen for a share (src/routes/_authenticated/share.tsx). */
const SHARE_SCREEN = '/share';
/** At most this much of a share's body is read (and dropped): ten photos of the app's 10 MiB limit. */
const SHARE_BODY_LIMIT = 101 * 1024 * 1024;

/**
 * The manifest's share_target POSTs to /share-target, which the service worker answers on the
 * device (sw/sw.ts keeps the photos there: the server never holds a share). A share that reaches
 * the server (no worker in control yet, or a worker being replaced) is not kept either: its body is
 * read and dropped, and the member is sent (303) to the share screen, which says nothing came and
 * asks to share again, rather than an error page.
 */
async function shareTargetFallback(scope: FastifyInstance) {
  scope.addContentTypeParser('*', { bodyLimit: SHARE_BODY_LIMIT }, (_request, payload, done) => {
    payload.on('error', done);
    payload.on('end', () => done(null));
    payload.resume();
  });
  // Not part of the API: left out of the OpenAPI document.
  scope.post('/share-target', { bodyLimit: SHARE_BODY_LIMIT, schema: { hide: true } }, (_request, reply) =>
    reply.redirect(SHARE_SCREEN, 303),
  );
}

/** Serves config.clientDir when it holds a build; without one the API runs alone. */
export async function registerStatic(app: FastifyInstance, config: Config) {
  const root = config.clientDir;
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ clientDir: root }, 'no built client found: serving the API only');
    return;
  }
  const login = new Map<ServerLocale, ShellPage>();
  for (const locale of SERVER_LOCALES) {
    const file = path.join(root, loginPageFile(locale));
    if (existsSync(file)) login.set(locale, shellPage(file));
  }
  shells.set(app, { ...shellPage(indexFile), login });
  await app.register(shareTargetFallback);
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // One route per built file, found at start-up: nothing outside the build can be reached.
    wildcard: false,
    // The build writes .br and .gz siblings (server/scripts/compress-client.mjs): sent as the
    // request's Accept-Encoding allows, with no compression work per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader(
        'Cache-Control',
        cacheControlFor(path.relative(root, filePath).split(path.sep).join('/')),
      );
    },
  });
}

const NEVER_FALLBACK = /^\/(?:api|socket\.io|assets)(?:\/|$)/;

/** A navigation to a client route (deep link, reload) rather than a missing file or API call. */
export function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (NEVER_FALLBACK.test(pathname)) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.') || (request.headers.accept ?? '').includes('text/html');
}

const PRERENDERED_PATH = /^\/login\/?$/;

/** The encodings a request accepts (q=0 excluded). */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Set<string>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/** The value of one cookie of a Cookie header, or null. */
function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

/**
 * The language of the prerendered login page: the member's choice (its cookie), else the browser's
 * language when it is one of ours, else the default; the client's own rule (docs/SPEC-NOTES.md §4).
 */
export function loginPageLocale(request: FastifyRequest): ServerLocale {
  const chosen = cookieValue(request.headers.cookie, LOCALE_COOKIE);
  const choice = SERVER_LOCALES.find((locale) => locale === chosen);
  if (choice) return choice;
  const header = request.headers['accept-language'];
  return matchAcceptLanguage(Array.isArray(header) ? header.join(',') : header) ?? DEFAULT_SERVER_LOCALE;
}

/** Whether an unknown route will be answered with the app shell (a deep link or a reload). */
export function servesClientShell(app: FastifyInstance, request: FastifyRequest): boolean {
  return shells.has(app) && isClientRoute(request);
}

/**
 * Answers a client route with index.html (for /login, the prerendered page in the language
 * loginPageLocale picks, when the build has it); false when
 * there is no build or it is not a client route.
 */
export function sendClientShell(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): boolean {
  const client = shells.get(app);
  if (!client || !isClientRoute(request)) return false;
  const pathname = request.url.split('?')[0] ?? '/';
  const login = client.login.size > 0 && PRERENDERED_PATH.test(pathname);
  const shell = login
    ? (client.login.get(loginPageLocale(request)) ?? client.login.get(DEFAULT_SERVER_LOCALE) ?? client)
    : client;
  reply
    .header('Cache-Control', NO_CACHE)
    .header('ETag', shell.etag)
    .header('Vary', login ? 'Accept-Encoding, Accept-Language, Cookie' : 'Accept-Encoding')
    .type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === shell.etag) {
    reply.status(304).send();
    return true;
  }
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  if (accepted.has('br')) reply.header('Content-Encoding', 'br').status(200).send(shell.br);
  else if (accepted.has('gzip')) reply.header('Content-Encoding', 'gzip').status(200).send(shell.gzip);
  else reply.status(200).send(shell.html);
  return true;
}
