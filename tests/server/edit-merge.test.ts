// Edits from two devices merge by field (docs/OFFLINE-FIRST.md "Edits from two devices"): a PUT
// with `base` changes only the fields it carries; a field changed elsewhere since its base keeps
// the later write, whose answer names it in `overwritten` with the value replaced. A PUT without
// `base` (an older client sending the whole form) keeps the later-write-wins rule, silently. The
// socket event of a write carries its `updatedAt`, so a device can tell its own echo from a newer
// write of another device.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Car, CarLog, CarLogSaved, CarSaved } from '../../src/contract/garage';
import { createTestApp, type TestApp } from './helpers';
import {
  API,
  collect,
  createCar,
  createLog,
  listen,
  member,
  received,
  socketOf,
  type Member,
} from './garage-fixtures';

let t: TestApp;
let ann: Member;
let car: Car;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
  car = await createCar(t.app, ann);
  url = await listen(t.app);
});
afterAll(async () => t.close());

async function put<T>(path: string, payload: object): Promise<T> {
  const res = await t.app.inject({ method: 'PUT', url: `${API}${path}`, headers: ann.headers, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

async function getLog(id: string): Promise<CarLog> {
  const res = await t.app.inject({ method: 'GET', url: `${API}/car-logs/log/${id}`, headers: ann.headers });
  return res.json<{ data: CarLog }>().data;
}

describe('PUT /car-logs/:id with base', () => {
  test('two devices: fields changed on one only are kept; the title both changed keeps the later write and names the one it replaced', async () => {
    const log = await createLog(t.app, ann, car.id, { title: 'Oil change', cost: 89.9, content: null });
    // Device 1, offline: title and cost. Device 2, offline: title and notes. Replayed 1 then 2.
    const first = await put<CarLogSaved>(`/car-logs/${log.id}`, {
      title: 'Oil and filter',
      cost: 120,
      base: { title: 'Oil change', cost: 89.9 },
    });
    expect(first.overwritten).toBeUndefined();
    const second = await put<CarLogSaved>(`/car-logs/${log.id}`, {
      title: 'Oil, filter and plugs',
      content: '<p>Plugs too</p>',
      base: { title: 'Oil change', content: null },
    });
    expect(second.overwritten).toEqual({ title: 'Oil and filter' });
    const stored = await getLog(log.id);
    expect(stored).toMatchObject({ title: 'Oil, filter and plugs', cost: 120, content: '<p>Plugs too</p>' });
    expect(stored).not.toHaveProperty('overwritten');
    // "Restore": device 2 puts device 1's value back, from the value it now shows.
    const restored = await put<CarLogSaved>(`/car-logs/${log.id}`, {
      title: 'Oil and filter',
      base: { title: 'Oil, filter and plugs' },
    });
    expect(restored.overwritten).toBeUndefined();
    expect((await getLog(log.id)).title).toBe('Oil and filter');
  });

  test('the same value written on both devices is no conflict (notes compared once cleaned)', async () => {
    const log = await createLog(t.app, ann, car.id, { content: '<p>Before</p>' });
    await put(`/car-logs/${log.id}`, {
      content: '<p>After<script>x</script></p>',
      base: { content: '<p>Before</p>' },
    });
    const second = await put<CarLogSaved>(`/car-logs/${log.id}`, {
      content: '<p>After</p>',
      base: { content: '<p>Before</p>' },
    });
    expect(second.overwritten).toBeUndefined();
  });

  test('a fill-up both devices changed: the fuel replaced is answered whole, an empty value as null', async () => {
    const fuel = { quantity: 40, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: 1.8 };
    const log = await createLog(t.app, ann, car.id, { type: 'fuel', title: 'Fill-up', cost: 72, fuel });
    await put(`/car-logs/${log.id}`, {
      fuel: { ...fuel, quantity: 42 },
      location: 'Total Lyon',
      base: { fuel, location: 'Garage du Port' },
    });
    const second = await put<CarLogSaved>(`/car-logs/${log.id}`, {
      fuel: { ...fuel, quantity: 41, pricePerUnit: undefined },
      location: null,
      base: { fuel: { ...fuel, pricePerUnit: 1.8 }, location: 'Garage du Port' },
    });
    expect(second.overwritten).toEqual({ fuel: { ...fuel, quantity: 42 }, location: 'Total Lyon' });
    expect((await getLog(log.id)).fuel).toEqual({ ...fuel, quantity: 41, pricePerUnit: null });
  });

  test('an older client (the whole form, no base) keeps the later write silently', async () => {
    const log = await createLog(t.app, ann, car.id, { title: 'Brakes', cost: 300 });
    await put(`/car-logs/${log.id}`, { title: 'Brakes', cost: 350, base: { cost: 300 } });
    const { id: _id, media: _m, createdAt: _c, updatedAt: _u, authorId: _a, ...whole } = log;
    const answer = await put<CarLogSaved>(`/car-logs/${log.id}`, { ...whole, title: 'Front brakes' });
    expect(answer.overwritten).toBeUndefined();
    expect(await getLog(log.id)).toMatchObject({ title: 'Front brakes', cost: 300 });
  });

  test('the multipart edit answers the fields it overwrote too', async () => {
    const log = await createLog(t.app, ann, car.id, { title: 'Tyres' });
    await put(`/car-logs/${log.id}`, { title: 'Winter tyres', base: { title: 'Tyres' } });
    const form = new FormData();
    form.append('data', JSON.stringify({ title: 'Summer tyres', base: { title: 'Tyres' } }));
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    form.append('media', new Blob([png], { type: 'image/png' }), 'receipt.png');
    const res = await fetch(`${url}${API}/car-logs/${log.id}/with-media`, {
      method: 'PUT',
      headers: { authorization: ann.headers.authorization },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = ((await res.json()) as { data: CarLogSaved }).data;
    expect(answer.overwritten).toEqual({ title: 'Winter tyres' });
    expect(answer.media).toHaveLength(1);
  });

  test('the socket event of a write carries its updatedAt', async () => {
    const log = await createLog(t.app, ann, car.id);
    const socket = await socketOf(url, ann);
    try {
      const events = collect(socket);
      const answer = await put<CarLogSaved>(`/car-logs/${log.id}`, {
        title: 'New title',
        base: { title: log.title },
      });
      const [event] = await received(events, 1);
      expect(event?.jsonPayload).toMatchObject({
        relatedCarLogId: log.id,
        action: 'updated',
        updatedAt: answer.updatedAt,
      });
    } finally {
      socket.close();
    }
  });
});

describe('PUT /cars/:id with base', () => {
  test('a field changed elsewhere is named with the value replaced; the others are merged', async () => {
    const mine = await createCar(t.app, ann, { nickname: 'Berlinette', mileage: 84_000 });
    await put<CarSaved>(`/cars/${mine.id}`, {
      nickname: 'La Bleue',
      mileage: 85_000,
      base: { nickname: 'Berlinette', mileage: 84_000 },
    });
    const second = await put<CarSaved>(`/cars/${mine.id}`, {
      nickname: 'Blue',
      description: '<p>Restored in 2019</p>',
      base: { nickname: 'Berlinette', description: null },
    });
    expect(second.overwritten).toEqual({ nickname: 'La Bleue' });
    expect(second).toMatchObject({
      nickname: 'Blue',
      mileage: 85_000,
      description: '<p>Restored in 2019</p>',
    });
  });

  test('an older client without base is answered without overwritten', async () => {
    const mine = await createCar(t.app, ann, { nickname: 'One' });
    await put(`/cars/${mine.id}`, { nickname: 'Two', base: { nickname: 'One' } });
    const answer = await put<CarSaved>(`/cars/${mine.id}`, {
      make: mine.make,
      model: mine.model,
      nickname: 'Three',
    });
    expect(answer.overwritten).toBeUndefined();
    expect(answer.nickname).toBe('Three');
  });
});
