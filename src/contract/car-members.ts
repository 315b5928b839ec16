// Shared cars on the wire: a car's members, their roles and the invitations.
// Client code imports only the types from here.
import { Type, type Static } from 'typebox';

/** What each role may do (README "Shared cars"); the owner may do everything and is no member row. */
export const CAR_MEMBER_ROLES = ['viewer', 'driver', 'editor'] as const;
export type CarMemberRole = (typeof CAR_MEMBER_ROLES)[number];
/** A member's role on a car, `owner` for their own. */
export type CarRole = CarMemberRole | 'owner';

export const CAR_MEMBER_ERROR_CODES = {
  /** The invited member is not a friend of the owner. */
  notFriend: 'CAR_MEMBER_NOT_FRIEND',
  /** The member is invited already, or a member already. */
  alreadyMember: 'CAR_MEMBER_EXISTS',
  /** The invitation was accepted already. */
  inviteNotPending: 'CAR_INVITE_NOT_PENDING',
} as const;

const roleSchema = Type.Unsafe<CarMemberRole>(
  Type.Union(
    CAR_MEMBER_ROLES.map((r) => Type.Literal(r)),
    {
      description:
        'viewer: reads the car, its logs, economy and reminders; driver: also adds fill-ups and logs with an ' +
        'odometer reading, and edits or deletes the logs they wrote; editor: adds, edits and deletes every log and reminder',
    },
  ),
);

export const CarMemberParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  userId: Type.String({ format: 'uuid' }),
});
export type CarMemberParams = Static<typeof CarMemberParams>;

export const CarMemberInput = Type.Object({
  userId: Type.String({ format: 'uuid', description: 'A friend of the owner' }),
  role: roleSchema,
});
export type CarMemberInput = Static<typeof CarMemberInput>;

export const CarMemberUpdate = Type.Object({ role: roleSchema });
export type CarMemberUpdate = Static<typeof CarMemberUpdate>;

export const CarInviteAnswer = Type.Object({
  action: Type.Union([Type.Literal('accept'), Type.Literal('decline')]),
});
export type CarInviteAnswer = Static<typeof CarInviteAnswer>;

/** One member of a car as its owner and accepted members see them (the owner is listed first). */
export const CarMember = Type.Object({
  carId: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  role: Type.Union([Type.Literal('owner'), roleSchema]),
  status: Type.Union([Type.Literal('pending'), Type.Literal('accepted')]),
  invitedBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  answeredAt: Type.Union([Type.String(), Type.Null()]),
});
export type CarMember = Static<typeof CarMember>;

/** PUT /car-invites/{carId}: the membership made (accept), or null (decline). */
export const CarInviteResult = Type.Object({
  carId: Type.String(),
  status: Type.Union([Type.Literal('accepted'), Type.Literal('declined')]),
  member: Type.Union([CarMember, Type.Null()]),
});
export type CarInviteResult = Static<typeof CarInviteResult>;

export const CarInviteParams = Type.Object({ carId: Type.String({ format: 'uuid' }) });
