import { Type } from 'typebox';
import { AuthProvider } from '../../../src/contract/auth';
import { ErrorBody, Ok } from '../../../src/contract/envelope';
import type { AuthServices } from './auth-services';
import { providerLabel } from './oidc-client';
import { ExternalSignInFailure } from './oidc-errors';
import { ok, type RoutePlugin } from '../http/route-schemas';

const tags = ['auth'];
const ProviderParams = Type.Object({ provider: Type.String({ pattern: '^[a-z0-9_-]{1,40}$' }) });
const Redirect = Type.Null({ description: 'Redirect (Location header)' });

export const oidcRoutes: RoutePlugin<{ services: AuthServices }> = async (app, { services }) => {
  const { oidc } = services;
  const { publicUrl, oidcProviders } = app.config;
  const backToClient = (fragment: Record<string, string>) =>
    `${publicUrl}/auth/callback#${new URLSearchParams(fragment).toString()}`;
  const failureCode = (error: unknown) => {
    if (error instanceof ExternalSignInFailure) return error.code;
    app.log.error(
      { err: error instanceof Error ? { message: error.message } : 'unknown' },
      'outside sign-in failed',
    );
    return 'SIGN_IN_FAILED';
  };

  app.get(
    '/auth/providers',
    {
      schema: {
        tags,
        summary: 'Configured outside sign-in providers',
        response: { 200: Ok(Type.Array(AuthProvider)) },
      },
    },
    async () => ok(oidcProviders.map((p) => ({ name: p.name, label: providerLabel(p.name) }))),
  );

  app.get(
    '/auth/:provider',
    {
      schema: {
        tags,
        summary: 'Start signing in through an outside provider (browser redirect)',
        params: ProviderParams,
        response: { 302: Redirect, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      oidc.assertConfigured(request.params.provider);
      try {
        return reply.redirect(await oidc.start(request.params.provider), 302);
      } catch (error) {
        return reply.redirect(backToClient({ error: failureCode(error) }), 302);
      }
    },
  );

  app.get(
    '/auth/:provider/callback',
    {
      schema: {
        tags,
        summary: 'Where the provider sends the browser back; redirects to the client with tokens or an error',
        params: ProviderParams,
        querystring: Type.Object({
          code: Type.Optional(Type.String({ maxLength: 4096 })),
          state: Type.Optional(Type.String({ maxLength: 512 })),
          error: Type.Optional(Type.String({ maxLength: 256 })),
        }),
        response: { 302: Redirect, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      oidc.assertConfigured(request.params.provider);
      const rawQuery = request.url.split('?')[1] ?? '';
      try {
        const tokens = await oidc.finish(request.params.provider, rawQuery);
        return reply.redirect(backToClient({ token: tokens.token, refreshToken: tokens.refreshToken }), 302);
      } catch (error) {
        return reply.redirect(backToClient({ error: failureCode(error) }), 302);
      }
    },
  );
};
