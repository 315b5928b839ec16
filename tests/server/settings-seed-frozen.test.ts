// Migration 0003 carries its own copy of the settings seed (migrations are frozen). The rows it
// writes must stay byte for byte the ones the live seed describes, and be what the database holds.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedRows } from '../../server/src/db/migrations/0003_settings';
import { SETTINGS_SEED, seedPayload } from '../../server/src/settings/settings-seed';
import { createTestApp, type TestApp } from './helpers';

const liveRows = () =>
  Object.entries(SETTINGS_SEED).flatMap(([domainId, entries]) =>
    entries.map((row, position) => ({
      domain_id: domainId,
      key: row[0],
      json_payload: JSON.stringify(seedPayload(row)),
      position,
    })),
  );

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('migration 0003 settings seed', () => {
  test('its own copy writes exactly the rows of the live settings seed', () => {
    expect(seedRows()).toEqual(liveRows());
    expect(JSON.stringify(seedRows())).toBe(JSON.stringify(liveRows()));
  });

  test('the migrated database holds those rows, byte for byte', async () => {
    const stored = await t.app.db.kysely
      .selectFrom('settings')
      .select(['domain_id', 'key', 'json_payload', 'position'])
      .orderBy('domain_id')
      .orderBy('position')
      .execute();
    const expected = [...liveRows()].sort((a, b) =>
      a.domain_id === b.domain_id ? a.position - b.position : a.domain_id < b.domain_id ? -1 : 1,
    );
    expect(stored.map((r) => ({ ...r, position: Number(r.position) }))).toEqual(expected);
  });
});
