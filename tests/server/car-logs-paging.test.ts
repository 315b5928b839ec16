// Paging a long log book (the budget in docs/BENCHMARKS.md: a page of 20 among 10,000 at ≥ 2,000 req/s): the
// list is served by the car_logs_car_order index without a sort, a page whose start is known is
// read by seeking (car-log-page-starts.ts), and its total comes from the car's kept count
// (cars.log_count, migration 0006). Every change keeps the count exact and the known starts unused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type CompiledQuery, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CarLog } from '../../src/contract/garage';
import { createDb } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrator';
import * as m0001 from '../../server/src/db/migrations/0001_accounts';
import * as m0002 from '../../server/src/db/migrations/0002_oidc_login_states';
import * as m0003 from '../../server/src/db/migrations/0003_settings';
import * as m0004 from '../../server/src/db/migrations/0004_garage';
import * as m0005 from '../../server/src/db/migrations/0005_media';
import * as m0006 from '../../server/src/db/migrations/0006_garage_indexes';
import type { Database } from '../../server/src/db/schema';
import { carLogsRepository } from '../../server/src/garage/car-logs-repository';
import { carLogsService } from '../../server/src/garage/car-logs-service';
import { carsRepository } from '../../server/src/garage/cars-repository';
import { PAGE_STARTS_KEPT, pageStarts } from '../../server/src/garage/car-log-page-starts';
import { API, createCar, createLog, logBody, member, type Member } from './garage-fixtures';
import { createTestApp, createTestDatabase, onPostgres, type TestApp } from './helpers';
import { form, PDF, send } from './media-fixtures';
import { carAccess } from '../../server/src/garage/car-access';
import { carMembersRepository } from '../../server/src/garage/car-members-repository';

let t: TestApp;
let ann: Member;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: ann.headers });
const send_ = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers: ann.headers, ...(payload ? { payload } : {}) });

/** meta.total of the car's list, the kept count, and a real count: all three must agree. */
async function totals(carId: string): Promise<[number, number, number]> {
  const listed = (await get(`/car-logs/${carId}`)).json<{ meta: { total: number } }>().meta.total;
  const kept = await t.app.db.kysely
    .selectFrom('cars')
    .select('log_count')
    .where('id', '=', carId)
    .executeTakeFirstOrThrow();
  const counted = await t.app.db.kysely
    .selectFrom('car_logs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('car_id', '=', carId)
    .executeTakeFirstOrThrow();
  return [listed, Number(kept.log_count), Number(counted.n)];
}

/**
 * A member 'u' with cars named by `logsPerCar`'s keys, each with that many logs ('<car>-<i>', one
 * day apart, the last the latest), written as rows, before or after migration 0006.
 */
async function seed(db: Kysely<Database>, logsPerCar: Record<string, number>): Promise<void> {
  const at = new Date().toISOString();
  const k = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await k
    .insertInto('users')
    .values({
      id: 'u',
      email: 'u@example.com',
      username: 'u',
      username_lower: 'u',
      first_name: 'U',
      last_name: 'U',
      created_at: at,
      updated_at: at,
    })
    .execute();
  for (const [carId, count] of Object.entries(logsPerCar)) {
    await k
      .insertInto('cars')
      .values({
        id: carId,
        owner_id: 'u',
        make: 'M',
        model: 'M',
        mileage_unit: 'km',
        created_at: at,
        updated_at: at,
      })
      .execute();
    for (let i = 0; i < count; i++) {
      await k
        .insertInto('car_logs')
        .values({
          id: `${carId}-${i}`,
          car_id: carId,
          type: 'fuel',
          title: 'T',
          tags: '[]',
          start_date: `2024-01-${String(i + 1).padStart(2, '0')}`,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }
}

describe('meta.total of GET /car-logs/:carId', () => {
  test('stays exact through creates, replays, moves, deletes and uploads', async () => {
    const car = await createCar(t.app, ann);
    const other = await createCar(t.app, ann);
    expect(await totals(car.id)).toEqual([0, 0, 0]);

    const logs: CarLog[] = [];
    for (let i = 0; i < 3; i++) logs.push(await createLog(t.app, ann, car.id, { title: `log ${i}` }));
    expect(await totals(car.id)).toEqual([3, 3, 3]);

    // A replayed create (same client id) adds nothing.
    const id = crypto.randomUUID();
    expect((await send_('POST', '/car-logs', logBody(car.id, { id }))).statusCode).toBe(201);
    expect((await send_('POST', '/car-logs', logBody(car.id, { id }))).statusCode).toBe(200);
    expect(await totals(car.id)).toEqual([4, 4, 4]);

    // With files, through the upload route.
    const uploaded = await send(
      t.app,
      ann,
      'POST',
      '/car-logs/with-media',
      form({ data: JSON.stringify(logBody(car.id)) }, [{ name: 'media', bytes: PDF, filename: 'r.pdf' }]),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(await totals(car.id)).toEqual([5, 5, 5]);

    // A move counts on the new car and leaves the old one; an edit in place changes nothing.
    expect((await send_('PUT', `/car-logs/${logs[0]!.id}`, { carId: other.id })).statusCode).toBe(200);
    expect((await send_('PUT', `/car-logs/${logs[1]!.id}`, { title: 'edited' })).statusCode).toBe(200);
    expect(await totals(car.id)).toEqual([4, 4, 4]);
    expect(await totals(other.id)).toEqual([1, 1, 1]);

    // A refused move (another member's car) changes nothing.
    const bob = await member(t.app);
    const bobCar = await createCar(t.app, bob);
    expect((await send_('PUT', `/car-logs/${logs[1]!.id}`, { carId: bobCar.id })).statusCode).toBe(404);
    expect(await totals(car.id)).toEqual([4, 4, 4]);

    expect((await send_('DELETE', `/car-logs/${logs[2]!.id}`)).statusCode).toBe(200);
    expect((await send_('DELETE', `/car-logs/${logs[2]!.id}`)).statusCode).toBe(404);
    expect(await totals(car.id)).toEqual([3, 3, 3]);

    // With a type filter the total is counted for that type.
    await createLog(t.app, ann, car.id, { type: 'fuel' });
    const fuel = (await get(`/car-logs/${car.id}?type=fuel`)).json<{ meta: { total: number } }>();
    expect(fuel.meta.total).toBe(1);
    expect(await totals(car.id)).toEqual([4, 4, 4]);
  });
});

/** Every page of the car's list through the API, `limit` by `limit`, for the type if given. */
async function allPages(carId: string, limit: number, type?: string): Promise<string[][]> {
  const pages: string[][] = [];
  for (let page = 1; ; page++) {
    const res = await get(`/car-logs/${carId}?page=${page}&limit=${limit}${type ? `&type=${type}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json<{ data: CarLog[] }>().data.map((l) => l.id);
    if (ids.length === 0) return pages;
    pages.push(ids);
  }
}

/** The same pages computed from every row, sorted as the list's contract says. */
async function expectedPages(carId: string, limit: number, type?: string): Promise<string[][]> {
  let query = t.app.db.kysely
    .selectFrom('car_logs')
    .select(['id', 'start_date', 'created_at'])
    .where('car_id', '=', carId);
  if (type) query = query.where('type', '=', type);
  const rows = await query.execute();
  const desc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
  rows.sort(
    (a, b) => desc(a.start_date, b.start_date) || desc(a.created_at, b.created_at) || desc(a.id, b.id),
  );
  const pages: string[][] = [];
  for (let i = 0; i < rows.length; i += limit) pages.push(rows.slice(i, i + limit).map((r) => r.id));
  return pages;
}

describe('known page starts', () => {
  test('every page stays right through creates, edits, moves and deletes, read once or many times', async () => {
    const car = await createCar(t.app, ann);
    const other = await createCar(t.app, ann);
    const ids: string[] = [];
    // Few distinct dates and quick creates: ties on start date (and sometimes creation time) abound.
    for (let i = 0; i < 23; i++)
      ids.push(
        (
          await createLog(t.app, ann, car.id, {
            startDate: `2024-02-0${1 + (i % 4)}`,
            type: i % 3 ? 'fuel' : 'repair',
          })
        ).id,
      );
    /** Pages read straight away, before a walk from page 1 could refresh their starts. */
    const direct = async (limit: number, pages: number[], type?: string) => {
      const expected = await expectedPages(car.id, limit, type);
      for (const page of pages) {
        const url = `/car-logs/${car.id}?page=${page}&limit=${limit}${type ? `&type=${type}` : ''}`;
        const ids = (await get(url)).json<{ data: CarLog[] }>().data.map((l) => l.id);
        expect(ids, url).toEqual(expected[page - 1] ?? []);
      }
    };
    const check = async () => {
      await direct(5, [4, 3, 2, 5]);
      await direct(7, [3, 2]);
      await direct(5, [3, 2], 'fuel');
      for (const limit of [5, 7]) {
        // Twice: the second walk reads every page by its kept start.
        for (let round = 0; round < 2; round++) {
          expect(await allPages(car.id, limit)).toEqual(await expectedPages(car.id, limit));
          expect(await allPages(car.id, limit, 'fuel')).toEqual(await expectedPages(car.id, limit, 'fuel'));
        }
      }
    };
    await check();
    // A new log at the very top, one in the middle, an edit that moves a log in the order (its
    // date), one that changes its type, a move to another car, a deletion: each one shifts pages.
    const changes: (() => Promise<unknown>)[] = [
      () => createLog(t.app, ann, car.id, { startDate: '2025-01-01' }),
      () => createLog(t.app, ann, car.id, { startDate: '2024-02-02', type: 'fuel' }),
      () => send_('PUT', `/car-logs/${ids[20]}`, { startDate: '2023-12-31' }),
      () => send_('PUT', `/car-logs/${ids[4]}`, { type: 'repair' }),
      () => send_('PUT', `/car-logs/${ids[7]}`, { carId: other.id }),
      () => send_('DELETE', `/car-logs/${ids[1]}`),
    ];
    for (const change of changes) {
      await change();
      await check();
    }
    expect(await allPages(other.id, 5)).toEqual([[ids[7]]]);
  });

  test('a car deleted and made again under the same id starts afresh', async () => {
    const id = crypto.randomUUID();
    const make = async (dates: string[]) => {
      await createCar(t.app, ann, { id });
      for (const startDate of dates) await createLog(t.app, ann, id, { startDate });
    };
    await make(['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05']);
    await allPages(id, 2);
    await allPages(id, 2);
    expect((await send_('DELETE', `/cars/${id}`)).statusCode).toBe(200);
    // As many changes as the first time, so the log book's version counter ends equal.
    await make(['2020-01-01', '2020-01-02', '2020-01-03', '2020-01-04', '2020-01-05']);
    const expected = await expectedPages(id, 2);
    for (const page of [2, 3]) {
      const res = await get(`/car-logs/${id}?page=${page}&limit=2`);
      expect(res.json<{ data: CarLog[] }>().data.map((l) => l.id)).toEqual(expected[page - 1]);
    }
  });

  test(`keeps at most ${PAGE_STARTS_KEPT} starts, the least recently used going first`, () => {
    expect(PAGE_STARTS_KEPT).toBe(10_000);
    const starts = pageStarts(3);
    const key = (id: string) => ({ startDate: '2024-01-01', createdAt: 'x', id });
    starts.set('car', 'v1', undefined, 20, key('a'));
    starts.set('car', 'v1', undefined, 40, key('b'));
    starts.set('car', 'v1', 'fuel', 20, key('c'));
    expect(starts.get('car', 'v1', undefined, 20)?.id).toBe('a');
    starts.set('car', 'v2', undefined, 20, key('d'));
    expect(starts.size).toBe(3);
    // The one at offset 40 had been used least recently.
    expect(starts.get('car', 'v1', undefined, 40)).toBeUndefined();
    expect(starts.get('car', 'v1', undefined, 20)?.id).toBe('a');
    expect(starts.get('car', 'v1', 'fuel', 20)?.id).toBe('c');
    expect(starts.get('car', 'v2', undefined, 20)?.id).toBe('d');
    // Another version, type or offset is another start.
    expect(starts.get('car', 'v3', undefined, 20)).toBeUndefined();
    expect(starts.get('car', 'v1', 'repair', 20)).toBeUndefined();
  });
});

describe('the list query on SQLite (the default database)', () => {
  test('walks the car_logs_car_order index once, then seeks; never sorts or counts', async () => {
    // Its own SQLite file, whatever TEST_DATABASE says: the plan checked is SQLite's.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-plan-'));
    const db = createDb({ dataDir, databaseUrl: null });
    await migrateToLatest(db.kysely);
    const sqlite = new SQLite(path.join(dataDir, 'paddock.db'));
    const queries: CompiledQuery[] = [];
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      log: (event) => void queries.push(event.query),
    });
    try {
      await seed(db.kysely, { a: 5 });
      const service = carLogsService({
        cars: carsRepository(kysely),
        logs: carLogsRepository(kysely),
        settings: { has: async () => true },
        notify: () => {},
        access: carAccess(carMembersRepository(kysely)),
        discardFiles: async () => {},
      });
      const planOf = (q: CompiledQuery) =>
        sqlite
          .prepare(`explain query plan ${q.sql}`)
          .all(...(q.parameters as unknown[]))
          .map((row) => (row as { detail: string }).detail)
          .join('; ');
      /** The list query of one call of `list`, and whether any query of that call counted. */
      const listQueryOf = async (page: number): Promise<{ sql: string; plan: string; ids: string[] }> => {
        queries.length = 0;
        const { items, total } = await service.list('u', 'a', { page, limit: 2 });
        expect(total).toBe(5);
        expect(queries.some((q) => /count\(/i.test(q.sql))).toBe(false);
        const list = queries.find((q) => /from "car_logs"/.test(q.sql) && /order by/.test(q.sql))!;
        return { sql: list.sql, plan: planOf(list), ids: items.map((l) => l.id) };
      };
      // Pages of 2 of a-4 … a-0. Page 2 first: its offset is walked in the index, no sort.
      const walked = await listQueryOf(2);
      expect(walked.ids).toEqual(['a-2', 'a-1']);
      expect(walked.sql).toMatch(/offset/);
      expect(walked.plan).toMatch(/USING INDEX car_logs_car_order \(car_id=\?\)/);
      // (The page's media are sorted by position: a handful of rows, not the log book.)
      expect(walked.plan).not.toMatch(/TEMP B-TREE/);
      // Page 2 again, and page 3 after it: their starts are known, the index seeks to them.
      for (const [page, ids] of [
        [2, ['a-2', 'a-1']],
        [3, ['a-0']],
      ] as const) {
        const sought = await listQueryOf(page);
        expect(sought.ids).toEqual(ids);
        expect(sought.sql).not.toMatch(/offset/);
        expect(sought.plan).toMatch(
          /car_logs_car_order \(car_id=\? AND \(start_date,created_at,id\)<\(\?,\?,\?\)\)/,
        );
        expect(sought.plan).not.toMatch(/TEMP B-TREE/);
      }
      expect((await listQueryOf(1)).ids).toEqual(['a-4', 'a-3']);
    } finally {
      await kysely.destroy();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('migration 0006', () => {
  test('fills each existing car’s log count, then keeps it by trigger', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-0006-'));
    const database = onPostgres ? await createTestDatabase() : null;
    const db = createDb({ dataDir, databaseUrl: database?.url ?? null });
    const migrate = (migrations: Record<string, Migration>) =>
      new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    try {
      const before = {
        '0001_accounts': m0001,
        '0002_oidc_login_states': m0002,
        '0003_settings': m0003,
        '0004_garage': m0004,
        '0005_media': m0005,
      };
      expect((await migrate(before)).error).toBeUndefined();
      await seed(db.kysely, { a: 3, b: 0 });
      expect((await migrate({ ...before, '0006_garage_indexes': m0006 })).error).toBeUndefined();
      const counts = async () =>
        (await db.kysely.selectFrom('cars').select(['id', 'log_count']).orderBy('id').execute()).map((c) => [
          c.id,
          Number(c.log_count),
        ]);
      expect(await counts()).toEqual([
        ['a', 3],
        ['b', 0],
      ]);
      // From now on the triggers keep it, whoever writes the rows.
      await db.kysely.updateTable('car_logs').set({ car_id: 'b' }).where('id', '=', 'a-0').execute();
      await db.kysely.updateTable('car_logs').set({ title: 'same car' }).where('id', '=', 'a-1').execute();
      await db.kysely.deleteFrom('car_logs').where('id', '=', 'a-2').execute();
      expect(await counts()).toEqual([
        ['a', 1],
        ['b', 1],
      ]);
      // A member's deletion cascades to cars and logs: the triggers do not stand in the way.
      await db.kysely.deleteFrom('users').where('id', '=', 'u').execute();
      expect(await counts()).toEqual([]);
      expect(await db.kysely.selectFrom('car_logs').select('id').execute()).toEqual([]);
    } finally {
      await db.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
