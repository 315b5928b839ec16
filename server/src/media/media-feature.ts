// The media feature, registered under the API base: serving the files (GET /media/:id) and the
// files screen. Its service, built once by createMediaService, is shared with the features that
// take uploads (garage, posts): app.ts hands it to them.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { mediaRepository } from './media-repository';
import { mediaRoutes } from './media-routes';
import { mediaService, type MediaService } from './media-service';
import { mediaStorage } from './media-storage';
import { MEDIA_SWEEP_INTERVAL_MS, sweepOrphanObjects } from './media-sweep';
import { areFriends } from '../people/friendship-repository';
import { mayWriteLog } from '../garage/car-access';
import { carMembersRepository } from '../garage/car-members-repository';
import { isShownOnReadableCard } from '../posts/post-car-logs-repository';

export function createMediaService(app: FastifyInstance): MediaService {
  const db = app.db.kysely;
  const media = mediaRepository(db);
  const members = carMembersRepository(db);
  return mediaService({
    media,
    storage: mediaStorage(app.objectStore),
    log: app.log,
    // A car's photo is seen by whoever may see the car now (its current owner, its members, the
    // owner's friends), an image a post of the file's owner shows in its text by the owner's
    // friends; logs' files are seen by the car's owner and the members it is shared with
    // (README "Shared cars"), a car's papers by its owner and members only, and by the audience of a post that shares the log as a card while its author may still
    // read the log (build threads: the author's friends); they stay private to anyone else. Each
    // rule is checked when the file is read, against who may read the thing it belongs to now.
    mayRead: async (memberId, row) =>
      (await media.isReadableCarImage(memberId, row.id)) ||
      ((await media.isShownInOwnersPost(row.id, row.owner_id)) &&
        (await areFriends(db, memberId, row.owner_id))) ||
      (await members.readsLogFile(memberId, row.id)) ||
      (await media.isReadableCarPaper(memberId, row.id)) ||
      (await isShownOnReadableCard(db, memberId, row.id)),
    // The uploader deletes a file another member's car shows only while their role on that car
    // lets them change the log (a car's image: never); a member removed from the car cannot.
    mayRemove: async (memberId, row) => {
      for (const use of await media.carsShowing(row.id)) {
        if (use.ownerId === memberId) continue;
        const role = (await members.carWithRole(memberId, use.carId))?.role;
        if (!role || !use.log || !mayWriteLog(role, memberId, use.log, use.log)) return false;
      }
      return true;
    },
  });
}

export const mediaFeature: FastifyPluginAsync<{ media: MediaService }> = async (app, { media }) => {
  await app.register(mediaRoutes, { media });
  // Objects no row names (a delete that failed while the store was down) go with the sweep.
  const timer = setInterval(() => {
    sweepOrphanObjects({ db: app.db.kysely, store: app.objectStore, log: app.log }).catch((err: unknown) =>
      app.log.warn({ err }, 'media orphan sweep failed'),
    );
  }, MEDIA_SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
