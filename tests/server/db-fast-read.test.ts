// The hot paths' reads: compiled once, run on their prepared statement at once on SQLite,
// but never inside another request's open transaction; and the feed's page SQL with its LIMIT
// written as a checked integer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/src/db/database';
import { readRows, withValues } from '../../server/src/db/fast-read';
import { inputProblem } from '../../server/src/http/input-guard';
import { feedQueries } from '../../server/src/posts/feed-query';

let open: { db: Db; dir: string }[] = [];
afterEach(async () => {
  for (const { db, dir } of open) {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  open = [];
});

async function sqliteDb() {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-fast-read-'));
  const db = createDb({ dataDir: dir, databaseUrl: null });
  open.push({ db, dir });
  await sql`create table items (id text primary key, name text)`.execute(db.kysely);
  return db;
}

const byId = (db: Db) => (db.kysely as any).selectFrom('items').selectAll().where('id', '=', '').compile();

describe('fast reads', () => {
  it('bind new values to a query compiled once', async () => {
    const db = await sqliteDb();
    await sql`insert into items (id, name) values ('a', 'first'), ('b', 'second')`.execute(db.kysely);
    const query = byId(db);
    expect(await readRows(db.kysely, withValues(query, ['a']))).toEqual([{ id: 'a', name: 'first' }]);
    expect(await readRows(db.kysely, withValues(query, ['b']))).toEqual([{ id: 'b', name: 'second' }]);
    expect(await readRows(db.kysely, withValues(query, ['c']))).toEqual([]);
  });

  it('on SQLite never see the uncommitted rows of a transaction in progress: they wait for its end', async () => {
    const db = await sqliteDb();
    const query = byId(db);
    let read: Promise<unknown[]> | undefined;
    await db.kysely
      .transaction()
      .execute(async (trx) => {
        await sql`insert into items (id, name) values ('x', 'rolled back')`.execute(trx);
        // Another request's read, while this transaction holds the connection.
        read = readRows(db.kysely, withValues(query, ['x']));
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await read).toEqual([]);
  });

  it('read through Kysely for an instance createDb did not make (a transaction)', async () => {
    const db = await sqliteDb();
    const query = byId(db);
    const rows = await db.kysely.transaction().execute(async (trx) => {
      await sql`insert into items (id, name) values ('t', 'mine')`.execute(trx);
      return readRows(trx, withValues(query, ['t']));
    });
    expect(rows).toEqual([{ id: 't', name: 'mine' }]);
  });
});

describe("the feed's page SQL", () => {
  it('writes the limit into the text, one text per limit, and binds the rest', () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const queries = feedQueries(dialect);
      const twenty = queries.page('byTime', 'm', 20, 40, null);
      const five = queries.page('byTime', 'm', 5, 0, null);
      expect(twenty.sql).toContain('limit 20 offset');
      expect(five.sql).toContain('limit 5 offset');
      expect(twenty.parameters).not.toContain(20);
      expect(twenty.parameters.at(-1)).toBe(40);
    }
  });

  it('refuses a limit that is not an integer from 1 to 100', () => {
    const queries = feedQueries('sqlite');
    for (const limit of [0, 101, 2.5, Number.NaN, '20; drop table posts' as unknown as number])
      expect(() => queries.page('byAuthor', 'm', limit, 0, null)).toThrow(RangeError);
  });
});

describe('the input guard', () => {
  it('finds a NUL or too deep a nesting in flat and nested values alike', () => {
    expect(inputProblem({ limit: '20', before: 'abc' })).toBeNull();
    expect(inputProblem({ q: 'a\u0000b' })).toBe('nul');
    expect(inputProblem({ a: { b: ['ok', 'x\u0000'] } })).toBe('nul');
    let deep: unknown = 'leaf';
    for (let i = 0; i < 40; i++) deep = { next: deep };
    expect(inputProblem(deep)).toBe('too-deep');
    expect(inputProblem({ a: { b: 1 } }, 1)).toBe('too-deep');
    expect(inputProblem({ a: 1 }, 1)).toBeNull();
  });
});
