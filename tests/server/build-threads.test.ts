// Build threads: a car log shared to the feed as a post's card. The card shows the cost
// only when the author chose to; it is read from the live log (follows an edit, null once the log is
// deleted); the author's friends see it (and its photos), a stranger cannot attach someone else's
// log; a car's build thread lists the posts about it oldest first; posts without a log answer as
// before (no `carLog` key).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Car, CarLog } from '../../src/contract/garage';
import type { BuildThreadMeta, Post } from '../../src/contract/posts';
import { createTestApp, type TestApp } from './helpers';
import { form, getMedia, jpeg, send } from './media-fixtures';
import { befriend, caller, feed, getPost, person, post, type Person } from './posts-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let owner: Person;
let friend: Person;
let driver: Person;
let stranger: Person;
let carId: string;
let photoLog: CarLog;

async function created<T>(res: { statusCode: number; body: string; json: () => unknown }): Promise<T> {
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: T }).data;
}

const logBody = (overrides: Record<string, unknown> = {}) => ({
  carId,
  type: 'modification',
  title: 'New floor pans',
  content: '<p>Welded in</p>',
  cost: 420,
  currencyCode: 'EUR',
  startDate: '2025-02-01',
  mileage: 101_000,
  ...overrides,
});

async function newLog(who: Person = owner, overrides: Record<string, unknown> = {}): Promise<CarLog> {
  return created(await call('POST', '/car-logs', who, logBody(overrides)));
}

async function thread(who: Person, car = carId, query = '') {
  return call('GET', `/cars/${car}/build-thread${query ? `?${query}` : ''}`, who);
}

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  const named = (firstName: string) => person(t.app, { firstName, lastName: 'Thread' });
  [owner, friend, driver, stranger] = await Promise.all([
    named('Olga'),
    named('Fred'),
    named('Dora'),
    named('Stan'),
  ]);
  await befriend(t.app, owner, friend);
  await befriend(t.app, owner, driver);
  carId = (await created<Car>(await call('POST', '/cars', owner, { make: 'Citroen', model: 'DS' }))).id;
  const invited = await call('POST', `/cars/${carId}/members`, owner, { userId: driver.id, role: 'driver' });
  expect(invited.statusCode, invited.body).toBe(201);
  const accepted = await call('PUT', `/car-invites/${carId}`, driver, { action: 'accept' });
  expect(accepted.statusCode, accepted.body).toBe(200);
  photoLog = await created<CarLog>(
    await send(
      t.app,
      owner,
      'POST',
      '/car-logs/with-media',
      form({ data: JSON.stringify(logBody({ title: 'Bare metal' })) }, [
        { name: 'media', bytes: await jpeg(30, 20), filename: 'shell.jpg', type: 'image/jpeg' },
      ]),
    ),
  );
});
afterAll(async () => t?.close());

describe('sharing a log to the feed', () => {
  test('the card carries type, title, reading, date and photos; the cost is hidden unless showCost', async () => {
    const hidden = await post(t.app, owner, { content: '<p>Look</p>', carLogId: photoLog.id });
    expect(hidden.carId).toBe(carId);
    expect(hidden.carLog).toMatchObject({
      id: photoLog.id,
      carId,
      type: 'modification',
      title: 'Bare metal',
      mileage: 101_000,
      mileageUnit: 'km',
      startDate: '2025-02-01',
      showCost: false,
    });
    expect(hidden.carLog).not.toHaveProperty('cost');
    expect(hidden.carLog).not.toHaveProperty('currencyCode');
    expect(hidden.carLog?.photos).toEqual([
      expect.objectContaining({
        id: photoLog.media[0]!.id,
        url: photoLog.media[0]!.url,
        width: 30,
        height: 20,
      }),
    ]);

    const shown = await post(t.app, owner, {
      content: '<p>Receipts</p>',
      carLogId: photoLog.id,
      showCost: true,
    });
    expect(shown.carLog).toMatchObject({ showCost: true, cost: 420, currencyCode: 'EUR' });
    // Read again, as the feed and the post answer it.
    expect((await getPost(t.app, owner, shown.id)).carLog?.cost).toBe(420);
    const inFeed = (await feed(t.app, owner)).data.find((p) => p.id === hidden.id);
    expect(inFeed?.carLog).not.toHaveProperty('cost');
  });

  test('a log card needs no text of its own', async () => {
    const log = await newLog();
    const bare = await post(t.app, owner, { content: '', carLogId: log.id });
    expect(bare.carLog?.id).toBe(log.id);
  });

  test('the card follows an edit of the log, and becomes null once the log is deleted', async () => {
    const log = await newLog();
    const shared = await post(t.app, owner, { carLogId: log.id, showCost: true });
    const edited = await call('PUT', `/car-logs/${log.id}`, owner, {
      title: 'Floor pans, second side',
      cost: 510,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await getPost(t.app, friend, shared.id);
    expect(after.carLog).toMatchObject({ title: 'Floor pans, second side', cost: 510 });

    const deleted = await call('DELETE', `/car-logs/${log.id}`, owner);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await getPost(t.app, owner, shared.id);
    expect(gone).toHaveProperty('carLog', null);
    expect(gone.content).toBe(shared.content);
  });

  test('a friend sees the card in their feed, with its photos; a stranger sees neither', async () => {
    const shared = await post(t.app, owner, { content: '<p>For you</p>', carLogId: photoLog.id });
    const friendsFeed = await feed(t.app, friend);
    const seen = friendsFeed.data.find((p) => p.id === shared.id);
    expect(seen?.carLog?.title).toBe('Bare metal');
    const photo = seen!.carLog!.photos[0]!.url;
    expect((await getMedia(t.app, friend, photo)).statusCode).toBe(200);

    expect((await call('GET', `/posts/${shared.id}`, stranger)).statusCode).toBe(404);
    expect((await getMedia(t.app, stranger, photo)).statusCode).toBe(404);
  });

  test("a member of a shared car shares its logs; a stranger cannot attach someone else's log", async () => {
    const log = await newLog();
    const byDriver = await post(t.app, driver, { carLogId: log.id });
    expect(byDriver.carLog?.id).toBe(log.id);
    expect(byDriver.carId).toBe(carId);

    // The driver edits their post, its car sent back as it is: the card stays.
    const edited = await call('PUT', `/posts/${byDriver.id}`, driver, { content: '<p>Filled up</p>', carId });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: Post }>().data.carLog?.id).toBe(log.id);

    const refused = await call('POST', '/posts', stranger, { content: '<p>Mine now</p>', carLogId: log.id });
    expect(refused.statusCode, refused.body).toBe(404);
    // A friend of the owner reads the car but not its logs: theirs to share neither.
    const byFriend = await call('POST', '/posts', friend, { content: '<p>Nice</p>', carLogId: log.id });
    expect(byFriend.statusCode, byFriend.body).toBe(404);
    const unknown = await call('POST', '/posts', owner, {
      content: '<p>?</p>',
      carLogId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await call('POST', '/posts', owner, { content: '<p>?</p>', carLogId: 'not-an-id' });
    expect(malformed.statusCode).toBe(400);
  });

  test('posts without a log answer exactly as before: no carLog key', async () => {
    const plain = await post(t.app, owner, { content: '<p>Just words</p>' });
    expect(plain).not.toHaveProperty('carLog');
    expect(Object.keys(plain).sort()).toEqual(
      [
        'author',
        'carId',
        'commentsCount',
        'content',
        'createdAt',
        'id',
        'image',
        'imageHeight',
        'imageWidth',
        'images',
        'likes',
        'likesCount',
        'updatedAt',
      ].sort(),
    );
    const inFeed = (await feed(t.app, friend)).data.find((p) => p.id === plain.id);
    expect(inFeed).toBeDefined();
    expect(inFeed).not.toHaveProperty('carLog');
  });
});

describe('GET /cars/{id}/build-thread', () => {
  test('lists the posts about the car oldest first, paged, for owner, member and friend', async () => {
    const car = await created<Car>(await call('POST', '/cars', owner, { make: 'Renault', model: '4L' }));
    const logs = [];
    for (const title of ['Stripped', 'Painted', 'Reassembled'])
      logs.push(
        await created<CarLog>(await call('POST', '/car-logs', owner, logBody({ carId: car.id, title }))),
      );
    const posts: Post[] = [];
    for (const log of logs) posts.push(await post(t.app, owner, { carLogId: log.id }));
    // A post naming the car without a log belongs to its thread too; one about another car does not.
    posts.push(await post(t.app, owner, { content: '<p>Done!</p>', carId: car.id }));
    await post(t.app, owner, { carLogId: photoLog.id });

    const res = await thread(owner, car.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: Post[]; meta: BuildThreadMeta }>();
    expect(body.data.map((p) => p.id)).toEqual(posts.map((p) => p.id));
    expect(body.data.map((p) => p.carLog?.title ?? null)).toEqual([
      'Stripped',
      'Painted',
      'Reassembled',
      null,
    ]);
    expect(body.meta).toEqual({ total: 4, limit: expect.any(Number), offset: 0 });

    const second = (await thread(friend, car.id, 'limit=2&offset=2')).json<{
      data: Post[];
      meta: BuildThreadMeta;
    }>();
    expect(second.data.map((p) => p.id)).toEqual(posts.slice(2).map((p) => p.id));
    expect(second.meta.total).toBe(4);
  });

  test("a member's posts join the car's thread; a stranger gets 404, a malformed id 400", async () => {
    const log = await newLog(driver, {
      type: 'fuel',
      title: 'Fill-up',
      fuel: { quantity: 40, unit: 'l', fullTank: true, missedPrevious: false },
      mileage: 101_500,
      startDate: '2025-02-03',
    });
    const byDriver = await post(t.app, driver, { carLogId: log.id });
    const ids = (await thread(owner)).json<{ data: Post[] }>().data.map((p) => p.id);
    expect(ids).toContain(byDriver.id);
    expect((await thread(driver)).statusCode).toBe(200);

    expect((await thread(stranger)).statusCode).toBe(404);
    expect((await thread(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await thread(owner, 'nope')).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  test('documents carLogId and showCost on POST /posts and the build-thread route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1.0/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    }>();
    const create = doc.paths['/api/v1.0/posts']!.post!;
    expect(JSON.stringify(create.requestBody)).toContain('"carLogId"');
    expect(JSON.stringify(create.requestBody)).toContain('"showCost"');
    expect(Object.keys(create.responses)).toContain('404');
    const threadDoc = doc.paths['/api/v1.0/cars/{id}/build-thread']!.get!;
    expect(Object.keys(threadDoc.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    expect(JSON.stringify(threadDoc.responses['200'])).toContain('"carLog"');
  });
});
