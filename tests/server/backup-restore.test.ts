// `npm run backup` takes a consistent online backup (database and files) while a server
// runs and members keep writing; `npm run restore` brings it back into an empty DATA_DIR (and, on
// PostgreSQL, an empty database). Everything committed before the backup began is in it, the
// database is sound, every media row's file is there with its bytes, and a server on the restored
// data answers as the original did. Restore refuses a non-empty target (unless --force) and a
// damaged backup.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../server/src/app';
import {
  allRows,
  answers,
  API,
  freshDir,
  npmRun,
  photo,
  populate,
  serverEnv,
  startApp,
  upload,
  type World,
} from './data-safety-fixtures';
import { listen } from './garage-fixtures';
import { createTestApp, createTestDatabase, onPostgres, type TestApp } from './helpers';
import { form } from './media-fixtures';
import { befriend, caller, person, type Person } from './posts-fixtures';

let live: TestApp;
let url: string;
let world: World;
let before: Record<string, unknown>;
let writer: Person;
let reader: Person;
let writerCar: string;
const cleanup: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  live = await createTestApp();
  url = await listen(live.app);
  world = await populate(live.app);
  before = await answers(live.app, world);
  writer = await person(live.app, { firstName: 'Wanda' });
  reader = await person(live.app, { firstName: 'Rita' });
  await befriend(live.app, writer, reader);
  const car = await caller(live.app)('POST', '/cars', writer, { make: 'Renault', model: 'R5 Turbo' });
  expect(car.statusCode).toBe(201);
  writerCar = car.json<{ data: { id: string } }>().data.id;
}, 120_000);

afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  await live?.close();
});

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
/** The `id` of a canonical row (see canonical() in the fixtures), if it has one. */
const idOf = (row: string) => (JSON.parse(row) as [string, unknown][]).find(([k]) => k === 'id')?.[1];

/**
 * Writes over HTTP until stopped, as a member would: logs with a photo and a PDF (every other one
 * deleted again with its files, right after), posts and messages.
 */
function writeLoop() {
  const state = { stop: false, writes: 0, errors: [] as string[] };
  const headers = { authorization: `Bearer ${writer.token}` };
  const call = async (method: string, path: string, body?: object | FormData) => {
    const res = await fetch(`${url}${API}${path}`, {
      method,
      headers:
        body instanceof FormData || !body ? headers : { ...headers, 'content-type': 'application/json' },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) state.errors.push(`${method} ${path}: ${res.status} ${await res.text()}`);
    else state.writes++;
    return res;
  };
  const done = (async () => {
    for (let i = 0; !state.stop && state.errors.length === 0; i++) {
      const log = await call(
        'POST',
        '/car-logs/with-media',
        form(
          {
            data: JSON.stringify({
              carId: writerCar,
              type: 'maintenance',
              title: `Load ${i}`,
              startDate: '2025-06-01',
            }),
          },
          [
            { name: 'media', bytes: await photo(100 + i), filename: `l${i}.png`, type: 'image/png' },
            {
              name: 'media',
              bytes: Buffer.from(`%PDF-1.4\n% load ${i}\n%%EOF\n`),
              filename: `l${i}.pdf`,
              type: 'application/pdf',
            },
          ],
        ),
      );
      if (i % 2 === 1 && log.ok)
        await call('DELETE', `/car-logs/${((await log.json()) as { data: { id: string } }).data.id}`);
      await call('POST', '/posts', { content: `<p>Load post ${i}</p>` });
      await call('POST', '/messages', { recipientId: reader.id, subject: `Load ${i}`, content: '<p>…</p>' });
    }
  })();
  return { state, done };
}

describe('npm run backup / npm run restore', () => {
  let backup: string;
  let restoredDir: string;
  let restoredDb: { url: string; drop(): Promise<void> } | null = null;

  test('a backup taken under write load restores everything committed before it began', async () => {
    const atStart = await allRows(live.app);
    const load = writeLoop();
    while (load.state.writes < 3 && load.state.errors.length === 0)
      await new Promise((r) => setTimeout(r, 10));

    const dir = freshDir('backups');
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    backup = path.join(dir, 'nightly');
    const writesBefore = load.state.writes;
    const run = await npmRun('backup', ['--out', backup], live.env);
    const writesDuring = load.state.writes - writesBefore;
    load.state.stop = true;
    await load.done;
    expect(load.state.errors).toEqual([]);
    expect(run.code, run.stderr).toBe(0);
    expect(writesDuring, 'the writer kept writing while the backup ran').toBeGreaterThan(0);
    const atEnd = await allRows(live.app);

    // The manifest: a snapshot between the start and the end, and a checksum for every file.
    const manifest = JSON.parse(readFileSync(path.join(backup, 'manifest.json'), 'utf8'));
    expect(manifest.dialect).toBe(onPostgres ? 'postgres' : 'sqlite');
    expect(manifest.missingFiles).toEqual([]);
    expect(manifest.migrations).toContain('0009_posts');
    for (const table of ['posts', 'messages']) {
      expect(manifest.counts[table]).toBeGreaterThanOrEqual(atStart[table]!.length);
      expect(manifest.counts[table]).toBeLessThanOrEqual(atEnd[table]!.length);
    }
    for (const [rel, info] of Object.entries(manifest.files as Record<string, { sha256: string }>))
      expect(sha256(path.join(backup, rel)), rel).toBe(info.sha256);
    expect(existsSync(`${backup}.partial`)).toBe(false);

    restoredDir = freshDir('restored');
    cleanup.push(() => rmSync(restoredDir, { recursive: true, force: true }));
    restoredDb = onPostgres ? await createTestDatabase() : null;
    cleanup.push(async () => restoredDb?.drop());
    const restore = await npmRun('restore', [backup], serverEnv(restoredDir, restoredDb?.url ?? null));
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/server must be stopped/);

    if (!onPostgres) {
      const db = new Database(path.join(restoredDir, 'paddock.db'), { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      db.close();
    }

    const restored: App = await startApp(restoredDir, restoredDb?.url ?? null);
    try {
      await restored.listen({ port: 0, host: '127.0.0.1' });
      const rows = await allRows(restored);
      for (const [table, list] of Object.entries(rows))
        expect(list.length, table).toBe(manifest.counts[table]);
      for (const [table, list] of Object.entries(atStart)) {
        const present = new Set(rows[table]);
        const ids = new Set(rows[table]!.map(idOf));
        const unchanged = new Set(atEnd[table]);
        for (const row of list) {
          // Committed before the backup began: there by id, and as it was unless the load changed it.
          if (idOf(row) !== undefined) expect(ids.has(idOf(row)), `${table} ${row}`).toBe(true);
          if (unchanged.has(row)) expect(present.has(row), `${table} ${row}`).toBe(true);
        }
      }

      // Every media row's file, with the bytes the live server has (or had: its size).
      const media = (
        await restored.db.kysely.selectFrom('media').select(['storage_key', 'size_bytes']).execute()
      ).map((m) => ({ key: m.storage_key, size: Number(m.size_bytes) }));
      expect(media.length).toBeGreaterThan(0);
      for (const { key, size } of media) {
        const file = path.join(restoredDir, 'media', key);
        expect(existsSync(file), key).toBe(true);
        expect(readFileSync(file).length, key).toBe(size);
        const original = path.join(live.dataDir, 'media', key);
        if (existsSync(original)) expect(sha256(file), key).toBe(sha256(original));
      }
      expect(readdirSync(path.join(restoredDir, 'avatars'))).not.toEqual([]);

      // The same JWT secret: the members' tokens still work, and the answers are the same.
      expect(await answers(restored, world)).toEqual(before);
      const me = await fetch(
        `${url.replace(/:\d+$/, `:${(restored.server.address() as { port: number }).port}`)}${API}/users/me`,
        {
          headers: world.people[0]!.headers,
        },
      );
      expect(me.status).toBe(200);
      // The same Web Push keys: the devices subscribed before still get their reminders.
      expect(restored.config.vapid.publicKey).toBe(live.app.config.vapid.publicKey);
    } finally {
      await restored.close();
    }
  }, 180_000);

  test('a file deleted between the snapshot and the copy is still in the backup (hard-linked first)', async () => {
    const created = await upload(
      live.app,
      writer,
      'POST',
      '/car-logs/with-media',
      form(
        {
          data: JSON.stringify({ carId: writerCar, type: 'repair', title: 'Held', startDate: '2025-07-01' }),
        },
        [{ name: 'media', bytes: await photo(7), filename: 'held.png', type: 'image/png' }],
      ),
    );
    expect(created.statusCode, created.body).toBe(201);
    const logId = created.json<{ data: { id: string } }>().data.id;
    const keys = (
      await live.app.db.kysely
        .selectFrom('car_log_media')
        .innerJoin('media', 'media.id', 'car_log_media.media_id')
        .select('media.storage_key')
        .where('car_log_media.car_log_id', '=', logId)
        .execute()
    ).map((r) => r.storage_key);
    expect(keys).toHaveLength(1);
    const original = sha256(path.join(live.dataDir, 'media', keys[0]!));

    const dir = freshDir('backups');
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const out = path.join(dir, 'held');
    const hold = 3000;
    let snapshotAt = 0;
    let deletedAt = 0;
    let deletion: Promise<number> | undefined;
    const run = await npmRun(
      'backup',
      ['--out', out],
      { ...live.env, BACKUP_HOLD_AFTER_SNAPSHOT_MS: String(hold) },
      (stdout) => {
        if (deletion || !stdout.includes('[backup] snapshot taken')) return;
        snapshotAt = Date.now();
        deletion = caller(live.app)('DELETE', `/car-logs/${logId}`, writer).then((res) => {
          deletedAt = Date.now();
          return res.statusCode;
        });
      },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(await deletion).toBe(200);
    // The row went and the server removed the file, inside the window before the copy.
    expect(deletedAt - snapshotAt).toBeLessThan(hold);
    expect(existsSync(path.join(live.dataDir, 'media', keys[0]!))).toBe(false);

    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    expect(manifest.missingFiles).toEqual([]);
    expect(manifest.files[`media/${keys[0]}`]?.sha256).toBe(original);
    expect(sha256(path.join(out, 'media', keys[0]!))).toBe(original);
    // No staging directory is left in DATA_DIR.
    expect(readdirSync(live.dataDir).filter((n) => n.startsWith('.backup-staging'))).toEqual([]);
  }, 120_000);

  test('restore refuses a non-empty target without --force, and a damaged backup', async () => {
    expect(backup).toBeDefined();
    const env = serverEnv(restoredDir, restoredDb?.url ?? null);
    const refused = await npmRun('restore', [backup], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/not empty/);

    const damaged = path.join(path.dirname(backup), 'damaged');
    cpSync(backup, damaged, { recursive: true });
    const victim = readdirSync(path.join(damaged, 'media'))[0]!;
    const bytes = readFileSync(path.join(damaged, 'media', victim));
    bytes[bytes.length - 1]! ^= 0xff;
    writeFileSync(path.join(damaged, 'media', victim), bytes);
    const empty = freshDir('empty');
    cleanup.push(() => rmSync(empty, { recursive: true, force: true }));
    const otherDb = onPostgres ? await createTestDatabase() : null;
    cleanup.push(async () => otherDb?.drop());
    const bad = await npmRun('restore', [damaged], serverEnv(empty, otherDb?.url ?? null));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(new RegExp(`damaged[\\s\\S]*media/${victim} \\(checksum\\)`));
    expect(readdirSync(empty)).toEqual([]);

    // --force replaces the contents (the server stopped, as the restore says).
    const forced = await npmRun('restore', [backup, '--force'], env);
    expect(forced.code, forced.stderr).toBe(0);
    const again = await startApp(restoredDir, restoredDb?.url ?? null);
    try {
      expect(await answers(again, world)).toEqual(before);
    } finally {
      await again.close();
    }
  }, 120_000);
});
