// `npm run media:migrate -- --to s3` / `--to local`: moves the media of DATA_DIR
// (media/, avatars/) into the bucket of the S3_* settings, or the bucket's objects back into
// DATA_DIR. Resumable: an object already at the destination with the same sha256 is skipped, so a
// run stopped half-way is simply run again. Every copy is read back and checked. The source is
// left as it is (remove it yourself once the server runs on the new store: set MEDIA_STORE, restart).
// Prints one line per object (copied or skipped, with its sha256), the counts, and one checksum
// over every key and sha256 (the same on both sides when the stores hold the same objects).
// Runs while the server runs; objects written meanwhile are taken by running it again once the
// server has been switched over.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, runMain, target, UsageError } from './backup-common.mjs';
import { bucket, s3Settings, sha256 } from './media-store.mjs';

const PREFIXES = ['media', 'avatars'];
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

async function localNames(dataDir, prefix) {
  try {
    return (await readdir(path.join(dataDir, prefix), { withFileTypes: true }))
      .filter((e) => e.isFile() && NAME.test(e.name))
      .map((e) => e.name)
      .sort();
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw error;
  }
}

async function readLocal(file) {
  try {
    return await readFile(file);
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

async function toBucket(dataDir, s3, tally) {
  for (const prefix of PREFIXES)
    for (const name of await localNames(dataDir, prefix)) {
      const key = `${prefix}/${name}`;
      const bytes = await readFile(path.join(dataDir, prefix, name));
      tally(key, await s3.putChecked(key, bytes), sha256(bytes), bytes.length);
    }
}

async function toFolder(dataDir, s3, tally) {
  for (const prefix of PREFIXES) {
    const dir = path.join(dataDir, prefix);
    await mkdir(dir, { recursive: true });
    for (const key of await s3.list(`${prefix}/`)) {
      const file = path.join(dataDir, key);
      const head = await s3.head(key);
      if (!head) continue; // deleted meanwhile
      const here = await readLocal(file);
      if (here && here.length === head.size && head.sha256 && sha256(here) === head.sha256) {
        tally(key, 'skipped', head.sha256, here.length);
        continue;
      }
      const object = await s3.get(key);
      if (!object) continue;
      const sum = sha256(object.bytes);
      if (object.sha256 && object.sha256 !== sum)
        throw new Error(`${key}: the bucket's bytes do not match the sha256 recorded with them`);
      if (here && sha256(here) === sum) {
        tally(key, 'skipped', sum, here.length);
        continue;
      }
      // Written aside, then renamed: a stopped run never leaves half a file under its real name.
      const part = `${file}.migrating`;
      await writeFile(part, object.bytes);
      await rename(part, file);
      const back = await readFile(file);
      if (sha256(back) !== sum) throw new Error(`${key}: the file on disk differs after the copy`);
      tally(key, 'copied', sum, back.length);
    }
  }
}

async function main() {
  const { options } = parseArgs(process.argv.slice(2), ['quiet']);
  const to = options.to;
  if (to !== 's3' && to !== 'local')
    throw new UsageError(
      'usage: npm run media:migrate -- --to s3|--to local [--quiet] (with DATA_DIR and the S3_* settings)',
    );
  const { dataDir } = target();
  const s3 = bucket(s3Settings({ ...process.env, MEDIA_STORE: 's3' }, { required: true }));
  const counts = { copied: 0, skipped: 0, bytes: 0 };
  const lines = [];
  const tally = (key, outcome, sum, size) => {
    counts[outcome]++;
    if (outcome === 'copied') counts.bytes += size;
    lines.push(`${key} ${sum}`);
    if (!options.quiet) console.log(`${outcome.padEnd(7)} ${key} sha256:${sum}`);
  };
  console.log(
    to === 's3'
      ? `[media:migrate] ${dataDir} → bucket ${s3.name}`
      : `[media:migrate] bucket ${s3.name} → ${dataDir}`,
  );
  if (to === 's3') await toBucket(dataDir, s3, tally);
  else await toFolder(dataDir, s3, tally);
  const all = createHash('sha256').update(lines.sort().join('\n')).digest('hex');
  console.log(
    `[media:migrate] ${counts.copied + counts.skipped} objects: ${counts.copied} copied (${(counts.bytes / 1048576).toFixed(1)} MiB), ${counts.skipped} already there with the same sha256`,
  );
  console.log(`[media:migrate] checksum of every key and sha256: ${all}`);
  console.log(
    to === 's3'
      ? '[media:migrate] the folder is left as it is: set MEDIA_STORE=s3 and restart, then run this again to take what was written meanwhile'
      : '[media:migrate] the bucket is left as it is: set MEDIA_STORE=local and restart, then run this again to take what was written meanwhile',
  );
}

await runMain(main);
