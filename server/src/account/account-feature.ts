// The account-settings feature, registered under the API base: password, e-mail, preferences.
import type { FastifyPluginAsync } from 'fastify';
import type { AuthServices } from '../auth/auth-services';
import { lazyObjectStream, mediaObjectKey, mediaStorage } from '../media/media-storage';
import { avatarObjectKey, avatarStorage, avatarVersion } from '../people/avatar-storage';
import { accountDataRepository } from './account-data-repository';
import { accountDataRoutes } from './account-data-routes';
import { accountDataService } from './account-data-service';
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

  // The member's own data, exported or deleted.
  const store = app.objectStore;
  const media = mediaStorage(store);
  const avatars = avatarStorage(store);
  const data = accountDataService({
    repo: accountDataRepository(db),
    hasher: auth.hasher,
    storage: {
      mediaKey: mediaObjectKey,
      avatarKey: (avatar) => {
        const version = avatarVersion(avatar);
        return version ? avatarObjectKey(version, 256) : null;
      },
      exists: async (key) => (await store.head(key)) !== null,
      open: (key) => lazyObjectStream(store, key),
    },
    discardFiles: async (keys, avatar) => {
      await media.discard(keys, app.log);
      await avatars.discard(avatarVersion(avatar), app.log);
    },
    disconnect: (memberId, sessionIds) => {
      if (!app.hasDecorator('realtime')) return;
      for (const id of sessionIds) app.realtime.disconnectSession(id);
      app.realtime.toMember(memberId).disconnectSockets(true);
    },
    log: app.log,
  });
  await app.register(accountDataRoutes, { data });
};
