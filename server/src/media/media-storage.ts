import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ObjectStore } from './object-store';

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

/** The object key of a media row's `storage_key` (the same under DATA_DIR, in a bucket and a backup). */
export function mediaObjectKey(storageKey: string): string {
  if (!KEY.test(storageKey)) throw new Error('invalid storage key');
  return `media/${storageKey}`;
}

/** A stream of an object, opened only when first read (the export's ZIP opens entries in turn). */
export const lazyObjectStream = (store: ObjectStore, key: string): Readable =>
  Readable.from(
    (async function* () {
      const { body } = await store.get(key);
      yield* body;
    })(),
    { objectMode: false },
  );

/**
 * The files of media rows in the media store (a folder under DATA_DIR or a bucket), named by the
 * server only: no client text reaches a key.
 */
export function mediaStorage(store: ObjectStore) {
  const remove = (key: string) => store.delete(mediaObjectKey(key));
  return {
    async save(bytes: Buffer, kind: 'image' | 'pdf'): Promise<string> {
      const key = `${randomUUID()}.${kind === 'pdf' ? 'pdf' : 'webp'}`;
      await store.put(mediaObjectKey(key), bytes, kind === 'pdf' ? 'application/pdf' : 'image/webp');
      return key;
    },
    /** The whole file (a missing one throws an error of code ENOENT). */
    read: (key: string) => store.read(mediaObjectKey(key)),
    /** The file as a stream with its size, for answers (a missing one throws ENOENT). */
    open: (key: string) => store.get(mediaObjectKey(key)),
    remove,
    /**
     * Removes the files of rows already deleted. A failure is logged and swallowed: the change the
     * member asked for is committed, and a file left behind is only wasted space (the orphan
     * sweep takes it later).
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
  (store: ObjectStore, log: StorageLog): DiscardFiles =>
  (keys) =>
    mediaStorage(store).discard(keys, log);
