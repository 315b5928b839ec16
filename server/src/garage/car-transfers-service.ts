// Selling a car with its logbook: the owner offers the car to another member (not only a
// friend), the buyer accepts or declines, the seller may cancel while pending; on acceptance the car
// and its history are the buyer's (car-transfers-repository.ts `accept`, one transaction), the seller
// keeps a read-only record of it, and both sides' devices are told.
import { randomUUID } from 'node:crypto';
import {
  CAR_TRANSFER_DECLINED_DAYS,
  CAR_TRANSFER_ERROR_CODES as codes,
  CAR_TRANSFER_OFFERS_PER_DAY,
  type BuyerCard,
  type CarOwners,
  type CarSale,
  type CarSaleDetail,
  type CarTransfer,
  type CarTransferAnswer,
  type CarTransferInput,
  type CarTransferStatus,
} from '../../../src/contract/car-transfers';
import type { Car, CarLog } from '../../../src/contract/garage';
import type { NotificationPayload } from '../../../src/contract/socket-events';
import type { MemberCard } from '../db/member-cards';
import { AppError, badRequest, notFound } from '../http/errors';
import type { CarAccessService } from './car-access';
import type { CarSaleRow, CarTransferRow, CarTransfersRepository } from './car-transfers-repository';
import type { CarsRepository } from './cars-repository';
import type { GarageNotify } from './garage-events';

interface Deps {
  cars: CarsRepository;
  transfers: CarTransfersRepository;
  access: CarAccessService;
  users: { cards(ids: string[]): Promise<Map<string, MemberCard>> };
  /** Stores and pushes a `car-transfer` notification. */
  tellMember: (memberId: string, payload: NotificationPayload) => Promise<void>;
  /** Pushes a `car-transfer` event that is not stored (a cancelled offer). */
  tellLive: (memberId: string, payload: NotificationPayload) => void;
  notify: GarageNotify;
  /** Whether either member blocked the other (server/src/trust): no offer crosses a block. */
  blocked?: (a: string, b: string) => Promise<boolean>;
  now?: () => Date;
}

const carName = (car: Pick<Car, 'nickname' | 'make' | 'model'>) => car.nickname ?? `${car.make} ${car.model}`;
const fullName = (card: MemberCard | undefined) =>
  card ? `${card.firstName} ${card.lastName}`.trim() || card.username : '';

const DAY_MS = 24 * 60 * 60 * 1000;

const notPending = () =>
  new AppError(409, codes.notPending, 'This transfer was answered already: it is no longer pending.');

function toSale(row: CarSaleRow): CarSale & { logs: CarLog[] } {
  const logs = JSON.parse(row.logs_json) as CarLog[];
  return {
    id: row.id,
    carId: row.car_id,
    buyerId: row.buyer_id,
    buyerName: row.buyer_name,
    soldAt: row.sold_at,
    car: JSON.parse(row.car_json) as Car,
    logCount: logs.length,
    logs,
  };
}

export function carTransfersService({
  cars,
  transfers,
  access,
  users,
  tellMember,
  tellLive,
  notify,
  blocked = async () => false,
  now = () => new Date(),
}: Deps) {
  const at = () => now().toISOString();

  async function view(row: CarTransferRow): Promise<CarTransfer> {
    const [car, cards] = await Promise.all([
      cars.findById(row.car_id),
      users.cards([row.from_user_id, row.to_user_id]),
    ]);
    return {
      id: row.id,
      carId: row.car_id,
      carName: car ? carName(car) : '',
      fromUserId: row.from_user_id,
      fromName: fullName(cards.get(row.from_user_id)),
      toUserId: row.to_user_id,
      toName: fullName(cards.get(row.to_user_id)),
      keepCosts: Boolean(row.keep_costs),
      keepNotes: Boolean(row.keep_notes),
      status: row.status as CarTransferStatus,
      createdAt: row.created_at,
      answeredAt: row.answered_at,
    };
  }

  /** The transfer, if the member is its seller or its buyer; 404 for anyone else. */
  async function mine(memberId: string, id: string): Promise<CarTransferRow> {
    const row = await transfers.find(id);
    if (!row || (row.from_user_id !== memberId && row.to_user_id !== memberId))
      throw notFound('Car transfer');
    return row;
  }

  return {
    /**
     * The owner offers the car: 404 for a stranger, 403 for a member, 409 when one is pending. Any
     * member may be offered a car (cars are sold to strangers), so each offer, which tells its
     * buyer, is bounded: CAR_TRANSFER_OFFERS_PER_DAY a seller in any 24 hours (429), and a member
     * who declined the car is not offered it again for CAR_TRANSFER_DECLINED_DAYS days (409).
     */
    async offer(memberId: string, carId: string, input: CarTransferInput): Promise<CarTransfer> {
      const { car } = await access.writable(memberId, carId, (role) => role === 'owner');
      if (input.toUserId === memberId)
        throw badRequest('You own this car already.', [
          { field: 'body.toUserId', message: 'must not be your own id' },
        ]);
      // A member blocked either way answers as if they did not exist.
      if (!(await transfers.isMember(input.toUserId)) || (await blocked(memberId, input.toUserId)))
        throw notFound('Member');
      const nowMs = now().getTime();
      const made = await transfers.offersSince(memberId, new Date(nowMs - DAY_MS).toISOString());
      if (made.count >= CAR_TRANSFER_OFFERS_PER_DAY) {
        // Retry-After: when the first offer of the window is a day old.
        const wait = made.first ? Math.ceil((Date.parse(made.first) + DAY_MS - nowMs) / 1000) : 1;
        throw new AppError(
          429,
          codes.dailyLimit,
          `You made ${CAR_TRANSFER_OFFERS_PER_DAY} offers in the last 24 hours: try again tomorrow.`,
          undefined,
          { 'retry-after': String(Math.max(1, wait)) },
        );
      }
      const declined = await transfers.declinedSince(
        carId,
        input.toUserId,
        new Date(nowMs - CAR_TRANSFER_DECLINED_DAYS * DAY_MS).toISOString(),
      );
      if (declined)
        throw new AppError(
          409,
          codes.declinedRecently,
          `This member declined this car on ${declined.slice(0, 10)}: it may be offered to them again ${CAR_TRANSFER_DECLINED_DAYS} days after.`,
        );
      const row: CarTransferRow = {
        id: randomUUID(),
        car_id: carId,
        pending_car_id: carId,
        from_user_id: memberId,
        to_user_id: input.toUserId,
        keep_costs: input.keepCosts ? 1 : 0,
        keep_notes: input.keepNotes ? 1 : 0,
        status: 'pending',
        created_at: at(),
        answered_at: null,
      };
      if (!(await transfers.insertPending(row)))
        throw new AppError(409, codes.pending, 'This car is offered to someone already: cancel that first.');
      await tellMember(input.toUserId, {
        actorId: memberId,
        relatedCarId: carId,
        relatedCarTransferId: row.id,
        excerpt: carName(car),
        action: 'offered',
      });
      notify(memberId, { type: 'car', carId, action: 'updated' });
      return view(row);
    },

    /** The pending transfers I offered or am offered. */
    async pending(memberId: string): Promise<CarTransfer[]> {
      return Promise.all((await transfers.pendingOf(memberId)).map(view));
    },

    async get(memberId: string, id: string): Promise<CarTransfer> {
      return view(await mine(memberId, id));
    },

    /**
     * The buyer accepts or declines, the seller cancels; anyone else 404; the other side's verb 403;
     * a transfer no longer pending 409 (two answers racing: one wins, the other is 409).
     */
    async answer(memberId: string, id: string, { action }: CarTransferAnswer): Promise<CarTransfer> {
      const row = await mine(memberId, id);
      const isSeller = row.from_user_id === memberId;
      if (action === 'cancel' ? !isSeller : row.to_user_id !== memberId)
        throw new AppError(
          403,
          'FORBIDDEN',
          action === 'cancel' ? 'Only the seller cancels a transfer.' : 'Only the buyer answers a transfer.',
        );
      if (row.status !== 'pending') throw notPending();
      const when = at();
      if (action === 'accept') {
        const buyer = (await users.cards([memberId])).get(memberId);
        const car = await cars.findById(row.car_id);
        const done = await transfers.accept(id, memberId, fullName(buyer), when);
        if (!done) throw notPending();
        const carId = row.car_id;
        // The seller's devices and the former members' drop the car; the buyer's take it.
        for (const to of new Set([row.from_user_id, ...done.formerMembers]))
          notify(to, { type: 'car', carId, action: 'deleted' });
        notify(memberId, { type: 'car', carId, action: 'created' });
        await tellMember(row.from_user_id, {
          actorId: memberId,
          relatedCarId: carId,
          relatedCarTransferId: id,
          excerpt: car ? carName(car) : null,
          action: 'accepted',
        });
      } else {
        const status = action === 'cancel' ? 'cancelled' : 'declined';
        if (!(await transfers.close(id, status, when))) throw notPending();
        const car = await cars.findById(row.car_id);
        if (action === 'decline')
          await tellMember(row.from_user_id, {
            actorId: memberId,
            relatedCarId: row.car_id,
            relatedCarTransferId: id,
            excerpt: car ? carName(car) : null,
            action: 'declined',
          });
        else tellLive(row.to_user_id, { actorId: memberId, relatedCarTransferId: id, action: 'cancelled' });
        notify(row.from_user_id, { type: 'car', carId: row.car_id, action: 'updated' });
      }
      return view((await transfers.find(id))!);
    },

    /** My sold records (seller only), newest first, without their logs. */
    async sales(memberId: string): Promise<CarSale[]> {
      return (await transfers.sales(memberId)).map((row) => {
        const { logs: _logs, ...sale } = toSale(row);
        return sale;
      });
    },

    /** One sold record with its logs as they were on the day of sale; anyone but the seller 404. */
    async sale(memberId: string, id: string): Promise<CarSaleDetail> {
      const row = await transfers.sale(memberId, id);
      if (!row) throw notFound('Sold car');
      return toSale(row);
    },

    /** The car's owners: any member of the car reads them, a stranger 404. */
    async owners(memberId: string, carId: string): Promise<CarOwners> {
      await access.readable(memberId, carId);
      const { former, since } = await transfers.owners(carId);
      return { carId, ownerCount: former.length + 1, logbookSince: since, formerOwners: former };
    },

    /**
     * A member found by their exact username, never me; 404 otherwise. An e-mail address is never
     * looked up: every one answers the same 404 without a read, so neither the answer nor its time
     * tells whether the address has an account.
     */
    async findBuyer(memberId: string, text: string): Promise<BuyerCard> {
      if (text.includes('@')) throw notFound('Member');
      const row = await transfers.findMember(text);
      if (!row || row.id === memberId) throw notFound('Member');
      return {
        id: row.id,
        username: row.username,
        firstName: row.first_name,
        lastName: row.last_name,
        avatar: row.avatar,
      };
    },
  };
}

export type CarTransfersService = ReturnType<typeof carTransfersService>;
