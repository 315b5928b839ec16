// Selling a car with its logbook on the wire: transfers, the seller's sold records and
// the car's owners. Client code imports only the types from here.
import { Type, type Static } from 'typebox';
import { Car, CarLog } from './garage';

export const CAR_TRANSFER_ERROR_CODES = {
  /** The car has a pending transfer already (one at a time). */
  pending: 'CAR_TRANSFER_PENDING',
  /** The transfer was accepted, declined or cancelled already. */
  notPending: 'CAR_TRANSFER_NOT_PENDING',
  /** The seller made CAR_TRANSFER_OFFERS_PER_DAY offers in the last 24 hours (429). */
  dailyLimit: 'CAR_TRANSFER_DAILY_LIMIT',
  /** The buyer declined this car less than CAR_TRANSFER_DECLINED_DAYS days ago (409). */
  declinedRecently: 'CAR_TRANSFER_DECLINED_RECENTLY',
} as const;

/** Offers a seller may make in any 24 hours (cancelled and declined ones count: each tells a member). */
export const CAR_TRANSFER_OFFERS_PER_DAY = 10;
/** Days during which a member who declined a car is not offered that car again. */
export const CAR_TRANSFER_DECLINED_DAYS = 7;

export const CAR_TRANSFER_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type CarTransferStatus = (typeof CAR_TRANSFER_STATUSES)[number];

export const CarTransferInput = Type.Object({
  toUserId: Type.String({ format: 'uuid', description: 'The buyer: any member but me (not only a friend)' }),
  keepCosts: Type.Boolean({
    description:
      "false: the logs' costs, currencies, fuel unit prices and files (photos and receipts) are dropped from the buyer's copy",
  }),
  keepNotes: Type.Boolean({
    description:
      "false: the logs' text and places (a fill-up's station) and the reminders' notes are dropped from the buyer's copy",
  }),
});
export type CarTransferInput = Static<typeof CarTransferInput>;

export const CarTransferAnswer = Type.Object({
  action: Type.Union([Type.Literal('accept'), Type.Literal('decline'), Type.Literal('cancel')], {
    description: 'accept or decline: the buyer; cancel: the seller, while pending',
  }),
});
export type CarTransferAnswer = Static<typeof CarTransferAnswer>;

export const CarTransferParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** A transfer as its seller and its buyer see it. */
export const CarTransfer = Type.Object({
  id: Type.String(),
  carId: Type.String(),
  /** The car's name when the transfer was read (nickname, else make and model). */
  carName: Type.String(),
  fromUserId: Type.String(),
  fromName: Type.String(),
  toUserId: Type.String(),
  toName: Type.String(),
  keepCosts: Type.Boolean(),
  keepNotes: Type.Boolean(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('accepted'),
    Type.Literal('declined'),
    Type.Literal('cancelled'),
  ]),
  createdAt: Type.String(),
  answeredAt: Type.Union([Type.String(), Type.Null()]),
});
export type CarTransfer = Static<typeof CarTransfer>;

/** The seller's read-only record of a car as it was on the day of sale. */
export const CarSale = Type.Object({
  id: Type.String(),
  carId: Type.String(),
  buyerId: Type.Union([Type.String(), Type.Null()]),
  buyerName: Type.String(),
  soldAt: Type.String(),
  /** The car at the time of sale (its image is the buyer's now: null here). */
  car: Car,
  /** How many logs the car had. */
  logCount: Type.Integer(),
});
export type CarSale = Static<typeof CarSale>;

/** One sold record with its logs as they were on the day of sale (their files stay with the car). */
export const CarSaleDetail = Type.Object({
  ...CarSale.properties,
  logs: Type.Array(CarLog),
});
export type CarSaleDetail = Static<typeof CarSaleDetail>;

export const CarSaleParams = Type.Object({ saleId: Type.String({ format: 'uuid' }) });

/** The car's one history through owners (any member of the car reads it). */
export const CarOwners = Type.Object({
  carId: Type.String(),
  /** Former owners and the current one. */
  ownerCount: Type.Integer({ minimum: 1 }),
  /** The date of the car's first log (YYYY-MM-DD), null without logs. */
  logbookSince: Type.Union([Type.String(), Type.Null()]),
  /** The former owners' periods, oldest first (who they were is not told). */
  formerOwners: Type.Array(Type.Object({ from: Type.String(), to: Type.String() })),
});
export type CarOwners = Static<typeof CarOwners>;

/**
 * GET /car-transfers/buyer: a member found by their exact username. An e-mail address (any text
 * with an `@`) is never looked up: every one answers the same 404, so the lookup cannot tell which
 * addresses have an account.
 */
export const BuyerLookupQuery = Type.Object({
  q: Type.String({
    minLength: 1,
    maxLength: 254,
    description: 'An exact username (an e-mail address always answers 404)',
  }),
});
export const BuyerCard = Type.Object({
  id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
});
export type BuyerCard = Static<typeof BuyerCard>;

/** One part of what a buyer receives: how many there are, and whether the seller's choices hand them over. */
const SummaryPart = (description: string) =>
  Type.Object({ count: Type.Integer({ minimum: 0 }), handedOver: Type.Boolean() }, { description });

/**
 * What the buyer will receive (README "Selling a car"): the same answer for the seller before they
 * confirm (GET /cars/{id}/sale-summary with their choices) and for both sides of an offer (GET
 * /car-transfers/{id}/summary), so the buyer sees what the seller saw.
 */
export const CarSaleSummary = Type.Object({
  carId: Type.String(),
  keepCosts: Type.Boolean(),
  keepNotes: Type.Boolean(),
  logs: SummaryPart('The logs: always handed over (type, title, date, reading, fill-up quantities)'),
  photos: SummaryPart("The logs' photos: with the costs (photos are receipts)"),
  receipts: SummaryPart("The logs' PDF receipts: with the costs"),
  costs: Type.Object(
    {
      count: Type.Integer({ minimum: 0, description: 'Logs with a cost' }),
      handedOver: Type.Boolean(),
      total: Type.Record(Type.String(), Type.Number(), {
        description: 'currency → total of the costs handed over (empty when they are not)',
      }),
    },
    { description: "The logs' costs, currencies and a fill-up's unit price" },
  ),
  notes: SummaryPart("The logs' text and places, and the reminders' notes: with the notes"),
  reminders: SummaryPart('The reminders: always handed over (their notes with the notes)'),
  equipment: SummaryPart('Tyre sets and other equipment: always handed over'),
  papers: Type.Optional(
    SummaryPart(
      "The car's papers that go with it: its registration certificates and inspection reports, always (always answered)",
    ),
  ),
  papersKept: Type.Optional(
    SummaryPart(
      "The car's papers the seller keeps: insurance cards and other papers leave the car and stay the seller's files (`handedOver` false; always answered)",
    ),
  ),
});
export type CarSaleSummary = Static<typeof CarSaleSummary>;

export const CarSaleSummaryQuery = Type.Object({
  keepCosts: Type.Boolean({ description: 'The choice the offer would carry' }),
  keepNotes: Type.Boolean({ description: 'The choice the offer would carry' }),
});
export type CarSaleSummaryQuery = Static<typeof CarSaleSummaryQuery>;
