import { pageMeta } from '../../../src/contract/envelope';
import * as contract from '../../../src/contract/trust';
import { answer, memberRoutePlugin, ok, okPage, sendStored } from '../http/route-schemas';
import type { TrustService } from './trust-service';

const codes = contract.TRUST_ERROR_CODES;

/** Block, mute and report (docs/SPEC-NOTES.md "Trust"): any signed-in member. */
export const trustRoutes = memberRoutePlugin<{ trust: TrustService }>(['trust'], (app, route, { trust }) => {
  app.post(
    '/users/:id/block',
    route('Block a member', {
      description:
        'Our friendship, our pending friend requests and the cars either of us shares with the other end. ' +
        'They can no longer ask me to be friends, write to me, offer me a car, invite me to a car or a chat group, ' +
        'comment on or like my posts, nor see my profile, posts and cars (404 as if they did not exist); I no longer ' +
        'see their posts, comments and replies, and their lines in our chat groups are collapsed. Nothing they do ' +
        'notifies me. They are not told. Blocking again changes nothing. 400 for myself, 404 for an unknown member.',
      params: contract.UserIdParams,
      response: answer.item(contract.BlockState, 400, 401, 404),
    }),
    async (request) => ok(await trust.block(request.member.id, request.params.id)),
  );

  app.delete(
    '/users/:id/block',
    route('Unblock a member (the friendship does not come back)', {
      params: contract.UserIdParams,
      response: answer.item(contract.BlockState, 400, 401, 404),
    }),
    async (request) => ok(await trust.unblock(request.member.id, request.params.id)),
  );

  app.get(
    '/users/me/blocks',
    route('The members I blocked, newest first', {
      querystring: contract.ListQuery,
      response: answer.list(contract.BlockedMember, pageMeta(), 400, 401),
    }),
    async (request) =>
      okPage(request.query, await trust.blocks(request.member.id, request.query.limit, request.query.offset)),
  );

  app.post(
    '/users/:id/mute',
    route('Mute a member', {
      description:
        'Their posts leave my feed and their likes and comments no longer notify me; we stay friends. ' +
        'They are not told. Muting again changes nothing. 400 for myself, 404 for an unknown member.',
      params: contract.UserIdParams,
      response: answer.item(contract.MuteState, 400, 401, 404),
    }),
    async (request) => ok(await trust.mute(request.member.id, request.params.id)),
  );

  app.delete(
    '/users/:id/mute',
    route('Unmute a member', {
      params: contract.UserIdParams,
      response: answer.item(contract.MuteState, 400, 401, 404),
    }),
    async (request) => ok(await trust.unmute(request.member.id, request.params.id)),
  );

  app.post(
    '/reports',
    route('Report something I can see to the moderators', {
      description:
        '201 with my report. Only what I can see may be reported (404 otherwise, as if it did not exist). ' +
        'Reporting the same thing again answers my first report (200) and counts once. The thing is copied, ' +
        'as it is now, for the moderators: a private message shares that message, and only it.',
      body: contract.ReportBody,
      response: answer.stored(contract.Report, 400, 401, 404),
    }),
    async (request, reply) =>
      sendStored(reply, 'report', await trust.report(request.member.id, request.body as contract.ReportBody)),
  );
});

/** The moderators' queue, actions and audit log: 403 for every other member. */
export const moderationRoutes = memberRoutePlugin<{ trust: TrustService }>(
  ['moderation'],
  (app, route, { trust }) => {
    app.get(
      '/moderation/reports',
      route('The reports, oldest first (moderators only)', {
        description:
          '`status=open` is the queue. Each report names the thing (`targetType`, `targetId`), the first ' +
          'reason and details, when it was first reported, how many members reported it (`reporterCount`) ' +
          'and `content`: the thing as it was reported, kept whatever its author did since. 403 for anyone ' +
          'but a moderator.',
        querystring: contract.ModerationReportsQuery,
        response: answer.list(contract.ModerationReport, pageMeta(), 400, 401, 403),
      }),
      async (request) => {
        const { status, limit, offset } = request.query;
        return okPage(request.query, await trust.queue(request.member.id, status, limit, offset));
      },
    );

    app.post(
      '/moderation/reports/:id/actions',
      route('Act on a report (moderators only)', {
        description:
          '`dismiss`; `remove-content` (the post, comment, message or chat line disappears for everyone; its ' +
          'author is told why); `warn` (its author is told the note); `suspend` for `durationHours` (the author ' +
          'cannot post, comment, send messages or chat until then: 403 `' +
          codes.suspended +
          '`). The report closes, the action goes into the audit log and every reporter is told the outcome. ' +
          `403 for anyone but a moderator, 404 for an unknown report, 409 \`${codes.reportNotOpen}\` when it was acted on already.`,
        params: contract.ReportIdParams,
        body: contract.ModerationActionBody,
        response: answer.item(contract.ModerationReport, 400, 401, 403, 404, 409),
      }),
      async (request) =>
        ok(
          await trust.act(
            request.member.id,
            request.params.id,
            request.body as contract.ModerationActionBody,
          ),
        ),
    );

    app.get(
      '/moderation/audit',
      route('Every moderation action, newest first (moderators only)', {
        querystring: contract.ListQuery,
        response: answer.list(contract.ModerationAuditEntry, pageMeta(), 400, 401, 403),
      }),
      async (request) =>
        okPage(
          request.query,
          await trust.audit(request.member.id, request.query.limit, request.query.offset),
        ),
    );
  },
);
