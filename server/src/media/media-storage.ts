import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const KEY = /^[0-9a-f-]{36}\.(webp|pdf)$/;

/** Where storage failures are told: the app's logger (pino-like). */
export interface StorageLog {
  warn(details: object, message: string): void;
}

/** The `code` of a Node file-system error (ENOENT, EACCES…), or undefined. */
export const fsErrorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : undefined;

/** Files under `${dataDir}/media/`, named by the server only: no client text reaches a path. */
export function mediaStorage(dataDir: string) {
  const dir = path.join(dataDir, 'media');
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return path.join(dir, key);
  };
  const remove = (key: string) => rm(fileOf(key), { force: true });
  return {
    async save(bytes: Buffer, kind: 'image' | 'pdf'): Promise<string> {
      await mkdir(dir, { recursive: true });
      const key = `${randomUUID()}.${kind === 'pdf' ? 'pdf' : 'webp'}`;
      await writeFile(fileOf(key), bytes, { flag: 'wx' });
      return key;
    },
    read: (key: string) => readFile(fileOf(key)),
    /** Where the file of `key` is on disk (the account export streams it from there). */
    pathOf: fileOf,
    remove,
    /**
     * Removes the files of rows already deleted. A failure is logged and swallowed: the change the
     * member asked for is committed, and a file left behind is only wasted disk space.
     */
    async discard(keys: string[], log: StorageLog): Promise<void> {
      for (const key of keys) {
        try {
          await remove(key);
        } catch (error) {
          // The key is a server-made name; no member text or secret goes into the line.
          log.warn({ storageKey: key, code: fsErrorCode(error) }, 'media file could not be removed');
        }
      }
    },
  };
}

export type MediaStorage = ReturnType<typeof mediaStorage>;

/** What the garage services call with the storage keys of media rows they deleted. */
export type DiscardFiles = (storageKeys: string[]) => Promise<void>;

export const fileDiscarder =
  (dataDir: string, log: StorageLog): DiscardFiles =>
  (keys) =>
    mediaStorage(dataDir).discard(keys, log);
