import { randomUUID } from 'node:crypto';
import {
  CAR_DESCRIPTION_MAX_TEXT,
  type Car,
  type CarInput,
  type CarUpdate,
} from '../../../src/contract/garage';
import { conflict, notFound } from '../http/errors';
import type { DiscardFiles } from '../media/media-storage';
import type { CarsRepository } from './cars-repository';
import type { GarageNotify } from './garage-events';
import { checkSettings, cleanRichText } from './garage-input';

interface Deps {
  cars: CarsRepository;
  settings: { has(domainId: string, key: string): Promise<boolean> };
  notify: GarageNotify;
  /** Friends read a member's cars (issue 4, docs/SECURITY-CHECKS.md "Access to members' things"). */
  friends: FriendCheck;
  /** Removes the files of media rows the repository deleted (a replaced image, a deleted car's). */
  discardFiles: DiscardFiles;
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

type CarFields = Omit<Car, 'id' | 'ownerId' | 'image' | 'createdAt' | 'updatedAt'>;

export function carsService({ cars, settings, notify, friends, discardFiles, now = () => new Date() }: Deps) {
  /** Validates the fields a create or update ends with; answers them with the description cleaned. */
  async function checked(fields: CarFields): Promise<CarFields> {
    await checkSettings(settings, [
      ['energyType', 'energyType', fields.energyType],
      ['gearboxType', 'gearboxType', fields.gearboxType],
      ['upholsteryMaterial', 'upholsteryMaterial', fields.upholsteryMaterial],
      ['mileageUnit', 'mileageUnit', fields.mileageUnit],
    ]);
    return {
      ...fields,
      description: cleanRichText('description', fields.description, CAR_DESCRIPTION_MAX_TEXT),
    };
  }

  /** The member's own car, else 404 (also for another member's car: ids cannot be probed). */
  async function ownCar(memberId: string, id: string): Promise<Car> {
    const car = await cars.findById(id);
    if (!car || car.ownerId !== memberId) throw notFound('Car');
    return car;
  }

  return {
    /** The member's cars, or a friend's (`ownerId`); anyone else's answer 404 like a missing member. */
    async feed(memberId: string, limit: number, offset: number, ownerId = memberId) {
      if (ownerId !== memberId && !(await friends.areFriends(memberId, ownerId))) throw notFound('Member');
      return cars.listByOwner(ownerId, limit, offset);
    },

    async get(memberId: string, id: string): Promise<Car> {
      const car = await cars.findById(id);
      if (!car || !(await canReadCar(memberId, car, friends))) throw notFound('Car');
      return car;
    },

    /** The member's car stored under a client id: a replayed create answers it (undefined: none). */
    async replayed(memberId: string, id: string | undefined): Promise<Car | undefined> {
      const stored = id ? await cars.findById(id) : undefined;
      return stored && stored.ownerId === memberId ? stored : undefined;
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
        energyType: input.energyType ?? null,
        gearboxType: input.gearboxType ?? null,
        upholsteryMaterial: input.upholsteryMaterial ?? null,
        mileage: input.mileage ?? null,
        mileageUnit: input.mileageUnit ?? 'km',
        description: input.description ?? null,
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
        return { car: stored, created: false };
      }
      notify(memberId, { type: 'car', carId: car.id, action: 'created' });
      return { car, created: true };
    },

    /** `image` (a media URL) replaces the car's image when given. */
    async update(memberId: string, id: string, patch: CarUpdate, newImage?: string): Promise<Car> {
      const current = await ownCar(memberId, id);
      const { id: _id, ownerId: _owner, image, createdAt, updatedAt: _updated, ...currentFields } = current;
      const fields = await checked({ ...currentFields, ...patch });
      const car: Car = {
        id,
        ownerId: memberId,
        ...fields,
        image: newImage ?? image,
        createdAt,
        updatedAt: now().toISOString(),
      };
      const orphans = await cars.replace(car);
      notify(memberId, { type: 'car', carId: id, action: 'updated' });
      await discardFiles(orphans);
      return car;
    },

    async remove(memberId: string, id: string): Promise<void> {
      await ownCar(memberId, id);
      const orphans = await cars.delete(id);
      notify(memberId, { type: 'car', carId: id, action: 'deleted' });
      await discardFiles(orphans);
    },
  };
}

export type CarsService = ReturnType<typeof carsService>;
