// A preview keeps its read of the file for the import that follows (imports-service.ts readCache):
// the import of the same bytes, name and choices on the same car does not read the file again, yet
// checks the stored logs again; anything different reads again; the cache stays small and forgets.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { carsRepository } from '../../server/src/garage/cars-repository';
import { readImportFile, type ReadInput } from '../../server/src/imports/import-read';
import { importsRepository } from '../../server/src/imports/imports-repository';
import {
  importsService,
  READ_CACHE_ENTRIES,
  READ_CACHE_MS,
  readCache,
} from '../../server/src/imports/imports-service';
import { settingsRepository } from '../../server/src/settings/settings-repository';
import { createCar, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { fixture, imported } from './imports-fixtures';

let t: TestApp;
let ann: Member;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
});
afterAll(async () => t?.close());

/** The service on the test database, its file reads (in-process, the worker's own code) counted. */
function service(clock = { ms: Date.now() }) {
  const db = t.app.db.kysely;
  const reads: string[] = [];
  const cache = readCache(() => clock.ms);
  const imports = importsService({
    cars: carsRepository(db),
    imports: importsRepository(db),
    settings: settingsRepository(db),
    notify: () => undefined,
    readFile: async (input: ReadInput) => {
      reads.push(input.filename);
      return readImportFile(input);
    },
    reads: cache,
  });
  return { imports, reads, cache, clock };
}

const file = (name = 'spritmonitor-real.csv') => ({ filename: name, bytes: fixture(name) });
const skip = { dryRun: false, onError: 'skip' } as const;
const preview = { dryRun: true, onError: 'skip' } as const;

describe('a preview’s read serves the import that follows', () => {
  test('the same file and choices: read once; the import still checks the stored logs', async () => {
    const car = await createCar(t.app, ann, { mileage: null });
    const { imports, reads, cache } = service();
    const fixes = { odometerFixes: JSON.stringify({ 7: 216_190 }) };
    const dry = await imports.run(ann.id, car.id, file(), fixes, preview);
    const again = await imports.run(ann.id, car.id, file(), fixes, preview);
    expect(again).toEqual(dry);
    const done = await imports.run(ann.id, car.id, file(), fixes, skip);
    expect(reads).toEqual(['spritmonitor-real.csv']);
    expect(done).toMatchObject({ created: dry.created, skipped: dry.skipped });
    // Taken out by the import: the next run reads again, and finds every row stored.
    expect(cache.size).toBe(0);
    const twice = await imports.run(ann.id, car.id, file(), fixes, skip);
    expect(reads).toHaveLength(2);
    expect(twice.created).toBe(0);
  });

  test('other choices, another name, other bytes or another car read again', async () => {
    const car = await createCar(t.app, ann, { mileage: null });
    const other = await createCar(t.app, ann, { mileage: null });
    const { imports, reads } = service();
    await imports.run(ann.id, car.id, file(), {}, preview);
    await imports.run(ann.id, car.id, file(), { odometerFixes: '{"7":216190}' }, skip);
    await imports.run(ann.id, car.id, { ...file(), filename: 'other.csv' }, {}, skip);
    await imports.run(ann.id, other.id, file(), {}, skip);
    await imports.run(ann.id, car.id, file('spritmonitor.csv'), {}, skip);
    expect(reads).toHaveLength(5);
  });

  test(`at most ${READ_CACHE_ENTRIES} reads kept, none past ${READ_CACHE_MS / 60_000} minutes`, async () => {
    const car = await createCar(t.app, ann, { mileage: null });
    const { imports, reads, cache, clock } = service();
    for (let i = 0; i <= READ_CACHE_ENTRIES; i++)
      await imports.run(ann.id, car.id, { ...file(), filename: `f${i}.csv` }, {}, preview);
    expect(cache.size).toBe(READ_CACHE_ENTRIES);
    // The oldest was dropped: its import reads again.
    await imports.run(ann.id, car.id, { ...file(), filename: 'f0.csv' }, {}, preview);
    expect(reads).toHaveLength(READ_CACHE_ENTRIES + 2);
    clock.ms += READ_CACHE_MS + 1;
    await imports.run(ann.id, car.id, { ...file(), filename: 'f1.csv' }, {}, preview);
    expect(reads).toHaveLength(READ_CACHE_ENTRIES + 3);
  });

  test('over HTTP, a preview then its import give the answers a lone import gives', async () => {
    const car = await createCar(t.app, ann, { mileage: null });
    const lone = await createCar(t.app, ann, { mileage: null });
    const fields = { odometerFixes: JSON.stringify({ 7: 216_190 }) };
    await imported(t.app, ann, car.id, fixture('spritmonitor-real.csv'), { query: 'dryRun=true', fields });
    const after = await imported(t.app, ann, car.id, fixture('spritmonitor-real.csv'), { fields });
    const alone = await imported(t.app, ann, lone.id, fixture('spritmonitor-real.csv'), { fields });
    expect(after).toEqual(alone);
  });
});
