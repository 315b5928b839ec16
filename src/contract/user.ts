import { Type, type Static } from 'typebox';

/** A member as others may see them (lists, authors, friends). */
export const PublicUser = Type.Object({
  id: Type.String({ format: 'uuid' }),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
});
export type PublicUser = Static<typeof PublicUser>;

/** The interface languages a member may choose; the server writes their mails in it. */
export const USER_LANGUAGES = ['en-US', 'fr-FR'] as const;
export const UserLanguage = Type.Union([Type.Literal('en-US'), Type.Literal('fr-FR')]);
export type UserLanguage = (typeof USER_LANGUAGES)[number];

/** The current member, as /auth/me and login answer it. */
export const CurrentUser = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  bio: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  /** The language chosen (PUT /users/me); null until then. The server always sends it. */
  language: Type.Optional(Type.Union([UserLanguage, Type.Null()])),
  createdAt: Type.String({ format: 'date-time' }),
  /**
   * Whether the member holds the moderator role (given by the operator's `npm run moderator`): the
   * app shows them the moderation screen. The server always sends it; optional for sessions stored
   * by older clients.
   */
  isModerator: Type.Optional(
    Type.Boolean({
      description:
        'Whether the member is a moderator (the operator’s `npm run moderator -- add <email>`): ' +
        'they may read the reports queue and act on it. Always sent by the server.',
    }),
  ),
});
export type CurrentUser = Static<typeof CurrentUser>;
