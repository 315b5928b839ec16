// A real S3-protocol server for the tests: s3rver on loopback, on a free port, keeping
// its objects in a temporary directory. `stop()` takes it down (the bucket is "down"), `start()`
// brings it back on the same port with the same objects.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { parseMediaStore } from '../../server/src/config';
import { s3ObjectStore, type ObjectStore } from '../../server/src/media/object-store';

export interface TestBucket {
  /** MEDIA_STORE=s3 and the S3_* settings of this bucket. */
  env: Record<string, string>;
  /** A store on the bucket, to look at objects from the test. */
  store: ObjectStore;
  /** The object keys under a prefix. */
  keys(prefix: 'media/' | 'avatars/'): Promise<string[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestBucket(bucket = 'paddock-media'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 'paddock-s3-'));
  const make = (port: number) =>
    new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  let server: S3rver | null = make(0);
  const { port } = await server.run();
  const env = {
    MEDIA_STORE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const config = parseMediaStore(env);
  if (config.kind !== 's3') throw new Error('unreachable');
  const store = s3ObjectStore(config);
  return {
    env,
    store,
    async keys(prefix) {
      const out: string[] = [];
      for await (const o of store.list(prefix)) out.push(o.key);
      return out;
    },
    async stop() {
      await server?.close();
      server = null;
    },
    async start() {
      if (server) return;
      server = make(port);
      await server.run();
    },
    async close() {
      await server?.close();
      server = null;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
