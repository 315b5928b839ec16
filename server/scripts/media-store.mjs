// What the backup, restore and media:migrate scripts share about the media store: the
// MEDIA_STORE / S3_* settings read as server/src/config.ts reads them, and the few bucket calls
// they make. Object keys are `media/<storage_key>` and `avatars/<version>-<size>.webp`, the same
// paths as under DATA_DIR and in a backup; every object the server writes carries its sha256 as
// metadata (`x-amz-meta-sha256`).
import { createHash } from 'node:crypto';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { UsageError } from './backup-common.mjs';

const KEY = /^(media|avatars)\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** The S3 settings, required (media:migrate), or null when MEDIA_STORE is not s3 (backup, restore). */
export function s3Settings(env = process.env, { required = false } = {}) {
  const kind = env.MEDIA_STORE || 'local';
  if (kind !== 'local' && kind !== 's3')
    throw new UsageError(`MEDIA_STORE must be "local" or "s3", got "${kind}"`);
  if (kind !== 's3' && !required) return null;
  if (!env.S3_BUCKET)
    throw new UsageError('set S3_BUCKET (and S3_ENDPOINT, S3_REGION, the keys) as for the server');
  const keyId = env.S3_ACCESS_KEY_ID ?? '';
  const secret = env.S3_SECRET_ACCESS_KEY ?? '';
  if (!keyId !== !secret) throw new UsageError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  const endpoint = env.S3_ENDPOINT || null;
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint,
    credentials: keyId ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
    forcePathStyle:
      pathStyle === undefined || pathStyle === ''
        ? endpoint !== null
        : pathStyle === 'true' || pathStyle === '1',
  };
}

async function bytesOf(body) {
  const chunks = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const notThere = (error) =>
  error?.name === 'NoSuchKey' || error?.name === 'NotFound' || error?.$metadata?.httpStatusCode === 404;

/** The bucket calls of the scripts. */
export function bucket(settings) {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const check = (key) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`not a media key: ${key}`);
    return key;
  };
  return {
    name: Bucket,
    /** The object's bytes and recorded sha256, or null when there is none. */
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: check(key) }));
        return { bytes: await bytesOf(out.Body), sha256: out.Metadata?.sha256 ?? null };
      } catch (error) {
        if (notThere(error)) return null;
        throw error;
      }
    },
    /** The recorded sha256 and size of an object, or null when there is none. */
    async head(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: check(key) }));
        return { size: Number(out.ContentLength ?? 0), sha256: out.Metadata?.sha256 ?? null };
      } catch (error) {
        if (notThere(error)) return null;
        throw error;
      }
    },
    async put(key, bytes) {
      const type = key.endsWith('.pdf') ? 'application/pdf' : 'image/webp';
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: check(key),
          Body: bytes,
          ContentType: type,
          ContentLength: bytes.length,
          Metadata: { sha256: sha256(bytes) },
        }),
      );
    },
    /** Every media key under a prefix (`media/`, `avatars/`). */
    async list(prefix) {
      const keys = [];
      let token;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) if (o.Key && KEY.test(o.Key)) keys.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    /**
     * Puts the bytes unless the bucket already holds them (same sha256), then reads the object back
     * and checks it; answers 'copied' or 'skipped'.
     */
    async putChecked(key, bytes) {
      const sum = sha256(bytes);
      const there = await this.head(key);
      if (there && there.size === bytes.length) {
        const recorded = there.sha256 ?? sha256((await this.get(key)).bytes);
        if (recorded === sum) return 'skipped';
      }
      await this.put(key, bytes);
      const back = await this.get(key);
      if (!back || sha256(back.bytes) !== sum)
        throw new Error(`${key}: the bucket answered other bytes after the copy`);
      return 'copied';
    },
  };
}
