import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';

export interface OidcProviderConfig {
  /** The path segment of /auth/{provider}, e.g. "google". */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scope: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded SQLite file `${dataDir}/paddock.db`. */
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Prefix of every Redis key and channel, so that several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  sessionMaxAgeSeconds: number;
  resetTokenTtlSeconds: number;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  corsOrigins: string[];
  oidcProviders: OidcProviderConfig[];
  /** Requests per minute: per IP for anonymous calls, per member when signed in. */
  rateLimitMax: number;
  /** Requests per minute per IP on sign-in, sign-up, refresh and reset calls. */
  authRateLimitMax: number;
  bodyLimitBytes: number;
  clientDir: string;
  logLevel: string;
  /** OpenAPI document and Swagger UI at /api/v1.0/docs: outside production, or OPENAPI_PUBLIC=1. */
  serveOpenApi: boolean;
  trustProxy: boolean;
  argon2MemoryKiB: number;
  /** Web Push: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or a pair generated once in DATA_DIR. */
  vapid: VapidKeys;
  /**
   * Whether push endpoints on loopback or private addresses (and plain http) are accepted
   * (PUSH_ALLOW_PRIVATE_ENDPOINTS; tests). Off: a member cannot make the server post to its LAN.
   */
  pushAllowPrivateEndpoints: boolean;
  /** Where media (files, post images, avatars) are kept: DATA_DIR (default) or an S3 bucket. */
  mediaStore: MediaStoreConfig;
  /** Off the event loop (server/src/workers): import reading and dossier building, with their limits. */
  workers: WorkersConfig;
}

export interface WorkersConfig {
  /** Worker threads at most (WORKER_THREADS; default: the cores but one, 1 to 4). */
  threads: number;
  /** A worker's heap, in MB (WORKER_MEMORY_MB): past it the job is stopped. */
  memoryMb: number;
  /** Reading one import file, at most (IMPORT_TIME_LIMIT_MS). */
  importTimeMs: number;
  /** Building one dossier (PDF or public page), at most (DOSSIER_TIME_LIMIT_MS). */
  dossierTimeMs: number;
}

/** MEDIA_STORE=local (default): files under DATA_DIR; MEDIA_STORE=s3: an S3-compatible bucket. */
export type MediaStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      /** S3_ENDPOINT; null: AWS's own endpoint for the region. */
      endpoint: string | null;
      region: string;
      bucket: string;
      /** S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY; null: the SDK's default chain (instance role…). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
      forcePathStyle: boolean;
    };

export interface VapidKeys {
  /** base64url, the browser's applicationServerKey */
  publicKey: string;
  privateKey: string;
  /** mailto: or https: URL the push services may contact (VAPID_SUBJECT; default from MAIL_FROM). */
  subject: string;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** JWT_SECRET, or one generated on first start and kept in DATA_DIR so a restart signs no one out. */
function loadJwtSecret(env: Env, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return new TextEncoder().encode(env.JWT_SECRET);
  }
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
  } catch {
    const secret = randomBytes(48).toString('base64url');
    // wx: two processes starting together never overwrite each other's secret.
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    } catch {
      return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
    }
    return new TextEncoder().encode(secret);
  }
}

/**
 * The VAPID key pair: from the environment (both keys, or neither), else generated on first start
 * and kept in DATA_DIR/vapid-keys.json (mode 0600), so that a restart keeps every subscription.
 */
function loadVapid(env: Env, dataDir: string, mailFrom: string): VapidKeys {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const subject = env.VAPID_SUBJECT || `mailto:${address}`;
  if (!/^(mailto:|https:\/\/)/.test(subject))
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got "${subject}"`);
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY)
      throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(dataDir, 'vapid-keys.json');
  const read = () => {
    const { publicKey, privateKey } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    if (typeof publicKey !== 'string' || typeof privateKey !== 'string')
      throw new Error(`${file} is damaged`);
    return { publicKey, privateKey, subject };
  };
  try {
    return read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const keys = generateVapidKeys();
  try {
    // wx: of two processes starting together, one writes and both use its pair.
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch {
    return read();
  }
  return { ...keys, subject };
}

/**
 * A P-256 key pair in the form web-push's generateVAPIDKeys gives (the uncompressed public point,
 * 65 bytes, and the 32-byte private scalar, base64url), made with node:crypto: web-push itself is
 * loaded only when a push is sent (server/src/push/push-service.ts).
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const scalar = ecdh.getPrivateKey();
  // The scalar's leading zero bytes are dropped by getPrivateKey; VAPID wants all 32.
  const privateKey = Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]);
  return { publicKey: ecdh.getPublicKey('base64url'), privateKey: privateKey.toString('base64url') };
}

function parseOidc(env: Env): OidcProviderConfig[] {
  return list(env.OIDC_PROVIDERS).map((name) => {
    const key = name.toUpperCase().replace(/[^A-Z0-9]/g, '_');
    const issuer = env[`OIDC_${key}_ISSUER`];
    const clientId = env[`OIDC_${key}_CLIENT_ID`];
    if (!issuer || !clientId) {
      throw new Error(`OIDC provider "${name}" needs OIDC_${key}_ISSUER and OIDC_${key}_CLIENT_ID`);
    }
    return {
      name: name.toLowerCase(),
      issuer,
      clientId,
      clientSecret: env[`OIDC_${key}_CLIENT_SECRET`],
      scope: env[`OIDC_${key}_SCOPE`] ?? 'openid email profile',
    };
  });
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

/** MEDIA_STORE and the S3_* settings, checked at start: a bad setting stops the server with its name. */
export function parseMediaStore(env: Env): MediaStoreConfig {
  const kind = env.MEDIA_STORE || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new Error(`MEDIA_STORE must be "local" or "s3", got "${kind}"`);
  const bucket = env.S3_BUCKET ?? '';
  if (!bucket) throw new Error('MEDIA_STORE=s3 needs S3_BUCKET (the bucket the media go to)');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(
      `S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots, dashes), got "${bucket}"`,
    );
  const endpoint = env.S3_ENDPOINT || null;
  if (endpoint) {
    let url: URL | null = null;
    try {
      url = new URL(endpoint);
    } catch {
      url = null;
    }
    if (!url || !/^https?:$/.test(url.protocol))
      throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? '';
  if (!accessKeyId !== !secretAccessKey)
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  const region = env.S3_REGION || 'us-east-1';
  return {
    kind,
    endpoint,
    region,
    bucket,
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
    // Most self-hosted S3 servers (MinIO, Garage, SeaweedFS) only answer path-style requests.
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', endpoint !== null),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const port = int(env, 'PORT', 3000);
  const mailFrom = env.MAIL_FROM ?? 'Paddock <no-reply@paddock.local>';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX ?? 'paddock:',
    jwtSecret: loadJwtSecret(env, dataDir),
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 15 * 60),
    refreshTokenTtlSeconds: int(env, 'REFRESH_TOKEN_TTL_SECONDS', 30 * 24 * 3600),
    sessionMaxAgeSeconds: int(env, 'SESSION_MAX_AGE_SECONDS', 90 * 24 * 3600),
    resetTokenTtlSeconds: int(env, 'RESET_TOKEN_TTL_SECONDS', 3600),
    smtpUrl: env.SMTP_URL || null,
    mailFrom,
    publicUrl,
    corsOrigins: env.CORS_ORIGINS ? list(env.CORS_ORIGINS) : [publicUrl],
    oidcProviders: parseOidc(env),
    rateLimitMax: int(env, 'RATE_LIMIT_MAX', 600),
    authRateLimitMax: int(env, 'AUTH_RATE_LIMIT_MAX', 20),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    // The API's OpenAPI document and Swagger UI: a map for attackers in production, so served only
    // outside it unless the operator says OPENAPI_PUBLIC=1.
    serveOpenApi:
      env.NODE_ENV !== 'production' || env.OPENAPI_PUBLIC === 'true' || env.OPENAPI_PUBLIC === '1',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    argon2MemoryKiB: int(env, 'ARGON2_MEMORY_KIB', 19 * 1024),
    vapid: loadVapid(env, dataDir, mailFrom),
    pushAllowPrivateEndpoints:
      env.PUSH_ALLOW_PRIVATE_ENDPOINTS === 'true' || env.PUSH_ALLOW_PRIVATE_ENDPOINTS === '1',
    mediaStore: parseMediaStore(env),
    workers: {
      threads: Math.max(1, int(env, 'WORKER_THREADS', Math.min(4, Math.max(1, availableParallelism() - 1)))),
      memoryMb: Math.max(64, int(env, 'WORKER_MEMORY_MB', 512)),
      importTimeMs: Math.max(1, int(env, 'IMPORT_TIME_LIMIT_MS', 60_000)),
      dossierTimeMs: Math.max(1, int(env, 'DOSSIER_TIME_LIMIT_MS', 120_000)),
    },
  };
}
