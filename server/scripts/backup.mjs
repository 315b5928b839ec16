// `npm run backup [-- --out <dir>]`: an online backup of the database and its files, taken while
// the server runs (same DATA_DIR / DATABASE_URL as the server). The backup is a directory:
//   manifest.json   created time, dialect, migrations, row counts, size and sha256 of every file
//   database/       paddock.db (SQLite, a VACUUM INTO snapshot) or paddock.dump (pg_dump -Fc)
//   media/          the files of the snapshot's media rows
//   avatars/        the files of the snapshot's avatars
//   jwt-secret      the generated signing key, when DATA_DIR holds one (sessions survive a restore)
//   vapid-keys.json the generated Web Push key pair, when DATA_DIR holds one (devices stay subscribed)
// It is written as `<dir>.partial` and renamed at the end: a directory without that suffix is whole.
//
// Consistency of files and rows. The server writes a file before the row that names it commits,
// and deletes it only after the commit that removed the row. So:
//   1. every file under media/ and avatars/ is hard-linked into a staging directory in DATA_DIR
//      (a link keeps the bytes even if the server deletes the file: files are never rewritten);
//   2. the database snapshot is taken (one read transaction);
//   3. the files the snapshot names are copied from the staging links, or, for a file written after
//      step 1, from the live directory.
// A file the snapshot names existed at step 1 (then its link holds it) or was written between 1 and
// 2; only such a file, deleted again before step 3, can be missing: then the whole round is done
// again (at most 5 times). Where hard links are impossible (another file system, no support), the
// staging is skipped and the retry alone closes the race. A file still missing after the last round
// (lost before the backup began) is listed in the manifest's `missingFiles` and reported.
// Files no row names (orphans) are not copied.
// With MEDIA_STORE=s3 the media and avatars are objects of a bucket: nothing is staged
// (objects are never rewritten either), the objects the snapshot names are downloaded into media/
// and avatars/ of the backup, each checked against the sha256 the server recorded with it, and the
// same rounds close the race with a delete. The manifest tells the store (`mediaStore`); its
// `files` hold every copied object's size and sha256, checked again by `npm run restore`.
// The staging directory is named `.backup-staging-<pid>-<random>`. A backup stopped by SIGINT or
// SIGTERM removes it (and its `.partial` output) before it exits; one killed outright (SIGKILL, a
// power cut) leaves it, and the next backup or the next server start removes every staging
// directory whose process is gone (server/src/db/backup-staging.ts does the same at start-up).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import {
  avatarVersion,
  BACKUP_FORMAT,
  fileInfo,
  parseArgs,
  pgConnection,
  POSTGRES_BACKUP,
  runMain,
  runTool,
  SQLITE_BACKUP,
  SQLITE_FILE,
  target,
  UsageError,
  walk,
} from './backup-common.mjs';
import { bucket, s3Settings, sha256 } from './media-store.mjs';

const ROUNDS = 5;
const STAGING = /^\.backup-staging-(\d+)-/;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const exists = (p) =>
  stat(p).then(
    () => true,
    () => false,
  );

/** Whether a process of that id runs (EPERM: it does, as another user). */
function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Removes the staging directories left in DATA_DIR by backups that were killed mid-run. */
async function removeStaleStaging(dataDir) {
  for (const name of await readdir(dataDir).catch(() => [])) {
    const pid = Number(STAGING.exec(name)?.[1] ?? 0);
    if (!pid || (pid !== process.pid && processAlive(pid))) continue;
    await rm(path.join(dataDir, name), { recursive: true, force: true });
    console.warn(`[backup] removed ${name}, left by a backup that was stopped mid-run`);
  }
}

/** What an interrupted backup removes before it exits: its staging and its unfinished output. */
const leftovers = new Set();
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    for (const dir of leftovers) rmSync(dir, { recursive: true, force: true });
    console.error(`[backup] stopped by ${signal}: nothing was written`);
    process.exit(code);
  });
}

/** Hard-links every file of `from` into `to`; false when the file system refuses links. */
async function linkTree(from, to) {
  let names;
  try {
    names = await readdir(from);
  } catch (error) {
    if (error.code === 'ENOENT') return true;
    throw error;
  }
  await mkdir(to, { recursive: true });
  for (const name of names) {
    try {
      await link(path.join(from, name), path.join(to, name));
    } catch (error) {
      if (error.code === 'ENOENT') continue; // deleted meanwhile: the snapshot cannot name it
      if (['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK'].includes(error.code)) return false;
      throw error;
    }
  }
  return true;
}

/** The SQLite snapshot: VACUUM INTO from a connection of its own (never a copy of a WAL file). */
async function snapshotSqlite(dataDir, dest) {
  const source = path.join(dataDir, SQLITE_FILE);
  if (!(await exists(source))) throw new UsageError(`no database at ${source} (set DATA_DIR)`);
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare('VACUUM INTO ?').run(dest);
  } finally {
    db.close();
  }
  const copy = new Database(dest);
  try {
    copy.pragma('journal_mode = DELETE'); // a single self-contained file
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the snapshot fails integrity_check: ${check}`);
    const tables = copy
      .prepare(
        `select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`,
      )
      .pluck()
      .all();
    const counts = Object.fromEntries(
      tables.map((t) => [t, copy.prepare(`select count(*) from "${t}"`).pluck().get()]),
    );
    const migrations = tables.includes('kysely_migration')
      ? copy.prepare('select name from kysely_migration order by name').pluck().all()
      : [];
    return {
      counts,
      migrations,
      mediaKeys: tables.includes('media') ? copy.prepare('select storage_key from media').pluck().all() : [],
      avatars: tables.includes('users')
        ? copy.prepare('select avatar from users where avatar is not null').pluck().all()
        : [],
    };
  } finally {
    copy.close();
  }
}

/**
 * The PostgreSQL snapshot: pg_dump inside a snapshot exported by our own REPEATABLE READ
 * transaction, in which the counts and the file names are read too: all of one instant.
 */
async function snapshotPostgres(databaseUrl, dest) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query('select pg_export_snapshot() as id')).rows[0].id;
    const { dbname, env } = pgConnection(databaseUrl);
    const dump = runTool(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        `--file=${dest}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    dump.catch(() => {}); // awaited below; a failure of the queries first must not leave it unhandled
    const tables = (
      await client.query(
        `select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
      )
    ).rows.map((r) => r.table_name);
    const counts = {};
    for (const t of tables)
      counts[t] = Number((await client.query(`select count(*) as n from "${t}"`)).rows[0].n);
    const column = async (query) => (await client.query(query)).rows.map((r) => Object.values(r)[0]);
    const result = {
      counts,
      migrations: tables.includes('kysely_migration')
        ? await column('select name from kysely_migration order by name')
        : [],
      mediaKeys: tables.includes('media') ? await column('select storage_key from media') : [],
      avatars: tables.includes('users')
        ? await column('select avatar from users where avatar is not null')
        : [],
    };
    await dump; // the exporting transaction stays open until pg_dump is done
    await client.query('commit');
    return result;
  } finally {
    await client.end();
  }
}

/** Copies the named files from the staging links or the live directory; answers those missing. */
async function copyFiles(names, { staged, live, dest }) {
  const missing = [];
  await mkdir(dest, { recursive: true });
  for (const name of names) {
    let copied = false;
    for (const dir of staged ? [staged, live] : [live]) {
      try {
        await copyFile(path.join(dir, name), path.join(dest, name));
        copied = true;
        break;
      } catch (error) {
        if (error.code !== 'ENOENT') throw error;
      }
    }
    if (!copied) missing.push(name);
  }
  return missing;
}

/** The avatar files of the given versions (`<version>-<size>.webp`), found in any of `dirs`. */
async function avatarFiles(versions, dirs) {
  const wanted = new Set(versions);
  const names = new Set();
  for (const dir of dirs) {
    if (!dir) continue;
    for (const name of await readdir(dir).catch(() => [])) {
      if (wanted.has(name.slice(0, 36))) names.add(name);
    }
  }
  const found = new Set([...names].map((n) => n.slice(0, 36)));
  return { names: [...names].sort(), absent: versions.filter((v) => !found.has(v)) };
}

/** Downloads the named objects (`<prefix>/<name>`) into `dest`, checked; answers those missing. */
async function copyObjects(s3, prefix, names, dest) {
  const missing = [];
  await mkdir(dest, { recursive: true });
  for (const name of names) {
    const object = await s3.get(`${prefix}/${name}`);
    if (!object) {
      missing.push(name);
      continue;
    }
    if (object.sha256 && sha256(object.bytes) !== object.sha256)
      throw new Error(`${prefix}/${name}: the bucket's bytes do not match the sha256 recorded with them`);
    await writeFile(path.join(dest, name), object.bytes);
  }
  return missing;
}

/** One round on a bucket: the snapshot, then the objects it names. */
async function roundOnBucket(s3, dataDir, databaseUrl, work) {
  const snapshot = databaseUrl
    ? await snapshotPostgres(databaseUrl, path.join(work, POSTGRES_BACKUP))
    : await snapshotSqlite(dataDir, path.join(work, SQLITE_BACKUP));
  const hold = Number(process.env.BACKUP_HOLD_AFTER_SNAPSHOT_MS || 0);
  if (hold > 0) {
    console.log('[backup] snapshot taken');
    await new Promise((resolve) => setTimeout(resolve, hold));
  }
  const missing = await copyObjects(
    s3,
    'media',
    [...new Set(snapshot.mediaKeys)].sort(),
    path.join(work, 'media'),
  );
  const versions = [...new Set(snapshot.avatars.map(avatarVersion).filter(Boolean))];
  const wanted = new Set(versions);
  const names = (await s3.list('avatars/'))
    .map((key) => key.slice('avatars/'.length))
    .filter((name) => wanted.has(name.slice(0, 36)));
  const found = new Set(names.map((n) => n.slice(0, 36)));
  const missingAvatars = await copyObjects(s3, 'avatars', names, path.join(work, 'avatars'));
  return {
    snapshot,
    linked: false,
    missing: [
      ...missing.map((m) => `media/${m}`),
      ...missingAvatars.map((m) => `avatars/${m}`),
      ...versions.filter((v) => !found.has(v)).map((v) => `avatars/${v}-*`),
    ],
  };
}

async function round(dataDir, databaseUrl, work, s3) {
  await rm(work, { recursive: true, force: true });
  // The backup holds password hashes and the signing key: readable by its owner only.
  await mkdir(work, { recursive: true, mode: 0o700 });
  await mkdir(path.join(work, 'database'));
  if (s3) return roundOnBucket(s3, dataDir, databaseUrl, work);
  const stage = path.join(dataDir, `.backup-staging-${process.pid}-${randomBytes(4).toString('hex')}`);
  leftovers.add(stage);
  try {
    const linked =
      (await linkTree(path.join(dataDir, 'media'), path.join(stage, 'media'))) &&
      (await linkTree(path.join(dataDir, 'avatars'), path.join(stage, 'avatars')));
    const snapshot = databaseUrl
      ? await snapshotPostgres(databaseUrl, path.join(work, POSTGRES_BACKUP))
      : await snapshotSqlite(dataDir, path.join(work, SQLITE_BACKUP));
    // For the tests only: hold the window between the snapshot and the copy open, so that a file
    // deleted inside it can be shown to survive (tests/server/backup-restore.test.ts).
    const hold = Number(process.env.BACKUP_HOLD_AFTER_SNAPSHOT_MS || 0);
    if (hold > 0) {
      console.log('[backup] snapshot taken');
      await new Promise((resolve) => setTimeout(resolve, hold));
    }
    const missing = await copyFiles([...new Set(snapshot.mediaKeys)].sort(), {
      staged: linked ? path.join(stage, 'media') : null,
      live: path.join(dataDir, 'media'),
      dest: path.join(work, 'media'),
    });
    const versions = [...new Set(snapshot.avatars.map(avatarVersion).filter(Boolean))];
    const avatars = await avatarFiles(versions, [
      linked ? path.join(stage, 'avatars') : null,
      path.join(dataDir, 'avatars'),
    ]);
    const missingAvatars = await copyFiles(avatars.names, {
      staged: linked ? path.join(stage, 'avatars') : null,
      live: path.join(dataDir, 'avatars'),
      dest: path.join(work, 'avatars'),
    });
    return {
      snapshot,
      linked,
      missing: [
        ...missing.map((m) => `media/${m}`),
        ...missingAvatars.map((m) => `avatars/${m}`),
        ...avatars.absent.map((v) => `avatars/${v}-*`),
      ],
    };
  } finally {
    await rm(stage, { recursive: true, force: true });
    leftovers.delete(stage);
  }
}

async function main() {
  const { options } = parseArgs(process.argv.slice(2));
  const { dataDir, databaseUrl } = target();
  const settings = s3Settings();
  const s3 = settings ? bucket(settings) : null;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(options.out ?? path.join('backups', `paddock-${stamp}`));
  if (await exists(out)) throw new UsageError(`${out} already exists`);
  if (out === dataDir || out.startsWith(dataDir + path.sep))
    throw new UsageError('write the backup outside DATA_DIR');
  const work = `${out}.partial`;
  const createdAt = new Date().toISOString();
  await removeStaleStaging(dataDir);
  leftovers.add(work);

  let result;
  for (let n = 1; n <= ROUNDS; n++) {
    result = await round(dataDir, databaseUrl, work, s3);
    if (result.missing.length === 0) break;
    console.warn(
      `[backup] round ${n}: ${result.missing.length} file(s) deleted during the copy, ${n < ROUNDS ? 'again' : 'giving up'}`,
    );
  }
  for (const m of result.missing)
    console.warn(
      `[backup] missing: ${m} (named by the database, not in the ${s3 ? 'bucket' : 'media folder'})`,
    );

  for (const name of ['jwt-secret', 'vapid-keys.json']) {
    const secret = path.join(dataDir, name);
    if (await exists(secret)) await copyFile(secret, path.join(work, name));
  }

  const files = {};
  for (const rel of await walk(work)) files[rel] = await fileInfo(path.join(work, rel));
  const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  const manifest = {
    format: BACKUP_FORMAT,
    app: 'paddock',
    appVersion: pkg.version,
    createdAt,
    finishedAt: new Date().toISOString(),
    dialect: databaseUrl ? 'postgres' : 'sqlite',
    database: databaseUrl ? POSTGRES_BACKUP : SQLITE_BACKUP,
    migrations: result.snapshot.migrations,
    counts: result.snapshot.counts,
    hardLinked: result.linked,
    mediaStore: s3 ? { kind: 's3', bucket: s3.name } : { kind: 'local' },
    missingFiles: result.missing,
    files,
  };
  await writeFile(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  await rename(work, out);
  leftovers.delete(work);
  const total = Object.values(files).reduce((sum, f) => sum + f.size, 0);
  console.log(
    `[backup] ${out}: ${manifest.dialect} database, ${Object.keys(files).length} files, ${(total / 1048576).toFixed(1)} MiB`,
  );
  if (s3) {
    const objects = Object.keys(files).filter((rel) => /^(media|avatars)\//.test(rel));
    console.log(`[backup] ${objects.length} objects of bucket ${s3.name}, sha256 of each in manifest.json`);
  }
  for (const [table, count] of Object.entries(manifest.counts)) console.log(`  ${table.padEnd(24)} ${count}`);
}

await runMain(main);
