// Account settings, registered under the API base. The password and
// e-mail calls are rate limited like sign-in (per IP); confirming an e-mail needs no session (the
// link may be opened on a device that is signed out), only the single-use token.
import * as contract from '../../../src/contract/account';
import { MessageResult } from '../../../src/contract/auth';
import { ErrorBody } from '../../../src/contract/envelope';
import { authRateLimit } from '../auth/rate-limit';
import { localeFromAcceptLanguage } from '../platform/locale';
import { errors, OkItem, ok, answer, memberRoutePlugin } from '../http/route-schemas';
import type { AccountSettingsService } from './account-service';

const tags = ['account'];

type Services = { account: AccountSettingsService };

export const accountSettingsRoutes = memberRoutePlugin<Services>(tags, (app, route, { account }) => {
  const limited = authRateLimit(app.config.authRateLimitMax);
  const withTooMany = { ...errors(400, 401), 429: ErrorBody };

  app.put(
    '/users/me/password',
    route(
      'Change my password; my other devices are signed out, this one stays',
      {
        description:
          'newPassword follows the sign-up rules (8–128 characters, not a common password: 400 ' +
          'VALIDATION_ERROR on newPassword). A wrong currentPassword answers 400 ' +
          'INVALID_CURRENT_PASSWORD (also for an account without a password: forgot-password sets ' +
          'one). Pending reset links stop working; a notice is mailed to my address.',
        body: contract.ChangePasswordBody,
        response: { 200: OkItem(contract.ChangePasswordResult), ...withTooMany },
      },
      limited,
    ),
    async (request) =>
      ok(
        await account.changePassword(
          request.member,
          request.body,
          localeFromAcceptLanguage(request.headers['accept-language']),
        ),
      ),
  );

  app.post(
    '/users/me/email',
    route(
      'Ask to change my e-mail: a single-use link valid 24 h is mailed to the new address',
      {
        description:
          'Answers the same sentence whether or not the new address is free (a taken one gets a ' +
          'notice instead of a link, and nothing changes). The address changes when the link is ' +
          'confirmed (POST /users/me/email/confirm); a newer request voids the older links. Wrong ' +
          'password: 400 INVALID_CURRENT_PASSWORD; my own address again: 400 VALIDATION_ERROR.',
        body: contract.ChangeEmailBody,
        response: { 200: OkItem(MessageResult), ...withTooMany },
      },
      limited,
    ),
    async (request) =>
      ok({
        message: await account.requestEmailChange(
          request.member.id,
          request.body,
          localeFromAcceptLanguage(request.headers['accept-language']),
        ),
      }),
  );

  app.post(
    '/users/me/email/confirm',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Confirm a new e-mail address with the token of its link; the old address is told',
        description:
          'No session needed: the token is the proof. An unknown, used or expired token, or an ' +
          'address taken meanwhile, answers 400 INVALID_EMAIL_TOKEN.',
        body: contract.ConfirmEmailBody,
        security: [],
        response: { 200: OkItem(contract.EmailChanged), 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) =>
      ok(
        await account.confirmEmailChange(
          request.body.token,
          localeFromAcceptLanguage(request.headers['accept-language']),
        ),
      ),
  );

  app.get(
    '/users/me/preferences',
    route('My notification preferences (each true unless I turned it off) and who may write to me', {
      response: answer.item(contract.MemberPreferences, 401),
    }),
    async (request) => ok(await account.preferences(request.member.id)),
  );

  app.put(
    '/users/me/preferences',
    route('Change some of my notification preferences; answers them all', {
      description:
        'A type turned off is neither stored nor counted in my bell (screens still refresh live). ' +
        'notifyLikes: likes on my posts; notifyComments: comments and replies; ' +
        'notifyFriendRequests: requests received and accepted; notifyMessages: private messages; ' +
        'notifyChat: being added to a chat group. messagesFrom: who may send me a private message, ' +
        '`friends` (default) or `everyone` (never a member blocked either way). ' +
        'push*: a Web Push to my devices for that kind of event (pushMessages, pushChat, ' +
        'pushFriendRequests, pushComments, pushLikes (off by default), pushMentions: a member mentioned me ' +
        '(@username) in a post or a comment; pushCars: invitations, sale ' +
        'offers and their answers, new logs on a car shared with me; pushReminders); pushPreviews: ' +
        "a private message's push shows its first line. Never a push for my own action.",
      body: contract.MemberPreferencesUpdate,
      response: answer.item(contract.MemberPreferences, 400, 401),
    }),
    async (request) => ok(await account.updatePreferences(request.member.id, request.body)),
  );
});
