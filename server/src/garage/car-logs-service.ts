import { randomUUID } from 'node:crypto';
import {
  CAR_LOG_CONTENT_MAX_TEXT,
  type Car,
  type CarLog,
  type CarLogInput,
  type CarLogListQuery,
  type CarLogSaved,
  type CarLogStats,
  type CarLogUpdate,
  type FuelFill,
} from '../../../src/contract/garage';
import { CAR_LOGS_MAX } from '../../../src/contract/constants';
import { overwrittenFields } from '../../../src/contract/edit-merge';
import { emptyLogFields, presentLogFields } from '../../../src/contract/fields';
import { fillUpTitle } from '../../../src/contract/maintenance/fill-up-title';
import { carEnergies, checkOdometer, type OdometerProblem } from '../../../src/contract/maintenance';
import { CAR_LOG_TITLE_MAX } from '../../../src/contract/constants';
import { DEFAULT_SERVER_LOCALE, type ServerLocale } from '../platform/locales';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { mayMoveOut, mayWriteLog, type CarAccessService } from './car-access';
import { carLogStats } from './car-log-stats';
import type { DiscardFiles } from '../media/media-storage';
import type { CarLogsRepository } from './car-logs-repository';
import type { CarsRepository } from './cars-repository';
import type { GarageNotify } from './garage-events';
import { checkSettings, cleanRichText } from './garage-input';
import { carNameOf } from '../push/reminder-push-text';

interface Deps {
  cars: CarsRepository;
  logs: CarLogsRepository;
  settings: { has(domainId: string, key: string): Promise<boolean> };
  notify: GarageNotify;
  /** Removes the files of media rows the repository deleted with a log. */
  discardFiles: DiscardFiles;
  /** After a log is written, moved or deleted: its cars' reminders may change state. */
  historyChanged?: (memberId: string, carIds: string[]) => Promise<void>;
  /** Shared cars: the member's role on a car. */
  access: CarAccessService;
  /** A new log on a shared car, told to each of its other members' devices (a Web Push). */
  logAdded?: (
    memberId: string,
    log: { carId: string; carName: string; logId: string; title: string; authorId: string },
  ) => void;
  /** The language the member chose (users.language): a fill-up without a title is named in it. */
  languageOf?: (memberId: string) => Promise<ServerLocale | null>;
  now?: () => Date;
}

type LogFields = Omit<CarLog, 'id' | 'media' | 'createdAt' | 'updatedAt' | 'authorId'>;

/** How a create or update asks for its reading to be checked. */
interface OdometerCheck {
  /** The log's own id: its stored reading is not a neighbour. */
  logId?: string;
  /** false when a change moves neither the reading, nor its date, nor its car. */
  check: boolean;
  confirmed: boolean;
}

/** 400 ODOMETER_OUT_OF_ORDER or ODOMETER_JUMP, naming the neighbouring reading. */
/** 409 CAR_LOG_LIMIT: a car holds at most CAR_LOGS_MAX logs (its dossier, its sync, its imports stay bounded). */
export function carLogLimit(stored: number, adding: number): AppError {
  return new AppError(
    409,
    'CAR_LOG_LIMIT',
    `A car holds at most ${CAR_LOGS_MAX} logs: this one has ${stored}, and ${adding} more would pass it.`,
  );
}

export function odometerError(problem: OdometerProblem, mileage: number, unit: string): AppError {
  if (problem.code === 'ODOMETER_JUMP') {
    const { previous, perDay } = problem;
    return new AppError(
      400,
      'ODOMETER_JUMP',
      `The odometer reading ${mileage} means ${Math.round(perDay)} ${unit} a day since ${previous.mileage} on ${previous.date}.`,
      [
        {
          field: 'body.mileage',
          message: `needs odometerConfirmed: true (${previous.mileage} on ${previous.date})`,
        },
      ],
    );
  }
  const { neighbour, relation } = problem;
  const [comparison, rule] =
    relation === 'before' ? ['lower', 'must not be lower than'] : ['higher', 'must not be higher than'];
  return new AppError(
    400,
    'ODOMETER_OUT_OF_ORDER',
    `The odometer reading ${mileage} is ${comparison} than ${neighbour.mileage} on ${neighbour.date}.`,
    [{ field: 'body.mileage', message: `${rule} ${neighbour.mileage} (the log of ${neighbour.date})` }],
  );
}

/** A fill-up as stored and answered: the price null when not given, "it's right" only when said. */
function storedFuel({ economyConfirmed, energy, ...fuel }: FuelFill): FuelFill {
  return {
    ...fuel,
    pricePerUnit: fuel.pricePerUnit ?? null,
    ...(energy ? { energy } : {}),
    ...(economyConfirmed ? { economyConfirmed } : {}),
  };
}

/** A car's energies, its main one first (keys of the energyType settings). */
export const energiesOf = (car: Pick<Car, 'energyType' | 'energyTypes'>): string[] => carEnergies(car);

/** Trimmed, without empties or repeats, in the member's order. */
function cleanTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter((t) => t.length > 0))];
}

export function carLogsService({
  cars,
  logs,
  settings,
  notify,
  discardFiles,
  historyChanged = async () => undefined,
  access,
  logAdded = () => undefined,
  languageOf = async () => null,
  now = () => new Date(),
}: Deps) {
  /**
   * A log's title: the one given, else a fill-up's name from its quantity and place, in the
   * language the request asks for, else the member's, else the product's default. Any other log
   * without a title is refused.
   */
  async function titleOf(memberId: string, input: CarLogInput, asked: ServerLocale | null): Promise<string> {
    if (input.title !== undefined) return input.title;
    if (input.type !== 'fuel')
      throw badRequest('Some fields are missing or invalid.', [
        { field: 'body.title', message: 'is required, except on a log of type fuel' },
      ]);
    const language = asked ?? (await languageOf(memberId).catch(() => null)) ?? DEFAULT_SERVER_LOCALE;
    return fillUpTitle(language, input.fuel ?? null, input.location, CAR_LOG_TITLE_MAX);
  }

  /** The car's mileage before a write: told as changed when the log raised it (migration 0029). */
  async function tellRaisedMileage(carId: string, before: number | null, reading: number | null) {
    if (reading === null || (before !== null && before >= reading)) return;
    const car = await cars.findById(carId);
    if (!car) return;
    for (const to of await access.audience(car))
      notify(to, { type: 'car', carId, action: 'updated', updatedAt: car.updatedAt });
  }

  /**
   * Logs are read by the car's owner and the members it is shared with, friends not
   * included: any other member gets 404 for the car, so neither cars nor logs can be probed.
   */
  async function readableCar(memberId: string, carId: string): Promise<Car> {
    return (await access.readable(memberId, carId)).car;
  }

  /** A log the member may read (its car's owner, or a member of the car), else 404. */
  async function readableLog(memberId: string, id: string): Promise<CarLog> {
    const found = await logs.findById(id);
    if (!found) throw notFound('Car log');
    if (found.ownerId !== memberId && !(await access.access(memberId, found.log.carId)))
      throw notFound('Car log');
    return found.log;
  }

  /** Tells the car's owner and each accepted member of a change to one of its logs. */
  async function tell(
    carId: string,
    carLogId: string,
    action: 'created' | 'updated' | 'deleted',
    updatedAt?: string,
  ) {
    const car = await cars.findById(carId);
    if (!car) return;
    const audience = await access.audience(car);
    for (const to of audience)
      notify(to, { type: 'car log', carId, carLogId, action, ...(updatedAt ? { updatedAt } : {}) });
    return { car, audience };
  }

  /**
   * Validates the fields a create or update ends with; answers them cleaned. The member's role on
   * the log's car must allow the write (`existing`: the log changed); 404 for a stranger, 403 else.
   */
  async function checked(
    memberId: string,
    fields: LogFields,
    odometer: OdometerCheck,
    existing?: CarLog,
  ): Promise<LogFields> {
    // A log may only sit on a car the member may write it on (also when a PUT moves it).
    const { car } = await access.writable(memberId, fields.carId, (role) =>
      mayWriteLog(role, memberId, fields, existing),
    );
    await checkSettings(settings, [
      ['type', 'carLogType', fields.type],
      ['currencyCode', 'currencyCode', fields.currencyCode],
    ]);
    if (fields.cost !== null) {
      const cents = fields.cost * 100;
      if (Math.abs(cents - Math.round(cents)) > 1e-6) {
        throw badRequest('Some fields are missing or invalid.', [
          { field: 'body.cost', message: 'must have at most 2 decimals' },
        ]);
      }
      if (fields.currencyCode === null) {
        throw badRequest('Some fields are missing or invalid.', [
          { field: 'body.currencyCode', message: 'is required when cost is set' },
        ]);
      }
    }
    if (fields.fuel) {
      if (fields.type !== 'fuel')
        throw badRequest('Some fields are missing or invalid.', [
          { field: 'body.fuel', message: 'is only allowed on logs of type fuel' },
        ]);
      if (fields.mileage === null)
        throw badRequest('Some fields are missing or invalid.', [
          { field: 'body.mileage', message: 'is required on a fill-up' },
        ]);
      const energy = fields.fuel.energy ?? null;
      if (energy !== null && !energiesOf(car).includes(energy))
        throw badRequest('Some fields are missing or invalid.', [
          { field: 'body.fuel.energy', message: "must be one of the car's energyTypes" },
        ]);
    }
    if (odometer.check && fields.mileage !== null) {
      const problem = checkOdometer(
        await logs.readingsOf(fields.carId),
        { logId: odometer.logId, date: fields.startDate, mileage: fields.mileage },
        { confirmed: odometer.confirmed },
      );
      if (problem) throw odometerError(problem, fields.mileage, car.mileageUnit);
    }
    return {
      ...fields,
      // Stored and answered the same way whether the price was given or not.
      ...(fields.fuel ? { fuel: storedFuel(fields.fuel) } : {}),
      tags: cleanTags(fields.tags),
      content: cleanRichText('content', fields.content, CAR_LOG_CONTENT_MAX_TEXT),
    };
  }

  /**
   * A log and its files (media rows already saved, linked to nothing yet) in one transaction:
   * never a log without its files, which a replay of this create would answer as done. With
   * `created: false` (the client id already used by this member: the stored log) nothing is
   * linked, and the caller discards the files it saved.
   */
  async function createWithFiles(
    memberId: string,
    input: CarLogInput,
    fileIds: string[],
    asked: ServerLocale | null = null,
  ): Promise<{ log: CarLog; created: boolean }> {
    const { fuel, ...given } = presentLogFields(input);
    const fields = await checked(
      memberId,
      {
        // Every field the request leaves out starts empty (a field new to the contract too).
        ...emptyLogFields(),
        ...given,
        ...(fuel ? { fuel } : {}),
        carId: input.carId,
        type: input.type,
        startDate: input.startDate,
        title: await titleOf(memberId, input, asked),
      },
      // A replayed create is checked without its own stored reading.
      { logId: input.id, check: true, confirmed: input.odometerConfirmed === true },
    );
    const book = await logs.logBookOf(fields.carId);
    if (book && book.logCount >= CAR_LOGS_MAX) {
      // A replayed create of a log stored before the car filled up still answers that log.
      const stored = input.id ? await logs.findById(input.id) : undefined;
      if (stored && stored.log.authorId === memberId) return { log: stored.log, created: false };
      throw carLogLimit(book.logCount, 1);
    }
    const at = now().toISOString();
    const mileageBefore = (await cars.findById(fields.carId))?.mileage ?? null;
    const log: CarLog = {
      id: input.id ?? randomUUID(),
      ...fields,
      authorId: memberId,
      media: [],
      createdAt: at,
      updatedAt: at,
    };
    if (!(await logs.insert(log, fileIds))) {
      const stored = await logs.findById(log.id);
      if (!stored || stored.log.authorId !== memberId)
        throw conflict('This id is already in use.', [{ field: 'body.id', message: 'is already in use' }]);
      return { log: stored.log, created: false };
    }
    const told = await tell(log.carId, log.id, 'created', log.updatedAt);
    // The car's other members learn of it on their devices (their pushCars switch).
    for (const to of told?.audience ?? [])
      if (to !== memberId)
        logAdded(to, {
          carId: log.carId,
          carName: carNameOf(told!.car),
          logId: log.id,
          title: log.title,
          authorId: memberId,
        });
    await tellRaisedMileage(log.carId, mileageBefore, log.mileage);
    await historyChanged(memberId, [log.carId]);
    return { log: fileIds.length > 0 ? await readableLog(memberId, log.id) : log, created: true };
  }

  return {
    async list(
      memberId: string,
      carId: string,
      { page, limit, type }: CarLogListQuery,
    ): Promise<{ items: CarLog[]; total: number }> {
      // The access check and the total in one read: this list is the garage's busiest query.
      const book = await logs.logBookOf(carId);
      if (!book) throw notFound('Car');
      // The owner's list costs no second read; a member's role is looked up.
      if (book.ownerId !== memberId) await readableCar(memberId, carId);
      const [items, total] = await Promise.all([
        logs.listByCar(carId, { limit, offset: (page - 1) * limit, type }, book.version),
        type === undefined ? book.logCount : logs.countOfType(carId, type),
      ]);
      return { items, total };
    },

    async get(memberId: string, id: string): Promise<CarLog> {
      return readableLog(memberId, id);
    },

    /** The log the member wrote under a client id: a replayed create answers it (undefined: none). */
    async replayed(memberId: string, id: string | undefined): Promise<CarLog | undefined> {
      const stored = id ? await logs.findById(id) : undefined;
      return stored && stored.log.authorId === memberId ? stored.log : undefined;
    },

    /** `created: false` when the client id was already used by this member: the stored log. */
    async create(
      memberId: string,
      input: CarLogInput,
      asked: ServerLocale | null = null,
    ): Promise<{ log: CarLog; created: boolean }> {
      return createWithFiles(memberId, input, [], asked);
    },

    createWithFiles,

    async update(memberId: string, id: string, patch: CarLogUpdate): Promise<CarLogSaved> {
      const current = await readableLog(memberId, id);
      const { id: _id, media, createdAt, updatedAt: _updated, authorId, ...currentFields } = current;
      const { odometerConfirmed, fuel, base, ...changes } = patch;
      const merged: LogFields = { ...currentFields, ...changes };
      if (fuel === null) delete merged.fuel;
      else if (fuel !== undefined) merged.fuel = fuel;
      const moved =
        merged.mileage !== current.mileage ||
        merged.startDate !== current.startDate ||
        merged.carId !== current.carId;
      // Moved to another car: only the owner of the car it leaves may take a log out of it (an
      // editor or a driver would carry the owner's history onto a car of their own), and the
      // member must be allowed to write it on the car it goes to (checked below).
      if (merged.carId !== current.carId) await access.writable(memberId, current.carId, mayMoveOut, 'Car');
      const fields = await checked(
        memberId,
        merged,
        { logId: id, check: moved, confirmed: odometerConfirmed === true },
        current,
      );
      if (fields.carId !== current.carId) {
        const book = await logs.logBookOf(fields.carId);
        if (book && book.logCount >= CAR_LOGS_MAX) throw carLogLimit(book.logCount, 1);
      }
      // The last write wins (README "Shared cars"); the author stays who wrote the log.
      const log: CarLog = { id, ...fields, authorId, media, createdAt, updatedAt: now().toISOString() };
      const mileageBefore = (await cars.findById(log.carId))?.mileage ?? null;
      await logs.replace(log);
      await tell(log.carId, id, 'updated', log.updatedAt);
      await tellRaisedMileage(log.carId, mileageBefore, log.mileage);
      // A log moved to another car also leaves its old car's list.
      if (log.carId !== current.carId) await tell(current.carId, id, 'deleted');
      await historyChanged(memberId, [log.carId, current.carId]);
      // Merge by field: a field changed elsewhere since this edit's base is named with the value
      // this write replaced (compared cleaned, so the same notes written twice are no conflict).
      const replaced = overwrittenFields(
        { ...currentFields, fuel: current.fuel ?? null },
        { ...fields, fuel: fields.fuel ?? null },
        Object.keys(patch).filter((key) => key !== 'odometerConfirmed' && key !== 'base'),
        base,
      );
      return replaced ? { ...log, overwritten: replaced as CarLogSaved['overwritten'] } : log;
    },

    async remove(memberId: string, id: string): Promise<void> {
      const log = await readableLog(memberId, id);
      await access.writable(memberId, log.carId, (role) => mayWriteLog(role, memberId, log, log));
      const orphans = await logs.delete(id);
      await tell(log.carId, id, 'deleted');
      await historyChanged(memberId, [log.carId]);
      await discardFiles(orphans);
    },

    async stats(memberId: string, carId: string): Promise<CarLogStats> {
      const car = await readableCar(memberId, carId);
      return carLogStats(await logs.statsRows(carId), car.mileageUnit, now());
    },
  };
}

export type CarLogsService = ReturnType<typeof carLogsService>;
