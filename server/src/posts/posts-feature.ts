// The feed feature, registered under the API base: posts, likes, comments, post images; and the
// socket's post rooms, which only members who may read a post can join.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { MediaService } from '../media/media-service';
import { fileDiscarder } from '../media/media-storage';
import { multipartOptions } from '../media/multipart-body';
import { notificationsService } from '../notifications/notifications-service';
import { areFriends, friendIdsOf } from '../people/friendship-repository';
import { carMembersRepository } from '../garage/car-members-repository';
import { registerContentRemover } from '../trust/content-removers';
import { blockedEitherWay, blockedIdsOf } from '../trust/trust-checks-repository';
import { mentionsRepository } from './mentions-repository';
import { mentionsService } from './mentions-service';
import { commentsRepository } from './comments-repository';
import { commentsRoutes } from './comments-routes';
import { commentsService } from './comments-service';
import { postEvents } from './post-events';
import { postImageRoutes, postUploadRoutes } from './post-image-routes';
import { postsRepository } from './posts-repository';
import { postsRoutes } from './posts-routes';
import { postsService } from './posts-service';

export const postsFeature: FastifyPluginAsync<{ media: MediaService }> = async (app, { media }) => {
  const db = app.db.kysely;
  const warn = (err: unknown, message: string) => app.log.warn({ err }, message);
  const notifications = notificationsService(app);
  const events = postEvents(app);
  const carMembers = carMembersRepository(db);
  const mentions = mentionsService({
    mentions: mentionsRepository(db),
    mayRead: async (memberId, authorId) =>
      memberId === authorId || (await areFriends(db, memberId, authorId)),
    blocked: (a, b) => blockedEitherWay(db, a, b),
    notifications,
    warn,
  });
  const posts = postsService({
    posts: postsRepository(app.db),
    // Build threads: a log is shared by whoever may read it (its car's owner and
    // members); a car's thread is read by whoever may read the car (also the owner's friends).
    cars: {
      async readableLogCar(memberId, logId) {
        const carId = await carMembers.carIdOfLog(logId);
        if (!carId) return null;
        const found = await carMembers.carWithRole(memberId, carId);
        return found?.role ? carId : null;
      },
      async mayReadCar(memberId, carId) {
        const found = await carMembers.carWithRole(memberId, carId);
        if (!found) return false;
        return found.role !== null || (await areFriends(db, memberId, found.car.ownerId));
      },
    },
    areFriends: (a, b) => areFriends(db, a, b),
    friendIdsOf: (memberId) => friendIdsOf(db, memberId),
    notifications,
    mentions,
    events,
    discardFiles: fileDiscarder(app.objectStore, app.log),
    warn,
  });
  const comments = commentsService({
    comments: commentsRepository(db),
    readablePost: posts.readable,
    notifications,
    mentions,
    events,
    warn,
    hiddenAuthors: (memberId) => blockedIdsOf(db, memberId),
  });
  // The moderators' remove-content: as the author would delete it (files, counters, live updates).
  registerContentRemover(app, 'post', (id, authorId) => posts.remove(authorId, id));
  registerContentRemover(app, 'comment', (id) => comments.removeByModerators(id));

  // join_post: a socket joins a post's room only when its member may read the post.
  if (app.hasDecorator('realtime'))
    app.realtime.setPostAccess((memberId, postId) => posts.canRead(memberId, postId));

  await app.register(postsRoutes, { posts });
  await app.register(commentsRoutes, { comments });
  await app.register(postImageRoutes, { posts, store: app.objectStore });
  // Multipart is parsed only in this scope, by the routes that read it.
  await app.register(async (uploads) => {
    await uploads.register(multipart, multipartOptions);
    await uploads.register(postUploadRoutes, { posts, media });
  });
};
