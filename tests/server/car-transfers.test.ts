// Selling a car with its logbook, over HTTP on a real database: an offer to any member,
// accepted, declined, cancelled, accepted twice (once only), the 409s, costs and notes really
// dropped from the buyer's copy, the seller's read-only record, one history through owners, a
// seller's write racing the acceptance (lands before or is refused after, never lost) and the
// former owner's tokens reading nothing private of the car afterwards; live events tell both sides.
// What the buyer receives comes from one classified list (every log field, fill-up field and column
// is in it: receipts go with the costs, places with the notes); offers are bounded (one pending per
// car, 10 a seller a day, none for 7 days to a member who declined the car); the buyer lookup finds
// by username and answers every e-mail address alike.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CAR_TRANSFER_DECLINED_DAYS,
  CAR_TRANSFER_OFFERS_PER_DAY,
  type CarOwners,
  type CarSale,
  type CarSaleDetail,
  type CarTransfer,
} from '../../src/contract/car-transfers';
import { CarLog, FuelFill, type Car } from '../../src/contract/garage';
import {
  FUEL_FIELDS_KEPT_BY,
  LOG_COLUMNS_KEPT_BY,
  LOG_FIELDS_KEPT_BY,
  REMINDER_COLUMNS_KEPT_BY,
} from '../../server/src/garage/car-transfers-handover';
import type { Notification } from '../../src/contract/notifications';
import type { Reminder } from '../../src/contract/maintenance-api';
import { collect, listen, socketOf } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { form, jpeg, PDF, send } from './media-fixtures';
import { befriend, caller, person, type Person } from './people-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
});
afterAll(async () => t?.close());

const named = (firstName: string) => person(t.app, { firstName, lastName: 'Lane' });

function data<T>(res: { statusCode: number; body: string; json: () => unknown }, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return (res.json() as { data: T }).data;
}

interface Sold {
  seller: Person;
  buyer: Person;
  car: Car;
  log: CarLog;
  fill: CarLog;
  reminder: Reminder;
}

/** A seller's car with a log (text, cost), a fill-up and a reminder; the buyer is a stranger. */
async function carForSale(): Promise<Sold> {
  const [seller, buyer] = await Promise.all([named('Sela'), named('Bruno')]);
  const car = data<Car>(await call('POST', '/cars', seller, { make: 'Citroën', model: 'DS' }), 201);
  const log = data<CarLog>(
    await call('POST', '/car-logs', seller, {
      carId: car.id,
      type: 'maintenance',
      title: 'Timing belt',
      content: '<p>Private note about the garage</p>',
      cost: 420,
      currencyCode: 'EUR',
      startDate: '2020-03-04',
      mileage: 80_000,
    }),
    201,
  );
  const fill = data<CarLog>(
    await call('POST', '/car-logs', seller, {
      carId: car.id,
      type: 'fuel',
      title: 'Fill-up',
      cost: 70,
      currencyCode: 'EUR',
      startDate: '2021-05-06',
      mileage: 81_000,
      fuel: { quantity: 40, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: 1.75 },
    }),
    201,
  );
  const reminder = data<Reminder>(
    await call('POST', '/reminders', seller, {
      carId: car.id,
      title: 'Tyres',
      intervalMonths: 12,
      notes: 'Ask for the Michelins',
    }),
    201,
  );
  return { seller, buyer, car, log, fill, reminder };
}

const offer = (s: Sold, keep = { keepCosts: true, keepNotes: true }) =>
  call('POST', `/cars/${s.car.id}/transfers`, s.seller, { toUserId: s.buyer.id, ...keep });
const answer = (id: string, who: Person, action: 'accept' | 'decline' | 'cancel') =>
  call('PUT', `/car-transfers/${id}`, who, { action });
const logsOf = async (carId: string, who: Person) =>
  data<CarLog[]>(await call('GET', `/car-logs/${carId}?limit=100`, who));

describe('offering a car', () => {
  test('the owner offers it to a stranger; the buyer is told (car-transfer) and sees it pending', async () => {
    const s = await carForSale();
    const transfer = data<CarTransfer>(await offer(s), 201);
    expect(transfer).toMatchObject({
      carId: s.car.id,
      fromUserId: s.seller.id,
      toUserId: s.buyer.id,
      status: 'pending',
      keepCosts: true,
      keepNotes: true,
      toName: 'Bruno Lane',
      fromName: 'Sela Lane',
    });
    const notes = data<Notification[]>(await call('GET', '/notifications', s.buyer));
    const told = notes.find((n) => n.type === 'car-transfer');
    expect(told?.jsonPayload).toMatchObject({
      relatedCarId: s.car.id,
      relatedCarTransferId: transfer.id,
      action: 'offered',
      actorId: s.seller.id,
    });
    const pending = data<CarTransfer[]>(await call('GET', '/car-transfers', s.buyer));
    expect(pending.map((p) => p.id)).toEqual([transfer.id]);
    expect(data<CarTransfer[]>(await call('GET', '/car-transfers', s.seller)).map((p) => p.id)).toEqual([
      transfer.id,
    ]);
  });

  test('a stranger 404, a member 403, to myself 400, a second pending offer 409', async () => {
    const s = await carForSale();
    const [stranger, friend] = await Promise.all([named('Stan'), named('Fred')]);
    await befriend(t.app, s.seller, friend);
    const invited = await call('POST', `/cars/${s.car.id}/members`, s.seller, {
      userId: friend.id,
      role: 'editor',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect((await call('PUT', `/car-invites/${s.car.id}`, friend, { action: 'accept' })).statusCode).toBe(
      200,
    );
    const body = { toUserId: s.buyer.id, keepCosts: true, keepNotes: true };
    expect((await call('POST', `/cars/${s.car.id}/transfers`, stranger, body)).statusCode).toBe(404);
    expect((await call('POST', `/cars/${s.car.id}/transfers`, friend, body)).statusCode).toBe(403);
    const self = await call('POST', `/cars/${s.car.id}/transfers`, s.seller, {
      ...body,
      toUserId: s.seller.id,
    });
    expect(self.statusCode).toBe(400);
    data<CarTransfer>(await offer(s), 201);
    const again = await call('POST', `/cars/${s.car.id}/transfers`, s.seller, {
      ...body,
      toUserId: stranger.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('CAR_TRANSFER_PENDING');
    const missing = { ...body, toUserId: '00000000-0000-4000-8000-000000000000' };
    expect((await call('POST', `/cars/${s.car.id}/transfers`, s.seller, missing)).statusCode).toBe(404);
  });

  test('the buyer is found by exact username, never by a part of it', async () => {
    const s = await carForSale();
    const byName = data<{ id: string }>(
      await call('GET', `/car-transfers/buyer?q=${s.buyer.username}`, s.seller),
    );
    expect(byName.id).toBe(s.buyer.id);
    const part = s.buyer.username.slice(0, 6);
    expect((await call('GET', `/car-transfers/buyer?q=${part}`, s.seller)).statusCode).toBe(404);
    expect((await call('GET', `/car-transfers/buyer?q=${s.seller.username}`, s.seller)).statusCode).toBe(404);
  });
});

describe('answering', () => {
  test("declined: the car stays the seller's, the seller is told; answering again is 409", async () => {
    const s = await carForSale();
    const transfer = data<CarTransfer>(await offer(s), 201);
    expect((await answer(transfer.id, s.seller, 'accept')).statusCode).toBe(403);
    const declined = data<CarTransfer>(await answer(transfer.id, s.buyer, 'decline'));
    expect(declined.status).toBe('declined');
    const again = await answer(transfer.id, s.buyer, 'accept');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('CAR_TRANSFER_NOT_PENDING');
    expect(data<Car>(await call('GET', `/cars/${s.car.id}`, s.seller)).ownerId).toBe(s.seller.id);
    expect((await call('GET', `/cars/${s.car.id}`, s.buyer)).statusCode).toBe(404);
    const notes = data<Notification[]>(await call('GET', '/notifications', s.seller));
    expect(
      notes.some(
        (n) => n.type === 'car-transfer' && (n.jsonPayload as { action?: string }).action === 'declined',
      ),
    ).toBe(true);
    // Declined: the car may be offered to someone else at once, to the one who declined it not
    // for 7 days (the offer tells them each time).
    const again7 = await offer(s);
    expect(again7.statusCode, again7.body).toBe(409);
    expect(again7.json<{ error: { code: string } }>().error.code).toBe('CAR_TRANSFER_DECLINED_RECENTLY');
    const other = await named('Otto');
    const toOther = data<CarTransfer>(
      await call('POST', `/cars/${s.car.id}/transfers`, s.seller, {
        toUserId: other.id,
        keepCosts: true,
        keepNotes: true,
      }),
      201,
    );
    data<CarTransfer>(await answer(toOther.id, s.seller, 'cancel'));
  });

  test('cancelled by the seller while pending: the buyer cannot accept it (409), a stranger 404', async () => {
    const s = await carForSale();
    const stranger = await named('Stan');
    const transfer = data<CarTransfer>(await offer(s), 201);
    expect((await answer(transfer.id, s.buyer, 'cancel')).statusCode).toBe(403);
    expect((await answer(transfer.id, stranger, 'cancel')).statusCode).toBe(404);
    expect((await call('GET', `/car-transfers/${transfer.id}`, stranger)).statusCode).toBe(404);
    expect(data<CarTransfer>(await answer(transfer.id, s.seller, 'cancel')).status).toBe('cancelled');
    expect((await answer(transfer.id, s.buyer, 'accept')).statusCode).toBe(409);
    expect((await answer(transfer.id, s.seller, 'cancel')).statusCode).toBe(409);
    expect(data<Car>(await call('GET', `/cars/${s.car.id}`, s.seller)).ownerId).toBe(s.seller.id);
    expect(data<CarTransfer[]>(await call('GET', '/car-transfers', s.buyer))).toEqual([]);
  });

  test('accepted twice at once: one acceptance, the other 409; the car moves once', async () => {
    const s = await carForSale();
    const transfer = data<CarTransfer>(await offer(s), 201);
    const both = await Promise.all([
      answer(transfer.id, s.buyer, 'accept'),
      answer(transfer.id, s.buyer, 'accept'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(data<CarSale[]>(await call('GET', '/cars/sold', s.seller))).toHaveLength(1);
    const owners = data<CarOwners>(await call('GET', `/cars/${s.car.id}/owners`, s.buyer));
    expect(owners.ownerCount).toBe(2);
    // An accepted one cannot be cancelled.
    expect((await answer(transfer.id, s.seller, 'cancel')).statusCode).toBe(409);
  });
});

describe('an accepted transfer', () => {
  test('moves the car, logs, fill-ups, reminders and photos to the buyer, keeping costs and notes', async () => {
    const s = await carForSale();
    const photo = data<CarLog>(
      await send(
        t.app,
        s.seller,
        'POST',
        '/car-logs/with-media',
        form(
          {
            data: JSON.stringify({
              carId: s.car.id,
              type: 'maintenance',
              title: 'Rust',
              startDate: '2019-01-02',
            }),
          },
          [{ name: 'media', bytes: await jpeg(20, 20), filename: 'r.jpg', type: 'image/jpeg' }],
        ),
      ),
      201,
    );
    const transfer = data<CarTransfer>(await offer(s), 201);
    const [seller, buyer] = [s.seller, s.buyer];
    const url = await listen(t.app);
    const sockets = await Promise.all([seller, buyer].map((p) => socketOf(url, p)));
    const sellerEvents = collect(sockets[0]!);
    const buyerEvents = collect(sockets[1]!);
    try {
      expect(data<CarTransfer>(await answer(transfer.id, buyer, 'accept')).status).toBe('accepted');
      const car = data<Car>(await call('GET', `/cars/${s.car.id}`, buyer));
      expect(car).toMatchObject({ ownerId: buyer.id, role: 'owner' });
      const feed = data<Car[]>(await call('GET', '/cars/feed', buyer));
      expect(feed.map((c) => c.id)).toContain(s.car.id);
      expect(data<Car[]>(await call('GET', '/cars/feed', seller)).map((c) => c.id)).not.toContain(s.car.id);

      const logs = await logsOf(s.car.id, buyer);
      expect(logs).toHaveLength(3);
      const log = logs.find((l) => l.id === s.log.id)!;
      expect(log).toMatchObject({
        cost: 420,
        content: '<p>Private note about the garage</p>',
        formerOwner: true,
      });
      expect(logs.find((l) => l.id === s.fill.id)?.fuel?.pricePerUnit).toBe(1.75);
      const reminders = data<Reminder[]>(await call('GET', `/reminders?carId=${s.car.id}`, buyer));
      expect(reminders.map((r) => r.id)).toContain(s.reminder.id);
      expect(reminders.find((r) => r.id === s.reminder.id)?.notes).toBe('Ask for the Michelins');
      // The photo is the buyer's file now, and not the seller's.
      const file = photo.media[0]!.url.replace('/api/v1.0', '');
      expect((await call('GET', file, buyer)).statusCode).toBe(200);
      expect((await call('GET', file, seller)).statusCode).toBe(404);

      // The buyer's page: one history through owners, since the first log.
      const owners = data<CarOwners>(await call('GET', `/cars/${s.car.id}/owners`, buyer));
      expect(owners).toMatchObject({ ownerCount: 2, logbookSince: '2019-01-02' });
      expect(owners.formerOwners).toHaveLength(1);
      // A log the buyer writes is theirs, not a former owner's.
      const mine = data<CarLog>(
        await call('POST', '/car-logs', buyer, {
          carId: s.car.id,
          type: 'maintenance',
          title: 'Wash',
          startDate: '2026-01-01',
        }),
        201,
      );
      expect(mine.formerOwner).toBeUndefined();

      // Both sides' devices are told: the seller's drop the car, the buyer's take it.
      const deadline = Date.now() + 20_000; // a limit for a loaded machine, not a measure
      const sawSeller = () =>
        sellerEvents.some((e) => e.type === 'car' && e.jsonPayload.action === 'deleted');
      const sawBuyer = () => buyerEvents.some((e) => e.type === 'car' && e.jsonPayload.action === 'created');
      while ((!sawSeller() || !sawBuyer()) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(sawSeller()).toBe(true);
      expect(sawBuyer()).toBe(true);
      expect(sellerEvents.some((e) => e.type === 'car-transfer' && e.jsonPayload.action === 'accepted')).toBe(
        true,
      );
    } finally {
      sockets.forEach((socket) => socket.close());
    }
  });

  test('keepCosts and keepNotes false: costs and texts are gone from the database, not hidden', async () => {
    const s = await carForSale();
    const transfer = data<CarTransfer>(await offer(s, { keepCosts: false, keepNotes: false }), 201);
    data<CarTransfer>(await answer(transfer.id, s.buyer, 'accept'));
    const rows = await t.app.db.kysely
      .selectFrom('car_logs')
      .select(['cost_cents', 'currency_code', 'content', 'fuel_price_per_unit', 'title'])
      .where('car_id', '=', s.car.id)
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.cost_cents).toBeNull();
      expect(row.currency_code).toBeNull();
      expect(row.fuel_price_per_unit).toBeNull();
      expect(row.content).toBeNull();
    }
    const reminder = await t.app.db.kysely
      .selectFrom('reminders')
      .select(['notes', 'owner_id'])
      .where('id', '=', s.reminder.id)
      .executeTakeFirstOrThrow();
    expect(reminder).toEqual({ notes: null, owner_id: s.buyer.id });
    const logs = await logsOf(s.car.id, s.buyer);
    expect(logs.map((l) => l.cost)).toEqual([null, null]);
    expect(logs.map((l) => l.title).sort()).toEqual(['Fill-up', 'Timing belt']);

    // The seller's record keeps the car as it was on the day of sale, costs and text included.
    const sales = data<CarSale[]>(await call('GET', '/cars/sold', s.seller));
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ carId: s.car.id, buyerName: 'Bruno Lane', logCount: 2 });
    const sale = data<CarSaleDetail>(await call('GET', `/cars/sold/${sales[0]!.id}`, s.seller));
    expect(sale.car).toMatchObject({ make: 'Citroën', model: 'DS', ownerId: s.seller.id });
    expect(sale.logs.find((l) => l.id === s.log.id)).toMatchObject({
      cost: 420,
      content: '<p>Private note about the garage</p>',
    });
    // Nobody else reads it.
    expect((await call('GET', `/cars/sold/${sales[0]!.id}`, s.buyer)).statusCode).toBe(404);
    expect(data<CarSale[]>(await call('GET', '/cars/sold', s.buyer))).toEqual([]);
  });

  test("shared members are removed; the former owner's tokens read nothing private of the car (404)", async () => {
    const s = await carForSale();
    const driver = await named('Dan');
    await befriend(t.app, s.seller, driver);
    expect(
      (await call('POST', `/cars/${s.car.id}/members`, s.seller, { userId: driver.id, role: 'driver' }))
        .statusCode,
    ).toBe(201);
    expect((await call('PUT', `/car-invites/${s.car.id}`, driver, { action: 'accept' })).statusCode).toBe(
      200,
    );
    const transfer = data<CarTransfer>(await offer(s), 201);
    data<CarTransfer>(await answer(transfer.id, s.buyer, 'accept'));
    expect(data<unknown[]>(await call('GET', `/cars/${s.car.id}/members`, s.buyer))).toHaveLength(1);
    for (const who of [s.seller, driver]) {
      for (const path of [
        `/cars/${s.car.id}`,
        `/car-logs/${s.car.id}`,
        `/car-logs/log/${s.log.id}`,
        `/reminders/${s.reminder.id}`,
        `/cars/${s.car.id}/members`,
        `/cars/${s.car.id}/owners`,
      ])
        expect((await call('GET', path, who)).statusCode, `${path}`).toBe(404);
      expect((await call('PUT', `/car-logs/log/${s.log.id}`, who, { title: 'Mine again' })).statusCode).toBe(
        404,
      );
      expect((await call('DELETE', `/cars/${s.car.id}`, who)).statusCode).toBe(404);
      expect(
        (
          await call('POST', `/cars/${s.car.id}/transfers`, who, {
            toUserId: who.id === driver.id ? s.seller.id : driver.id,
            keepCosts: true,
            keepNotes: true,
          })
        ).statusCode,
      ).toBe(404);
    }
  });

  test("a seller's write racing the acceptance lands before (and moves) or is refused after, never lost", async () => {
    for (let round = 0; round < 4; round += 1) {
      const s = await carForSale();
      const transfer = data<CarTransfer>(await offer(s), 201);
      const write = call('POST', '/car-logs', s.seller, {
        carId: s.car.id,
        type: 'maintenance',
        title: `Race ${round}`,
        startDate: '2022-02-02',
      });
      const [written, accepted] =
        round % 2 === 0
          ? await Promise.all([write, answer(transfer.id, s.buyer, 'accept')])
          : await Promise.all([answer(transfer.id, s.buyer, 'accept'), write]).then(
              ([a, w]) => [w, a] as const,
            );
      expect(accepted.statusCode, accepted.body).toBe(200);
      const logs = await logsOf(s.car.id, s.buyer);
      const raced = logs.filter((l) => l.title === `Race ${round}`);
      if (written.statusCode === 201) {
        // Landed: it is on the car, now the buyer's.
        expect(raced).toHaveLength(1);
      } else {
        expect([403, 404]).toContain(written.statusCode);
        expect(raced).toHaveLength(0);
      }
    }
  });
});

describe('what the buyer receives: one classified list of fields, columns and files', () => {
  test('every field of the log contract, of a fill-up and every column of car_logs and reminders is classified', async () => {
    // A new field or column fails here until it is given the seller's choice that keeps it.
    expect(Object.keys(LOG_FIELDS_KEPT_BY).sort()).toEqual(Object.keys(CarLog.properties).sort());
    expect(Object.keys(FUEL_FIELDS_KEPT_BY).sort()).toEqual(Object.keys(FuelFill.properties).sort());
    const tables = await t.app.db.kysely.introspection.getTables();
    const columnsOf = (name: string) =>
      tables
        .find((table) => table.name === name)!
        .columns.map((c) => c.name)
        .sort();
    expect(Object.keys(LOG_COLUMNS_KEPT_BY).sort()).toEqual(columnsOf('car_logs'));
    expect(Object.keys(REMINDER_COLUMNS_KEPT_BY).sort()).toEqual(columnsOf('reminders'));
    // Receipts are costs; the place of a fill-up is a note; the history itself always goes.
    expect(LOG_FIELDS_KEPT_BY).toMatchObject({
      media: 'costs',
      cost: 'costs',
      currencyCode: 'costs',
      content: 'notes',
      location: 'notes',
      mileage: 'always',
      fuel: 'always',
    });
    expect(FUEL_FIELDS_KEPT_BY.pricePerUnit).toBe('costs');
    // A column the buyer may lose can be nulled: every one not kept always is nullable.
    for (const [name, classified] of [
      ['car_logs', LOG_COLUMNS_KEPT_BY],
      ['reminders', REMINDER_COLUMNS_KEPT_BY],
    ] as const)
      for (const column of tables.find((table) => table.name === name)!.columns)
        if ((classified as Record<string, string>)[column.name] !== 'always')
          expect(column.isNullable, `${name}.${column.name}`).toBe(true);
  });

  /** The seller's car with a fill-up at a station, a receipt on it and an imported fingerprint. */
  async function carWithReceipt() {
    const s = await carForSale();
    const receipt = data<CarLog>(
      await send(
        t.app,
        s.seller,
        'POST',
        '/car-logs/with-media',
        form(
          {
            data: JSON.stringify({
              carId: s.car.id,
              type: 'fuel',
              title: 'Motorway fill-up',
              location: 'Total, 12 rue des Lilas, Lyon',
              cost: 90,
              currencyCode: 'EUR',
              startDate: '2022-07-08',
              mileage: 82_000,
              fuel: { quantity: 50, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: 1.8 },
            }),
          },
          [
            { name: 'media', bytes: await jpeg(20, 20), filename: 'ticket.jpg', type: 'image/jpeg' },
            { name: 'media', bytes: PDF, filename: 'invoice.pdf', type: 'application/pdf' },
          ],
        ),
      ),
      201,
    );
    await t.app.db.kysely
      .updateTable('car_logs')
      .set({ import_fingerprint: 'fingerprint-of-the-sellers-row' })
      .where('id', '=', receipt.id)
      .execute();
    return { ...s, receipt, files: receipt.media.map((m) => m.url.replace('/api/v1.0', '')) };
  }

  test("keepCosts off: the receipts do not reach the buyer in any form, and stay the seller's files", async () => {
    const s = await carWithReceipt();
    const transfer = data<CarTransfer>(await offer(s, { keepCosts: false, keepNotes: true }), 201);
    data<CarTransfer>(await answer(transfer.id, s.buyer, 'accept'));
    const logs = await logsOf(s.car.id, s.buyer);
    const fill = logs.find((l) => l.id === s.receipt.id)!;
    expect(fill.media).toEqual([]);
    expect(fill).toMatchObject({ cost: null, currencyCode: null, location: 'Total, 12 rue des Lilas, Lyon' });
    expect(fill.fuel).toEqual({
      quantity: 50,
      unit: 'l',
      fullTank: true,
      missedPrevious: false,
      pricePerUnit: null,
    });
    expect(data<CarLog>(await call('GET', `/car-logs/log/${s.receipt.id}`, s.buyer)).media).toEqual([]);
    for (const file of s.files) {
      expect((await call('GET', file, s.buyer)).statusCode, file).toBe(404);
      // The seller's, linked to no log: on their files screen, theirs to keep or delete.
      expect((await call('GET', file, s.seller)).statusCode, file).toBe(200);
    }
    const links = await t.app.db.kysely
      .selectFrom('car_log_media')
      .select('media_id')
      .where('car_log_id', '=', s.receipt.id)
      .execute();
    expect(links).toEqual([]);
    const owners = await t.app.db.kysely
      .selectFrom('media')
      .select('owner_id')
      .where(
        'id',
        'in',
        s.receipt.media.map((m) => m.id),
      )
      .execute();
    expect(owners.map((o) => o.owner_id)).toEqual([s.seller.id, s.seller.id]);
    const row = await t.app.db.kysely
      .selectFrom('car_logs')
      .select(['import_fingerprint', 'fuel_price_per_unit', 'cost_cents'])
      .where('id', '=', s.receipt.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ import_fingerprint: null, fuel_price_per_unit: null, cost_cents: null });
  });

  test("keepNotes off: the text and the fill-up's place are gone; receipts kept with the costs", async () => {
    const s = await carWithReceipt();
    const transfer = data<CarTransfer>(await offer(s, { keepCosts: true, keepNotes: false }), 201);
    data<CarTransfer>(await answer(transfer.id, s.buyer, 'accept'));
    const fill = (await logsOf(s.car.id, s.buyer)).find((l) => l.id === s.receipt.id)!;
    expect(fill).toMatchObject({ location: null, content: null, cost: 90, currencyCode: 'EUR' });
    expect(fill.fuel?.pricePerUnit).toBe(1.8);
    expect(fill.media).toHaveLength(2);
    for (const file of s.files) expect((await call('GET', file, s.buyer)).statusCode, file).toBe(200);
    const row = await t.app.db.kysely
      .selectFrom('car_logs')
      .select(['location', 'content', 'import_fingerprint'])
      .where('id', '=', s.receipt.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ location: null, content: null, import_fingerprint: null });
  });

  test('both kept: everything goes, the place and the fingerprint included', async () => {
    const s = await carWithReceipt();
    const transfer = data<CarTransfer>(await offer(s), 201);
    data<CarTransfer>(await answer(transfer.id, s.buyer, 'accept'));
    const fill = (await logsOf(s.car.id, s.buyer)).find((l) => l.id === s.receipt.id)!;
    expect(fill).toMatchObject({ location: 'Total, 12 rue des Lilas, Lyon', cost: 90 });
    expect(fill.media).toHaveLength(2);
    const row = await t.app.db.kysely
      .selectFrom('car_logs')
      .select('import_fingerprint')
      .where('id', '=', s.receipt.id)
      .executeTakeFirstOrThrow();
    expect(row.import_fingerprint).toBe('fingerprint-of-the-sellers-row');
  });
});

describe('offers are bounded', () => {
  const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
  const HOUR = 60 * 60 * 1000;

  test('a second pending offer of one car is 409 CAR_TRANSFER_PENDING', async () => {
    const s = await carForSale();
    const other = await named('Otis');
    data<CarTransfer>(await offer(s), 201);
    const second = await call('POST', `/cars/${s.car.id}/transfers`, s.seller, {
      toUserId: other.id,
      keepCosts: true,
      keepNotes: true,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json<{ error: { code: string } }>().error.code).toBe('CAR_TRANSFER_PENDING');
  });

  test('a seller makes at most 10 offers in 24 hours (cancelled ones count): the 11th is 429 CAR_TRANSFER_DAILY_LIMIT', async () => {
    expect(CAR_TRANSFER_OFFERS_PER_DAY).toBe(10);
    const [seller, buyer] = await Promise.all([named('Selma'), named('Boris')]);
    const cars: Car[] = [];
    for (let i = 0; i < 11; i += 1)
      cars.push(data<Car>(await call('POST', '/cars', seller, { make: 'Fiat', model: `Panda ${i}` }), 201));
    const offerCar = (car: Car) =>
      call('POST', `/cars/${car.id}/transfers`, seller, {
        toUserId: buyer.id,
        keepCosts: true,
        keepNotes: true,
      });
    for (const car of cars.slice(0, 10)) {
      const made = data<CarTransfer>(await offerCar(car), 201);
      if (car === cars[0]) data<CarTransfer>(await answer(made.id, seller, 'cancel'));
    }
    const eleventh = await offerCar(cars[10]!);
    expect(eleventh.statusCode, eleventh.body).toBe(429);
    expect(eleventh.json<{ error: { code: string } }>().error.code).toBe('CAR_TRANSFER_DAILY_LIMIT');
    // Retry-After: when the first of the 10 is a day old (within the day).
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 60 * 60);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    // The buyer was told 10 times, not 11.
    const notes = data<Notification[]>(await call('GET', '/notifications?limit=100', buyer));
    expect(notes.filter((n) => n.type === 'car-transfer')).toHaveLength(10);
    // Another seller is not held by it.
    const s = await carForSale();
    data<CarTransfer>(await offer(s), 201);
    // A day later (the offers now 25 hours old), the seller may offer again.
    await t.app.db.kysely
      .updateTable('car_transfers')
      .set({ created_at: iso(25 * HOUR) })
      .where('from_user_id', '=', seller.id)
      .execute();
    data<CarTransfer>(await offerCar(cars[10]!), 201);
  });

  test('a member who declined a car is not offered it again for 7 days (409 CAR_TRANSFER_DECLINED_RECENTLY)', async () => {
    expect(CAR_TRANSFER_DECLINED_DAYS).toBe(7);
    const s = await carForSale();
    const declined = data<CarTransfer>(await offer(s), 201);
    data<CarTransfer>(await answer(declined.id, s.buyer, 'decline'));
    const setDeclinedAgo = (ms: number) =>
      t.app.db.kysely
        .updateTable('car_transfers')
        .set({ answered_at: iso(ms) })
        .where('id', '=', declined.id)
        .execute();
    for (const ago of [0, 6 * 24 * HOUR, 7 * 24 * HOUR - HOUR]) {
      await setDeclinedAgo(ago);
      const again = await offer(s);
      expect(again.statusCode, `${ago}`).toBe(409);
      expect(again.json<{ error: { code: string } }>().error.code).toBe('CAR_TRANSFER_DECLINED_RECENTLY');
    }
    // Another car of the same seller may be offered to them.
    const other = data<Car>(await call('POST', '/cars', s.seller, { make: 'Renault', model: '4L' }), 201);
    const otherOffer = data<CarTransfer>(
      await call('POST', `/cars/${other.id}/transfers`, s.seller, {
        toUserId: s.buyer.id,
        keepCosts: true,
        keepNotes: true,
      }),
      201,
    );
    data<CarTransfer>(await answer(otherOffer.id, s.seller, 'cancel'));
    await setDeclinedAgo(7 * 24 * HOUR + HOUR);
    expect(data<CarTransfer>(await offer(s), 201).status).toBe('pending');
  });
});

describe('the buyer lookup', () => {
  test('answers alike for any e-mail address, with or without an account; a username still finds', async () => {
    const s = await carForSale();
    const ask = (q: string) => call('GET', `/car-transfers/buyer?q=${encodeURIComponent(q)}`, s.seller);
    const answers = await Promise.all(
      [
        s.buyer.email,
        s.buyer.email.toUpperCase(),
        `nobody-${Date.now()}@example.com`,
        s.seller.email,
        'a@b',
      ].map(ask),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).toBe(answers[0]!.body);
      expect(res.body).not.toContain(s.buyer.id);
    }
    expect(data<{ id: string }>(await ask(s.buyer.username.toUpperCase())).id).toBe(s.buyer.id);
  });
});

describe('OpenAPI', () => {
  test('documents the transfer, sold-record and owners routes with their bodies and refusals', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1.0/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    }>();
    const at = (path: string) => doc.paths[`/api/v1.0${path}`]!;
    expect(Object.keys(at('/cars/{id}/transfers'))).toEqual(['post']);
    expect(Object.keys(at('/car-transfers/{id}'))).toEqual(expect.arrayContaining(['get', 'put']));
    expect(Object.keys(at('/car-transfers'))).toEqual(['get']);
    expect(Object.keys(at('/car-transfers/buyer'))).toEqual(['get']);
    expect(Object.keys(at('/cars/sold'))).toEqual(['get']);
    expect(Object.keys(at('/cars/sold/{saleId}'))).toEqual(['get']);
    expect(Object.keys(at('/cars/{id}/owners'))).toEqual(['get']);
    const offer = JSON.stringify(at('/cars/{id}/transfers').post!.requestBody);
    for (const name of ['toUserId', 'keepCosts', 'keepNotes']) expect(offer).toContain(`"${name}"`);
    expect(Object.keys(at('/cars/{id}/transfers').post!.responses)).toEqual(
      expect.arrayContaining(['201', '400', '403', '404', '409', '429']),
    );
    const answer = JSON.stringify(at('/car-transfers/{id}').put!.requestBody);
    for (const action of ['accept', 'decline', 'cancel']) expect(answer).toContain(`"${action}"`);
    expect(Object.keys(at('/car-transfers/{id}').put!.responses)).toEqual(
      expect.arrayContaining(['200', '403', '404', '409']),
    );
  });
});
