import { Type } from 'typebox';
import { Ok } from '../../../src/contract/envelope';
import * as contract from '../../../src/contract/people';
import { CurrentUser } from '../../../src/contract/user';
import { peopleTags as tags, type PeopleServices } from './people-services';
import { errors, ok, okList, answer, memberRoutes, type RoutePlugin } from '../http/route-schemas';
import { sendFileBytes } from '../http/file-reply';

/** My profile, another member's profile, their avatar images, and the people search. */
export const profileRoutes: RoutePlugin<{ services: PeopleServices }> = async (app, { services }) => {
  const { profiles } = services;
  const route = memberRoutes(app.authenticate, tags);

  app.get(
    '/users/me',
    route('My profile (the same member as GET /auth/me)', {
      response: answer.item(CurrentUser, 401, 404),
    }),
    async (request) => ok(await profiles.me(request.member.id)),
  );

  app.put(
    '/users/me',
    route('Change the fields given of my profile', {
      description: `\`username\` follows the signup rule and must be free (409 otherwise, case-insensitive). \`bio\` is Quill HTML, sanitised, at most ${contract.BIO_MAX_TEXT} characters of text. \`city\` or \`bio\` set to null (or empty) clears it. E-mail and avatar change elsewhere.`,
      body: contract.ProfileUpdate,
      response: answer.item(CurrentUser, 400, 401, 404, 409),
    }),
    async (request) => ok(await profiles.update(request.member.id, request.body)),
  );

  app.get(
    '/users/search',
    route('Find members by name, username or city (case-insensitive, never me)', {
      description:
        'Each member comes with our friendship state. `%` and `_` are plain characters. Sorted by first name, then last name.',
      querystring: contract.PeopleSearchQuery,
      response: { 200: Ok(Type.Array(contract.PersonCard)), ...errors(400, 401) },
    }),
    async (request) => {
      const { q, limit, offset } = request.query;
      const { items, total } = await profiles.search(request.member.id, q, limit, offset);
      return okList(items, { total, limit, offset });
    },
  );

  app.get(
    '/users/by-username/:username',
    route("A member's public profile by their username (a mention's `@username`)", {
      description:
        'The same card as GET /users/{id}, found by username, any case. 404 when no member has it, or when they blocked me.',
      params: contract.UsernameParams,
      response: answer.item(contract.Profile, 400, 401, 404),
    }),
    async (request) => ok(await profiles.profileByUsername(request.member.id, request.params.username)),
  );

  app.get(
    '/users/:id',
    route("A member's public profile", {
      description:
        'Any signed-in member sees the card: first and last name, username, city, avatar and our friendship state (`none`, `friends`, `requestSent`, `requestReceived` with the pending request id, or `self`). `bio` and `email` are shown only to friends (and to the member): for everyone else they are null.',
      params: contract.UserIdParams,
      response: answer.item(contract.Profile, 400, 401, 404),
    }),
    async (request) => ok(await profiles.profile(request.member.id, request.params.id)),
  );

  app.get(
    '/users/:id/avatar',
    route("A member's avatar image (WebP, square)", {
      description: `Any signed-in member may read it. \`size\` is one of ${contract.AVATAR_SIZES.join(', ')}. The \`avatar\` field of a user is this URL with its version \`v\`: with the current version the answer is cacheable for good; another version answers the current image, not cached.`,
      params: contract.UserIdParams,
      querystring: contract.AvatarQuery,
      response: { 200: Type.Unknown(), ...errors(400, 401, 404) },
    }),
    async (request, reply) => {
      const { size, v } = request.query;
      const { bytes, fresh } = await profiles.avatar(request.params.id, size, v);
      return sendFileBytes(reply, {
        mime: 'image/webp',
        fileName: `avatar-${size}.webp`,
        bytes,
        immutable: fresh,
      });
    },
  );
};
