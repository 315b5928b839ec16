// `npm run backup` stages hard links to the files in DATA_DIR/.backup-staging-<pid>-<random>
// (server/scripts/backup.mjs). A backup killed outright (SIGKILL, a power cut) leaves its staging
// behind; the server removes those whose process is gone when it starts, as the next backup does.
// (A backup runs where the server runs, with the same DATA_DIR, so their process ids are comparable.)
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

const STAGING = /^\.backup-staging-(\d+)-/;

/** Whether a process of that id runs (EPERM: it does, as another user). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** Removes the staging directories of backups that ended mid-run; answers their names. */
export async function removeStaleBackupStaging(dataDir: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(dataDir).catch(() => [] as string[])) {
    const pid = Number(STAGING.exec(name)?.[1] ?? 0);
    // The server never stages: a directory under its own id was left by an earlier process.
    if (!pid || (pid !== process.pid && processAlive(pid))) continue;
    await rm(path.join(dataDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
