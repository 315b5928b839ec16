import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const KEY = /^[0-9a-f-]{36}\.(webp|pdf)$/;

/** Files under `${dataDir}/media/`, named by the server only: no client text reaches a path. */
export function mediaStorage(dataDir: string) {
  const dir = path.join(dataDir, 'media');
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return path.join(dir, key);
  };
  return {
    async save(bytes: Buffer, kind: 'image' | 'pdf'): Promise<string> {
      await mkdir(dir, { recursive: true });
      const key = `${randomUUID()}.${kind === 'pdf' ? 'pdf' : 'webp'}`;
      await writeFile(fileOf(key), bytes, { flag: 'wx' });
      return key;
    },
    read: (key: string) => readFile(fileOf(key)),
    remove: (key: string) => rm(fileOf(key), { force: true }),
  };
}

export type MediaStorage = ReturnType<typeof mediaStorage>;
