// Friends read a member's cars and the car's photo ("a member reads their own cars and
// their friends' cars, and writes only their own"); logs and their files stay the owner's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { form, jpeg, send } from './media-fixtures';
import { befriend, caller, person, type Person } from './people-fixtures';

let t: TestApp;
let owner: Person;
let friend: Person;
let stranger: Person;
let call: ReturnType<typeof caller>;
let carId: string;
let imageUrl: string;
let logId: string;
let logFileUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  [owner, friend, stranger] = await Promise.all([person(t.app), person(t.app), person(t.app)]);
  await befriend(t.app, owner, friend);
  const made = await send(
    t.app,
    owner,
    'POST',
    '/cars/with-image',
    form({ make: 'Alpine', model: 'A110' }, [
      { name: 'image', bytes: await jpeg(40, 30), filename: 'a.jpg', type: 'image/jpeg' },
    ]),
  );
  expect(made.statusCode, made.body).toBe(201);
  ({ id: carId, image: imageUrl } = made.json<{ data: { id: string; image: string } }>().data);
  const log = await send(
    t.app,
    owner,
    'POST',
    '/car-logs/with-media',
    form({ data: JSON.stringify({ carId, type: 'maintenance', title: 'Oil', startDate: '2026-01-02' }) }, [
      { name: 'media', bytes: await jpeg(20, 20), filename: 'r.jpg', type: 'image/jpeg' },
    ]),
  );
  expect(log.statusCode, log.body).toBe(201);
  const logData = log.json<{ data: { id: string; media: { url: string }[] } }>().data;
  logId = logData.id;
  logFileUrl = logData.media[0]!.url;
});
afterAll(async () => t?.close());

const fileAs = (who: Person, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

describe("friends and a member's cars", () => {
  it('a friend reads the car and lists the owner’s cars; a stranger gets 404 for both', async () => {
    expect((await call('GET', `/cars/${carId}`, friend)).statusCode).toBe(200);
    const feed = await call('GET', `/cars/feed?ownerId=${owner.id}`, friend);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json<{ data: { id: string }[] }>().data.map((c) => c.id)).toEqual([carId]);
    expect((await call('GET', `/cars/${carId}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/cars/feed?ownerId=${owner.id}`, stranger)).statusCode).toBe(404);
  });

  it('a friend sees the car’s photo but not the files of its logs; a stranger sees neither', async () => {
    const photo = await fileAs(friend, imageUrl);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect((await fileAs(friend, logFileUrl)).statusCode).toBe(404);
    expect((await fileAs(stranger, imageUrl)).statusCode).toBe(404);
  });

  it('a friend cannot change or delete the car, nor read its logs', async () => {
    expect((await call('PUT', `/cars/${carId}`, friend, { model: 'Hacked' })).statusCode).toBe(404);
    expect((await call('DELETE', `/cars/${carId}`, friend)).statusCode).toBe(404);
    expect((await call('GET', `/car-logs/${carId}`, friend)).statusCode).toBe(404);
    expect((await call('GET', `/car-logs/log/${logId}`, friend)).statusCode).toBe(404);
    const car = await call('GET', `/cars/${carId}`, owner);
    expect(car.json<{ data: { model: string } }>().data.model).toBe('A110');
  });

  it('after the friendship ends, the car is hidden again', async () => {
    const other = await person(t.app);
    await befriend(t.app, owner, other);
    expect((await call('GET', `/cars/${carId}`, other)).statusCode).toBe(200);
    expect((await call('DELETE', `/friends/${owner.id}`, other)).statusCode).toBe(200);
    expect((await call('GET', `/cars/${carId}`, other)).statusCode).toBe(404);
    expect((await fileAs(other, imageUrl)).statusCode).toBe(404);
  });
});
