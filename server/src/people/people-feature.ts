// The people feature, registered under the API base (after authPlugin): profiles, the people
// search and friends. Its services are built once, by peopleServices.
import type { FastifyPluginAsync } from 'fastify';
import { avatarRoutes } from './avatar-routes';
import { friendsRoutes } from './friends-routes';
import { peopleServices } from './people-services';
import { profileRoutes } from './profile-routes';

export const peopleFeature: FastifyPluginAsync = async (app) => {
  const services = peopleServices(app);
  await app.register(profileRoutes, { services });
  await app.register(avatarRoutes, { services });
  await app.register(friendsRoutes, { services });
};
