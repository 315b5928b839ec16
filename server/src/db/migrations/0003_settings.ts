// The settings table and the labels it starts with. Migrations are frozen: this one carries its
// own copy of the seed (0003_settings.seed.json, as it was when the migration shipped) and reads no
// live feature code. tests/server/settings-seed-frozen.test.ts checks the rows it writes against a
// snapshot, byte for byte. Changing a label later means a new migration that updates the row; keys
// never change.
import type { Kysely } from 'kysely';
import SEED from './0003_settings.seed.json';

type Row = [key: string, en: string, fr: string, enDescription?: string, frDescription?: string];

/** The jsonPayload of one seeded entry: label_{locale} and, when given, description_{locale}. */
function payload([, en, fr, enDescription, frDescription]: Row): Record<string, string> {
  return {
    'label_en-US': en,
    'label_fr-FR': fr,
    ...(enDescription ? { 'description_en-US': enDescription } : {}),
    ...(frDescription ? { 'description_fr-FR': frDescription } : {}),
  };
}

/** The rows this migration inserts. */
export function seedRows() {
  return Object.entries(SEED as unknown as Record<string, Row[]>).flatMap(([domainId, entries]) =>
    entries.map((row, position) => ({
      domain_id: domainId,
      key: row[0],
      json_payload: JSON.stringify(payload(row)),
      position,
    })),
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('domain_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('json_payload', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('settings_pk', ['domain_id', 'key'])
    .execute();

  await db.insertInto('settings').values(seedRows()).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings').ifExists().execute();
}
