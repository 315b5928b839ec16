import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API_BASE } from '../../src/contract/envelope';
import type { Config } from './config';
import { removeStaleBackupStaging } from './db/backup-staging';
import { createDb, type Db } from './db/database';
import { migrateToLatest } from './db/migrator';
import { registerErrorHandling, registerNotFound } from './http/errors';
import { registerIdempotency } from './http/idempotency';
import { lazyCompilers } from './http/lazy-compilers';
import { childLogger, loggerOptions } from './http/logger';
import { registerOpenApi } from './http/openapi';
import { registerRateLimit } from './http/rate-limit';
import { registerRouteRegistry } from './http/route-registry';
import { registerSecurity } from './http/security';
import { registerStatic } from './http/static';
import { ShutdownAwareResponse } from './http/shutdown-response';
import { registerRealtime } from './realtime/realtime';
import { authPlugin } from './auth/auth-plugin';
import { accountFeature } from './account/account-feature';
import { authFeature } from './auth/auth-feature';
import { createAuthServices } from './auth/auth-services';
import { createUsersRepository } from './auth/users-repository';
import { healthRoutes } from './health/health-routes';
import { legalRoutes } from './legal/legal-routes';
import { settingsRoutes } from './settings/settings-routes';
import { garageFeature } from './garage/garage-feature';
import { importsFeature } from './imports/imports-feature';
import { createDossierService, dossierFeature, dossierPageRoutes } from './dossier/dossier-feature';
import { createMaintenanceService, maintenanceFeature } from './maintenance/maintenance-feature';
import { messagesFeature } from './messages/messages-feature';
import { notificationsFeature } from './notifications/notifications-feature';
import { peopleFeature } from './people/people-feature';
import { postsFeature } from './posts/posts-feature';
import { chatFeature } from './chat/chat-feature';
import { trustFeature } from './trust/trust-feature';
import { searchFeature } from './search/search-feature';
import { registerSuspensionGuard } from './trust/suspension-guard';
import { createMediaService, mediaFeature } from './media/media-feature';
import { createObjectStore, type ObjectStore } from './media/object-store';
import { createPushService, pushFeature } from './push/push-feature';
import { createWorkerPool, type WorkerPool } from './workers/worker-pool';
import type { PushLookup } from './push/push-endpoint';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Where media bytes live: DATA_DIR or an S3 bucket (MEDIA_STORE). */
    objectStore: ObjectStore;
    /** Worker threads for imports and dossiers: off the event loop, with limits (server/src/workers). */
    workers: WorkerPool;
  }
}

export interface BuildOptions {
  /** false silences the log (tests); a pino destination stream captures it. */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** Resolves push endpoints' host names (tests point a name at the address they want). */
  pushLookup?: PushLookup;
  /** The push service's clock (tests move it past a throttle's minute instead of waiting). */
  pushClock?: () => Date;
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
    childLoggerFactory: childLogger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    http: { ServerResponse: ShutdownAwareResponse },
    ajv: {
      customOptions: { removeAdditional: 'all', coerceTypes: 'array', useDefaults: true, allErrors: false },
    },
    // Each route's validators and serializers are compiled on its first request, not before listen.
    schemaController: { compilersFactory: lazyCompilers() },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const db = createDb(config);
  await migrateToLatest(db.kysely);
  // Staging left in DATA_DIR by a backup killed mid-run (server/scripts/backup.mjs).
  for (const name of await removeStaleBackupStaging(config.dataDir))
    app.log.warn({ name }, 'removed the staging of a backup that was stopped mid-run');
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('objectStore', createObjectStore(config.mediaStore, config.dataDir, app.log));
  app.addHook('onClose', async () => db.close());
  // Threads start on the first import or dossier, not here (start-up time and idle memory).
  app.decorate(
    'workers',
    createWorkerPool({ size: config.workers.threads, memoryMb: config.workers.memoryMb }),
  );
  app.addHook('onClose', async () => app.workers.close());

  // The HTTP layer imports no feature: the accounts hand it the member's chosen language.
  const users = createUsersRepository(db.kysely);
  registerErrorHandling(app, { memberLanguage: (memberId) => users.languageOf(memberId) });
  // Built once: authPlugin checks access tokens with its session service, the routes use them all.
  const auth = await createAuthServices(app);
  await app.register(authPlugin, { sessions: auth.sessions });

  // --- platform plugins (security headers, CORS, rate limits, idempotency, OpenAPI) ---
  // Order matters: rate limits and idempotency append their preHandlers to each route added after
  // them (rate limit first, so a replayed request still counts); OpenAPI collects those routes.
  await registerSecurity(app, config);
  await registerRateLimit(app, config);
  registerNotFound(app);
  await registerIdempotency(app);
  // After idempotency: a replayed answer stays the answer; a new write by a suspended member is refused.
  registerSuspensionGuard(app);
  await registerOpenApi(app, config);
  registerRouteRegistry(app);
  // Before the routes, so that features can hand app.realtime to their services at registration.
  registerRealtime(app, config);

  // Built once: the owner's routes under the API base, the public page at the root.
  const dossier = createDossierService(app);

  // --- API routes ---
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authFeature, { services: auth });
      await api.register(legalRoutes);
      await api.register(settingsRoutes);
      // Built once: the files screen serves what the garage and the feed upload.
      const media = createMediaService(api);
      // Built once: the garage's log writes move the reminders' states it derives.
      // Built once: a reminder that changes state is pushed to the member's devices.
      const push = createPushService(api, options.pushLookup, options.pushClock);
      const maintenance = createMaintenanceService(api, push);
      await api.register(garageFeature, { media, maintenance });
      await api.register(maintenanceFeature, { maintenance });
      await api.register(pushFeature, { push });
      await api.register(importsFeature, { maintenance });
      await api.register(dossierFeature, { dossier });
      await api.register(notificationsFeature);
      await api.register(messagesFeature, { media });
      await api.register(peopleFeature);
      await api.register(postsFeature, { media });
      await api.register(chatFeature, { media });
      await api.register(trustFeature);
      await api.register(searchFeature);
      await api.register(mediaFeature, { media });
      await api.register(accountFeature, { auth });
    },
    { prefix: API_BASE },
  );

  // The resale dossier's public page, outside the API and before the client's fallback.
  await app.register(dossierPageRoutes, { dossier });

  // --- realtime and the built client ---
  // (socket.io is created with the platform plugins above, so app.realtime exists for the routes.)
  await registerStatic(app, config);

  return app;
}
