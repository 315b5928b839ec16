// Shared cars, over HTTP on a real database: every role (stranger, viewer, driver,
// editor, owner) × every verb × every entity (car, log, fuel log, reminder, media of a log) is
// allowed or refused with its exact status; invitations, leaving, owner-only member changes,
// GET /cars/feed, a removed driver's write, live events and the reminder notification's audience.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CarMember, CarMemberRole, CarInviteResult } from '../../src/contract/car-members';
import type { Car, CarLog } from '../../src/contract/garage';
import type { Notification } from '../../src/contract/notifications';
import type { Reminder } from '../../src/contract/maintenance-api';
import { collect, listen, received, socketOf } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { form, jpeg, send } from './media-fixtures';
import { befriend, caller, person, type Person } from './people-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let owner: Person;
let viewer: Person;
let driver: Person;
let editor: Person;
let stranger: Person;
let carId: string;
let ownersFill: CarLog;
let ownersLog: CarLog;
let driversFill: CarLog;
let reminder: Reminder;
let photoUrl: string;

type Who = 'stranger' | 'viewer' | 'driver' | 'editor' | 'owner';
const who = (w: Who): Person => ({ stranger, viewer, driver, editor, owner })[w];
const ROLES: Who[] = ['stranger', 'viewer', 'driver', 'editor', 'owner'];

// Each new reading is a day and 100 km after the last: the odometer rules never refuse one.
let day = 0;
function nextReading() {
  day += 1;
  const date = new Date(Date.UTC(2025, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  return { startDate: date, mileage: 10_000 + day * 100 };
}
const fuel = { quantity: 40, unit: 'l', fullTank: true, missedPrevious: false };
const fillBody = () => ({
  carId,
  type: 'fuel',
  title: 'Fill-up',
  cost: 70,
  currencyCode: 'EUR',
  fuel,
  ...nextReading(),
});
const logBody = () => ({ carId, type: 'maintenance', title: 'Brake pads', startDate: '2024-06-01' });

async function created<T>(res: { statusCode: number; body: string; json: () => unknown }): Promise<T> {
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: T }).data;
}

async function share(with_: Person, role: CarMemberRole, car = carId) {
  const invited = await call('POST', `/cars/${car}/members`, owner, { userId: with_.id, role });
  expect(invited.statusCode, invited.body).toBe(201);
  const accepted = await call('PUT', `/car-invites/${car}`, with_, { action: 'accept' });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

async function newOwnersLog(): Promise<CarLog> {
  return created(await call('POST', '/car-logs', owner, { ...logBody(), mileage: null }));
}
async function newOwnersFill(): Promise<CarLog> {
  return created(await call('POST', '/car-logs', owner, fillBody()));
}
async function newReminder(): Promise<Reminder> {
  return created(await call('POST', '/reminders', owner, { carId, title: 'Tyres', intervalMonths: 12 }));
}

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  const named = (firstName: string) => person(t.app, { firstName, lastName: 'Lane' });
  [owner, viewer, driver, editor, stranger] = await Promise.all([
    named('Olive'),
    named('Vera'),
    named('Dan'),
    named('Eddie'),
    named('Sam'),
  ]);
  for (const friend of [viewer, driver, editor]) await befriend(t.app, owner, friend);
  carId = (await created<Car>(await call('POST', '/cars', owner, { make: 'Peugeot', model: '205' }))).id;
  await share(viewer, 'viewer');
  await share(driver, 'driver');
  await share(editor, 'editor');
  ownersFill = await newOwnersFill();
  ownersLog = await newOwnersLog();
  driversFill = await created(await call('POST', '/car-logs', driver, fillBody()));
  reminder = await newReminder();
  const withPhoto = await send(
    t.app,
    owner,
    'POST',
    '/car-logs/with-media',
    form({ data: JSON.stringify({ ...logBody(), title: 'Rust', startDate: '2024-05-01' }) }, [
      { name: 'media', bytes: await jpeg(20, 20), filename: 'r.jpg', type: 'image/jpeg' },
    ]),
  );
  photoUrl = (await created<CarLog>(withPhoto)).media[0]!.url;
});
afterAll(async () => t?.close());

type Expected = Record<Who, number>;
// 404 for a stranger everywhere; the figure each role gets otherwise.
const READ: Expected = { stranger: 404, viewer: 200, driver: 200, editor: 200, owner: 200 };
const OWNER_ONLY: Expected = { stranger: 404, viewer: 403, driver: 403, editor: 403, owner: 200 };
const EDITORS: Expected = { stranger: 404, viewer: 403, driver: 403, editor: 200, owner: 200 };
const EDITORS_CREATE: Expected = { stranger: 404, viewer: 403, driver: 403, editor: 201, owner: 201 };
const DRIVERS_CREATE: Expected = { stranger: 404, viewer: 403, driver: 201, editor: 201, owner: 201 };

interface Row {
  entity: string;
  verb: 'read' | 'create' | 'update' | 'delete';
  expected: Expected;
  /** The request as `w`; may make what it needs first (a fresh log to delete). */
  run: (w: Who) => Promise<{ statusCode: number; body: string }>;
}

const ROWS: Row[] = [
  // The car: its fields and its members are the owner's to change (a car is created by anyone, as theirs).
  { entity: 'car', verb: 'read', expected: READ, run: (w) => call('GET', `/cars/${carId}`, who(w)) },
  {
    entity: 'car',
    verb: 'update',
    expected: OWNER_ONLY,
    run: (w) => call('PUT', `/cars/${carId}`, who(w), { nickname: `by ${w}` }),
  },
  {
    entity: 'car',
    verb: 'delete',
    // Only the owner's refusal is tested here (the owner's delete is its own test below).
    expected: { ...OWNER_ONLY, owner: 200 },
    run: async (w) => {
      if (w !== 'owner') return call('DELETE', `/cars/${carId}`, who(w));
      const other = await created<Car>(await call('POST', '/cars', owner, { make: 'Fiat', model: 'Panda' }));
      return call('DELETE', `/cars/${other.id}`, owner);
    },
  },
  // A log without a reading: the owner's and editors' only.
  {
    entity: 'log',
    verb: 'read',
    expected: READ,
    run: (w) => call('GET', `/car-logs/log/${ownersLog.id}`, who(w)),
  },
  {
    entity: 'log list',
    verb: 'read',
    expected: READ,
    run: (w) => call('GET', `/car-logs/${carId}`, who(w)),
  },
  {
    entity: 'log',
    verb: 'read',
    expected: READ,
    run: (w) => call('GET', `/car-logs/stats/${carId}`, who(w)),
  },
  {
    entity: 'log',
    verb: 'create',
    expected: EDITORS_CREATE,
    run: (w) => call('POST', '/car-logs', who(w), { ...logBody(), mileage: null }),
  },
  {
    entity: 'log',
    verb: 'update',
    expected: EDITORS,
    run: (w) => call('PUT', `/car-logs/${ownersLog.id}`, who(w), { title: `Brakes (${w})` }),
  },
  {
    entity: 'log',
    verb: 'delete',
    expected: EDITORS,
    run: async (w) => call('DELETE', `/car-logs/${(await newOwnersLog()).id}`, who(w)),
  },
  // Fill-ups and readings: drivers add them, and change only their own.
  {
    entity: 'fuel log',
    verb: 'read',
    expected: READ,
    run: (w) => call('GET', `/cars/${carId}/fuel-economy`, who(w)),
  },
  {
    entity: 'fuel log',
    verb: 'read',
    expected: READ,
    run: (w) => call('GET', `/cars/${carId}/odometer`, who(w)),
  },
  {
    entity: 'fuel log',
    verb: 'create',
    expected: DRIVERS_CREATE,
    run: (w) => call('POST', '/car-logs', who(w), fillBody()),
  },
  {
    entity: 'log with a reading',
    verb: 'create',
    expected: DRIVERS_CREATE,
    run: (w) => call('POST', '/car-logs', who(w), { ...logBody(), ...nextReading() }),
  },
  {
    entity: "the owner's fuel log",
    verb: 'update',
    expected: EDITORS,
    run: (w) => call('PUT', `/car-logs/${ownersFill.id}`, who(w), { title: `Fill (${w})` }),
  },
  {
    entity: "the owner's fuel log",
    verb: 'delete',
    expected: EDITORS,
    run: async (w) => call('DELETE', `/car-logs/${(await newOwnersFill()).id}`, who(w)),
  },
  {
    entity: "the driver's fuel log",
    verb: 'update',
    expected: { stranger: 404, viewer: 403, driver: 200, editor: 200, owner: 200 },
    run: (w) => call('PUT', `/car-logs/${driversFill.id}`, who(w), { title: `Fill (${w})` }),
  },
  {
    entity: "the driver's fuel log",
    verb: 'delete',
    expected: { stranger: 404, viewer: 403, driver: 200, editor: 200, owner: 200 },
    run: async (w) => {
      const mine = await created<CarLog>(await call('POST', '/car-logs', driver, fillBody()));
      return call('DELETE', `/car-logs/${mine.id}`, who(w));
    },
  },
  // Reminders: the owner's and editors'.
  {
    entity: 'reminder',
    verb: 'read',
    expected: READ,
    run: (w) => call('GET', `/reminders/${reminder.id}`, who(w)),
  },
  {
    entity: 'reminder',
    verb: 'read',
    expected: READ,
    run: (w) => call('GET', `/reminders?carId=${carId}`, who(w)),
  },
  {
    entity: 'reminder',
    verb: 'create',
    expected: EDITORS_CREATE,
    run: (w) => call('POST', '/reminders', who(w), { carId, title: `Belt (${w})`, intervalMonths: 24 }),
  },
  {
    entity: 'reminder',
    verb: 'update',
    expected: EDITORS,
    run: (w) => call('PUT', `/reminders/${reminder.id}`, who(w), { title: `Tyres (${w})` }),
  },
  {
    entity: 'reminder',
    verb: 'delete',
    expected: EDITORS,
    run: async (w) => call('DELETE', `/reminders/${(await newReminder()).id}`, who(w)),
  },
  // A log's photos: read with the log; added by whoever may change the log; a file is deleted
  // (DELETE /files/:id) by the member who uploaded it only, as before sharing.
  {
    entity: 'media of a log',
    verb: 'read',
    expected: READ,
    run: (w) => t.app.inject({ method: 'GET', url: photoUrl, headers: who(w).headers }),
  },
  {
    entity: 'media of a log',
    verb: 'create',
    expected: EDITORS,
    run: async (w) =>
      send(
        t.app,
        who(w),
        'PUT',
        `/car-logs/${ownersLog.id}/with-media`,
        form({ data: JSON.stringify({}) }, [
          { name: 'media', bytes: await jpeg(10, 10), filename: 'p.jpg', type: 'image/jpeg' },
        ]),
      ),
  },
  {
    entity: 'media of a log',
    verb: 'delete',
    expected: { stranger: 404, viewer: 404, driver: 404, editor: 404, owner: 200 },
    run: async (w) => {
      const log = await send(
        t.app,
        owner,
        'POST',
        '/car-logs/with-media',
        form({ data: JSON.stringify({ ...logBody(), title: 'Dent' }) }, [
          { name: 'media', bytes: await jpeg(12, 12), filename: 'd.jpg', type: 'image/jpeg' },
        ]),
      );
      const fileId = (await created<CarLog>(log)).media[0]!.id;
      return call('DELETE', `/files/${fileId}`, who(w));
    },
  },
];

describe('each role × verb × entity', () => {
  for (const row of ROWS)
    for (const w of ROLES)
      test(`${w}: ${row.verb} ${row.entity} → ${row.expected[w]}`, async () => {
        const res = await row.run(w);
        expect(res.statusCode, res.body).toBe(row.expected[w]);
      });
});

describe('logs say who wrote them', () => {
  test('authorId is the writer, and stays the writer after an editor changes the log', async () => {
    const read = await call('GET', `/car-logs/log/${driversFill.id}`, owner);
    expect(read.json<{ data: CarLog }>().data.authorId).toBe(driver.id);
    await call('PUT', `/car-logs/${driversFill.id}`, editor, { title: 'Edited by the editor' });
    const again = await call('GET', `/car-logs/log/${driversFill.id}`, viewer);
    expect(again.json<{ data: CarLog }>().data).toMatchObject({
      authorId: driver.id,
      title: 'Edited by the editor',
    });
    const owners = await call('GET', `/car-logs/log/${ownersLog.id}`, driver);
    expect(owners.json<{ data: CarLog }>().data.authorId).toBe(owner.id);
  });
});

describe("only the car's owner moves its logs and reminders to another car", () => {
  test("an editor or a driver cannot carry the owner's history onto a car of their own (403); the owner can", async () => {
    const editorsCar = await created<Car>(
      await call('POST', '/cars', editor, { make: 'Simca', model: '1000' }),
    );
    const driversCar = await created<Car>(
      await call('POST', '/cars', driver, { make: 'Simca', model: '1100' }),
    );
    const log = await newOwnersLog();
    const fill = await created<CarLog>(await call('POST', '/car-logs', driver, fillBody()));
    const rem = await newReminder();
    const moves = [
      call('PUT', `/car-logs/${log.id}`, editor, { carId: editorsCar.id }),
      call('PUT', `/car-logs/${fill.id}`, driver, { carId: driversCar.id }),
      call('PUT', `/car-logs/${fill.id}`, editor, { carId: editorsCar.id }),
      call('PUT', `/reminders/${rem.id}`, editor, { carId: editorsCar.id }),
    ];
    for (const res of await Promise.all(moves)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('FORBIDDEN');
    }
    // Nothing moved.
    for (const id of [log.id, fill.id])
      expect((await call('GET', `/car-logs/log/${id}`, owner)).json<{ data: CarLog }>().data.carId).toBe(
        carId,
      );
    expect((await call('GET', `/reminders/${rem.id}`, owner)).json<{ data: Reminder }>().data.carId).toBe(
      carId,
    );
    expect((await call('GET', `/car-logs/${editorsCar.id}`, editor)).json<{ data: CarLog[] }>().data).toEqual(
      [],
    );
    // They still edit in place as their role allows.
    expect((await call('PUT', `/car-logs/${log.id}`, editor, { title: 'Edited in place' })).statusCode).toBe(
      200,
    );
    // The owner moves them to another car of theirs.
    const second = await created<Car>(await call('POST', '/cars', owner, { make: 'Peugeot', model: '404' }));
    const moved = await call('PUT', `/car-logs/${log.id}`, owner, { carId: second.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ data: CarLog }>().data.carId).toBe(second.id);
    const movedReminder = await call('PUT', `/reminders/${rem.id}`, owner, { carId: second.id });
    expect(movedReminder.statusCode, movedReminder.body).toBe(200);
    // The cars made here go: the feed's test counts each member's cars.
    for (const [car, by] of [
      [editorsCar, editor],
      [driversCar, driver],
      [second, owner],
    ] as const)
      expect((await call('DELETE', `/cars/${car.id}`, by)).statusCode).toBe(200);
  });
});

describe('a file belongs with the log that shows it, not with who uploaded it', () => {
  test("an editor deletes their photo on the owner's log while editor; removed, it is 403 and the file stays", async () => {
    const car = await created<Car>(
      await call('POST', '/cars', owner, { make: 'Renault', model: 'Dauphine' }),
    );
    await share(editor, 'editor', car.id);
    const log = await created<CarLog>(
      await call('POST', '/car-logs', owner, { ...logBody(), carId: car.id, mileage: null }),
    );
    const upload = async (filename: string) => {
      const res = await send(
        t.app,
        editor,
        'PUT',
        `/car-logs/${log.id}/with-media`,
        form({ data: JSON.stringify({}) }, [
          { name: 'media', bytes: await jpeg(10, 11), filename, type: 'image/jpeg' },
        ]),
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: CarLog }>().data.media.at(-1)!;
    };
    const first = await upload('first.jpg');
    expect((await call('DELETE', `/files/${first.id}`, editor)).statusCode).toBe(200);
    const second = await upload('second.jpg');
    expect((await call('DELETE', `/cars/${car.id}/members/${editor.id}`, owner)).statusCode).toBe(200);
    const refused = await call('DELETE', `/files/${second.id}`, editor);
    expect(refused.statusCode, refused.body).toBe(403);
    const still = await call('GET', `/car-logs/log/${log.id}`, owner);
    expect(still.json<{ data: CarLog }>().data.media.map((m) => m.id)).toEqual([second.id]);
    expect((await call('GET', second.url.replace('/api/v1.0', ''), owner)).statusCode).toBe(200);
    expect((await call('DELETE', `/cars/${car.id}`, owner)).statusCode).toBe(200);
  });
});

describe('invitations', () => {
  test('friends only: a stranger is refused with 400 CAR_MEMBER_NOT_FRIEND', async () => {
    const res = await call('POST', `/cars/${carId}/members`, owner, { userId: stranger.id, role: 'viewer' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('CAR_MEMBER_NOT_FRIEND');
  });

  test('an unknown role is refused by the schema', async () => {
    const res = await call('POST', `/cars/${carId}/members`, owner, { userId: viewer.id, role: 'admin' });
    expect(res.statusCode).toBe(400);
  });

  test('the invited member is told (car-invite), accepts once; twice is 409; a repeat invite is 409', async () => {
    const guest = await person(t.app);
    await befriend(t.app, owner, guest);
    const car = await created<Car>(await call('POST', '/cars', owner, { make: 'Renault', model: '4L' }));
    const invited = await call('POST', `/cars/${car.id}/members`, owner, {
      userId: guest.id,
      role: 'driver',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json<{ data: CarMember }>().data).toMatchObject({
      userId: guest.id,
      role: 'driver',
      status: 'pending',
    });
    const again = await call('POST', `/cars/${car.id}/members`, owner, { userId: guest.id, role: 'viewer' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('CAR_MEMBER_EXISTS');

    const list = await call('GET', '/notifications', guest);
    const invite = list.json<{ data: Notification[] }>().data.filter((n) => n.type === 'car-invite');
    expect(invite).toHaveLength(1);
    expect(invite[0]!.jsonPayload).toMatchObject({
      relatedCarId: car.id,
      role: 'driver',
      excerpt: 'Renault 4L',
    });
    expect(invite[0]!.actor?.id).toBe(owner.id);

    // Pending: the logs stay closed to them.
    expect((await call('GET', `/car-logs/${car.id}`, guest)).statusCode).toBe(404);
    const accepted = await call('PUT', `/car-invites/${car.id}`, guest, { action: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<{ data: CarInviteResult }>().data).toMatchObject({
      status: 'accepted',
      member: { role: 'driver', status: 'accepted' },
    });
    expect((await call('GET', `/car-logs/${car.id}`, guest)).statusCode).toBe(200);
    const twice = await call('PUT', `/car-invites/${car.id}`, guest, { action: 'accept' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ error: { code: string } }>().error.code).toBe('CAR_INVITE_NOT_PENDING');
    // Someone else answering the invitation: 404.
    expect((await call('PUT', `/car-invites/${car.id}`, stranger, { action: 'accept' })).statusCode).toBe(
      404,
    );
  });

  test('a declined invitation is gone: a second answer is 404, and the car stays closed', async () => {
    const guest = await person(t.app);
    await befriend(t.app, owner, guest);
    const car = await created<Car>(await call('POST', '/cars', owner, { make: 'Citroën', model: 'AX' }));
    expect(
      (await call('POST', `/cars/${car.id}/members`, owner, { userId: guest.id, role: 'editor' })).statusCode,
    ).toBe(201);
    const declined = await call('PUT', `/car-invites/${car.id}`, guest, { action: 'decline' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<{ data: CarInviteResult }>().data).toEqual({
      carId: car.id,
      status: 'declined',
      member: null,
    });
    expect((await call('PUT', `/car-invites/${car.id}`, guest, { action: 'accept' })).statusCode).toBe(404);
    expect((await call('GET', `/car-logs/${car.id}`, guest)).statusCode).toBe(404);
  });

  test('only the owner changes members: roles, removals; a member leaves by their own id', async () => {
    const leaver = await person(t.app);
    await befriend(t.app, owner, leaver);
    await share(leaver, 'viewer');
    for (const w of ['viewer', 'driver', 'editor'] as const) {
      expect(
        (await call('PUT', `/cars/${carId}/members/${leaver.id}`, who(w), { role: 'editor' })).statusCode,
      ).toBe(403);
      expect((await call('DELETE', `/cars/${carId}/members/${leaver.id}`, who(w))).statusCode).toBe(403);
      expect(
        (await call('POST', `/cars/${carId}/members`, who(w), { userId: leaver.id, role: 'viewer' }))
          .statusCode,
      ).toBe(403);
    }
    expect(
      (await call('PUT', `/cars/${carId}/members/${leaver.id}`, stranger, { role: 'editor' })).statusCode,
    ).toBe(404);
    const changed = await call('PUT', `/cars/${carId}/members/${leaver.id}`, owner, { role: 'driver' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ data: CarMember }>().data.role).toBe('driver');

    const members = await call('GET', `/cars/${carId}/members`, viewer);
    expect(members.statusCode).toBe(200);
    const listed = members.json<{ data: CarMember[] }>().data;
    expect(listed[0]).toMatchObject({ userId: owner.id, role: 'owner', firstName: 'Olive' });
    expect(listed.map((m) => m.userId)).toEqual(
      expect.arrayContaining([viewer.id, driver.id, editor.id, leaver.id]),
    );
    expect((await call('GET', `/cars/${carId}/members`, stranger)).statusCode).toBe(404);

    expect((await call('DELETE', `/cars/${carId}/members/${leaver.id}`, leaver)).statusCode).toBe(200);
    expect((await call('GET', `/cars/${carId}`, leaver)).json<{ data: Car }>().data.role).toBeUndefined();
    expect((await call('GET', `/car-logs/${carId}`, leaver)).statusCode).toBe(404);
    expect((await call('DELETE', `/cars/${carId}/members/${owner.id}`, owner)).statusCode).toBe(403);
  });

  test("a removed driver's write is refused with 403 (the device's entry then needs attention)", async () => {
    const gone = await person(t.app);
    await befriend(t.app, owner, gone);
    await share(gone, 'driver');
    expect((await call('POST', '/car-logs', gone, fillBody())).statusCode).toBe(201);
    expect((await call('DELETE', `/cars/${carId}/members/${gone.id}`, owner)).statusCode).toBe(200);
    // Still the owner's friend, so the car reads; writing to it is no longer theirs: 403.
    const refused = await call('POST', '/car-logs', gone, fillBody());
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('FORBIDDEN');
    expect((await call('GET', `/car-logs/${carId}`, gone)).statusCode).toBe(404);
  });
});

describe('GET /cars/feed', () => {
  test('my cars (role owner) first, then the cars shared with me with their owner and my role', async () => {
    const mine = await created<Car>(await call('POST', '/cars', driver, { make: 'Dacia', model: 'Logan' }));
    const res = await call('GET', '/cars/feed', driver);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: Car[]; meta: { total: number } }>();
    expect(body.data.map((c) => [c.id, c.ownerId, c.role])).toEqual([
      [mine.id, driver.id, 'owner'],
      [carId, owner.id, 'driver'],
    ]);
    expect(body.data[1]!.ownerName).toBe('Olive Lane');
    expect(body.meta.total).toBe(2);
    // Paged across the two parts.
    const second = await call('GET', '/cars/feed?limit=1&offset=1', driver);
    expect(second.json<{ data: Car[] }>().data.map((c) => c.id)).toEqual([carId]);
    // The owner's own feed shows their cars with role owner only.
    const owners = await call('GET', '/cars/feed', owner);
    expect(
      owners.json<{ data: Car[] }>().data.every((c) => c.role === 'owner' && c.ownerId === owner.id),
    ).toBe(true);
  });
});

describe('reminders reach the members who can act on them', () => {
  test('a distance-based reminder reaches the driver once; a date-only one does not; viewers never', async () => {
    const count = async (p: Person, reminderId: string) =>
      (await call('GET', '/notifications?limit=100', p))
        .json<{ data: Notification[] }>()
        .data.filter(
          (n) =>
            n.type === 'reminder' &&
            (n.jsonPayload as Record<string, unknown>).relatedReminderId === reminderId &&
            (n.jsonPayload as Record<string, unknown>).state === 'overdue',
        ).length;
    const odometer = (await call('GET', `/cars/${carId}/odometer`, owner)).json<{
      data: { current: number };
    }>().data.current;
    const byDistance = await created<Reminder>(
      await call('POST', '/reminders', editor, { carId, title: 'Oil', dueMileage: odometer + 150 }),
    );
    const byDate = await created<Reminder>(
      await call('POST', '/reminders', owner, {
        carId,
        title: 'Insurance',
        logType: 'maintenance',
        dueDate: '2020-01-01',
      }),
    );
    // The fill-ups pass the due reading: the change to overdue is told once to each, not per write.
    expect((await call('POST', '/car-logs', driver, fillBody())).statusCode).toBe(201);
    expect((await call('POST', '/car-logs', driver, fillBody())).statusCode).toBe(201);
    expect(await count(driver, byDistance.id)).toBe(1);
    expect(await count(owner, byDistance.id)).toBe(1);
    expect(await count(editor, byDistance.id)).toBe(1);
    expect(await count(viewer, byDistance.id)).toBe(0);
    expect(await count(driver, byDate.id)).toBe(0);
    expect(await count(editor, byDate.id)).toBe(1);
    expect(await count(owner, byDate.id)).toBe(1);
  });
});

describe('live', () => {
  test("every member's devices are told of a change to the car's logs", async () => {
    const url = await listen(t.app);
    const sockets = await Promise.all([owner, viewer, driver, stranger].map((p) => socketOf(url, p)));
    try {
      const [toOwner, toViewer, toDriver, toStranger] = sockets.map(collect);
      const log = await created<CarLog>(await call('POST', '/car-logs', driver, fillBody()));
      for (const events of [toOwner!, toViewer!, toDriver!]) {
        const [event, raised] = await received(events, 2);
        expect(event!.jsonPayload).toMatchObject({
          relatedCarId: carId,
          relatedCarLogId: log.id,
          action: 'created',
        });
        // Each fill is the car's highest reading: it raises the car's mileage, told as a car change.
        expect(raised).toMatchObject({
          type: 'car',
          jsonPayload: { relatedCarId: carId, action: 'updated' },
        });
      }
      // A reminder written by an editor: a realtime-only `reminder` event to every member.
      const written = await created<Reminder>(
        await call('POST', '/reminders', editor, { carId, title: 'Wipers', intervalMonths: 6 }),
      );
      for (const events of [toOwner!, toViewer!, toDriver!]) {
        const [, , event] = await received(events, 3);
        expect(event).toMatchObject({
          id: '-'.repeat(36),
          type: 'reminder',
          jsonPayload: { relatedCarId: carId, relatedReminderId: written.id, action: 'created' },
        });
      }
      expect(toStranger).toHaveLength(0);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });
});

describe('the owner deletes the car', () => {
  test('members lose it at once', async () => {
    const car = await created<Car>(await call('POST', '/cars', owner, { make: 'Simca', model: '1000' }));
    await share(viewer, 'viewer', car.id);
    expect((await call('DELETE', `/cars/${car.id}`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/car-logs/${car.id}`, viewer)).statusCode).toBe(404);
    const feed = (await call('GET', '/cars/feed', viewer)).json<{ data: Car[] }>().data;
    expect(feed.map((c) => c.id)).not.toContain(car.id);
  });
});

describe('OpenAPI', () => {
  test('documents the members and invitation routes with their bodies and refusals', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1.0/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    }>();
    const at = (path: string) => doc.paths[`/api/v1.0${path}`]!;
    expect(Object.keys(at('/cars/{id}/members'))).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(at('/cars/{id}/members/{userId}'))).toEqual(expect.arrayContaining(['put', 'delete']));
    expect(Object.keys(at('/car-invites/{carId}'))).toEqual(['put']);
    const invite = JSON.stringify(at('/cars/{id}/members').post!.requestBody);
    for (const role of ['viewer', 'driver', 'editor']) expect(invite).toContain(`"${role}"`);
    expect(Object.keys(at('/cars/{id}/members').post!.responses)).toEqual(
      expect.arrayContaining(['201', '400', '403', '404', '409']),
    );
    expect(Object.keys(at('/car-logs').post!.responses)).toContain('403');
  });
});
