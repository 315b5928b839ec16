// Migration 0035 (docs/SPEC-NOTES.md "Search"): the members, cars and posts written before it are
// found after it (the posts' plain text and, on SQLite, the FTS tables are backfilled), and the
// triggers keep what is written after it. On SQLite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { expect, test } from 'vitest';
import { createDb } from '../../server/src/db/database';
import { migrations } from '../../server/src/db/migrator';
import { searchRepository } from '../../server/src/search/search-repository';
import { createTestDatabase, onPostgres } from './helpers';

const AT = '2026-01-01T00:00:00.000Z';

test('what was written before migration 0035 is found after it, and what follows is kept', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-0035-'));
  const database = onPostgres ? await createTestDatabase() : null;
  const db = createDb({ dataDir, databaseUrl: database?.url ?? null });
  const migrate = (names: string[]) =>
    new Migrator({
      db: db.kysely,
      provider: { getMigrations: async () => Object.fromEntries(names.map((n) => [n, migrations[n]!])) },
    }).migrateToLatest();
  try {
    const all = Object.keys(migrations).sort();
    expect((await migrate(all.filter((n) => n < '0035'))).error).toBeUndefined();
    const [me, friend] = [randomUUID(), randomUUID()];
    const user = (id: string, first: string, last: string) => ({
      id,
      email: `${id}@example.com`,
      username: `u${id.slice(0, 8)}`,
      username_lower: `u${id.slice(0, 8)}`,
      password_hash: null,
      first_name: first,
      last_name: last,
      created_at: AT,
      updated_at: AT,
    });
    await db.kysely
      .insertInto('users')
      .values([user(me, 'Me', 'Myself'), user(friend, 'Hélène', 'Lefèvre')])
      .execute();
    await db.kysely
      .insertInto('friendships')
      .values([
        { member_id: me, friend_id: friend, created_at: AT },
        { member_id: friend, friend_id: me, created_at: AT },
      ])
      .execute();
    const post = randomUUID();
    await db.kysely
      .insertInto('posts')
      .values({
        id: post,
        author_id: friend,
        content: '<p>Old <strong>Citroën</strong> DS &amp; a #Youngtimer</p>',
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    const car = randomUUID();
    await db.kysely
      .insertInto('cars')
      .values({
        id: car,
        owner_id: friend,
        make: 'Citroën',
        model: 'DS 21',
        nickname: 'Déesse',
        mileage_unit: 'km',
        created_at: AT,
        updated_at: AT,
      })
      .execute();

    expect((await migrate(all)).error).toBeUndefined();
    const search = searchRepository(db.kysely, db.dialect);
    const ids = async (type: 'people' | 'cars' | 'posts', words: string[]) =>
      (await search.find(type, me, words, 20, 0)).rows.map((r) => r.id);
    expect(await ids('people', ['helene', 'lefevre'])).toEqual([friend]);
    expect(await ids('cars', ['citroen', 'deesse'])).toEqual([car]);
    expect(await ids('posts', ['citroen', 'youngtimer'])).toEqual([post]);
    expect(await ids('posts', ['strong'])).toEqual([]);

    // After it: the triggers follow a rename, a new car and a deletion.
    await db.kysely.updateTable('users').set({ first_name: 'Léa' }).where('id', '=', friend).execute();
    expect(await ids('people', ['helene'])).toEqual([]);
    expect(await ids('people', ['lea', 'lefevre'])).toEqual([friend]);
    await db.kysely.deleteFrom('cars').where('id', '=', car).execute();
    expect(await ids('cars', ['citroen'])).toEqual([]);
  } finally {
    await db.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
