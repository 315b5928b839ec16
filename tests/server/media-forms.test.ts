import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createCar, logBody, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { form, listFiles, png, send } from './media-fixtures';

let t: TestApp;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTestApp();
  alice = await member(t.app);
  bob = await member(t.app);
});
afterAll(async () => t?.close());

const filesOf = (who: Member) => listFiles(t.app, who);
describe('replays and refusals', () => {
  it('answers a replayed log create by client id without storing its files again', async () => {
    const car = await createCar(t.app, bob);
    const id = crypto.randomUUID();
    const make = async () =>
      form({ data: JSON.stringify(logBody(car.id, { id })) }, [
        { name: 'media', bytes: await png(), filename: 'p.png' },
      ]);
    const first = await send(t.app, bob, 'POST', '/car-logs/with-media', await make());
    expect(first.statusCode, first.body).toBe(201);
    const count = (await filesOf(bob)).data.length;
    const again = await send(t.app, bob, 'POST', '/car-logs/with-media', await make());
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: { id: string; media: unknown[] } }>().data).toMatchObject({
      id,
      media: [expect.anything()],
    });
    expect((await filesOf(bob)).data.length).toBe(count);
  });

  it('keeps no file when the car fields are refused', async () => {
    const count = (await filesOf(alice)).data.length;
    const res = await send(
      t.app,
      alice,
      'POST',
      '/cars/with-image',
      form({ make: 'A', model: 'B', energyType: 'steam-and-hope' }, [
        { name: 'image', bytes: await png(), filename: 'x.png' },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect((await filesOf(alice)).data.length).toBe(count);
  });

  it('documents the upload routes in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API}/docs/json` })).json<{
      paths: Record<string, unknown>;
    }>();
    for (const p of [
      '/api/v1.0/cars/with-image',
      '/api/v1.0/car-logs/with-media',
      '/api/v1.0/media/{id}',
      '/api/v1.0/files',
      '/api/v1.0/files/{id}',
    ])
      expect(Object.keys(doc.paths)).toContain(p);
  });
});

describe('reading the form', () => {
  it('takes log fields as form fields, a repeated field as a list', async () => {
    const car = await createCar(t.app, alice);
    const body = form(
      { carId: car.id, type: 'maintenance', title: 'Tyres', startDate: '2025-04-01', mileage: '85000' },
      [],
    );
    body.append('tags', 'tyres');
    body.append('tags', 'front');
    const res = await send(t.app, alice, 'POST', '/car-logs/with-media', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: { tags: string[]; mileage: number; media: unknown[] } }>().data).toMatchObject({
      tags: ['tyres', 'front'],
      mileage: 85000,
      media: [],
    });
  });

  it('refuses a data field that is not a JSON object with 400', async () => {
    for (const data of ['{not json', '[1,2]']) {
      const res = await send(t.app, alice, 'POST', '/cars/with-image', form({ data }, []));
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { fields: { field: string }[] } }>().error.fields[0]!.field).toBe('body.data');
    }
  });

  it('refuses a JSON body with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/cars/with-image`,
      headers: alice.headers,
      payload: { make: 'A', model: 'B' },
    });
    expect(res.statusCode).toBe(415);
  });
});
