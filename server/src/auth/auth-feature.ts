// The auth feature, registered under the API base: every /auth/* call of spec §7. Its services are
// built once by createAuthServices (app.ts, which hands the session service to authPlugin too).
import type { AuthServices } from './auth-services';
import { accountRoutes } from './account-routes';
import { oidcRoutes } from './oidc-routes';
import { passwordRoutes } from './password-routes';
import type { RoutePlugin } from '../http/route-schemas';

export const authFeature: RoutePlugin<{ services: AuthServices }> = async (app, { services }) => {
  await app.register(accountRoutes, { services });
  await app.register(passwordRoutes, { services });
  await app.register(oidcRoutes, { services });
};
