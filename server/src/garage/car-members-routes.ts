// Shared cars: a car's members and the invitations' answers.
import {
  CAR_MEMBER_ERROR_CODES as codes,
  CarInviteAnswer,
  CarInviteParams,
  CarInviteResult,
  CarMember,
  CarMemberInput,
  CarMemberParams,
  CarMemberUpdate,
} from '../../../src/contract/car-members';
import { IdParams } from '../../../src/contract/garage';
import { Deleted, ok, answer, memberRoutePlugin } from '../http/route-schemas';
import type { CarMembersService } from './car-members-service';

type Services = { members: CarMembersService };

export const carMembersRoutes = memberRoutePlugin<Services>(['cars'], (app, route, { members }) => {
  app.post(
    '/cars/:id/members',
    route('Share my car with a friend, with a role (they are invited: a car-invite notification)', {
      description: `Owner only (403 for a member of the car, 404 for anyone else). 400 \`${codes.notFriend}\` when the member is not a friend; 409 \`${codes.alreadyMember}\` when they are invited or a member already.`,
      params: IdParams,
      body: CarMemberInput,
      response: answer.created(CarMember, 400, 401, 403, 404, 409),
    }),
    async (request, reply) =>
      reply.status(201).send(ok(await members.invite(request.member.id, request.params.id, request.body))),
  );

  app.get(
    '/cars/:id/members',
    route("Who shares the car: its owner first, then its members (pending invitations: the owner's view)", {
      params: IdParams,
      response: answer.array(CarMember, 400, 401, 404),
    }),
    async (request) => ok(await members.list(request.member.id, request.params.id)),
  );

  app.put(
    '/cars/:id/members/:userId',
    route("Change a member's role (owner only)", {
      params: CarMemberParams,
      body: CarMemberUpdate,
      response: answer.item(CarMember, 400, 401, 403, 404),
    }),
    async (request) =>
      ok(
        await members.setRole(request.member.id, request.params.id, request.params.userId, request.body.role),
      ),
  );

  app.delete(
    '/cars/:id/members/:userId',
    route('Remove a member or an invitation (owner), or leave the car (my own id)', {
      params: CarMemberParams,
      response: answer.item(Deleted, 400, 401, 403, 404),
    }),
    async (request) => {
      await members.remove(request.member.id, request.params.id, request.params.userId);
      return ok({ id: request.params.userId });
    },
  );

  app.put(
    '/car-invites/:carId',
    route('Accept or decline an invitation to share a car', {
      description: `Only the invited member answers (404 for anyone else, and once declined). An invitation accepted already is 409 \`${codes.inviteNotPending}\`.`,
      params: CarInviteParams,
      body: CarInviteAnswer,
      response: answer.item(CarInviteResult, 400, 401, 404, 409),
    }),
    async (request) => {
      const { carId } = request.params;
      const member = await members.answer(request.member.id, carId, request.body);
      return ok({ carId, status: member ? ('accepted' as const) : ('declined' as const), member });
    },
  );
});
