// Stored values (docs/SECURITY-CHECKS.md "Stored values"): no write stores text holding NUL or a
// number that is not finite, whatever the way in (one guard on every insert and update), and the
// non-finite numbers stored before it (bodies once coerced "Infinity") are cleared by migration
// 0028 so that every reader of the car answers again. Real server, real database.
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as clearNonFinite } from '../../server/src/db/migrations/0028_finite_numbers';
import { StoredValueError } from '../../server/src/db/stored-values';
import { png } from './media-fixtures';
import { startServer, type Attacker, type Server } from './attack-fixtures';

let s: Server;
let me: Attacker;
let carId: string;

async function data(res: Promise<{ status: number; text: string; json: any }>) {
  const answer = await res;
  expect(answer.status, answer.text).toBeLessThan(300);
  return answer.json.data;
}

beforeAll(async () => {
  s = await startServer();
  me = await s.member();
  carId = (await data(s.call('POST', '/cars', me, { make: 'Peugeot', model: '205', mileage: 1000 }))).id;
}, 60_000);
afterAll(() => s.close());

/** Every reader of the car that a stored Infinity once broke. */
const READERS = () => [
  `/car-logs/${carId}?limit=50`,
  `/car-logs/stats/${carId}`,
  `/cars/${carId}/odometer`,
  `/cars/${carId}/fuel-economy`,
  `/cars/${carId}`,
  '/reminders',
  `/cars/${carId}/history.pdf`,
];

describe('stored values', () => {
  it('a write holding NUL text or a non-finite number is refused before it reaches the table', async () => {
    const db = s.t.app.db.kysely;
    const row = {
      id: crypto.randomUUID(),
      car_id: carId,
      type: 'repair',
      title: 'T',
      tags: '[]',
      start_date: '2025-01-01',
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
    for (const bad of [
      { title: 'a\u0000b' },
      { mileage: Infinity },
      { cost_cents: -Infinity },
      { fuel_quantity: NaN },
    ]) {
      const attempt = db
        .insertInto('car_logs')
        .values({ ...row, ...bad })
        .execute();
      await expect(attempt).rejects.toBeInstanceOf(StoredValueError);
      await expect(
        db.updateTable('cars').set({ nickname: '\u0000' }).where('id', '=', carId).execute(),
      ).rejects.toMatchObject({ statusCode: 400 });
    }
    const stored = await db.selectFrom('car_logs').select('id').where('id', '=', row.id).execute();
    expect(stored).toEqual([]);
  });

  it('a file name loses its control characters; the upload is kept', async () => {
    const body = new FormData();
    for (const [k, v] of Object.entries({ carId, type: 'repair', title: 'Receipt', startDate: '2025-01-05' }))
      body.append(k, v);
    body.append(
      'media',
      new Blob([new Uint8Array(await png(8, 8))], { type: 'image/png' }),
      'rec\u0001eipt\u001f.png',
    );
    const log = await data(s.call('POST', '/car-logs/with-media', me, body));
    expect(log.media).toHaveLength(1);
    const stored = await s.t.app.db.kysely
      .selectFrom('media')
      .select('original_name')
      .where('id', '=', log.media[0].id)
      .executeTakeFirstOrThrow();
    expect(stored.original_name).toBe('receipt.png');
  });

  it('non-finite numbers stored before are cleared by migration 0028, and every reader answers again', async () => {
    const db = s.t.app.db.kysely;
    const fill = await data(
      s.call('POST', '/car-logs', me, {
        carId,
        type: 'fuel',
        title: 'Fill-up',
        startDate: '2025-02-01',
        mileage: 2000,
        cost: 60,
        currencyCode: 'EUR',
        fuel: { quantity: 40, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: 1.5 },
      }),
    );
    const repair = await data(
      s.call('POST', '/car-logs', me, {
        carId,
        type: 'repair',
        title: 'Clutch',
        startDate: '2025-02-02',
        mileage: 2100,
      }),
    );
    const reminder = await data(
      s.call('POST', '/reminders', me, { carId, title: 'Tyres', dueMileage: 5000 }),
    );
    // As the coercing validation once stored them (raw statements: the guard is not in their way).
    const sqlite = s.t.app.db.dialect === 'sqlite';
    const raw = (text: string, parameters: unknown[]) => {
      let n = 0;
      return db.executeQuery(
        CompiledQuery.raw(sqlite ? text : text.replace(/\?/g, () => `$${++n}`), parameters),
      );
    };
    // Double precision holds ±Infinity in both dialects; SQLite's integer columns too (as REAL).
    await raw('update car_logs set fuel_quantity = ?, fuel_price_per_unit = ? where id = ?', [
      Infinity,
      -Infinity,
      fill.id,
    ]);
    if (sqlite) {
      await raw('update car_logs set mileage = ?, cost_cents = ? where id = ?', [
        Infinity,
        -Infinity,
        repair.id,
      ]);
      await raw('update cars set mileage = ? where id = ?', [Infinity, carId]);
      await raw('update reminders set due_mileage = ? where id = ?', [Infinity, reminder.id]);
    }
    await clearNonFinite(db);
    for (const path of READERS()) {
      const res = await s.call('GET', path, me);
      expect(res.status, `${path}: ${res.text.slice(0, 300)}`).toBe(200);
    }
    const logs = await db.selectFrom('car_logs').selectAll().where('car_id', '=', carId).execute();
    for (const log of logs)
      for (const value of Object.values(log))
        if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
    const cleared = logs.find((l) => l.id === fill.id)!;
    expect(cleared).toMatchObject({
      fuel_quantity: null,
      fuel_unit: null,
      fuel_price_per_unit: null,
      mileage: 2000,
    });
  });
});
