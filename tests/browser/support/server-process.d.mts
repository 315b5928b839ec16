export const ROOT: string;
export const DIST_DIR: string;
export const SERVER_ENTRY: string;
export const HEALTH_PATH: string;
export function assertBuilt(): void;
export function freePort(): Promise<number>;
export function newDataDir(prefix?: string): string;
export function waitForHealth(
  baseUrl: string,
  options?: { timeoutMs?: number; intervalMs?: number; isAlive?: () => boolean },
): Promise<number>;

export interface ServerOptions {
  /** Default: a fresh temporary directory, removed by dispose(). */
  dataDir?: string;
  /** Default: a free port. */
  port?: number;
  /**
   * Overrides of the environment (e.g. ARGON2_MEMORY_KIB, LOG_LEVEL). DATABASE_URL and REDIS_URL
   * are dropped from the inherited environment; given here, they are kept.
   */
  env?: Record<string, string>;
}

export interface ServerHandle {
  readonly baseUrl: string;
  readonly port: number;
  readonly dataDir: string;
  /** The snapshot of dist/ the server serves (CLIENT_DIR). */
  readonly clientDir: string;
  /** Milliseconds from spawn to the first 200 from /health, for the last (re)start. */
  readonly startupMs: number;
  readonly pid: number | null;
  readonly spawnedAt: number;
  /** The process's recent stdout and stderr. */
  output(): string;
  /** SIGTERM, then SIGKILL after 5 s. */
  stop(): Promise<void>;
  restart(): Promise<void>;
  /** stop(), and remove the DATA_DIR when this handle created it. */
  dispose(): Promise<void>;
}

export function startServer(options?: ServerOptions): Promise<ServerHandle>;
