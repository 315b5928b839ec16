// Friends and friend requests (spec §7 "Friends"): the rules and the access checks. A request is
// seen only by its two parties; anyone else asking about it gets 404, as for an unknown id.
import { randomUUID } from 'node:crypto';
import {
  PEOPLE_ERROR_CODES,
  type Friend,
  type FriendRequest,
  type FriendRequestAnswer,
  type FriendRequestBody,
  type FriendRequestResult,
  type FriendRequests,
} from '../../../src/contract/people';
import type { ErrorCode } from '../../../src/contract/envelope';
import { isUniqueViolation } from '../auth/users-repository';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import type { FriendNotify } from './friend-events';
import type { FriendRequestRow, FriendsRepository } from './friends-repository';
import { friendshipOf, toFriend, toPersonCard } from './people-cards';
import { pairKey } from './people-db';
import type { PeopleRepository } from './people-repository';

interface Deps {
  people: PeopleRepository;
  friends: FriendsRepository;
  notify: FriendNotify;
  /** Whether either member blocked the other (server/src/trust): they cannot ask each other. */
  blocked?: (a: string, b: string) => Promise<boolean>;
  now?: () => Date;
}

type PeopleErrorCode = (typeof PEOPLE_ERROR_CODES)[keyof typeof PEOPLE_ERROR_CODES];
// The codes are listed in src/contract/people.ts and in the envelope's ERROR_CODES.
const peopleConflict = (code: PeopleErrorCode & ErrorCode, message: string) =>
  new AppError(409, code, message);

const requestNotFound = () => notFound('Friend request');

/** Attempts at a request against concurrent changes of the same pair (each one re-reads). */
const REQUEST_ATTEMPTS = 3;

export function friendsService({
  people,
  friends,
  notify,
  blocked = async () => false,
  now = () => new Date(),
}: Deps) {
  const at = () => now().toISOString();

  /** Requests as `memberId` sees them: the other member's card with our current state. */
  async function views(memberId: string, rows: FriendRequestRow[]): Promise<FriendRequest[]> {
    const otherOf = (r: FriendRequestRow) => (r.sender_id === memberId ? r.recipient_id : r.sender_id);
    const ids = [...new Set(rows.map(otherOf))];
    const [users, relations] = await Promise.all([people.findByIds(ids), friends.relations(memberId, ids)]);
    const byId = new Map(users.map((u) => [u.id, u]));
    return rows.flatMap((r) => {
      const other = byId.get(otherOf(r));
      if (!other) return [];
      return [
        {
          id: r.id,
          direction: r.sender_id === memberId ? ('outgoing' as const) : ('incoming' as const),
          status: r.status,
          user: toPersonCard(other, friendshipOf(memberId, other.id, relations.get(other.id))),
          createdAt: r.created_at,
        },
      ];
    });
  }

  const view = async (memberId: string, row: FriendRequestRow) => (await views(memberId, [row]))[0]!;

  /** A request `memberId` received, else 404 (also one they sent: only the recipient answers). */
  async function received(memberId: string, id: string): Promise<FriendRequestRow> {
    const row = await friends.findRequest(id);
    if (!row || row.recipient_id !== memberId) throw requestNotFound();
    return row;
  }

  async function accept(row: FriendRequestRow): Promise<boolean> {
    if (!(await friends.accept(row, at()))) return false;
    const { sender_id: sender, recipient_id: recipient, id } = row;
    await notify.stored(sender, {
      relatedFriendId: recipient,
      relatedFriendRequestId: id,
      action: 'accepted',
    });
    notify.live(recipient, { relatedFriendId: sender, relatedFriendRequestId: id, action: 'accepted' });
    await notify.requestSettled(recipient, id);
    return true;
  }

  /** One attempt at POST /friends/request; null when a concurrent change calls for another look. */
  async function tryRequest(
    memberId: string,
    body: FriendRequestBody,
  ): Promise<{ result: FriendRequestResult; created: boolean } | null> {
    if (body.id) {
      const stored = await friends.findRequest(body.id);
      if (stored) {
        // A replayed create answers the stored request; someone else's id is not disclosed.
        if (stored.sender_id !== memberId || stored.recipient_id !== body.userId)
          throw conflict('This id is already in use.', [{ field: 'body.id', message: 'is already in use' }]);
        return { result: { outcome: 'requested', request: await view(memberId, stored) }, created: false };
      }
    }
    const relation = (await friends.relations(memberId, [body.userId])).get(body.userId);
    if (relation?.friends)
      throw peopleConflict(PEOPLE_ERROR_CODES.alreadyFriends, 'You are friends already.');
    const pending = relation?.pending;
    if (pending?.sender_id === memberId)
      throw peopleConflict(
        PEOPLE_ERROR_CODES.requestPending,
        'You have already sent this member a friend request.',
      );
    if (pending) {
      // They asked me first: asking them back is saying yes.
      if (!(await accept(pending))) return null;
      const accepted = (await friends.findRequest(pending.id))!;
      return { result: { outcome: 'accepted', request: await view(memberId, accepted) }, created: false };
    }
    const row: FriendRequestRow = {
      id: body.id ?? randomUUID(),
      sender_id: memberId,
      recipient_id: body.userId,
      pair_key: pairKey(memberId, body.userId),
      status: 'pending',
      created_at: at(),
      responded_at: null,
    };
    try {
      await friends.insertRequest(row);
    } catch (error) {
      // The same client id, or a request of the pair, landed first: look again.
      if (isUniqueViolation(error)) return null;
      throw error;
    }
    await notify.stored(body.userId, {
      relatedFriendId: memberId,
      relatedFriendRequestId: row.id,
      action: 'requested',
    });
    notify.live(memberId, {
      relatedFriendId: body.userId,
      relatedFriendRequestId: row.id,
      action: 'requested',
    });
    return { result: { outcome: 'requested', request: await view(memberId, row) }, created: true };
  }

  return {
    async list(
      memberId: string,
      limit: number,
      offset: number,
      search?: string,
    ): Promise<{ friends: Friend[]; total: number }> {
      const { rows, total } = await friends.listFriends(memberId, limit, offset, search?.trim() || undefined);
      return { friends: rows.map(toFriend), total };
    },

    async requests(memberId: string, limit: number, offset: number): Promise<FriendRequests> {
      const [incoming, outgoing] = await Promise.all([
        friends.listPending(memberId, 'incoming', limit, offset),
        friends.listPending(memberId, 'outgoing', limit, offset),
      ]);
      const [incomingViews, outgoingViews] = await Promise.all([
        views(memberId, incoming.rows),
        views(memberId, outgoing.rows),
      ]);
      return {
        incoming: incomingViews,
        outgoing: outgoingViews,
        incomingTotal: incoming.total,
        outgoingTotal: outgoing.total,
      };
    },

    /**
     * Asks `body.userId` to be friends. `created` is false for a repeated client id and when their
     * pending request to me was accepted instead.
     */
    async request(
      memberId: string,
      body: FriendRequestBody,
    ): Promise<{ result: FriendRequestResult; created: boolean }> {
      if (body.userId === memberId)
        throw badRequest('You cannot send yourself a friend request.', [
          { field: 'body.userId', message: 'must not be your own id' },
        ]);
      // A member who blocked me, or whom I blocked, answers as if they did not exist.
      if (!(await people.findById(body.userId)) || (await blocked(memberId, body.userId)))
        throw notFound('User');
      for (let attempt = 0; attempt < REQUEST_ATTEMPTS; attempt++) {
        const done = await tryRequest(memberId, body);
        if (done) return done;
      }
      throw conflict('This friendship is changing right now: try again.');
    },

    /**
     * The recipient accepts or declines. The same answer again answers the same (a replay); the
     * other answer to a request already answered, or any answer to a cancelled one, is refused.
     */
    async answer(memberId: string, id: string, { action }: FriendRequestAnswer): Promise<FriendRequest> {
      const row = await received(memberId, id);
      const wanted = action === 'accept' ? 'accepted' : 'declined';
      if (row.status === 'pending') {
        const changed =
          action === 'accept' ? await accept(row) : await friends.close(row.id, 'declined', at());
        if (changed && action === 'decline')
          notify.live(memberId, {
            relatedFriendId: row.sender_id,
            relatedFriendRequestId: id,
            action: 'declined',
          });
      }
      // Answered here or before: the request's notification is read (also when it was missed).
      await notify.requestSettled(memberId, id);
      const now = (await friends.findRequest(id)) ?? row;
      if (now.status === 'cancelled') throw requestNotFound();
      if (now.status !== wanted)
        throw peopleConflict(PEOPLE_ERROR_CODES.requestNotPending, `This request was ${now.status} already.`);
      return view(memberId, now);
    },

    /** The sender withdraws a pending request; cancelling it again changes nothing. */
    async cancel(memberId: string, id: string): Promise<void> {
      const row = await friends.findRequest(id);
      if (!row || row.sender_id !== memberId) throw requestNotFound();
      if (row.status === 'pending' && (await friends.close(id, 'cancelled', at()))) {
        const event = { relatedFriendRequestId: id, action: 'cancelled' as const };
        notify.live(row.recipient_id, { ...event, relatedFriendId: memberId });
        notify.live(memberId, { ...event, relatedFriendId: row.recipient_id });
        // Nothing is left to answer: the recipient's bell stops counting it.
        await notify.requestSettled(row.recipient_id, id);
        return;
      }
      const now = (await friends.findRequest(id)) ?? row;
      if (now.status === 'accepted')
        throw peopleConflict(PEOPLE_ERROR_CODES.requestNotPending, 'This request was accepted already.');
      // Cancelled, or declined (which the sender is not told): either way it is no longer pending.
    },

    /** Ends a friendship both ways; 404 when we are not friends. */
    async remove(memberId: string, friendId: string): Promise<void> {
      if (!(await friends.removeFriendship(memberId, friendId))) throw notFound('Friend');
      notify.live(friendId, { relatedFriendId: memberId, action: 'removed' });
      notify.live(memberId, { relatedFriendId: friendId, action: 'removed' });
      // Each stops hearing live updates of the other's posts they had open.
      notify.accessChanged([memberId, friendId]);
    },
  };
}

export type FriendsService = ReturnType<typeof friendsService>;
