import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API_BASE } from '../../src/contract/envelope';
import type { Config } from './config';
import { createDb, type Db } from './db/database';
import { migrateToLatest } from './db/migrator';
import { registerErrorHandling } from './http/errors';
import { loggerOptions } from './http/logger';
import { healthRoutes } from './health/health-routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
}

export interface BuildOptions {
  /** false silences the log (tests); a pino destination stream captures it. */
  logger?: boolean | { stream: NodeJS.WritableStream };
}

export type App = FastifyInstance;

/** The whole server as a Fastify instance: call `inject()` on it, or `listen()`. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const logger =
    options.logger === false
      ? false
      : options.logger && typeof options.logger === 'object'
        ? { ...(loggerOptions(config.logLevel) as object), stream: options.logger.stream }
        : loggerOptions(config.logLevel);
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    ajv: {
      customOptions: { removeAdditional: 'all', coerceTypes: 'array', useDefaults: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const db = createDb(config);
  await migrateToLatest(db.kysely);
  app.decorate('config', config);
  app.decorate('db', db);
  app.addHook('onClose', async () => db.close());

  registerErrorHandling(app);

  // --- platform plugins (security headers, CORS, rate limits, idempotency, OpenAPI) ---

  // --- API routes ---
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
    },
    { prefix: API_BASE },
  );

  // --- realtime and the built client ---

  return app;
}
