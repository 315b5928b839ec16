// The folder pages are read from their indexes (the budget in docs/BENCHMARKS.md: a page of 20 among 10,000
// at 2,000 req/s). Checked on an in-memory SQLite database whatever TEST_DATABASE says: the plan of
// the repository's own SQL, as it runs.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../server/src/db/schema';
import { migrateToLatest } from '../../server/src/db/migrator';
import { messagesRepository } from '../../server/src/messages/messages-repository';

let sqlite: SQLite.Database;
let db: Kysely<Database>;
const seen: { sql: string; parameters: readonly unknown[] }[] = [];

beforeAll(async () => {
  sqlite = new SQLite(':memory:');
  db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      seen.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  await migrateToLatest(db);
});
afterAll(() => db.destroy());

/** The query plan lines of every statement the call ran. */
async function plansOf(run: () => Promise<unknown>): Promise<string[]> {
  seen.length = 0;
  await run();
  return seen.flatMap(({ sql, parameters }) =>
    (
      sqlite.prepare(`explain query plan ${sql}`).all(...(parameters as unknown[])) as { detail: string }[]
    ).map((row) => row.detail),
  );
}

describe('query plans', () => {
  const repo = () => messagesRepository(db);
  const page = { limit: 20, offset: 40 };

  test.each([
    ['inbox', false, 'messages_inbox'],
    ['sent', false, 'messages_sent'],
    ['inbox', true, 'messages_inbox_unread'],
  ] as const)(
    '%s (unreadOnly %s) pages through %s, with no sort and no scan',
    async (folder, unreadOnly, index) => {
      const plan = await plansOf(() => repo().page('member', folder, { ...page, unreadOnly }));
      expect(plan.join('\n')).toContain(`USING COVERING INDEX ${index} `);
      // The order comes from the index (nothing is sorted), the page's rows by primary key.
      expect(plan.join('\n')).not.toContain('TEMP B-TREE');
      expect(plan.join('\n')).toMatch(/SEARCH m USING INDEX sqlite_autoindex_messages_1 \(id=\?\)/);
      expect(plan.join('\n')).not.toMatch(/SCAN (m|messages)\b/);
    },
  );

  test('the counters are one primary-key read, not a COUNT', async () => {
    const plan = await plansOf(() => repo().counters('member'));
    expect(plan).toEqual([expect.stringMatching(/^SEARCH message_counters USING INDEX sqlite_autoindex/)]);
  });
});
