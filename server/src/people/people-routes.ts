import type { FastifyPluginAsync } from 'fastify';
import { avatarRoutes } from './avatar-routes';
import { friendsRoutes } from './friends-routes';
import { peopleServices } from './people-services';
import { profileRoutes } from './profile-routes';

/** Profiles, the people search and friends (register under the API base, after authPlugin). */
export const peopleRoutes: FastifyPluginAsync = async (app) => {
  const services = peopleServices(app);
  await app.register(profileRoutes, { services });
  await app.register(avatarRoutes, { services });
  await app.register(friendsRoutes, { services });
};
