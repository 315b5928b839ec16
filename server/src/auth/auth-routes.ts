import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createAuthServices } from './auth-services';
import { accountRoutes } from './account-routes';
import { oidcRoutes } from './oidc-routes';
import { passwordRoutes } from './password-routes';

/** Every /auth/* call of spec §7. Register under API_BASE, after `authPlugin`. */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const services = await createAuthServices(app);
  await app.register(accountRoutes, { services });
  await app.register(passwordRoutes, { services });
  await app.register(oidcRoutes, { services });
};
