// createWithFiles: a log and the links to its files are written in one transaction, so a failure
// half-way (here a link that cannot be written) leaves no log that a replay would answer as done.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CarLogInput } from '../../src/contract/garage';
import { carLogsRepository } from '../../server/src/garage/car-logs-repository';
import { carLogsService } from '../../server/src/garage/car-logs-service';
import { carsRepository } from '../../server/src/garage/cars-repository';
import { mediaRepository } from '../../server/src/media/media-repository';
import { settingsRepository } from '../../server/src/settings/settings-repository';
import { createCar, logBody, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { carAccess } from '../../server/src/garage/car-access';
import { carMembersRepository } from '../../server/src/garage/car-members-repository';

let t: TestApp;
let ann: Member;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
});
afterAll(async () => t?.close());

function service(notified: string[]) {
  const db = t.app.db.kysely;
  return carLogsService({
    cars: carsRepository(db),
    logs: carLogsRepository(db),
    settings: settingsRepository(db),
    // The log's own events (a reading above the car's mileage also tells a car change, not counted here).
    notify: (_owner, change) =>
      void (change.type === 'car log' && notified.push(`${change.action} ${change.carLogId}`)),
    discardFiles: async () => {},
    access: carAccess(carMembersRepository(db)),
  });
}

async function savedFile(ownerId: string): Promise<string> {
  const id = randomUUID();
  await mediaRepository(t.app.db.kysely).insert({
    id,
    owner_id: ownerId,
    kind: 'pdf',
    mime: 'application/pdf',
    size_bytes: 10,
    width: null,
    height: null,
    storage_key: `test/${id}`,
    original_name: 'receipt.pdf',
    created_at: new Date().toISOString(),
  });
  return id;
}

const logRow = (id: string) =>
  t.app.db.kysely.selectFrom('car_logs').select('id').where('id', '=', id).executeTakeFirst();

describe('carLogsService.createWithFiles', () => {
  test('stores the log with its files, in the order given, and tells it once', async () => {
    const car = await createCar(t.app, ann);
    const files = [await savedFile(ann.id), await savedFile(ann.id)];
    const notified: string[] = [];
    const input = { ...logBody(car.id), id: randomUUID() } as CarLogInput;
    const { log, created } = await service(notified).createWithFiles(ann.id, input, files);
    expect(created).toBe(true);
    expect(log.media.map((m) => m.id)).toEqual(files);
    expect(notified).toEqual([`created ${input.id}`]);
  });

  test('a link that cannot be written leaves no log behind, and tells nothing', async () => {
    const car = await createCar(t.app, ann);
    const notified: string[] = [];
    const input = { ...logBody(car.id), id: randomUUID() } as CarLogInput;
    // A file id with no media row: its link breaks the foreign key after the log is inserted.
    await expect(
      service(notified).createWithFiles(ann.id, input, [await savedFile(ann.id), randomUUID()]),
    ).rejects.toThrow();
    expect(await logRow(input.id!)).toBeUndefined();
    expect(notified).toEqual([]);
  });

  test('a replayed create answers the stored log and links nothing more', async () => {
    const car = await createCar(t.app, ann);
    const input = { ...logBody(car.id), id: randomUUID() } as CarLogInput;
    const first = [await savedFile(ann.id)];
    await service([]).createWithFiles(ann.id, input, first);
    const again = await service([]).createWithFiles(ann.id, input, [await savedFile(ann.id)]);
    expect(again.created).toBe(false);
    expect(again.log.media.map((m) => m.id)).toEqual(first);
  });
});
