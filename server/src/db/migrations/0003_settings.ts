import type { Kysely } from 'kysely';
import { SETTINGS_SEED, seedPayload } from '../../settings/settings-seed';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('domain_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('json_payload', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('settings_pk', ['domain_id', 'key'])
    .execute();

  const rows = Object.entries(SETTINGS_SEED).flatMap(([domainId, entries]) =>
    entries.map((row, position) => ({
      domain_id: domainId,
      key: row[0],
      json_payload: JSON.stringify(seedPayload(row)),
      position,
    })),
  );
  await db.insertInto('settings').values(rows).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings').ifExists().execute();
}
