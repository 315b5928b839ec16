import { randomUUID } from 'node:crypto';
import {
  CAR_DESCRIPTION_MAX_TEXT,
  type Car,
  type CarInput,
  type CarSaved,
  type CarUpdate,
} from '../../../src/contract/garage';
import { overwrittenFields } from '../../../src/contract/edit-merge';
import { energiesAfter } from '../../../src/contract/maintenance';
import { conflict, forbidden, notFound } from '../http/errors';
import type { CarAccessService } from './car-access';
import type { CarMembersRepository } from './car-members-repository';
import type { DiscardFiles } from '../media/media-storage';
import type { CarsRepository } from './cars-repository';
import type { GarageNotify } from './garage-events';
import { checkSettings, cleanRichText, type SettingCheck } from './garage-input';

interface Deps {
  cars: CarsRepository;
  settings: { has(domainId: string, key: string): Promise<boolean> };
  notify: GarageNotify;
  /** Friends read a member's cars (docs/SECURITY-CHECKS.md "Access to members' things"). */
  friends: FriendCheck;
  /** Removes the files of media rows the repository deleted (a replaced image, a deleted car's). */
  discardFiles: DiscardFiles;
  /** Shared cars: the member's role on a car, and the cars shared with them. */
  access: CarAccessService;
  members: CarMembersRepository;
  /** A car's own mileage changed: its reminders' states are checked at once (maintenance). */
  mileageChanged?: (memberId: string, carIds: string[]) => Promise<void>;
  /** The car's due dates were set: its date reminders follow (maintenance/car-date-reminders.ts). */
  datesChanged?: (car: Car) => Promise<void>;
  now?: () => Date;
}

export type FriendCheck = { areFriends(a: string, b: string): Promise<boolean> };

/**
 * Who may see a car: its owner and the owner's friends (docs/SECURITY-CHECKS.md "Access to members' things").
 * Writes stay owner-only whatever this answers; logs stay private to the owner.
 */
export async function canReadCar(
  memberId: string,
  car: Pick<Car, 'ownerId'>,
  friends: FriendCheck,
): Promise<boolean> {
  return car.ownerId === memberId || (await friends.areFriends(memberId, car.ownerId));
}

type CarFields = Omit<
  Car,
  'id' | 'ownerId' | 'image' | 'createdAt' | 'updatedAt' | 'role' | 'ownerName' | 'vinWarning'
>;

/**
 * A car as a member who is neither its owner nor one of its members sees it (a friend): never its
 * VIN nor its plate (docs/SECURITY-CHECKS.md "Access to members' things").
 */
export function withoutPapers<C extends Car>(car: C): C {
  const { vinWarning: _warning, ...rest } = car;
  return { ...rest, vin: null, plate: null } as C;
}

/** `energyType` and `energyTypes` agree: the same rule as the device's mirror (src/contract/maintenance). */
function energies(
  current: Pick<Car, 'energyType' | 'energyTypes'>,
  change: { energyType?: string | null; energyTypes?: string[] },
): Pick<Car, 'energyType' | 'energyTypes'> {
  return energiesAfter(current, change);
}

export function carsService({
  cars,
  settings,
  notify,
  friends,
  discardFiles,
  access,
  members,
  mileageChanged = async () => undefined,
  datesChanged = async () => undefined,
  now = () => new Date(),
}: Deps) {
  /** Validates the fields a create or update ends with; answers them with the description cleaned. */
  async function checked(fields: CarFields): Promise<CarFields> {
    await checkSettings(settings, [
      ['energyType', 'energyType', fields.energyType],
      ['gearboxType', 'gearboxType', fields.gearboxType],
      ['upholsteryMaterial', 'upholsteryMaterial', fields.upholsteryMaterial],
      ['mileageUnit', 'mileageUnit', fields.mileageUnit],
      // The main energy is checked as energyType above; the others here.
      ...fields.energyTypes
        .map((key, i) => [`energyTypes.${i}`, 'energyType', key] as SettingCheck)
        .filter((check) => check[2] !== fields.energyType),
    ]);
    return {
      ...fields,
      vin: fields.vin === null ? null : fields.vin.toUpperCase(),
      plate: fields.plate === null ? null : fields.plate.trim() || null,
      description: cleanRichText('description', fields.description, CAR_DESCRIPTION_MAX_TEXT),
    };
  }

  /**
   * The member's own car, else 404 (also for another member's car: ids cannot be probed), or 403
   * for a member it is shared with: only the owner edits or deletes a car.
   */
  async function ownCar(memberId: string, id: string): Promise<Car> {
    const found = await access.access(memberId, id);
    if (!found) throw notFound('Car');
    if (found.role !== 'owner') throw forbidden('Only the owner of this car may change it.');
    return found.car;
  }

  /** Tells the car's owner and each accepted member (their other devices refresh). */
  async function tell(
    car: Pick<Car, 'id' | 'ownerId'> & { updatedAt?: string },
    action: 'created' | 'updated' | 'deleted',
  ) {
    const version = action === 'deleted' || !car.updatedAt ? {} : { updatedAt: car.updatedAt };
    for (const to of await access.audience(car))
      notify(to, { type: 'car', carId: car.id, action, ...version });
  }

  return {
    /**
     * The member's cars (role `owner`) then the cars shared with them, newest first in
     * each part; or a friend's (`ownerId`), whose cars shared with the member carry their role.
     * Anyone else's answer 404 like a missing member.
     */
    async feed(
      memberId: string,
      limit: number,
      offset: number,
      ownerId = memberId,
    ): Promise<{ items: Car[]; total: number }> {
      if (ownerId !== memberId) {
        if (!(await friends.areFriends(memberId, ownerId))) throw notFound('Member');
        const page = await cars.listByOwner(ownerId, limit, offset);
        // A car shared with the member shows its papers in their own garage, not here.
        return { ...page, items: page.items.map(withoutPapers) };
      }
      const [own, sharedTotal] = await Promise.all([
        cars.listByOwner(memberId, limit, offset),
        members.countShared(memberId),
      ]);
      const mine = own.items.map((car) => ({ ...car, role: 'owner' as const }));
      // The shared part starts where the own cars end: a page may hold the end of one and the start of the
      // other.
      const sharedOffset = Math.max(0, offset - own.total);
      const shared = await members.listShared(memberId, limit - mine.length, sharedOffset);
      return { items: [...mine, ...shared], total: own.total + sharedTotal };
    },

    async get(memberId: string, id: string): Promise<Car> {
      const found = await access.access(memberId, id);
      if (found) return { ...found.car, role: found.role };
      // A friend's car that is not shared with them: read without a role.
      const car = await cars.findById(id);
      if (!car || !(await canReadCar(memberId, car, friends))) throw notFound('Car');
      return withoutPapers(car);
    },

    /** The member's car stored under a client id: a replayed create answers it (undefined: none). */
    async replayed(memberId: string, id: string | undefined): Promise<Car | undefined> {
      const stored = id ? await cars.findById(id) : undefined;
      return stored && stored.ownerId === memberId ? { ...stored, role: 'owner' } : undefined;
    },

    /** `created: false` when the client id was already used by this member: the stored car. */
    /** `image`: the URL of a file the member just uploaded (see server/src/media). */
    async create(
      memberId: string,
      input: CarInput,
      image: string | null = null,
    ): Promise<{ car: Car; created: boolean }> {
      const fields = await checked({
        make: input.make,
        model: input.model,
        year: input.year ?? null,
        nickname: input.nickname ?? null,
        ...energies({ energyType: null, energyTypes: [] }, input),
        gearboxType: input.gearboxType ?? null,
        upholsteryMaterial: input.upholsteryMaterial ?? null,
        mileage: input.mileage ?? null,
        mileageUnit: input.mileageUnit ?? 'km',
        description: input.description ?? null,
        vin: input.vin ?? null,
        plate: input.plate ?? null,
        firstRegistrationDate: input.firstRegistrationDate ?? null,
        inspectionDueDate: input.inspectionDueDate ?? null,
        insuranceDueDate: input.insuranceDueDate ?? null,
      });
      const at = now().toISOString();
      const car: Car = {
        id: input.id ?? randomUUID(),
        ownerId: memberId,
        ...fields,
        image,
        createdAt: at,
        updatedAt: at,
      };
      if (!(await cars.insert(car))) {
        const stored = await cars.findById(car.id);
        // The id is taken by someone else's car: refuse without telling what it is.
        if (!stored || stored.ownerId !== memberId)
          throw conflict('This id is already in use.', [{ field: 'body.id', message: 'is already in use' }]);
        return { car: { ...stored, role: 'owner' }, created: false };
      }
      notify(memberId, { type: 'car', carId: car.id, action: 'created', updatedAt: car.updatedAt });
      if (car.inspectionDueDate !== null || car.insuranceDueDate !== null) await datesChanged(car);
      const answered = (await cars.findById(car.id)) ?? car;
      return { car: { ...answered, role: 'owner' }, created: true };
    },

    /** `image` (a media URL) replaces the car's image when given. */
    async update(memberId: string, id: string, patch: CarUpdate, newImage?: string): Promise<CarSaved> {
      const current = await ownCar(memberId, id);
      const {
        id: _id,
        ownerId: _owner,
        image,
        createdAt,
        updatedAt: _updated,
        role: _role,
        ownerName: _name,
        vinWarning: _warning,
        ...currentFields
      } = current;
      const { base, ...changes } = patch;
      const fields = await checked({ ...currentFields, ...changes, ...energies(currentFields, changes) });
      // Never below the highest reading among its logs (a log's reading raises it, migration 0029).
      const highest = await cars.highestReading(id);
      if (highest !== null && (fields.mileage === null || fields.mileage < highest)) fields.mileage = highest;
      const car: Car = {
        id,
        ownerId: memberId,
        ...fields,
        image: newImage ?? image,
        createdAt,
        updatedAt: now().toISOString(),
      };
      const orphans = await cars.replace(car);
      await tell(car, 'updated');
      if (
        car.inspectionDueDate !== current.inspectionDueDate ||
        car.insuranceDueDate !== current.insuranceDueDate
      )
        await datesChanged(car);
      // The odometer moved: a reminder due at a distance may be due now (not at the next sweep).
      if (car.mileage !== current.mileage) await mileageChanged(memberId, [id]);
      await discardFiles(orphans);
      // Merge by field (docs/OFFLINE-FIRST.md "Edits from two devices"): what this write replaced.
      const replaced = overwrittenFields(currentFields, fields, Object.keys(changes), base);
      return {
        ...((await cars.findById(id)) ?? car),
        role: 'owner',
        ...(replaced ? { overwritten: replaced as CarSaved['overwritten'] } : {}),
      };
    },

    async remove(memberId: string, id: string): Promise<void> {
      const car = await ownCar(memberId, id);
      // Read before the delete: the memberships go with the car (cascade).
      const audience = await access.audience(car);
      const orphans = await cars.delete(id);
      for (const to of audience) notify(to, { type: 'car', carId: id, action: 'deleted' });
      await discardFiles(orphans);
    },
  };
}

export type CarsService = ReturnType<typeof carsService>;
