// What `npm run backup` and `npm run restore` share: where the data lives (the same environment
// variables as the server: DATA_DIR, DATABASE_URL), checksums, file walks, and running the
// PostgreSQL client tools without putting a password on their command line.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** The backup format: a directory holding manifest.json, database/, media/, avatars/, jwt-secret. */
export const BACKUP_FORMAT = 1;
export const SQLITE_FILE = 'paddock.db';
export const SQLITE_BACKUP = 'database/paddock.db';
export const POSTGRES_BACKUP = 'database/paddock.dump';

/** DATA_DIR and DATABASE_URL read as server/src/config.ts reads them. */
export function target(env = process.env) {
  return { dataDir: path.resolve(env.DATA_DIR ?? './data'), databaseUrl: env.DATABASE_URL || null };
}

/** `--name value` and `--flag` options, plus the positional arguments. */
export function parseArgs(argv, flags = []) {
  const options = {};
  const positional = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) positional.push(arg);
    else if (flags.includes(arg.slice(2))) options[arg.slice(2)] = true;
    else {
      const value = argv[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      options[arg.slice(2)] = value;
    }
  }
  return { options, positional };
}

/** A mistake of the caller: printed without a stack, exit code 2. */
export class UsageError extends Error {}

export async function sha256File(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

/** Every regular file under `dir`, as paths relative to it with forward slashes, sorted. */
export async function walk(dir, prefix = '') {
  const out = [];
  let entries;
  try {
    entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOENT') return out;
    throw error;
  }
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await walk(dir, rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

export async function fileInfo(file) {
  return { size: (await stat(file)).size, sha256: await sha256File(file) };
}

/** The avatar version inside a `users.avatar` URL (`…/avatar?v=<uuid>`), as the server reads it. */
export function avatarVersion(url) {
  if (!url) return null;
  const v = new URLSearchParams(url.split('?')[1] ?? '').get('v');
  return v && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v) ? v : null;
}

/**
 * pg_dump / pg_restore / psql connection: the URL without its password on the command line (which
 * any local user can read), the password through PGPASSWORD.
 */
export function pgConnection(databaseUrl) {
  const url = new URL(databaseUrl);
  const env = { ...process.env };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env };
}

/** Runs a PostgreSQL client tool; rejects with its stderr when it fails or is not installed. */
export function runTool(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) =>
      reject(
        error.code === 'ENOENT'
          ? new UsageError(
              `${command} was not found: install the PostgreSQL client tools (the server's major version or newer).`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** Runs `main`, printing a failure as one line (a UsageError) or with its stack, and sets the exit code. */
export async function runMain(main) {
  try {
    await main();
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`error: ${error.message}`);
      process.exitCode = 2;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  }
}
