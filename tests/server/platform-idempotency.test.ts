// Idempotency-Key: a replay answers the first answer and does not run the handler again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_TTL_MS,
  IN_FLIGHT_TIMEOUT_MS,
  purgeExpiredIdempotencyKeys,
  requestHash,
} from '../../server/src/http/idempotency';
import { buildApp } from '../../server/src/app';
import { createTestApp, onPostgres, type TestApp } from './helpers';

async function signUp(t: TestApp, name: string): Promise<{ token: string; id: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1.0/auth/signup',
    payload: {
      email: `${name}@example.com`,
      password: 'correct horse battery staple 42',
      username: name,
      firstName: 'Test',
      lastName: name,
    },
  });
  expect(res.statusCode).toBe(201);
  const { data } = res.json<{ data: { token: string; user: { id: string } } }>();
  return { token: data.token, id: data.user.id };
}

describe('platform: idempotency keys', () => {
  let t: TestApp;
  let member: { token: string; id: string };
  let other: { token: string; id: string };
  let runs = 0;
  let failNext = false;
  let gate: Promise<void> | null = null;

  beforeAll(async () => {
    t = await createTestApp();
    const { app } = t;
    app.post('/api/v1.0/test/counter', { preHandler: app.authenticate }, async (request, reply) => {
      runs += 1;
      if (gate) await gate;
      if (failNext) {
        failNext = false;
        throw new Error('boom');
      }
      return reply.status(201).send({ success: true, data: { runs, body: request.body } });
    });
    member = await signUp(t, 'idem_one');
    other = await signUp(t, 'idem_two');
  });
  afterAll(() => t.close());

  const call = (key: string, body: object, token = member.token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1.0/test/counter',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload: body,
    });

  it('replays the stored answer without running the handler again', async () => {
    const key = randomUUID();
    const before = runs;
    const first = await call(key, { like: 'post-1', n: 1 });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Same body with its keys in another order is the same request.
    const second = await call(key, { n: 1, like: 'post-1' });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(runs).toBe(before + 1);
    const row = await t.app.db.kysely
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      member_id: member.id,
      method: 'POST',
      path: '/api/v1.0/test/counter',
      status_code: 201,
    });
    expect(row.request_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps keys per member: the same key from another member runs anew', async () => {
    const key = randomUUID();
    const before = runs;
    await call(key, { a: 1 });
    const res = await call(key, { a: 1 }, other.token);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toBe(before + 2);
  });

  it('answers 422 IDEMPOTENCY_CONFLICT for the same key with another body', async () => {
    const key = randomUUID();
    await call(key, { a: 1 });
    const res = await call(key, { a: 2 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'IDEMPOTENCY_CONFLICT' } });
  });

  it('answers 409 IDEMPOTENCY_CONFLICT while the first request is still running', async () => {
    const key = randomUUID();
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const before = runs;
    const first = call(key, { slow: true });
    while (runs === before) await new Promise((r) => setTimeout(r, 5));
    const second = await call(key, { slow: true });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ success: false, error: { code: 'IDEMPOTENCY_CONFLICT' } });
    gate = null;
    open();
    expect((await first).statusCode).toBe(201);
    expect((await call(key, { slow: true })).headers['idempotent-replayed']).toBe('true');
  });

  it('does not store a 5xx: the retry runs the handler', async () => {
    const key = randomUUID();
    const before = runs;
    failNext = true;
    expect((await call(key, { b: 1 })).statusCode).toBe(500);
    const retry = await call(key, { b: 1 });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toBe(before + 2);
  });

  it('takes over a key left in progress for more than 60 s by a dead request', async () => {
    const key = randomUUID();
    const at = (ms: number) => new Date(Date.now() - ms).toISOString();
    const row = {
      member_id: member.id,
      key,
      method: 'POST',
      path: '/api/v1.0/test/counter',
      request_hash: requestHash('POST', '/api/v1.0/test/counter', { c: 1 }),
      status_code: null,
      response_body: null,
    };
    await t.app.db.kysely
      .insertInto('idempotency_keys')
      .values({ ...row, created_at: at(IN_FLIGHT_TIMEOUT_MS - 5_000) })
      .execute();
    expect((await call(key, { c: 1 })).statusCode).toBe(409);
    await t.app.db.kysely
      .updateTable('idempotency_keys')
      .set({ created_at: at(IN_FLIGHT_TIMEOUT_MS + 5_000) })
      .where('key', '=', key)
      .execute();
    expect((await call(key, { c: 1 })).statusCode).toBe(201);
  });

  it('refuses a key longer than 200 characters and ignores requests without one', async () => {
    expect((await call('k'.repeat(200), { d: 1 })).statusCode).toBe(201);
    const long = await call('k'.repeat(201), { d: 1 });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    const before = runs;
    for (let i = 0; i < 2; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1.0/test/counter',
        headers: { authorization: `Bearer ${member.token}` },
        payload: { e: 1 },
      });
    }
    expect(runs).toBe(before + 2);
  });

  it('purges keys older than 24 hours and keeps younger ones', async () => {
    const now = Date.now();
    const base = {
      member_id: member.id,
      method: 'POST',
      path: '/x',
      request_hash: 'h',
      status_code: 200,
      response_body: '{}',
    };
    await t.app.db.kysely
      .insertInto('idempotency_keys')
      .values([
        { ...base, key: 'old', created_at: new Date(now - IDEMPOTENCY_TTL_MS - 60_000).toISOString() },
        { ...base, key: 'young', created_at: new Date(now - IDEMPOTENCY_TTL_MS + 60_000).toISOString() },
      ])
      .execute();
    await purgeExpiredIdempotencyKeys(t.app.db, now);
    const keys = await t.app.db.kysely
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', 'in', ['old', 'young'])
      .execute();
    expect(keys.map((k) => k.key)).toEqual(['young']);
  });
});

describe('platform: idempotency keys after a restart', () => {
  it('on SQLite a key left in progress by the previous process is freed at start-up; on PostgreSQL it waits', async () => {
    const t = await createTestApp();
    try {
      const member = await signUp(t, 'idem_restart');
      const fresh = {
        member_id: member.id,
        method: 'POST',
        path: '/api/v1.0/cars',
        request_hash: 'x',
        status_code: null,
        response_body: null,
        created_at: new Date().toISOString(),
      };
      await t.app.db.kysely
        .insertInto('idempotency_keys')
        .values([
          { ...fresh, key: 'cut-by-the-crash' },
          { ...fresh, key: 'answered', status_code: 201, response_body: '{}' },
        ])
        .execute();
      await t.app.close(); // the process ends (its data stays)
      const again = await buildApp(t.config, { logger: false });
      try {
        const keys = await again.db.kysely
          .selectFrom('idempotency_keys')
          .select('key')
          .where('member_id', '=', member.id)
          .orderBy('key')
          .execute();
        expect(keys.map((k) => k.key)).toEqual(onPostgres ? ['answered', 'cut-by-the-crash'] : ['answered']);
      } finally {
        await again.close();
      }
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});
