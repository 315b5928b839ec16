// Tyres and equipment of a car (docs/SPEC-NOTES.md "A car's home"): read by the car's owner and its
// members, written by its owner and editors (like its reminders), 404 for anyone else. Distance,
// age and the reminder reached are derived when answered, from the car's current mileage.
import { randomUUID } from 'node:crypto';
import {
  CAR_EQUIPMENT_MAX,
  EQUIPMENT_STINTS_MAX,
  equipmentDerived,
  type CarEquipment,
  type CarEquipmentInput,
  type CarEquipmentUpdate,
  type EquipmentKind,
  type EquipmentMove,
  type EquipmentStint,
} from '../../../src/contract/car-equipment';
import type { Car } from '../../../src/contract/garage';
import type { CarEquipmentRepository, CarEquipmentRow } from './car-equipment-repository';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { mayWriteReminders, type CarAccessService } from './car-access';
import type { GarageNotify } from './garage-events';

type Row = CarEquipmentRow;

/** What a set answers: its fields and what is derived from its stints, its DOT date and the car. */
export function toEquipment(row: Row, carMileage: number | null, today: string): CarEquipment {
  const stints = JSON.parse(row.stints) as EquipmentStint[];
  const fields = {
    dotCode: row.dot_code,
    reminderDistance: row.reminder_distance === null ? null : Number(row.reminder_distance),
    reminderAgeMonths: row.reminder_age_months === null ? null : Number(row.reminder_age_months),
    stints,
  };
  return {
    id: row.id,
    carId: row.car_id,
    kind: row.kind as EquipmentKind,
    name: row.name,
    ...fields,
    // The contract's rule: a device derives the same figures offline.
    ...equipmentDerived(fields, carMileage, today),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

interface Deps {
  equipment: CarEquipmentRepository;
  access: CarAccessService;
  notify: GarageNotify;
  now?: () => Date;
}

const invalid = (field: string, message: string) =>
  badRequest('Some fields are missing or invalid.', [{ field, message }]);

export function carEquipmentService({ equipment, access, notify, now = () => new Date() }: Deps) {
  const today = () => now().toISOString().slice(0, 10);

  /** A set the member may read (with its car), else 404. */
  async function readable(memberId: string, id: string): Promise<{ row: Row; car: Car }> {
    const row = await equipment.findById(id);
    if (!row) throw notFound('Equipment');
    const { car } = await access.readable(memberId, row.car_id, 'Equipment');
    return { row, car };
  }

  /** A set the member may change (owner and editors), else 403 for a member and 404 for a stranger. */
  async function writable(memberId: string, id: string): Promise<{ row: Row; car: Car }> {
    const row = await equipment.findById(id);
    if (!row) throw notFound('Equipment');
    const { car } = await access.writable(memberId, row.car_id, mayWriteReminders, 'Equipment');
    return { row, car };
  }

  /** The car's devices refresh its equipment with the car. */
  async function tell(car: Car) {
    for (const to of await access.audience(car))
      notify(to, { type: 'car', carId: car.id, action: 'updated', updatedAt: car.updatedAt });
  }

  async function saved(row: Row, car: Car): Promise<CarEquipment> {
    await tell(car);
    return toEquipment(row, car.mileage, today());
  }

  return {
    async list(memberId: string, carId: string): Promise<CarEquipment[]> {
      const { car } = await access.readable(memberId, carId);
      const day = today();
      return (await equipment.listByCar(carId)).map((row) => toEquipment(row, car.mileage, day));
    },

    async get(memberId: string, id: string): Promise<CarEquipment> {
      const { row, car } = await readable(memberId, id);
      return toEquipment(row, car.mileage, today());
    },

    async create(
      memberId: string,
      carId: string,
      input: CarEquipmentInput,
    ): Promise<{ equipment: CarEquipment; created: boolean }> {
      const { car } = await access.writable(memberId, carId, mayWriteReminders);
      if (input.id) {
        const stored = await equipment.findById(input.id);
        if (stored && stored.car_id === carId)
          return { equipment: toEquipment(stored, car.mileage, today()), created: false };
        if (stored)
          throw conflict('This id is already in use.', [{ field: 'body.id', message: 'is already in use' }]);
      }
      const count = await equipment.count(carId);
      if (count >= CAR_EQUIPMENT_MAX)
        throw new AppError(409, 'CONFLICT', `A car holds at most ${CAR_EQUIPMENT_MAX} sets of equipment.`);
      const at = now().toISOString();
      const row: Row = {
        id: input.id ?? randomUUID(),
        car_id: carId,
        kind: input.kind,
        name: input.name.trim() || input.name,
        dot_code: input.dotCode ?? null,
        reminder_distance: input.reminderDistance ?? null,
        reminder_age_months: input.reminderAgeMonths ?? null,
        stints: '[]',
        created_at: at,
        updated_at: at,
      };
      if (!(await equipment.insert(row)))
        throw conflict('This id is already in use.', [{ field: 'body.id', message: 'is already in use' }]);
      return { equipment: await saved(row, car), created: true };
    },

    async update(memberId: string, id: string, patch: CarEquipmentUpdate): Promise<CarEquipment> {
      const { row, car } = await writable(memberId, id);
      const next: Row = {
        ...row,
        ...(patch.kind !== undefined ? { kind: patch.kind } : {}),
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.dotCode !== undefined ? { dot_code: patch.dotCode } : {}),
        ...(patch.reminderDistance !== undefined ? { reminder_distance: patch.reminderDistance } : {}),
        ...(patch.reminderAgeMonths !== undefined ? { reminder_age_months: patch.reminderAgeMonths } : {}),
        updated_at: now().toISOString(),
      };
      await equipment.replace(next);
      return saved(next, car);
    },

    /** Mounts the set at a reading; 409 when it is mounted already, 400 before its last removal. */
    async mount(memberId: string, id: string, move: EquipmentMove): Promise<CarEquipment> {
      const { row, car } = await writable(memberId, id);
      const stints = JSON.parse(row.stints) as EquipmentStint[];
      const last = stints[stints.length - 1];
      if (last && last.removedOn === null) throw conflict('This equipment is mounted already.');
      if (stints.length >= EQUIPMENT_STINTS_MAX)
        throw conflict(`A set keeps at most ${EQUIPMENT_STINTS_MAX} mountings.`);
      if (last && (move.mileage < last.removedMileage! || move.date < last.removedOn!))
        throw invalid(
          'body.mileage',
          `must not be before its last removal (${last.removedMileage} on ${last.removedOn})`,
        );
      stints.push({
        mountedOn: move.date,
        mountedMileage: move.mileage,
        removedOn: null,
        removedMileage: null,
      });
      const next = { ...row, stints: JSON.stringify(stints), updated_at: now().toISOString() };
      await equipment.replace(next);
      return saved(next, car);
    },

    /** Removes the set at a reading; 409 when it is not mounted, 400 before its mounting. */
    async remove(memberId: string, id: string, move: EquipmentMove): Promise<CarEquipment> {
      const { row, car } = await writable(memberId, id);
      const stints = JSON.parse(row.stints) as EquipmentStint[];
      const last = stints[stints.length - 1];
      if (!last || last.removedOn !== null) throw conflict('This equipment is not mounted.');
      if (move.mileage < last.mountedMileage || move.date < last.mountedOn)
        throw invalid(
          'body.mileage',
          `must not be before its mounting (${last.mountedMileage} on ${last.mountedOn})`,
        );
      stints[stints.length - 1] = { ...last, removedOn: move.date, removedMileage: move.mileage };
      const next = { ...row, stints: JSON.stringify(stints), updated_at: now().toISOString() };
      await equipment.replace(next);
      return saved(next, car);
    },

    async delete(memberId: string, id: string): Promise<void> {
      const { car } = await writable(memberId, id);
      await equipment.delete(id);
      await tell(car);
    },
  };
}

export type CarEquipmentService = ReturnType<typeof carEquipmentService>;
