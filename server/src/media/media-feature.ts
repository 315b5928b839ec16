// The media feature, registered under the API base: serving the files (GET /media/:id) and the
// files screen. Its service, built once by createMediaService, is shared with the features that
// take uploads (garage, posts): app.ts hands it to them.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { mediaRepository } from './media-repository';
import { mediaRoutes } from './media-routes';
import { mediaService, type MediaService } from './media-service';
import { mediaStorage } from './media-storage';
import { areFriends } from '../people/friendship-repository';

export function createMediaService(app: FastifyInstance): MediaService {
  const db = app.db.kysely;
  const media = mediaRepository(db);
  return mediaService({
    media,
    storage: mediaStorage(app.config.dataDir),
    log: app.log,
    // A car's photo is seen by the owner's friends, as the car is, and so is an image a post of
    // the owner's shows in its text; logs' files stay private.
    mayRead: async (memberId, row) =>
      ((await media.isCarImage(row.id)) || (await media.isShownInOwnersPost(row.id, row.owner_id))) &&
      (await areFriends(db, memberId, row.owner_id)),
  });
}

export const mediaFeature: FastifyPluginAsync<{ media: MediaService }> = async (app, { media }) => {
  await app.register(mediaRoutes, { media });
};
