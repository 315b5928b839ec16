// Migration 0003 carries its own copy of the settings seed (migrations are frozen). The rows it
// writes must stay byte for byte the ones it wrote when it shipped (the snapshot was taken from the
// seed module it used to import), and be what a migrated database holds.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedRows } from '../../server/src/db/migrations/0003_settings';
import { createTestApp, type TestApp } from './helpers';

interface SettingsRow {
  domain_id: string;
  key: string;
  json_payload: string;
  position: number;
}

const snapshot = JSON.parse(
  readFileSync(new URL('./snapshots/0003-settings-rows.json', import.meta.url), 'utf8'),
) as SettingsRow[];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('migration 0003 settings seed', () => {
  test('writes exactly the rows of the snapshot, byte for byte', () => {
    expect(snapshot).toHaveLength(59);
    expect(JSON.stringify(seedRows())).toBe(JSON.stringify(snapshot));
  });

  test('the migrated database holds those rows, byte for byte', async () => {
    const stored = await t.app.db.kysely
      .selectFrom('settings')
      .select(['domain_id', 'key', 'json_payload', 'position'])
      .orderBy('domain_id')
      .orderBy('position')
      .execute();
    const expected = [...snapshot].sort((a, b) =>
      a.domain_id === b.domain_id ? a.position - b.position : a.domain_id < b.domain_id ? -1 : 1,
    );
    expect(stored.map((r) => ({ ...r, position: Number(r.position) }))).toEqual(expected);
  });
});
