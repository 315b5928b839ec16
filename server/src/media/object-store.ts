// Where media bytes live: a folder under DATA_DIR (the embedded default) or an
// S3-compatible bucket (MEDIA_STORE=s3), behind one small interface. Keys are server-made names
// under `media/` (files, post images) and `avatars/`, the same in both stores and in a backup.
// Stored objects are never rewritten: a key names the same bytes for good.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { MediaStoreConfig } from '../config';
import { AppError } from '../http/errors';

const KEY = /^(media|avatars)\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

export interface ObjectInfo {
  key: string;
  size: number;
  lastModified: Date;
}

export interface StoredObject {
  body: Readable;
  size: number;
}

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Writes a new object (the key is fresh: never an overwrite). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes as a stream; a missing object throws an error of code ENOENT. */
  get(key: string): Promise<StoredObject>;
  /** The whole object in memory (small files: the dossier's PDF pages). */
  read(key: string): Promise<Buffer>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  list(prefix: 'media/' | 'avatars/'): AsyncIterable<ObjectInfo>;
  /** Throws when the store cannot be reached (the bucket is down or refuses us). */
  ping(): Promise<void>;
}

/** The store cannot be reached: media routes answer 503, everything else goes on. */
export const storeUnavailable = () =>
  new AppError(
    503,
    'MEDIA_STORE_UNAVAILABLE',
    'Files are briefly unavailable. Please try again in a moment.',
    undefined,
    {
      'Retry-After': '5',
    },
  );

export const isStoreUnavailable = (error: unknown): boolean =>
  error instanceof AppError && error.code === 'MEDIA_STORE_UNAVAILABLE';

const missing = (key: string) => Object.assign(new Error(`no object ${key}`), { code: 'ENOENT' });

function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error('invalid storage key');
  return key;
}

export async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The folder store: `${dataDir}/media/<name>`, `${dataDir}/avatars/<name>`, the layout kept from before the bucket existed. */
export function localObjectStore(dataDir: string): ObjectStore {
  const fileOf = (key: string) => path.join(dataDir, checkKey(key));
  const info = async (key: string): Promise<ObjectInfo | null> => {
    try {
      const s = await stat(fileOf(key));
      // Something other than a file where the object should be is a fault, not a missing object.
      if (!s.isFile()) throw Object.assign(new Error(`not a file: ${key}`), { code: 'EISDIR' });
      return { key, size: s.size, lastModified: s.mtime };
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return null;
      throw error;
    }
  };
  const store: ObjectStore = {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { flag: 'wx' });
    },
    async get(key) {
      const found = await info(key);
      if (!found) throw missing(key);
      return { body: createReadStream(fileOf(key)), size: found.size };
    },
    async read(key) {
      return streamToBuffer((await store.get(key)).body);
    },
    head: info,
    delete: (key) => rm(fileOf(key), { force: true }),
    async *list(prefix) {
      let names: string[];
      try {
        names = await readdir(path.join(dataDir, prefix));
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return;
        throw error;
      }
      for (const name of names.sort()) {
        if (!KEY.test(prefix + name)) continue;
        const found = await info(prefix + name);
        if (found) yield found;
      }
    },
    async ping() {},
  };
  return store;
}

type Sdk = typeof S3;
type S3Client = S3.S3Client;

/**
 * The SDK and a client of a store setting. The SDK is loaded on the first call only: a server on
 * the local folder never pays for loading it at start-up.
 */
async function s3Client(
  config: Extract<MediaStoreConfig, { kind: 's3' }>,
): Promise<{ sdk: Sdk; client: S3Client }> {
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // A bucket that is down must answer fast (503), not hold the member's request for long.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 2000, requestTimeout: 15000 },
    // Checksums only where S3 requires them: S3-compatible servers differ on the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { sdk, client };
}

interface S3Failure {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

const notThere = (error: unknown) => {
  const e = error as S3Failure;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Where S3 failures are told. */
export interface StoreLog {
  warn(details: object, message: string): void;
}

/** The bucket store: every object under its key, with its sha256 as metadata (backups, migration). */
export function s3ObjectStore(
  config: Extract<MediaStoreConfig, { kind: 's3' }>,
  log?: StoreLog,
): ObjectStore {
  let connected: Promise<{ sdk: Sdk; client: S3Client }> | null = null;
  const Bucket = config.bucket;
  /** Runs an S3 call; a failure other than a missing object means the store is unavailable. */
  async function call<T>(
    what: string,
    run: (s3: { sdk: Sdk; client: S3Client }) => Promise<T>,
    key?: string,
  ): Promise<T> {
    connected ??= s3Client(config);
    const s3 = await connected;
    try {
      return await run(s3);
    } catch (error) {
      if (key && notThere(error)) throw missing(key);
      const e = error as S3Failure;
      // No secret in the line: the S3 error's name and status only.
      log?.warn(
        { op: what, error: e.name ?? e.code ?? 'unknown', status: e.$metadata?.httpStatusCode },
        'media store unavailable',
      );
      throw storeUnavailable();
    }
  }
  const store: ObjectStore = {
    kind: 's3',
    async put(key, bytes, contentType) {
      const Key = checkKey(key);
      await call('put', ({ sdk, client }) =>
        client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.length,
            Metadata: { sha256: sha256(bytes) },
          }),
        ),
      );
    },
    async get(key) {
      const Key = checkKey(key);
      const out = await call(
        'get',
        ({ sdk, client }) => client.send(new sdk.GetObjectCommand({ Bucket, Key })),
        key,
      );
      return { body: out.Body as Readable, size: Number(out.ContentLength ?? 0) };
    },
    async read(key) {
      return streamToBuffer((await store.get(key)).body);
    },
    async head(key) {
      const Key = checkKey(key);
      try {
        const out = await call(
          'head',
          ({ sdk, client }) => client.send(new sdk.HeadObjectCommand({ Bucket, Key })),
          key,
        );
        return { key, size: Number(out.ContentLength ?? 0), lastModified: out.LastModified ?? new Date(0) };
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const Key = checkKey(key);
      await call('delete', ({ sdk, client }) => client.send(new sdk.DeleteObjectCommand({ Bucket, Key })));
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await call('list', ({ sdk, client }) =>
          client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token })),
        );
        for (const o of page.Contents ?? [])
          if (o.Key && KEY.test(o.Key))
            yield { key: o.Key, size: Number(o.Size ?? 0), lastModified: o.LastModified ?? new Date(0) };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async ping() {
      await call('ping', ({ sdk, client }) => client.send(new sdk.HeadBucketCommand({ Bucket })));
    },
  };
  return store;
}

export function createObjectStore(config: MediaStoreConfig, dataDir: string, log?: StoreLog): ObjectStore {
  return config.kind === 's3' ? s3ObjectStore(config, log) : localObjectStore(dataDir);
}
