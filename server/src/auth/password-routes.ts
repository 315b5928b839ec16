import { Type } from 'typebox';
import * as contract from '../../../src/contract/auth';
import { ErrorBody, Ok } from '../../../src/contract/envelope';
import { localeFromAcceptLanguage } from '../platform/locale';
import type { AuthServices } from './auth-services';
import { authRateLimit } from './rate-limit';
import { ok, type RoutePlugin } from '../http/route-schemas';

const tags = ['auth'];

export const passwordRoutes: RoutePlugin<{ services: AuthServices }> = async (app, { services }) => {
  const { passwordReset } = services;
  const limited = authRateLimit(app.config.authRateLimitMax);
  /** Each forgot-password request's "the answer has gone", resolved by the route's onResponse hook. */
  const answerGone = new WeakMap<object, () => void>();

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Mail a password-reset link (same answer whether or not the account exists)',
        body: contract.ForgotPasswordBody,
        response: { 200: Ok(contract.MessageResult) },
      },
      config: limited,
      // Runs once the answer has been sent (or the connection closed): only then is a known
      // address's token stored and its mail written, so the answer costs the same for any address.
      onResponse: async (request) => {
        answerGone.get(request)?.();
        answerGone.delete(request);
      },
    },
    async (request) => {
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      const answered = new Promise<void>((resolve) => answerGone.set(request, resolve));
      const message = await passwordReset.forgotPassword(request.body.email, locale, answered);
      return ok({ message });
    },
  );

  app.get(
    '/auth/validate-reset-token/:token',
    {
      schema: {
        tags,
        summary: 'Whether a password-reset link can still be used',
        params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 512 }) }),
        response: { 200: Ok(contract.ValidateResetTokenResult), 400: ErrorBody },
      },
      config: limited,
    },
    async (request) => {
      await passwordReset.validate(request.params.token);
      return ok({ valid: true as const });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Choose a new password with a reset link; signs out every device',
        body: contract.ResetPasswordBody,
        response: { 200: Ok(contract.MessageResult), 400: ErrorBody },
      },
      config: limited,
    },
    async (request) => {
      const message = await passwordReset.resetPassword(request.body.token, request.body.newPassword);
      return ok({ message });
    },
  );
};
