// The prepared-statement cache under Kysely's SQLite dialect: reused, bounded, and streams safe.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { cachingDatabase, STATEMENT_CACHE_SIZE } from '../../server/src/db/statement-cache';

interface Db {
  items: { id: number; name: string };
}

let open: Kysely<Db>[] = [];
afterEach(async () => {
  await Promise.all(open.map((db) => db.destroy()));
  open = [];
});

function setUp(size?: number) {
  const sqlite = new SQLite(':memory:');
  const prepared: string[] = [];
  const realPrepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((text: string) => {
    prepared.push(text);
    return realPrepare(text);
  }) as typeof sqlite.prepare;
  const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: cachingDatabase(sqlite, size) }) });
  open.push(db);
  return { db, prepared };
}

describe('statement cache', () => {
  it('keeps 256 statements by default', () => {
    expect(STATEMENT_CACHE_SIZE).toBe(256);
  });

  it('prepares a repeated query once and answers the current rows each time', async () => {
    const { db, prepared } = setUp();
    await sql`create table items (id integer primary key, name text)`.execute(db);
    for (let i = 1; i <= 3; i++)
      await db
        .insertInto('items')
        .values({ id: i, name: `n${i}` })
        .execute();
    const byId = (id: number) =>
      db.selectFrom('items').select('name').where('id', '=', id).executeTakeFirst();
    expect(await byId(1)).toEqual({ name: 'n1' });
    expect(await byId(3)).toEqual({ name: 'n3' });
    expect(await byId(4)).toBeUndefined();
    expect(prepared.filter((s) => s.startsWith('select')).length).toBe(1);
    expect(prepared.filter((s) => s.startsWith('insert')).length).toBe(1);
  });

  it('forgets the least recently used statement beyond its size', async () => {
    const { db, prepared } = setUp(2);
    await sql`create table items (id integer primary key, name text)`.execute(db);
    const q = (column: 'id' | 'name') => db.selectFrom('items').select(column).execute();
    await q('id');
    await q('name');
    await q('id'); // a hit: "name" is now the oldest
    await sql`select 1`.execute(db); // evicts "name"
    await q('id');
    await q('name');
    const selects = prepared.filter((s) => s.startsWith('select "'));
    expect(selects.filter((s) => s.includes('"id"')).length).toBe(1);
    expect(selects.filter((s) => s.includes('"name"')).length).toBe(2);
  });

  it('when every statement was read since the last sweep, forgets the oldest', async () => {
    const { db, prepared } = setUp(2);
    await sql`create table items (id integer primary key, name text)`.execute(db);
    const q = (column: 'id' | 'name') => db.selectFrom('items').select(column).execute();
    await q('id');
    await q('name');
    await q('id');
    await q('name'); // both read again: neither has an edge
    await sql`select 1`.execute(db); // evicts "id", the older
    await q('name');
    await q('id');
    const selects = prepared.filter((s) => s.startsWith('select "'));
    expect(selects.filter((s) => s.includes('"name"')).length).toBe(1);
    expect(selects.filter((s) => s.includes('"id"')).length).toBe(2);
  });

  it('gives a stream its own statement, so the same query can run while it is open', async () => {
    const { db } = setUp();
    await sql`create table items (id integer primary key, name text)`.execute(db);
    await db
      .insertInto('items')
      .values([
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ])
      .execute();
    const all = () => db.selectFrom('items').select('id').orderBy('id');
    await all().execute(); // cached
    const seen: number[] = [];
    for await (const row of all().stream()) seen.push(row.id);
    expect(seen).toEqual([1, 2]);
    expect(await all().execute()).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
