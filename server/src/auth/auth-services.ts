import type { FastifyInstance } from 'fastify';
import { createAccountService } from './account-service';
import { createExternalAccounts } from './external-accounts';
import { createIdentitiesRepository } from './identities-repository';
import { createMailer } from './mailer';
import { createOidcClients } from './oidc-client';
import { createOidcService } from './oidc-service';
import { createPasswordResetService } from './password-reset-service';
import { createPasswordHasher } from './passwords';
import { createResetTokensRepository } from './reset-tokens-repository';
import { createSessionService } from './session-service';
import { createSessionsRepository } from './sessions-repository';
import { createUsersRepository } from './users-repository';

/** Wires the auth feature once per app: repositories → services. */
export async function createAuthServices(app: FastifyInstance) {
  const { config } = app;
  const db = app.db.kysely;
  const users = createUsersRepository(db);
  const identities = createIdentitiesRepository(db);
  const hasher = createPasswordHasher(config.argon2MemoryKiB);
  const sessions = createSessionService(config, db, createSessionsRepository(db), {
    sessionEnded: (sessionId) => app.realtime.disconnectSession(sessionId),
    allSessionsEnded: (userId) => app.realtime.toMember(userId).disconnectSockets(true),
  });
  // At the configured cost: logins for unknown e-mails verify against it (same time as a real one).
  const dummyHash = hasher.dummyDigest();
  const mailer = createMailer(config, app.log);
  const passwordReset = createPasswordResetService({
    config,
    db,
    users,
    resetTokens: createResetTokensRepository(db),
    sessions,
    hasher,
    mailer,
    log: app.log,
  });
  app.addHook('onClose', () => passwordReset.drain());
  return {
    users,
    hasher,
    mailer,
    sessions,
    passwordReset,
    accounts: createAccountService({ users, sessions, hasher, dummyHash }),
    oidc: createOidcService({
      config,
      clients: createOidcClients(config.oidcProviders),
      identities,
      accounts: createExternalAccounts(users, identities),
      sessions,
    }),
  };
}

export type AuthServices = Awaited<ReturnType<typeof createAuthServices>>;
