// `npm run restore -- <backup dir> [--force]`: brings back a backup made by `npm run backup` into
// DATA_DIR (and the PostgreSQL database of DATABASE_URL for a PostgreSQL backup).
//
// STOP THE SERVER FIRST: a running server keeps the database open and would serve, and write,
// a mix of old and restored data. The restore cannot tell that a server is running.
//
// Every file is checked against the manifest's size and sha256 before anything is written. The
// target must be empty (DATA_DIR without any entry, a database without tables) unless --force,
// which replaces the database, media/, avatars/, jwt-secret and vapid-keys.json (other files in DATA_DIR
// stay). With MEDIA_STORE=s3 the media and avatars go to the bucket instead of DATA_DIR: each
// object is put (or skipped when the bucket already holds the same sha256), read back and checked
// against the manifest's sha256. Objects of the bucket no restored row names are left to the
// server's orphan sweep. A backup taken on either store restores onto either store.
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  BACKUP_FORMAT,
  fileInfo,
  parseArgs,
  pgConnection,
  runMain,
  runTool,
  SQLITE_FILE,
  target,
  UsageError,
} from './backup-common.mjs';
import { bucket, s3Settings, sha256 } from './media-store.mjs';

async function readManifest(dir) {
  let manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
  } catch {
    throw new UsageError(`${dir} is not a backup (no readable manifest.json)`);
  }
  if (manifest.app !== 'paddock' || manifest.format !== BACKUP_FORMAT)
    throw new UsageError(`${dir}: unknown backup format ${manifest.format}`);
  return manifest;
}

/** Every file of the manifest, present with its size and sha256; no path leaves the backup. */
async function verify(dir, manifest) {
  const bad = [];
  for (const [rel, expected] of Object.entries(manifest.files)) {
    if (rel.split('/').some((part) => part === '..' || part === '') || path.isAbsolute(rel))
      throw new UsageError(`the manifest names a path outside the backup: ${rel}`);
    try {
      const actual = await fileInfo(path.join(dir, rel));
      if (actual.size !== expected.size || actual.sha256 !== expected.sha256) bad.push(`${rel} (checksum)`);
    } catch {
      bad.push(`${rel} (missing)`);
    }
  }
  if (!manifest.files[manifest.database]) bad.push(`${manifest.database} (not in the manifest)`);
  if (bad.length) throw new UsageError(`the backup is damaged, nothing was restored:\n  ${bad.join('\n  ')}`);
}

async function postgresTables(databaseUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** --force on PostgreSQL: every table of the schema goes, in one transaction. */
async function dropTables(databaseUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    if (rows.length)
      await client.query(
        `drop table if exists ${rows.map((r) => `"${r.table_name.replace(/"/g, '""')}"`).join(', ')} cascade`,
      );
  } finally {
    await client.end();
  }
}

/** Copies `from/<rel>` for each manifest file under `prefix/` into `to`. */
async function copyTree(backup, manifest, prefix, dataDir) {
  const names = Object.keys(manifest.files).filter((rel) => rel.startsWith(`${prefix}/`));
  if (names.length) await mkdir(path.join(dataDir, prefix), { recursive: true });
  for (const rel of names) await copyFile(path.join(backup, rel), path.join(dataDir, rel));
  return names.length;
}

/** Puts each manifest file under `prefix/` into the bucket, checked against the manifest. */
async function copyToBucket(s3, backup, manifest, prefix) {
  const counts = { copied: 0, skipped: 0 };
  for (const rel of Object.keys(manifest.files).filter((r) => r.startsWith(`${prefix}/`))) {
    const bytes = await readFile(path.join(backup, rel));
    if (sha256(bytes) !== manifest.files[rel].sha256) throw new Error(`${rel} changed while restoring`);
    counts[await s3.putChecked(rel, bytes)]++;
  }
  return counts;
}

async function main() {
  const { options, positional } = parseArgs(process.argv.slice(2), ['force']);
  if (positional.length !== 1) throw new UsageError('usage: npm run restore -- <backup directory> [--force]');
  const backup = path.resolve(positional[0]);
  const { dataDir, databaseUrl } = target();
  const settings = s3Settings();
  const s3 = settings ? bucket(settings) : null;
  const manifest = await readManifest(backup);

  if (manifest.dialect === 'sqlite' && databaseUrl)
    throw new UsageError(
      'this is a SQLite backup but DATABASE_URL is set: restore it without DATABASE_URL, then copy it with `npm run migrate:sqlite-to-postgres`',
    );
  if (manifest.dialect === 'postgres' && !databaseUrl)
    throw new UsageError(
      'this is a PostgreSQL backup: set DATABASE_URL to the (empty) database to restore into',
    );

  console.log(
    `[restore] checking ${Object.keys(manifest.files).length} files of the backup of ${manifest.createdAt} …`,
  );
  await verify(backup, manifest);

  const entries = await readdir(dataDir).catch(() => []);
  const tables = databaseUrl ? await postgresTables(databaseUrl) : 0;
  if ((entries.length > 0 || tables > 0) && !options.force)
    throw new UsageError(
      `${entries.length > 0 ? `DATA_DIR (${dataDir}) is not empty` : 'the database already has tables'}: ` +
        'restore into an empty one, or pass --force to replace its contents (stop the server first)',
    );
  console.log('[restore] the server must be stopped while restoring.');

  await mkdir(dataDir, { recursive: true });
  if (options.force) {
    for (const name of ['media', 'avatars'])
      await rm(path.join(dataDir, name), { recursive: true, force: true });
  }
  let media;
  let avatars;
  if (s3) {
    const m = await copyToBucket(s3, backup, manifest, 'media');
    const a = await copyToBucket(s3, backup, manifest, 'avatars');
    console.log(
      `[restore] bucket ${s3.name}: ${m.copied + a.copied} objects copied, ${m.skipped + a.skipped} already there with the same sha256, each checked`,
    );
    media = m.copied + m.skipped;
    avatars = a.copied + a.skipped;
  } else {
    media = await copyTree(backup, manifest, 'media', dataDir);
    avatars = await copyTree(backup, manifest, 'avatars', dataDir);
  }
  for (const name of ['jwt-secret', 'vapid-keys.json']) {
    if (!manifest.files[name]) continue;
    const secret = path.join(dataDir, name);
    await rm(secret, { force: true });
    await copyFile(path.join(backup, name), secret);
    await chmod(secret, 0o600);
  }

  if (manifest.dialect === 'sqlite') {
    const live = path.join(dataDir, SQLITE_FILE);
    const incoming = `${live}.restoring`;
    await copyFile(path.join(backup, manifest.database), incoming);
    const db = new Database(incoming, { fileMustExist: true });
    try {
      const check = db.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`the restored database fails integrity_check: ${check}`);
    } finally {
      db.close();
    }
    // A WAL or journal left by the replaced database must never be applied to the restored one.
    for (const suffix of ['-wal', '-shm', '-journal']) await rm(`${live}${suffix}`, { force: true });
    await rename(incoming, live);
  } else {
    const { dbname, env } = pgConnection(databaseUrl);
    const args = [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${dbname}`,
    ];
    if (options.force) {
      // Tables a newer migration added are not in the dump: --clean would leave them behind.
      await dropTables(databaseUrl);
      args.push('--clean', '--if-exists');
    }
    await runTool('pg_restore', [...args, path.join(backup, manifest.database)], env);
  }

  console.log(
    `[restore] done: ${manifest.dialect} database (${manifest.migrations.length} migrations), ${media} media files, ${avatars} avatar files into ${s3 ? `bucket ${s3.name}` : dataDir}`,
  );
  for (const [table, count] of Object.entries(manifest.counts)) console.log(`  ${table.padEnd(24)} ${count}`);
}

await runMain(main);
