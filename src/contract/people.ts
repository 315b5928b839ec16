// People on the wire: profiles, the people search, friends, friend requests and suggestions
// (spec §3 "User", §7 "Friends"; docs/DESIGN-NOTES.md "Entities"). Client code imports only the types from here.
import { Type, type Static, type TSchema } from 'typebox';
import { USERNAME_PATTERN } from './auth';
import { UserLanguage } from './user';
import {
  AVATAR_SIZES,
  BIO_MAX_TEXT,
  CITY_MAX,
  PERSON_NAME_MAX,
  FRIEND_SUGGESTIONS_MAX,
  FRIENDS_PAGE_SIZE,
  PEOPLE_SEARCH_MAX_LENGTH,
  PEOPLE_SEARCH_MIN_LENGTH,
  type AvatarSize,
} from './constants';
import { OFFSET_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';

export {
  AVATAR_SIZES,
  BIO_MAX_TEXT,
  FRIEND_SUGGESTIONS_MAX,
  FRIENDS_PAGE_SIZE,
  PEOPLE_SEARCH_MAX_LENGTH,
  PEOPLE_SEARCH_MIN_LENGTH,
  type AvatarSize,
};

/** Raw HTML of a bio is capped before any parsing (as the garage's rich texts are). */
export const BIO_MAX_HTML = 500_000;
export const AVATAR_DEFAULT_SIZE: AvatarSize = 256;

/**
 * Error codes of this feature, beside the generic ones of envelope.ts (409 answers say which
 * conflict it is, so the client can word it).
 */
export const PEOPLE_ERROR_CODES = {
  /** I already asked this member and they have not answered. */
  requestPending: 'FRIEND_REQUEST_PENDING',
  /** We are friends already. */
  alreadyFriends: 'ALREADY_FRIENDS',
  /** The request was answered (or cancelled) already, differently from what is asked now. */
  requestNotPending: 'FRIEND_REQUEST_NOT_PENDING',
} as const;

// Nullable request fields use JSON Schema type arrays, not anyOf: with Ajv's type coercion an
// anyOf of string|null turns a null into "" before the null branch is tried (as in garage.ts).
const nullableString = (options: Record<string, unknown> = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const UserIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type UserIdParams = Static<typeof UserIdParams>;
/** GET /users/by-username/{username}: a mention's `@username` (any case) to its member's profile. */
export const UsernameParams = Type.Object({ username: Type.String({ pattern: USERNAME_PATTERN }) });
export type UsernameParams = Static<typeof UsernameParams>;
export const FriendRequestIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type FriendRequestIdParams = Static<typeof FriendRequestIdParams>;

// ---------- profiles ----------

/** PUT /users/me: changes the fields it carries; the others keep their value. */
export const ProfileUpdate = Type.Object(
  {
    firstName: Type.Optional(Type.String({ minLength: 1, maxLength: PERSON_NAME_MAX })),
    lastName: Type.Optional(Type.String({ minLength: 1, maxLength: PERSON_NAME_MAX })),
    username: Type.Optional(
      Type.String({ pattern: USERNAME_PATTERN, description: 'Unique, case-insensitive; as at signup' }),
    ),
    city: Type.Optional(nullableString({ maxLength: CITY_MAX, description: 'null or "" clears it' })),
    bio: Type.Optional(
      nullableString({
        maxLength: BIO_MAX_HTML,
        description: `Quill HTML, sanitised; at most ${BIO_MAX_TEXT} characters of text`,
      }),
    ),
    language: Type.Optional(
      Type.Union([UserLanguage, Type.Null()], {
        description: 'The interface language: my mails and error messages are written in it; null forgets it',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ProfileUpdate = Static<typeof ProfileUpdate>;

export const AvatarQuery = Type.Object({
  // An integer enum (not literals) so that the query text "50" is coerced to the number.
  size: Type.Unsafe<AvatarSize>({
    type: 'integer',
    enum: [...AVATAR_SIZES],
    default: AVATAR_DEFAULT_SIZE,
    description: 'Square side in pixels',
  }),
  v: Type.Optional(Type.String({ maxLength: 64, description: 'Version, from the `avatar` URL' })),
});
export type AvatarQuery = Static<typeof AvatarQuery>;

/** Where I stand with another member. `requestId` names the pending request, when there is one. */
export const FriendshipStatus = Type.Union([
  Type.Literal('none'),
  Type.Literal('friends'),
  Type.Literal('requestSent'),
  Type.Literal('requestReceived'),
  Type.Literal('self'),
]);
export type FriendshipStatus = Static<typeof FriendshipStatus>;

export const Friendship = Type.Object({
  status: FriendshipStatus,
  requestId: Nullable(Type.String()),
});
export type Friendship = Static<typeof Friendship>;

const cardFields = {
  id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatar: Nullable(Type.String({ description: 'URL of the 256 px image; add `&size=50` for 50 px' })),
  city: Nullable(Type.String()),
};

/** A member as search, suggestions and requests list them: no e-mail, no bio. */
export const PersonCard = Type.Object({ ...cardFields, friendship: Friendship });
export type PersonCard = Static<typeof PersonCard>;

/**
 * GET /users/{id}. Everyone signed in sees the card; `bio` and `email` are shown to the member's
 * friends (and to the member), and are null for everyone else.
 */
export const Profile = Type.Object({
  ...cardFields,
  friendship: Friendship,
  bio: Nullable(Type.String()),
  email: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type Profile = Static<typeof Profile>;

export const PeopleSearchQuery = Type.Object({
  q: Type.String({
    minLength: PEOPLE_SEARCH_MIN_LENGTH,
    maxLength: PEOPLE_SEARCH_MAX_LENGTH,
    description: 'Part of a first name, last name, full name, username or city; case-insensitive',
  }),
  limit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT }),
  offset: Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0 }),
});
export type PeopleSearchQuery = Static<typeof PeopleSearchQuery>;

// ---------- friends ----------

/** A friend as GET /friends lists them (spec §3: firstName, lastName, username, email, avatar, city). */
export const Friend = Type.Object({
  ...cardFields,
  email: Type.String(),
  friendsSince: Type.String(),
});
export type Friend = Static<typeof Friend>;

/** Spec §3: "an object holding a friends array". Sorted by first name, then last name. */
export const FriendList = Type.Object({ friends: Type.Array(Friend) });
export type FriendList = Static<typeof FriendList>;

export const FriendsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: FRIENDS_PAGE_SIZE }),
  offset: Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0 }),
  search: Type.Optional(
    Type.String({
      maxLength: PEOPLE_SEARCH_MAX_LENGTH,
      description:
        'Only the friends whose username, first name, last name or full name holds this text, ignoring case and accents (blank: all); meta.total counts them',
    }),
  ),
});
export type FriendsQuery = Static<typeof FriendsQuery>;

export const FriendRequestStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('accepted'),
  Type.Literal('declined'),
  Type.Literal('cancelled'),
]);
export type FriendRequestStatus = Static<typeof FriendRequestStatus>;

/** A request seen from my side: `user` is the other member. */
export const FriendRequest = Type.Object({
  id: Type.String(),
  direction: Type.Union([Type.Literal('incoming'), Type.Literal('outgoing')]),
  status: FriendRequestStatus,
  user: PersonCard,
  createdAt: Type.String(),
});
export type FriendRequest = Static<typeof FriendRequest>;

export const FriendRequestsQuery = Type.Object({
  limit: Type.Integer({
    minimum: 1,
    maximum: PAGE_SIZE_MAX,
    default: PAGE_SIZE_MAX,
    description: 'Per list',
  }),
  offset: Type.Integer({ minimum: 0, maximum: OFFSET_MAX, default: 0 }),
});
export type FriendRequestsQuery = Static<typeof FriendRequestsQuery>;

/** Pending requests only, newest first. */
export const FriendRequests = Type.Object({
  incoming: Type.Array(FriendRequest),
  outgoing: Type.Array(FriendRequest),
  incomingTotal: Type.Integer(),
  outgoingTotal: Type.Integer(),
});
export type FriendRequests = Static<typeof FriendRequests>;

export const FriendRequestBody = Type.Object(
  {
    id: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'Client-generated id: a repeat answers the stored request',
      }),
    ),
    userId: Type.String({ format: 'uuid' }),
  },
  { additionalProperties: false },
);
export type FriendRequestBody = Static<typeof FriendRequestBody>;

/**
 * POST /friends/request. `requested`: my request is pending (201, or 200 for a repeated client id).
 * `accepted`: they had already asked me, so their request was accepted and we are friends (200).
 */
export const FriendRequestResult = Type.Object({
  outcome: Type.Union([Type.Literal('requested'), Type.Literal('accepted')]),
  request: FriendRequest,
});
export type FriendRequestResult = Static<typeof FriendRequestResult>;

export const FriendRequestAnswer = Type.Object(
  { action: Type.Union([Type.Literal('accept'), Type.Literal('decline')]) },
  { additionalProperties: false },
);
export type FriendRequestAnswer = Static<typeof FriendRequestAnswer>;

/** Why someone is suggested; suggestions are ranked by how many kinds of reason, then by count. */
export const FriendSuggestion = Type.Object({
  user: PersonCard,
  mutualFriends: Type.Integer(),
  sameCity: Type.Boolean(),
  sharedMakes: Type.Array(Type.String()),
});
export type FriendSuggestion = Static<typeof FriendSuggestion>;

export const FriendSuggestionsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: FRIEND_SUGGESTIONS_MAX, default: FRIEND_SUGGESTIONS_MAX }),
});
export type FriendSuggestionsQuery = Static<typeof FriendSuggestionsQuery>;

export const Removed = Type.Object({ id: Type.String() });
export type Removed = Static<typeof Removed>;
