// `npm run migrate:sqlite-to-postgres -- --from <DATA_DIR> --to <url>` copies a populated
// SQLite Paddock into an empty PostgreSQL database: every table, every row, ids, timestamps and the
// trigger-kept counters verbatim; a server started on the copy answers as the original did; the
// triggers work again afterwards; a target with rows is refused. The source is always SQLite and
// the target a PostgreSQL database of its own, whichever TEST_DATABASE the run uses.
import { rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../server/src/app';
import { allRows, answers, freshDir, npmRun, populate, startApp, type World } from './data-safety-fixtures';
import { createTestDatabase } from './helpers';
import { caller } from './posts-fixtures';

let dataDir: string;
let world: World;
let before: Record<string, unknown>;
let rowsBefore: Record<string, string[]>;
let target: { url: string; drop(): Promise<void> };
let pgApp: App | undefined;

beforeAll(async () => {
  dataDir = freshDir('to-pg');
  const sqliteApp = await startApp(dataDir, null);
  expect(sqliteApp.db.dialect).toBe('sqlite');
  try {
    world = await populate(sqliteApp);
    before = await answers(sqliteApp, world);
    rowsBefore = await allRows(sqliteApp);
  } finally {
    await sqliteApp.close(); // the documented way: the server stopped during the copy
  }
  target = await createTestDatabase();
}, 120_000);

afterAll(async () => {
  await pgApp?.close();
  await target?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Row counts per table, straight from each database. */
async function counts() {
  const sqlite = new Database(path.join(dataDir, 'paddock.db'), { readonly: true });
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const out: Record<string, [number, number]> = {};
    for (const table of Object.keys(rowsBefore)) {
      const a = sqlite.prepare(`select count(*) from "${table}"`).pluck().get() as number;
      const b = Number((await client.query(`select count(*) as n from "${table}"`)).rows[0].n);
      out[table] = [a, b];
    }
    return out;
  } finally {
    sqlite.close();
    await client.end();
  }
}

describe('npm run migrate:sqlite-to-postgres', () => {
  test('copies every row of every table; a server on the copy answers as the original did', async () => {
    // The populated database touches every table the copy must carry.
    for (const table of [
      'users',
      'cars',
      'car_logs',
      'media',
      'car_log_media',
      'posts',
      'post_likes',
      'comments',
      'messages',
      'message_counters',
      'notifications',
      'friendships',
      'friend_requests',
      'post_authors',
      'settings',
    ])
      expect(rowsBefore[table]?.length, table).toBeGreaterThan(0);

    const run = await npmRun('migrate:sqlite-to-postgres', ['--from', dataDir, '--to', target.url], {});
    expect(run.code, run.stderr).toBe(0);
    for (const [table, rows] of Object.entries(rowsBefore))
      expect(run.stdout, table).toMatch(new RegExp(`\\[copy\\] ${table} +${rows.length}\\n`));

    const perTable = await counts();
    for (const [table, [sqliteCount, pgCount]] of Object.entries(perTable))
      expect(pgCount, table).toBe(sqliteCount);

    pgApp = await startApp(dataDir, target.url); // the same DATA_DIR: its files and JWT secret
    expect(pgApp.db.dialect).toBe('postgres');
    // Every column of every row, counters kept by triggers included (cars.log_count, likers…).
    expect(await allRows(pgApp)).toEqual(rowsBefore);
    expect(await answers(pgApp, world)).toEqual(before);
  });

  test('the triggers work again on the copy: new likes, comments and logs are counted once', async () => {
    expect(pgApp).toBeDefined();
    const app = pgApp!;
    const call = caller(app);
    const [ada, , chloe] = world.people;
    expect((await call('POST', `/posts/${world.posts[0]!.id}/like`, ada!)).statusCode).toBe(200);
    expect(
      (await call('POST', '/comments', chloe!, { postId: world.posts[0]!.id, content: 'Encore' })).statusCode,
    ).toBe(201);
    expect(
      (
        await call('POST', '/car-logs', ada!, {
          carId: world.cars[0]!.id,
          type: 'maintenance',
          title: 'New',
          startDate: '2025-05-01',
        })
      ).statusCode,
    ).toBe(201);

    const post = (await call('GET', `/posts/${world.posts[0]!.id}`, chloe!)).json<{
      data: { likesCount: number; commentsCount: number };
    }>().data;
    expect(post.likesCount).toBe(3);
    expect(post.commentsCount).toBe(3);
    const page = (await call('GET', `/car-logs/${world.cars[0]!.id}`, ada!)).json<{
      meta: { total: number };
    }>();
    expect(page.meta.total).toBe(4);

    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const drift = await client.query(`
        select 'cars' as t, id from cars where log_count <> (select count(*) from car_logs where car_id = cars.id)
        union all select 'posts likes', id from posts where likes_count <> (select count(*) from post_likes where post_id = posts.id)
        union all select 'posts comments', id from posts where comments_count <> (select count(*) from comments where post_id = posts.id)
        union all select 'replies', id from comments c where replies_count <> (select count(*) from comments r where r.parent_comment_id = c.id)
        union all select 'authors', author_id from post_authors a where posts_count <> (select count(*) from posts where author_id = a.author_id)`);
      expect(drift.rows).toEqual([]);
    } finally {
      await client.end();
    }
  });

  test('refuses a target that already has rows, and changes nothing', async () => {
    const rows = await allRows(pgApp!);
    const run = await npmRun(
      'migrate:sqlite-to-postgres',
      ['--from', path.join(dataDir, 'paddock.db'), '--to', target.url],
      {},
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/not empty/);
    expect(await allRows(pgApp!)).toEqual(rows);
  });

  test('refuses a missing source or target', async () => {
    const noTarget = await npmRun('migrate:sqlite-to-postgres', ['--from', dataDir], {});
    expect(noTarget.code).toBe(2);
    expect(noTarget.stderr).toMatch(/usage/);
    const noSource = await npmRun(
      'migrate:sqlite-to-postgres',
      ['--from', path.join(dataDir, 'nothing'), '--to', target.url],
      {},
    );
    expect(noSource.code).toBe(2);
    expect(noSource.stderr).toMatch(/no SQLite database/);
  });
});
