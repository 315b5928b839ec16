// A backup stopped mid-run leaves no staging directory in DATA_DIR for long: SIGINT/SIGTERM remove
// it before the backup exits; after a SIGKILL, the next backup or the next server start removes it
// (only those whose process is gone: a running backup's staging stays).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../server/src/app';
import { freshDir, npmRun, ROOT } from './data-safety-fixtures';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
const dirs: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // A file to stage (backups hard-link the media files first).
  mkdirSync(path.join(t.dataDir, 'media'), { recursive: true });
  writeFileSync(path.join(t.dataDir, 'media', 'some-photo.webp'), 'bytes');
});
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const staging = () => readdirSync(t.dataDir).filter((n) => n.startsWith('.backup-staging'));
const outDir = () => {
  const dir = freshDir('backups');
  dirs.push(dir);
  return path.join(dir, 'out');
};

/** A backup held open after its snapshot, answered once its staging exists. */
async function heldBackup(out: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['server/scripts/backup.mjs', '--out', out], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...t.env, BACKUP_HOLD_AFTER_SNAPSHOT_MS: '60000' },
  });
  let stdout = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('[backup] snapshot taken')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`backup ended early (${code}): ${stdout}`)));
  });
  return child;
}

const ended = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

describe('backup staging', () => {
  test('a backup killed with SIGKILL leaves its staging; the next backup removes it', async () => {
    const out = outDir();
    const killed = await heldBackup(out);
    expect(staging()).toHaveLength(1);
    killed.kill('SIGKILL');
    expect((await ended(killed)).signal).toBe('SIGKILL');
    expect(staging()).toHaveLength(1);

    const next = await npmRun('backup', ['--out', outDir()], t.env);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toContain('left by a backup that was stopped mid-run');
    expect(staging()).toEqual([]);
  }, 120_000);

  test('a backup killed with SIGKILL leaves its staging; the next server start removes it, not a live one', async () => {
    const running = await heldBackup(outDir());
    try {
      // Started second, so that it finds the first one alive and leaves its staging be.
      const killed = await heldBackup(outDir());
      killed.kill('SIGKILL');
      await ended(killed);
      expect(staging()).toHaveLength(2);
      const again = await buildApp(t.config, { logger: false });
      await again.close();
      // The running backup's staging stays; the dead one's is gone.
      expect(staging()).toEqual([expect.stringContaining(`.backup-staging-${running.pid}-`)]);
    } finally {
      running.kill('SIGTERM');
      await ended(running);
    }
    expect(staging()).toEqual([]);
  }, 120_000);

  test.each(['SIGTERM', 'SIGINT'] as const)(
    'a backup stopped by %s removes its staging and partial output',
    async (signal) => {
      const out = outDir();
      const child = await heldBackup(out);
      expect(staging()).toHaveLength(1);
      expect(existsSync(`${out}.partial`)).toBe(true);
      child.kill(signal);
      const { code } = await ended(child);
      expect(code).toBe(signal === 'SIGTERM' ? 143 : 130);
      expect(staging()).toEqual([]);
      expect(existsSync(`${out}.partial`)).toBe(false);
      expect(existsSync(out)).toBe(false);
    },
    120_000,
  );
});
