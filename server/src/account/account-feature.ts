// The account-settings feature, registered under the API base: password, e-mail, preferences.
import type { FastifyPluginAsync } from 'fastify';
import type { AuthServices } from '../auth/auth-services';
import { accountRepository } from './account-repository';
import { accountSettingsRoutes } from './account-routes';
import { accountSettingsService } from './account-service';

/** Takes auth's users repository, password hasher and mailer (built once, by createAuthServices). */
export const accountFeature: FastifyPluginAsync<{ auth: AuthServices }> = async (app, { auth }) => {
  const db = app.db.kysely;
  const account = accountSettingsService({
    config: app.config,
    db,
    account: accountRepository(db),
    users: auth.users,
    hasher: auth.hasher,
    mailer: auth.mailer,
    log: app.log,
    sessionEnded: (sessionId) => {
      if (app.hasDecorator('realtime')) app.realtime.disconnectSession(sessionId);
    },
  });
  app.addHook('onClose', () => account.drain());
  await app.register(accountSettingsRoutes, { account });
};
