// Builds a real server for a test: a real SQLite file in a fresh DATA_DIR, or, with
// TEST_DATABASE=postgres, a fresh PostgreSQL database on 127.0.0.1:5432 dropped at close. With
// TEST_MEDIA_STORE=s3, media go to a bucket of a real S3-protocol server (s3rver) started for it.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App, type BuildOptions } from '../../server/src/app';
import { loadConfig, type Config } from '../../server/src/config';
import { startTestBucket } from './s3-fixtures';

export const onPostgres = process.env.TEST_DATABASE === 'postgres';
export const onS3 = process.env.TEST_MEDIA_STORE === 's3';
const ADMIN_URL = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `paddock_test_${process.pid}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return {
    url: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: App;
  config: Config;
  dataDir: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A fresh server on a fresh database. `env` overrides configuration (e.g. RATE_LIMIT_MAX). */
export async function createTestApp(
  env: Record<string, string> = {},
  options: BuildOptions = { logger: false },
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-test-'));
  const database = onPostgres ? await createTestDatabase() : null;
  const bucket = onS3 && !env.MEDIA_STORE ? await startTestBucket() : null;
  const fullEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    // Tests create many accounts; the cheaper argon2 cost keeps them fast (the default is 19 MiB).
    ARGON2_MEMORY_KIB: '4096',
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...(bucket ? bucket.env : {}),
    ...env,
  };
  const config = loadConfig(fullEnv);
  const app = await buildApp(config, options);
  return {
    app,
    config,
    dataDir,
    env: fullEnv,
    async close() {
      await app.close();
      await database?.drop();
      await bucket?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
