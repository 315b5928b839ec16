// The account-settings feature, registered under the API base: password, e-mail, preferences.
import type { FastifyPluginAsync } from 'fastify';
import { createMailer } from '../auth/mailer';
import { createPasswordHasher } from '../auth/passwords';
import { createUsersRepository } from '../auth/users-repository';
import { accountRepository } from './account-repository';
import { accountSettingsRoutes } from './account-routes';
import { accountSettingsService } from './account-service';

export const accountFeature: FastifyPluginAsync = async (app) => {
  const db = app.db.kysely;
  const account = accountSettingsService({
    config: app.config,
    db,
    account: accountRepository(db),
    users: createUsersRepository(db),
    hasher: createPasswordHasher(app.config.argon2MemoryKiB),
    mailer: createMailer(app.config, app.log),
    log: app.log,
    sessionEnded: (sessionId) => {
      if (app.hasDecorator('realtime')) app.realtime.disconnectSession(sessionId);
    },
  });
  app.addHook('onClose', () => account.drain());
  await app.register(accountSettingsRoutes, { account });
};
