// A member's own data: GET /users/me/export (a streamed ZIP, GDPR art. 20) and
// DELETE /users/me (GDPR art. 17), registered under the API base.
import { Type } from 'typebox';
import { ACCOUNT_EXPORTS_PER_HOUR, AccountDeleted, DeleteAccountBody } from '../../../src/contract/account';
import { ErrorBody } from '../../../src/contract/envelope';
import { authRateLimit } from '../auth/rate-limit';
import { errors, OkItem, ok, memberRoutePlugin } from '../http/route-schemas';
import type { AccountDataService } from './account-data-service';

type Services = { data: AccountDataService };

export const accountDataRoutes = memberRoutePlugin<Services>(['account'], (app, route, { data }) => {
  app.get(
    '/users/me/export',
    route(
      'Download everything I own as a ZIP (GDPR art. 20), streamed',
      {
        description:
          'application/zip, as an attachment: profile.json, cars.json, car-logs.json (fuel ' +
          'included), reminders.json, posts.json, comments.json (those I wrote), messages.json ' +
          '(sent and received), chat-messages.json (those I wrote), friends.json, media.json, and ' +
          'my files under media/ (car photos, receipts, post images, avatar). The fields of each ' +
          `file are in the README. At most ${ACCOUNT_EXPORTS_PER_HOUR} an hour (429).`,
        response: { 200: Type.Unknown({ description: 'The ZIP archive' }), ...errors(401), 429: ErrorBody },
      },
      { rateLimit: { max: ACCOUNT_EXPORTS_PER_HOUR, timeWindow: '1 hour' } },
    ),
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="paddock-export-${day}.zip"`)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(data.exportArchive(request.member.id));
    },
  );

  app.delete(
    '/users/me',
    route(
      'Delete my account and everything only I own (GDPR art. 17)',
      {
        description:
          'Cars, logs, reminders, posts (with their comments and likes), my likes, friendships, ' +
          'friend requests, notifications, preferences and my files (rows and bytes on disk) are ' +
          'deleted; every session ends and every socket closes. Private and chat messages I wrote, ' +
          'and my comments on friends’ posts, stay readable to them with a deleted member as author ' +
          '(username "~deleted-<id>", empty names, no avatar). My e-mail address is free again. ' +
          'Wrong or missing password: 400 INVALID_CURRENT_PASSWORD. An account without a password ' +
          '(outside sign-in) needs a sign-in of at most 5 minutes ago: 403 REAUTHENTICATION_REQUIRED.',
        body: DeleteAccountBody,
        response: { 200: OkItem(AccountDeleted), ...errors(400, 401, 403), 429: ErrorBody },
      },
      authRateLimit(app.config.authRateLimitMax),
    ),
    async (request) => {
      await data.deleteAccount(request.member, request.body);
      return ok({ deleted: true as const });
    },
  );
});
