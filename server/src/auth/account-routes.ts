import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as contract from '../../../src/contract/auth';
import { ErrorBody, Ok } from '../../../src/contract/envelope';
import { CurrentUser } from '../../../src/contract/user';
import { bearerToken } from './auth-plugin';
import { authRateLimit } from './rate-limit';
import type { AuthServices } from './auth-services';
import { ok, type RoutePlugin } from '../http/route-schemas';

const tags = ['auth'];

export const accountRoutes: RoutePlugin<{ services: AuthServices }> = async (app, { services }) => {
  const { accounts, sessions } = services;
  const limited = authRateLimit(app.config.authRateLimitMax);

  app.post(
    '/auth/signup',
    {
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: contract.SignupBody,
        response: { 201: Ok(contract.AuthSession), 400: ErrorBody, 409: ErrorBody },
      },
      config: limited,
    },
    async (request, reply) =>
      reply.status(201).send({ success: true, data: await accounts.signup(request.body) }),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: contract.LoginBody,
        response: { 200: Ok(contract.AuthSession), 401: ErrorBody },
      },
      config: limited,
    },
    async (request) => ok(await accounts.login(request.body)),
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Rotate a refresh token for a new access token',
        body: contract.RefreshBody,
        response: { 200: Ok(contract.RefreshResult), 401: ErrorBody },
      },
      config: limited,
    },
    async (request) => ok(await sessions.refresh(request.body.refreshToken)),
  );

  app.get(
    '/auth/me',
    {
      schema: {
        tags,
        summary: 'The signed-in member',
        security: [{ bearerAuth: [] }],
        response: { 200: Ok(CurrentUser), 401: ErrorBody },
      },
      preHandler: app.authenticate,
    },
    // Behind every app start: one promise, not an async function awaiting another.
    (request) => accounts.me(request.member.id).then(ok),
  );

  // Logout always succeeds, even with an empty or malformed JSON body (the client sends none).
  await app.register(async (scope) => {
    scope.addHook('preValidation', async (request) => {
      request.body ??= {};
    });
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, body === '' ? {} : JSON.parse(String(body)));
      } catch {
        done(null, {});
      }
    });
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/auth/logout',
      {
        schema: {
          tags,
          summary: 'End the session of the Bearer token (and of a refresh token, when sent)',
          body: contract.LogoutBody,
          response: { 200: Ok(Type.Object({})) },
        },
      },
      async (request) => {
        const access = bearerToken(request);
        if (access) await sessions.revokeByAccessToken(access);
        const refreshToken = request.body?.refreshToken;
        if (refreshToken) await sessions.revokeByRefreshToken(refreshToken);
        return ok({});
      },
    );
  });
};
