// A service's own tests, without HTTP: a real database (a SQLite file in a fresh folder, or with
// TEST_DATABASE=postgres a fresh PostgreSQL database, as helpers.ts builds for the apps) brought to
// the latest schema by the migrator, and the rows a service reads written through the repositories.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Car, CarLog } from '../../src/contract/garage';
import { createUsersRepository } from '../../server/src/auth/users-repository';
import { createDb } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrator';
import type { Database } from '../../server/src/db/schema';
import { carLogsRepository } from '../../server/src/garage/car-logs-repository';
import { carMembersRepository } from '../../server/src/garage/car-members-repository';
import { carsRepository } from '../../server/src/garage/cars-repository';
import { friendsRepository } from '../../server/src/people/friends-repository';
import { pairKey } from '../../server/src/people/people-db';
import { createTestDatabase, onPostgres } from './helpers';

export interface ServiceDb {
  db: Kysely<Database>;
  close(): Promise<void>;
}

/** A fresh database at the latest schema. */
export async function serviceDb(): Promise<ServiceDb> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-service-'));
  const database = onPostgres ? await createTestDatabase() : null;
  const handle = createDb({ dataDir, databaseUrl: database?.url ?? null });
  await migrateToLatest(handle.kysely);
  return {
    db: handle.kysely,
    async close() {
      await handle.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A member (no password: these tests never sign in); their id. */
export async function addMember(db: Kysely<Database>, name = 'member'): Promise<string> {
  const id = randomUUID();
  const username = `${name}${id.slice(0, 8)}`;
  await createUsersRepository(db).insert({
    id,
    email: `${username}@example.test`,
    username,
    passwordHash: null,
    firstName: name,
    lastName: 'Test',
    city: null,
  });
  return id;
}

/** `a` and `b` friends, as an accepted request makes them. */
export async function befriend(db: Kysely<Database>, a: string, b: string): Promise<void> {
  const friends = friendsRepository(db);
  const request = {
    id: randomUUID(),
    sender_id: a,
    recipient_id: b,
    pair_key: pairKey(a, b),
    status: 'pending' as const,
    created_at: new Date().toISOString(),
    responded_at: null,
  };
  await friends.insertRequest(request);
  if (!(await friends.accept(request, new Date().toISOString()))) throw new Error('not befriended');
}

/** A car of `ownerId`, its fields overridden. */
export async function addCar(
  db: Kysely<Database>,
  ownerId: string,
  overrides: Partial<Car> = {},
): Promise<Car> {
  const at = new Date().toISOString();
  const car: Car = {
    id: randomUUID(),
    ownerId,
    make: 'Alpine',
    model: 'A110',
    energyTypes: [],
    vin: null,
    plate: null,
    firstRegistrationDate: null,
    inspectionDueDate: null,
    insuranceDueDate: null,
    year: 2019,
    nickname: null,
    energyType: 'gasoline',
    gearboxType: null,
    upholsteryMaterial: null,
    mileage: null,
    mileageUnit: 'km',
    description: null,
    image: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
  if (!(await carsRepository(db).insert(car))) throw new Error('car not inserted');
  return car;
}

/** A log of the car (a maintenance entry unless `overrides` says otherwise). */
export async function addLog(
  db: Kysely<Database>,
  carId: string,
  overrides: Partial<CarLog> = {},
): Promise<CarLog> {
  const at = new Date().toISOString();
  const log: CarLog = {
    id: randomUUID(),
    carId,
    type: 'maintenance',
    title: 'Oil change',
    content: null,
    location: null,
    tags: [],
    cost: null,
    currencyCode: null,
    startDate: at.slice(0, 10),
    mileage: null,
    media: [],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
  if (!(await carLogsRepository(db).insert(log))) throw new Error('log not inserted');
  return log;
}

/** The car shared with `userId` in `role`, accepted. */
export async function shareCar(
  db: Kysely<Database>,
  car: Pick<Car, 'id' | 'ownerId'>,
  userId: string,
  role: 'viewer' | 'driver' | 'editor',
): Promise<void> {
  const at = new Date().toISOString();
  const inserted = await carMembersRepository(db).insert({
    car_id: car.id,
    user_id: userId,
    role,
    status: 'accepted',
    invited_by: car.ownerId,
    created_at: at,
    answered_at: at,
  });
  if (!inserted) throw new Error('car not shared');
}

/**
 * What a service hands the notifications feature, recorded as "<member> <type> <action>" (stored
 * ones marked " stored"), and the read marks it asks for as "<member> read <type> <id>": the
 * service's way out, seen from the outside (the notifications feature has tests of its own).
 */
export function recordedNotifications() {
  const seen: string[] = [];
  const line = (memberId: string, type: string, payload: Record<string, unknown>) =>
    `${memberId} ${type} ${String(payload.action ?? '')}`.trimEnd();
  return {
    seen,
    notifications: {
      async createQuietly(memberId: string, n: { type: string; jsonPayload: Record<string, unknown> }) {
        seen.push(`${line(memberId, n.type, n.jsonPayload)} stored`);
      },
      createRealtimeOnly(memberId: string, n: { type: string; jsonPayload: Record<string, unknown> }) {
        seen.push(line(memberId, n.type, n.jsonPayload));
      },
      async readRelatedQuietly(memberId: string, type: string, id: string) {
        seen.push(`${memberId} read ${type} ${id}`);
      },
      // A Web Push handed on (its own tests: social-push.test.ts); not a notification.
      reach() {},
    },
  };
}
