// `npm run backup` / `npm run restore` with MEDIA_STORE=s3 copy the objects the rows
// name, with their sha256 in the manifest, checked on restore; `npm run media:migrate` moves a
// DATA_DIR's media into a bucket and back, resumable (a second run copies nothing), with counts and
// checksums. Against real S3-protocol servers (s3rver) on loopback.
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { answers, freshDir, npmRun, populate, serverEnv } from './data-safety-fixtures';
import { createTestApp, createTestDatabase, onPostgres } from './helpers';
import { startTestBucket, type TestBucket } from './s3-fixtures';

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function bucket(): Promise<TestBucket> {
  const b = await startTestBucket();
  cleanup.push(() => b.close());
  return b;
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('backup and restore with a bucket', () => {
  test('the backup holds every object the rows name with its sha256; the restore puts them into another bucket, checked', async () => {
    const source = await bucket();
    const live = await createTestApp(source.env);
    cleanup.push(() => live.close().catch(() => undefined));
    const world = await populate(live.app);
    const before = await answers(live.app, world);

    const out = path.join(freshDir('s3-backup'), 'backup');
    const backup = await npmRun('backup', ['--out', out], live.env);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/objects of bucket paddock-media, sha256 of each in manifest\.json/);
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as {
      mediaStore: { kind: string };
      missingFiles: string[];
      files: Record<string, { size: number; sha256: string }>;
    };
    expect(manifest.mediaStore).toEqual({ kind: 's3', bucket: 'paddock-media' });
    expect(manifest.missingFiles).toEqual([]);
    const rows = await live.app.db.kysely.selectFrom('media').select('storage_key').execute();
    const objects = Object.keys(manifest.files).filter((rel) => /^(media|avatars)\//.test(rel));
    expect(objects.filter((k) => k.startsWith('media/')).sort()).toEqual(
      rows.map((r) => `media/${r.storage_key}`).sort(),
    );
    expect(objects.some((k) => k.startsWith('avatars/'))).toBe(true);
    for (const key of objects)
      expect(manifest.files[key]!.sha256, key).toBe(sha(await source.store.read(key)));
    // Nothing of the bucket went to DATA_DIR.
    expect(existsSync(path.join(live.dataDir, 'media'))).toBe(false);

    // A damaged object in the backup: nothing is restored.
    const target = await bucket();
    const damaged = path.join(freshDir('s3-damaged'), 'backup');
    cpSync(out, damaged, { recursive: true });
    writeFileSync(path.join(damaged, objects[0]!), 'not the photo');
    const emptyDir = freshDir('s3-restore-refused');
    const emptyDatabase = onPostgres ? await createTestDatabase() : null;
    if (emptyDatabase) cleanup.push(() => emptyDatabase.drop());
    const refused = await npmRun('restore', [damaged], {
      ...serverEnv(emptyDir, emptyDatabase?.url ?? null),
      ...target.env,
    });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/damaged/);
    expect(await target.keys('media/')).toEqual([]);

    // Into an empty DATA_DIR and another bucket.
    const dataDir = freshDir('s3-restored');
    const database = onPostgres ? await createTestDatabase() : null;
    if (database) cleanup.push(() => database.drop());
    const env = { ...serverEnv(dataDir, database?.url ?? null), ...target.env };
    const restore = await npmRun('restore', [out], env);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(new RegExp(`${objects.length} objects copied, 0 already there`));
    expect([...(await target.keys('media/')), ...(await target.keys('avatars/'))].sort()).toEqual(
      objects.sort(),
    );
    await live.app.close();
    const restored = await buildApp(loadConfig(env), { logger: false });
    try {
      expect(await answers(restored, world)).toEqual(before);
    } finally {
      await restored.close();
    }
  }, 180_000);
});

describe('npm run media:migrate', () => {
  test('moves a DATA_DIR into a bucket and back, resumable, with counts and checksums', async () => {
    const b = await bucket();
    const local = await createTestApp({ MEDIA_STORE: 'local' });
    cleanup.push(() => local.close().catch(() => undefined));
    const world = await populate(local.app);
    const before = await answers(local.app, world);
    await local.app.close();
    const files = [
      ...readdirNames(path.join(local.dataDir, 'media')).map((n) => `media/${n}`),
      ...readdirNames(path.join(local.dataDir, 'avatars')).map((n) => `avatars/${n}`),
    ];
    expect(files.length).toBeGreaterThan(3);
    const env = { ...local.env, ...b.env, MEDIA_STORE: 'local' };

    const first = await npmRun('media:migrate', ['--to', 's3'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`${files.length} objects: ${files.length} copied`));
    for (const key of files)
      expect(first.stdout).toContain(`${key} sha256:${sha(readFileSync(path.join(local.dataDir, key)))}`);
    const checksum = /checksum of every key and sha256: ([0-9a-f]{64})/.exec(first.stdout)![1];
    // Resumable: a second run finds everything there.
    const again = await npmRun('media:migrate', ['--to', 's3', '--quiet'], env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(
      new RegExp(`${files.length} objects: 0 copied .*, ${files.length} already there`),
    );

    // The server on the bucket, without the folder, answers as before.
    renameSync(path.join(local.dataDir, 'media'), path.join(local.dataDir, 'media-moved'));
    renameSync(path.join(local.dataDir, 'avatars'), path.join(local.dataDir, 'avatars-moved'));
    const onBucket = await buildApp(loadConfig({ ...env, MEDIA_STORE: 's3' }), { logger: false });
    try {
      expect(await answers(onBucket, world)).toEqual(before);
    } finally {
      await onBucket.close();
    }

    // And back into the folder: the same objects, the same checksum.
    const back = await npmRun('media:migrate', ['--to', 'local'], env);
    expect(back.code, back.stderr).toBe(0);
    expect(back.stdout).toMatch(new RegExp(`${files.length} objects: ${files.length} copied`));
    expect(back.stdout).toContain(`checksum of every key and sha256: ${checksum}`);
    for (const key of files)
      expect(
        readFileSync(path.join(local.dataDir, key)).equals(
          readFileSync(path.join(local.dataDir, key.replace('/', '-moved/'))),
        ),
      ).toBe(true);
    const backAgain = await npmRun('media:migrate', ['--to', 'local', '--quiet'], env);
    expect(backAgain.stdout).toMatch(new RegExp(`0 copied .*, ${files.length} already there`));
    rmSync(path.join(local.dataDir, 'media-moved'), { recursive: true });
    rmSync(path.join(local.dataDir, 'avatars-moved'), { recursive: true });
    const onFolder = await buildApp(loadConfig({ ...env, MEDIA_STORE: 'local' }), { logger: false });
    try {
      expect(await answers(onFolder, world)).toEqual(before);
    } finally {
      await onFolder.close();
    }
  }, 180_000);
});

const readdirNames = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).sort() : []);
