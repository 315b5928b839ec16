// Tyres and equipment of a car on the wire (docs/SPEC-NOTES.md "A car's home"): tyre sets, track
// wheels, a roof box, a trailer, mounted and removed at an odometer reading; each answers the
// distance it has covered, its age (a tyre's DOT date) and whether its reminder by distance or age
// is reached. The client imports the types and equipmentDerived (its offline rows derive the same).
import { Type, type Static } from 'typebox';
import { CAR_NAME_MAX, MILEAGE_MAX } from './constants';

const nullable = <T>(type: 'string' | 'integer', options: Record<string, unknown> = {}) =>
  Type.Unsafe<T | null>({ type: [type, 'null'], ...options });

/** A car holds at most this many sets; a set at most this many mountings (the list stays small). */
export const CAR_EQUIPMENT_MAX = 50;
export const EQUIPMENT_STINTS_MAX = 200;
/** The longest age reminder: 20 years. */
export const EQUIPMENT_AGE_MONTHS_MAX = 240;

export const EQUIPMENT_KINDS = ['tyres', 'wheels', 'roof_box', 'trailer', 'other'] as const;
export type EquipmentKind = (typeof EQUIPMENT_KINDS)[number];

const equipmentFields = {
  kind: Type.Unsafe<EquipmentKind>(
    Type.Union(
      EQUIPMENT_KINDS.map((k) => Type.Literal(k)),
      { description: 'tyres, wheels, roof_box, trailer or other' },
    ),
  ),
  name: Type.String({
    minLength: 1,
    maxLength: CAR_NAME_MAX,
    description: 'e.g. "Michelin Alpin 6, winter"',
  }),
  dotCode: nullable<string>('string', {
    pattern: '^(0[1-9]|[1-4][0-9]|5[0-3])[0-9]{2}$',
    description:
      "A tyre's DOT date: the last four digits of its DOT code, week then year (2319: week 23 of 2019)",
  }),
  reminderDistance: nullable<number>('integer', {
    minimum: 1,
    maximum: MILEAGE_MAX,
    description: "Due once it has covered this distance (in the car's mileage unit)",
  }),
  reminderAgeMonths: nullable<number>('integer', {
    minimum: 1,
    maximum: EQUIPMENT_AGE_MONTHS_MAX,
    description: 'Due once its DOT date is this many months old',
  }),
};

/** One time on the car: mounted at a reading, removed at a later one (null while mounted). */
export const EquipmentStint = Type.Object({
  mountedOn: Type.String({ format: 'date' }),
  mountedMileage: Type.Integer(),
  removedOn: nullable<string>('string', { format: 'date' }),
  removedMileage: nullable<number>('integer'),
});
export type EquipmentStint = Static<typeof EquipmentStint>;

export const CarEquipment = Type.Object({
  id: Type.String(),
  carId: Type.String(),
  ...equipmentFields,
  stints: Type.Array(EquipmentStint, { description: 'Oldest first' }),
  mounted: Type.Boolean(),
  distance: Type.Integer({
    description:
      "Distance covered on the car: each stint's removal minus its mounting; a stint under way counts to the car's mileage",
  }),
  ageMonths: nullable<number>('integer', {
    description: 'Whole months since its DOT date; null without one',
  }),
  due: Type.Union([Type.Literal('distance'), Type.Literal('age'), Type.Null()], {
    description: 'Which reminder is reached (distance first), or null',
  }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type CarEquipment = Static<typeof CarEquipment>;

export const CarEquipmentInput = Type.Object({
  id: Type.Optional(
    Type.String({ format: 'uuid', description: 'Client-generated id: a repeat answers the stored item' }),
  ),
  kind: equipmentFields.kind,
  name: equipmentFields.name,
  dotCode: Type.Optional(equipmentFields.dotCode),
  reminderDistance: Type.Optional(equipmentFields.reminderDistance),
  reminderAgeMonths: Type.Optional(equipmentFields.reminderAgeMonths),
});
export type CarEquipmentInput = Static<typeof CarEquipmentInput>;

export const CarEquipmentUpdate = Type.Object({
  kind: Type.Optional(equipmentFields.kind),
  name: Type.Optional(equipmentFields.name),
  dotCode: Type.Optional(equipmentFields.dotCode),
  reminderDistance: Type.Optional(equipmentFields.reminderDistance),
  reminderAgeMonths: Type.Optional(equipmentFields.reminderAgeMonths),
});
export type CarEquipmentUpdate = Static<typeof CarEquipmentUpdate>;

/** A mounting or a removal: the odometer reading and the day. */
export const EquipmentMove = Type.Object({
  mileage: Type.Integer({ minimum: 0, maximum: MILEAGE_MAX }),
  date: Type.String({ format: 'date', description: 'YYYY-MM-DD' }),
});
export type EquipmentMove = Static<typeof EquipmentMove>;

/** The first day of a DOT date's week (ISO week `ww` of year 20`yy`), YYYY-MM-DD. */
export function dotDate(dotCode: string): string {
  const week = Number(dotCode.slice(0, 2));
  const year = 2000 + Number(dotCode.slice(2, 4));
  // ISO week 1 holds January 4th; its Monday starts it.
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000);
  return new Date(monday.getTime() + (week - 1) * 7 * 86_400_000).toISOString().slice(0, 10);
}

/** Whole months from `from` to `to` (YYYY-MM-DD), never below 0. */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  const months = (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
  return Math.max(0, months);
}

/** What a set's answer derives: the same on the server (its answers) and the device (offline). */
export interface EquipmentDerived {
  mounted: boolean;
  distance: number;
  ageMonths: number | null;
  due: 'distance' | 'age' | null;
}

/**
 * A set's figures from its stints, its DOT date and the car's current mileage on `today`
 * (YYYY-MM-DD): each stint's removal minus its mounting, a stint under way counting to the car's
 * mileage; whole months since the DOT date; the distance reminder first, then the age one.
 */
export function equipmentDerived(
  item: Pick<CarEquipment, 'stints' | 'dotCode' | 'reminderDistance' | 'reminderAgeMonths'>,
  carMileage: number | null,
  today: string,
): EquipmentDerived {
  let distance = 0;
  for (const stint of item.stints) {
    const end = stint.removedMileage ?? carMileage ?? stint.mountedMileage;
    distance += Math.max(0, end - stint.mountedMileage);
  }
  const ageMonths = item.dotCode === null ? null : monthsBetween(dotDate(item.dotCode), today);
  const due =
    item.reminderDistance !== null && distance >= item.reminderDistance
      ? 'distance'
      : item.reminderAgeMonths !== null && ageMonths !== null && ageMonths >= item.reminderAgeMonths
        ? 'age'
        : null;
  const last = item.stints[item.stints.length - 1];
  return { mounted: last !== undefined && last.removedOn === null, distance, ageMonths, due };
}
