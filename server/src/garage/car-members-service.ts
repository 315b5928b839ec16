// Shared cars: the owner invites friends with a role, the invited member accepts or
// declines (as a friend request is answered), the owner changes roles and removes members, and a
// member leaves. Only the owner changes members; a member sees the list; a stranger gets 404.
import {
  CAR_MEMBER_ERROR_CODES,
  type CarInviteAnswer,
  type CarMember,
  type CarMemberInput,
  type CarMemberRole,
} from '../../../src/contract/car-members';
import type { Car } from '../../../src/contract/garage';
import type { NotificationPayload } from '../../../src/contract/socket-events';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import type { CarAccessService } from './car-access';
import type { MemberCard } from '../db/member-cards';
import type { CarMembersRepository, MemberCardRow } from './car-members-repository';
import type { CarsRepository } from './cars-repository';
import type { GarageNotify } from './garage-events';

interface Deps {
  cars: CarsRepository;
  members: CarMembersRepository;
  access: CarAccessService;
  friends: { areFriends(a: string, b: string): Promise<boolean> };
  users: { cardOf(id: string): Promise<MemberCard | undefined> };
  /** Stores and pushes the invited member's `car-invite` notification. */
  invite: (memberId: string, payload: NotificationPayload) => Promise<void>;
  notify: GarageNotify;
  now?: () => Date;
}

const toMember = (row: MemberCardRow): CarMember => ({
  carId: row.car_id,
  userId: row.user_id,
  username: row.username,
  firstName: row.first_name,
  lastName: row.last_name,
  avatar: row.avatar,
  role: row.role as CarMemberRole,
  status: row.status as CarMember['status'],
  invitedBy: row.invited_by,
  createdAt: row.created_at,
  answeredAt: row.answered_at,
});

const carName = (car: Car) => car.nickname ?? `${car.make} ${car.model}`;

export function carMembersService({
  cars,
  members,
  access,
  friends,
  users,
  invite,
  notify,
  now = () => new Date(),
}: Deps) {
  const at = () => now().toISOString();

  /** The car, if the member owns it: 404 for a stranger, 403 for a member of it. */
  async function ownedCar(memberId: string, carId: string): Promise<Car> {
    return (await access.writable(memberId, carId, (role) => role === 'owner')).car;
  }

  /** Tells the owner and the accepted members (and `also`: the member who just left or was removed). */
  async function tell(car: Car, also: string[] = []) {
    for (const to of new Set([...(await access.audience(car)), ...also]))
      notify(to, { type: 'car', carId: car.id, action: 'updated' });
  }

  async function view(carId: string, userId: string): Promise<CarMember> {
    const row = (await members.list(carId)).find((m) => m.user_id === userId);
    if (!row) throw notFound('Car member');
    return toMember(row);
  }

  return {
    /** The owner invites a friend; answers the invitation (201) or 409 when they are invited already. */
    async invite(memberId: string, carId: string, { userId, role }: CarMemberInput): Promise<CarMember> {
      const car = await ownedCar(memberId, carId);
      if (userId === memberId)
        throw badRequest('You own this car already.', [
          { field: 'body.userId', message: 'must not be your own id' },
        ]);
      if (!(await friends.areFriends(memberId, userId)))
        throw new AppError(400, CAR_MEMBER_ERROR_CODES.notFriend, 'You can only share a car with a friend.', [
          { field: 'body.userId', message: 'must be a friend of yours' },
        ]);
      const inserted = await members.insert({
        car_id: carId,
        user_id: userId,
        role,
        status: 'pending',
        invited_by: memberId,
        created_at: at(),
        answered_at: null,
      });
      if (!inserted)
        throw new AppError(
          409,
          CAR_MEMBER_ERROR_CODES.alreadyMember,
          'This member is invited or shares this car already.',
        );
      await invite(userId, {
        actorId: memberId,
        relatedCarId: carId,
        excerpt: carName(car),
        role,
        action: 'invited',
      });
      return view(carId, userId);
    },

    /**
     * The invited member accepts (they become a member) or declines (the invitation is gone). An
     * invitation already accepted is 409; none (declined, withdrawn, never made) is 404.
     */
    async answer(memberId: string, carId: string, { action }: CarInviteAnswer): Promise<CarMember | null> {
      const row = await members.find(carId, memberId);
      if (!row) throw notFound('Car invitation');
      if (row.status !== 'pending')
        throw new AppError(
          409,
          CAR_MEMBER_ERROR_CODES.inviteNotPending,
          'This invitation was accepted already.',
        );
      const changed =
        action === 'accept'
          ? await members.accept(carId, memberId, at())
          : await members.remove(carId, memberId, true);
      // Someone else's answer (another device) got there first: the state it left decides.
      if (!changed) {
        const now = await members.find(carId, memberId);
        if (!now) throw notFound('Car invitation');
        throw new AppError(
          409,
          CAR_MEMBER_ERROR_CODES.inviteNotPending,
          'This invitation was accepted already.',
        );
      }
      const car = await cars.findById(carId);
      if (car) await tell(car, [memberId]);
      return action === 'accept' ? view(carId, memberId) : null;
    },

    /** The owner and accepted members see who shares the car: the owner first, then the members. */
    async list(memberId: string, carId: string): Promise<CarMember[]> {
      const { car, role } = await access.readable(memberId, carId);
      const rows = await members.list(carId);
      const owner = await users.cardOf(car.ownerId);
      // Pending invitations are the owner's business (and the invited member's own).
      const visible = rows.filter(
        (r) => role === 'owner' || r.status === 'accepted' || r.user_id === memberId,
      );
      const ownerEntry: CarMember[] = owner
        ? [
            {
              carId,
              userId: car.ownerId,
              username: owner.username,
              firstName: owner.firstName,
              lastName: owner.lastName,
              avatar: owner.avatar,
              role: 'owner',
              status: 'accepted',
              invitedBy: null,
              createdAt: car.createdAt,
              answeredAt: null,
            },
          ]
        : [];
      return [...ownerEntry, ...visible.map(toMember)];
    },

    async setRole(memberId: string, carId: string, userId: string, role: CarMemberRole): Promise<CarMember> {
      const car = await ownedCar(memberId, carId);
      if (!(await members.setRole(carId, userId, role))) throw notFound('Car member');
      await tell(car);
      return view(carId, userId);
    },

    /** The owner removes anyone (an invitation too); a member removes themself (leaves). */
    async remove(memberId: string, carId: string, userId: string): Promise<void> {
      if (userId === memberId) {
        // Leaving: an accepted member, or an invited one withdrawing; the owner cannot leave.
        const found = await access.access(memberId, carId);
        if (found?.role === 'owner') throw forbidden('The owner cannot leave their own car.');
        const row = await members.find(carId, memberId);
        if (!row || !(await members.remove(carId, memberId))) throw notFound('Car member');
        const car = await cars.findById(carId);
        if (car) await tell(car, [memberId]);
        return;
      }
      const car = await ownedCar(memberId, carId);
      if (!(await members.remove(carId, userId))) throw notFound('Car member');
      await tell(car, [userId]);
    },
  };
}

export type CarMembersService = ReturnType<typeof carMembersService>;
