// Every route's body, fuzzed (docs/SECURITY-CHECKS.md "Stored values"): the routes are listed from
// the app itself (app.routeList, filled as they are added), so a new route is fuzzed without anyone
// adding it here. Each body is generated from the route's own schema (fast-check), its values
// mixed with hostile ones: the strings "Infinity", "-Infinity", "NaN" and "1e400", 1e308, -0, NUL,
// huge strings, nested junk and wrong types; multipart routes get the same as form fields. Every
// answer is below 500, and afterwards the database holds no text with NUL, no number that is not
// finite, and no member-set number outside its schema's range. Real server, real HTTP, real SQLite.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAR_LOG_COST_MAX,
  CAR_YEAR_MAX,
  CAR_YEAR_MIN,
  MILEAGE_MAX,
  REMINDER_INTERVAL_MONTHS_MAX,
  REMINDER_SOON_DAYS_MAX,
} from '../../src/contract/constants';
import { EQUIPMENT_AGE_MONTHS_MAX } from '../../src/contract/car-equipment';
import type { RouteEntry } from '../../server/src/http/route-registry';
import { trustRepository } from '../../server/src/trust/trust-repository';
import { png } from './media-fixtures';
import { API, startServer, type Attacker, type Server } from './attack-fixtures';

/** Bodies per route: modest, so the file runs well under a minute on a busy 2-core machine. */
const RUNS = 8;

type Schema = Record<string, any>;

let s: Server;
let me: Attacker;
let friend: Attacker;
let image: Buffer;
/** The fuzzing member's own things, so that bodies reach the code that stores them. */
const own: Record<string, string> = {};

const HOSTILE: unknown[] = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e400',
  '1e308',
  '-0',
  '0x1F',
  ' 12 ',
  '１２',
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER * 1e10,
  -0,
  -1,
  0.1 + 0.2,
  '\u0000',
  'a\u0000b',
  'x'.repeat(70_000),
  '<script>alert(1)</script>',
  { $ne: null },
  { nested: { deeper: [[[{ junk: true }]]] } },
  [],
  [null, 1, 'a'],
  {},
  true,
  null,
  '',
];
const hostile = fc.constantFrom(...HOSTILE);

/** Known ids for fields that name things, so that a body can pass its access checks. */
function idFor(key: string): fc.Arbitrary<string> {
  const ids: Record<string, string[]> = {
    carId: [own.car!],
    postId: [own.post!],
    carLogId: [own.log!],
    userId: [friend.id],
    recipientId: [friend.id],
    toUserId: [friend.id],
    chatGroupId: [own.group!],
    chatRoomId: [own.room!],
    parentId: [own.comment!],
    targetId: [own.post!, own.comment!, friend.id],
  };
  const known = ids[key];
  return known ? fc.oneof(fc.constantFrom(...known), fc.uuid()) : fc.uuid();
}

const day = fc
  .date({ min: new Date('1890-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return typeof schema.type === 'string' ? [schema.type] : [];
}

/** A value the schema would take (mostly), its fields sometimes hostile. */
function valueOf(schema: Schema, key: string, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives))
    return fc.oneof(...alternatives.map((a: Schema) => valueOf(a, key, depth)));
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => valueOf({ ...schema, type }, key, depth)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
      const inRange =
        types[0] === 'integer'
          ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
          : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      // The edges and just beyond them.
      return fc.oneof(inRange, fc.constantFrom(min, max, min - 1, max + 1, max * 10));
    }
    case 'string': {
      if (/id$/i.test(key) || schema.format === 'uuid') return idFor(key);
      if (schema.format === 'date') return day;
      if (schema.format === 'date-time') return day.map((d) => `${d}T12:00:00.000Z`);
      if (schema.format === 'email') return fc.emailAddress();
      const maxLength = Math.min(schema.maxLength ?? 40, 40);
      return fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
    }
    case 'array': {
      if (depth > 3) return fc.constant([]);
      const item = schema.items ? field(schema.items, key, depth + 1) : hostile;
      return fc.array(item, { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    }
    case 'object': {
      if (depth > 3) return fc.constant({});
      const properties: Record<string, Schema> = schema.properties ?? {};
      const required = new Set<string>(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, sub] of Object.entries(properties)) record[name] = field(sub, name, depth + 1);
      return fc.record(record, {
        requiredKeys: Object.keys(properties).filter((k) => required.has(k)),
      });
    }
    default:
      return hostile;
  }
}

/** A field: mostly what the schema takes, sometimes hostile. */
function field(schema: Schema, key: string, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: valueOf(schema, key, depth) }, { weight: 1, arbitrary: hostile });
}

/** A whole body: the schema's object (its fields fuzzed), or now and then something else entirely. */
const bodyOf = (schema: Schema) =>
  fc.oneof({ weight: 6, arbitrary: valueOf(schema, 'body', 0) }, { weight: 1, arbitrary: hostile });

/** Form fields as text: a field's value as the client would write it, or a hostile string. */
function formOf(schema: Schema): fc.Arbitrary<Partial<Record<string, string>>> {
  const properties: Record<string, Schema> = schema.properties ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  const record: Record<string, fc.Arbitrary<string>> = {};
  for (const [name, sub] of Object.entries(properties))
    record[name] = fc.oneof(
      { weight: 3, arbitrary: valueOf(sub, name, 1).map(text) },
      { weight: 2, arbitrary: fc.constantFrom(...HOSTILE.filter((h) => typeof h === 'string')) },
      { weight: 1, arbitrary: fc.constantFrom('9'.repeat(400), '1e5', '-12.5', '12.', '.5', '1_000') },
    );
  return fc.record(record, { requiredKeys: [] });
}

/** The multipart routes' schemas (read in their handlers, so not on the route). */
async function multipartSchemas(): Promise<Record<string, Schema>> {
  const garage = await import('../../src/contract/garage');
  const posts = await import('../../src/contract/posts');
  return {
    'POST /cars/with-image': garage.CarInput,
    'PUT /cars/:id/with-image': garage.CarUpdate,
    'POST /car-logs/with-media': garage.CarLogInput,
    'PUT /car-logs/:id/with-media': garage.CarLogUpdate,
    'POST /posts/with-image': posts.PostInput,
    'PUT /posts/:id/with-image': posts.PostUpdate,
  };
}

/** A route's path with its parameters set to the fuzzing member's own things where they fit. */
function pathOf(url: string): string {
  const path = url.slice(API.length);
  const first = (path.split('/')[1] ?? '').replace(/s$/, '');
  const byPrefix: Record<string, string | undefined> = {
    car: own.car,
    'car-log': own.log,
    reminder: own.reminder,
    post: own.post,
    comment: own.comment,
    'chat-group': own.group,
    'chat-room': own.room,
    'car-invite': own.car,
    equipment: own.equipment,
    moderation: own.report,
  };
  return path
    .replace(/:userId/g, friend.id)
    .replace(/:(id|carId)\b/g, () => byPrefix[first] ?? randomUUID())
    .replace(/:[A-Za-z]+/g, () => randomUUID());
}

/** The member-set numbers and their schema's range (the contract's constants). */
const RANGES: Record<string, Record<string, [number, number]>> = {
  cars: { year: [CAR_YEAR_MIN, CAR_YEAR_MAX], mileage: [0, MILEAGE_MAX] },
  car_logs: {
    mileage: [0, MILEAGE_MAX],
    cost_cents: [0, CAR_LOG_COST_MAX * 100],
    fuel_quantity: [0, 100_000],
    fuel_price_per_unit: [0, 1_000_000],
  },
  car_equipment: {
    reminder_distance: [1, MILEAGE_MAX],
    reminder_age_months: [1, EQUIPMENT_AGE_MONTHS_MAX],
  },
  reminders: {
    interval_months: [1, REMINDER_INTERVAL_MONTHS_MAX],
    interval_distance: [1, MILEAGE_MAX],
    due_mileage: [0, MILEAGE_MAX],
    soon_days: [0, REMINDER_SOON_DAYS_MAX],
    soon_distance: [0, MILEAGE_MAX],
  },
};

/** Every stored value that breaks the rules: NUL in text, a number not finite, one out of range. */
async function badStoredValues(): Promise<string[]> {
  const db = s.t.app.db.kysely;
  const tables = await db.introspection.getTables();
  const bad: string[] = [];
  for (const table of tables) {
    const rows = (await sql`select * from ${sql.table(table.name)}`.execute(db)).rows as Record<
      string,
      unknown
    >[];
    for (const row of rows)
      for (const [column, value] of Object.entries(row)) {
        const where = `${table.name}.${column}`;
        if (typeof value === 'string' && value.includes('\u0000')) bad.push(`${where}: NUL`);
        if (typeof value === 'number' && !Number.isFinite(value)) bad.push(`${where}: ${value}`);
        const range = RANGES[table.name]?.[column];
        if (range && value !== null && (Number(value) < range[0] || Number(value) > range[1]))
          bad.push(`${where}: ${String(value)} outside [${range[0]}, ${range[1]}]`);
      }
  }
  return bad;
}

beforeAll(async () => {
  image = await png(8, 8);
  s = await startServer();
  [me, friend] = [await s.member(), await s.member()];
  await s.befriend(me, friend);
  const data = async (res: Promise<{ status: number; text: string; json: any }>) => {
    const answer = await res;
    expect(answer.status, answer.text).toBeLessThan(300);
    return answer.json.data;
  };
  own.car = (await data(s.call('POST', '/cars', me, { make: 'Lancia', model: 'Fulvia' }))).id;
  own.log = (
    await data(
      s.call('POST', '/car-logs', me, {
        carId: own.car,
        type: 'repair',
        title: 'Seed',
        startDate: '2025-01-01',
      }),
    )
  ).id;
  own.reminder = (
    await data(s.call('POST', '/reminders', me, { carId: own.car, title: 'Oil', intervalMonths: 12 }))
  ).id;
  own.equipment = (
    await data(s.call('POST', `/cars/${own.car}/equipment`, me, { kind: 'tyres', name: 'Seed' }))
  ).id;
  own.post = (await data(s.call('POST', '/posts', me, { content: '<p>Seed</p>' }))).id;
  own.comment = (await data(s.call('POST', '/comments', me, { postId: own.post, content: 'Seed' }))).id;
  const group = await data(s.call('POST', '/chat-groups', me, { name: 'Seed', memberIds: [friend.id] }));
  own.group = group.id;
  own.room = group.chatRoomId;
  // A report of the friend's post, and the fuzzing member a moderator, so that the moderation
  // bodies reach the code that acts on it.
  const friendPost = (await data(s.call('POST', '/posts', friend, { content: '<p>Reported</p>' }))).id;
  own.report = (
    await data(s.call('POST', '/reports', me, { targetType: 'post', targetId: friendPost, reason: 'spam' }))
  ).id;
  await trustRepository(s.t.app.db.kysely).setModerator(me.email, true);
}, 60_000);
afterAll(() => s.close());

/** Routes whose body would end the account if it ever matched: fuzzed as a member of their own. */
const ENDS_THE_ACCOUNT = new Set(['DELETE /users/me']);

function routesWithBodies(): { key: string; route: RouteEntry }[] {
  return s.t.app.routeList
    .filter((r) => r.url.startsWith(API))
    .map((route) => ({ key: `${route.method} ${route.url.slice(API.length)}`, route }));
}

describe('every route body, fuzzed', () => {
  it('every number in a body schema has a finite range', () => {
    const unbounded: string[] = [];
    const walk = (schema: unknown, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      const node = schema as Schema;
      const types = typesOf(node);
      if (types.includes('number') || types.includes('integer')) {
        const min = node.minimum ?? node.exclusiveMinimum;
        const max = node.maximum ?? node.exclusiveMaximum;
        if (!Number.isFinite(min) || !Number.isFinite(max)) unbounded.push(where);
      }
      for (const [k, v] of Object.entries(node))
        if (k === 'properties')
          for (const [p, sub] of Object.entries(v as object)) walk(sub, `${where}.${p}`);
        else if (typeof v === 'object') walk(v, where);
    };
    const bodies = routesWithBodies().filter(({ route }) => route.schema?.body);
    expect(bodies.length).toBeGreaterThan(30);
    for (const { key, route } of bodies) walk(route.schema!.body, `${key} body`);
    expect(unbounded).toEqual([]);
  });

  it('JSON bodies: never a 500, and nothing non-finite, NUL or out of range stored', async () => {
    const routes = routesWithBodies().filter(({ route }) => route.schema?.body && route.member);
    const failures: string[] = [];
    for (const { key, route } of routes) {
      const who = ENDS_THE_ACCOUNT.has(key) ? await s.member() : me;
      await fc.assert(
        fc.asyncProperty(bodyOf(route.schema!.body as Schema), async (body) => {
          const path = pathOf(route.url);
          const res = await s.call(route.method, path, who, body);
          if (res.status >= 500) failures.push(`${key} ${JSON.stringify(body).slice(0, 300)}: ${res.status}`);
          return res.status < 500;
        }),
        { numRuns: RUNS, seed: 20261205, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
    expect(await badStoredValues()).toEqual([]);
  }, 120_000);

  it('signed-out bodies (sign-up, sign-in, resets) never answer 500', async () => {
    const routes = routesWithBodies().filter(({ route }) => route.schema?.body && !route.member);
    expect(routes.map((r) => r.key)).toContain('POST /auth/signup');
    for (const { route } of routes)
      await fc.assert(
        fc.asyncProperty(bodyOf(route.schema!.body as Schema), async (body) => {
          const res = await s.call(route.method, pathOf(route.url), null, body);
          return res.status < 500;
        }),
        { numRuns: 4, seed: 20261205 },
      );
    expect(await badStoredValues()).toEqual([]);
  }, 120_000);

  it('numbers a JSON parser reads as Infinity (1e400) and the strings "Infinity" are refused, 400', async () => {
    for (const mileage of ['1e400', '"Infinity"', '"-Infinity"', '"1e400"', '"12"']) {
      const raw = `{"carId":"${own.car}","type":"repair","title":"T","startDate":"2025-01-02","mileage":${mileage}}`;
      const res = await s.call('POST', '/car-logs', me, raw, { 'content-type': 'application/json' });
      expect(res.status, `${mileage}: ${res.text}`).toBe(400);
    }
    const car = await s.call('PUT', `/cars/${own.car}`, me, `{"mileage":"Infinity"}`, {
      'content-type': 'application/json',
    });
    expect(car.status).toBe(400);
    // A real number still goes through.
    const fine = await s.call('PUT', `/cars/${own.car}`, me, { mileage: 12_000 });
    expect(fine.status, fine.text).toBe(200);
    expect(await badStoredValues()).toEqual([]);
  });

  it('multipart bodies: form fields read strictly (plain decimals), never a 500, nothing bad stored', async () => {
    const schemas = await multipartSchemas();
    const routes = routesWithBodies().filter(({ route }) => route.schema && 'consumes' in route.schema);
    const unknown = routes.map((r) => r.key).filter((k) => !(k in schemas));
    // Uploads with a file only (avatar, post image, import): a file and junk fields.
    for (const k of unknown) schemas[k] = { type: 'object', properties: { junk: { type: 'string' } } };
    const failures: string[] = [];
    for (const { key, route } of routes) {
      const fileField = /imports/.test(key) ? 'file' : /with-media/.test(key) ? 'media' : 'image';
      await fc.assert(
        fc.asyncProperty(formOf(schemas[key]!), fc.boolean(), async (fields, withFile) => {
          const body = new FormData();
          for (const [k, v] of Object.entries(fields)) if (v !== undefined) body.append(k, v);
          if (withFile)
            body.append(fileField, new Blob([new Uint8Array(image)], { type: 'image/png' }), 'x\u0001.png');
          const res = await s.call(route.method, pathOf(route.url), me, body);
          if (res.status >= 500)
            failures.push(`${key} ${JSON.stringify(fields).slice(0, 300)}: ${res.status}`);
          return res.status < 500;
        }),
        { numRuns: RUNS, seed: 20261205, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
    expect(await badStoredValues()).toEqual([]);
  }, 120_000);

  it('a form field that is not a plain decimal is refused by name', async () => {
    for (const mileage of ['Infinity', '1e5', '9'.repeat(400), '0x10', '12abc']) {
      const body = new FormData();
      for (const [k, v] of Object.entries({
        carId: own.car!,
        type: 'repair',
        title: 'T',
        startDate: '2025-01-03',
        mileage,
      }))
        body.append(k, v);
      const res = await s.call('POST', '/car-logs/with-media', me, body);
      expect(res.status, `${mileage}: ${res.text}`).toBe(400);
      expect(res.json.error.fields).toContainEqual(expect.objectContaining({ field: 'body.mileage' }));
    }
    const body = new FormData();
    for (const [k, v] of Object.entries({
      carId: own.car!,
      type: 'repair',
      title: 'T',
      startDate: '2025-01-03',
      mileage: '1234',
    }))
      body.append(k, v);
    const ok = await s.call('POST', '/car-logs/with-media', me, body);
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json.data.mileage).toBe(1234);
  });
});
