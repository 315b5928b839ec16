// The Chromium that playwright-core drives (`npx playwright install` cannot work here), and that
// Lighthouse audits: the system's /usr/bin/chromium when there is one (Debian's), otherwise the
// Linux x64 build that the @sparticuz/chromium package ships (a devDependency), unpacked once into
// tests/.artifacts/chromium, so the browser tests need no manual step on a fresh machine.
//
// PADDOCK_CHROMIUM picks: unset or `auto` (the above), `bundled` (the package's, e.g. to try the
// fallback), `system` (/usr/bin/chromium only), or a path to a Chromium binary. CHROME_PATH, when
// set, is a path too (as Lighthouse reads it).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/** Per worktree (node_modules may be shared); never the package's default, the machine's /tmp. */
const BUNDLED_DIR = path.join(ROOT, 'tests/.artifacts/chromium');

/** Unpacks the package's Chromium into BUNDLED_DIR once; safe when several processes race. */
async function bundledChromium() {
  const binary = path.join(BUNDLED_DIR, 'chromium');
  if (existsSync(binary)) return binary;
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `No ${SYSTEM_CHROMIUM}, and @sparticuz/chromium ships Linux x64 only (this is ${process.platform} ` +
        `${process.arch}): install Chromium, or set PADDOCK_CHROMIUM to its path.`,
    );
  const { default: Sparticuz } = await import('@sparticuz/chromium');
  // The package unpacks into os.tmpdir(): point it at a private folder, then move that into place.
  const staging = `${BUNDLED_DIR}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const tmpdir = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  try {
    const unpacked = await Sparticuz.executablePath();
    if (unpacked !== path.join(staging, 'chromium')) throw new Error(`unpacked at ${unpacked}`);
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  }
  // The libraries it needs beyond glibc (NSS, NSPR, expat), which the package carries for Amazon
  // Linux and unpacks only there: unpacked here too, used only if the system lacks them.
  const pkg = path.resolve(createRequire(import.meta.url).resolve('@sparticuz/chromium'), '../../..'); // build/cjs/index.cjs
  const libs = brotliDecompressSync(readFileSync(path.join(pkg, 'bin/al2023.tar.br')));
  mkdirSync(path.join(staging, 'al2023'));
  execFileSync('tar', ['-x', '-C', path.join(staging, 'al2023')], { input: libs });
  try {
    renameSync(staging, BUNDLED_DIR);
  } catch (err) {
    // Another process got there first: use its copy.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(binary)) throw err;
  }
  return binary;
}

/** LD_LIBRARY_PATH for the bundled binary when the system misses one of its libraries. */
function bundledEnv(binary) {
  if (path.dirname(binary) !== BUNDLED_DIR) return {};
  const ldd = spawnSync('ldd', [binary], { encoding: 'utf8' });
  if (!/not found/.test(ldd.stdout ?? '')) return {};
  const lib = path.join(BUNDLED_DIR, 'al2023/lib');
  return { LD_LIBRARY_PATH: [lib, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':') };
}

async function resolveChromium() {
  const choice = process.env.PADDOCK_CHROMIUM ?? 'auto';
  if (choice === 'bundled') return bundledChromium();
  if (choice === 'system') return SYSTEM_CHROMIUM;
  if (choice !== 'auto') return choice;
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : bundledChromium();
}

export const CHROMIUM_PATH = await resolveChromium();
/** What the Chromium process's environment needs on top of process.env (Lighthouse's too). */
export const CHROMIUM_ENV = bundledEnv(CHROMIUM_PATH);
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    env: { ...process.env, ...CHROMIUM_ENV },
  });
}
