// A member's own data: GET /users/me/export (a streamed ZIP of everything they own, GDPR
// art. 20) and DELETE /users/me (GDPR art. 17: everything only they own goes, files on disk
// included; sessions and sockets end; friends' conversations stay readable with a deleted member).
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import yauzl from 'yauzl';
import { ACCOUNT_DELETE_FRESH_SIGN_IN_SECONDS, ACCOUNT_EXPORTS_PER_HOUR } from '../../src/contract/account';
import { DELETED_MEMBER_USERNAME_PREFIX } from '../../src/contract/constants';
import { EXPORT_PAGE } from '../../server/src/account/account-data-repository';
import { login, STRONG_PASSWORD } from './auth-fixtures';
import { say } from './chat-fixtures';
import { API, listen, logBody, socketOf } from './garage-fixtures';
import { form, jpeg, PDF, png, send as upload, stored } from './media-fixtures';
import { send } from './messages-fixtures';
import { befriend, caller, person, type Person } from './people-fixtures';
import { comment, post } from './posts-fixtures';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let call: ReturnType<typeof caller>;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  url = await listen(t.app);
});
afterAll(() => t.close());

/** Every entry of a ZIP, by name. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const files = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

const mediaFile = async (mediaId: string) => {
  const row = await t.app.db.kysely
    .selectFrom('media')
    .select('storage_key')
    .where('id', '=', mediaId)
    .executeTakeFirstOrThrow();
  return `media/${row.storage_key}`;
};
/** The bytes of a stored object (DATA_DIR, or the bucket with TEST_MEDIA_STORE=s3). */
const readStored = (key: string) => t.app.objectStore.read(key);
const existsStored = (key: string) => stored(t.app, key);

/** A member with a bit of everything, a friend who talks to them, and a stranger. */
async function world() {
  const ann = await person(t.app, { firstName: 'Ann', lastName: 'Owner' });
  const bob = await person(t.app, { firstName: 'Bob', lastName: 'Friend' });
  const eve = await person(t.app, { firstName: 'Eve', lastName: 'Stranger' });
  await befriend(t.app, ann, bob);

  const carRes = await upload(
    t.app,
    ann as never,
    'POST',
    '/cars/with-image',
    form({ make: 'Matra', model: 'Djet' }, [{ name: 'image', bytes: await png(), filename: 'djet.png' }]),
  );
  expect(carRes.statusCode, carRes.body).toBe(201);
  const car = carRes.json<{ data: { id: string; image: string } }>().data;
  const logRes = await upload(
    t.app,
    ann as never,
    'POST',
    '/car-logs/with-media',
    form(
      {
        data: JSON.stringify(
          logBody(car.id, {
            type: 'fuel',
            title: 'Fill-up',
            mileage: 1000,
            fuel: { quantity: 41.5, unit: 'l', fullTank: true, missedPrevious: false },
          }),
        ),
      },
      [{ name: 'media', bytes: PDF, filename: 'receipt.pdf', type: 'application/pdf' }],
    ),
  );
  expect(logRes.statusCode, logRes.body).toBe(201);
  const log = logRes.json<{ data: { id: string; media: { id: string }[] } }>().data;
  const reminder = await call('POST', '/reminders', ann, {
    carId: car.id,
    title: 'Brakes',
    intervalMonths: 12,
  });
  expect(reminder.statusCode, reminder.body).toBe(201);
  const avatar = await t.app.inject({
    method: 'PUT',
    url: `${API}/users/me/avatar`,
    headers: ann.headers,
    payload: form({}, [
      { name: 'avatar', bytes: await jpeg(40, 40), filename: 'me.jpg', type: 'image/jpeg' },
    ]),
  });
  expect(avatar.statusCode, avatar.body).toBe(200);

  const annPost = await post(t.app, ann, { content: '<p>Ann at the track</p>' });
  const bobPost = await post(t.app, bob, { content: '<p>Bob in the hills</p>' });
  const bobOnAnn = await comment(t.app, bob, annPost.id, { content: 'Bob on Ann' });
  const annOnBob = await comment(t.app, ann, bobPost.id, { content: 'Ann on Bob' });
  const bobOwn = await comment(t.app, bob, bobPost.id, { content: 'Bob on Bob' });
  const toBob = await send(t.app, ann, bob, { subject: 'From Ann', content: 'Hi Bob' });
  const toAnn = await send(t.app, bob, ann, { subject: 'From Bob', content: 'Hi Ann' });
  const chat = await say(t.app, ann, { recipientId: bob.id }, 'Ann in chat');
  await say(t.app, bob, { chatRoomId: chat.chatRoomId }, 'Bob in chat');
  const evePost = await post(t.app, eve, { content: '<p>Eve secret</p>' });

  return {
    ann,
    bob,
    eve,
    car,
    log,
    annPost,
    bobPost,
    bobOnAnn,
    annOnBob,
    bobOwn,
    toBob,
    toAnn,
    chat,
    evePost,
  };
}

async function exportOf(who: Person) {
  const res = await call('GET', '/users/me/export', who);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res;
}

const json = (files: Map<string, Buffer>, name: string) =>
  JSON.parse(files.get(name)!.toString('utf8')) as never;

describe('GET /users/me/export', () => {
  test('a ZIP of every kind the member owns, with their files byte for byte, and nobody else’s private things', async () => {
    const w = await world();
    const res = await exportOf(w.ann);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="paddock-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = await unzip(res.rawPayload);

    for (const name of [
      'profile.json',
      'cars.json',
      'car-logs.json',
      'reminders.json',
      'posts.json',
      'comments.json',
      'messages.json',
      'chat-messages.json',
      'friends.json',
      'media.json',
    ])
      expect(files.has(name), name).toBe(true);

    const profile = json(files, 'profile.json') as { id: string; email: string; avatar: string | null };
    expect(profile).toMatchObject({ id: w.ann.id, email: w.ann.email, avatar: 'media/avatar.webp' });
    expect(JSON.stringify(profile)).not.toContain('argon2');
    expect((json(files, 'cars.json') as { id: string }[]).map((c) => c.id)).toEqual([w.car.id]);
    const logs = json(files, 'car-logs.json') as { id: string; fuel: unknown; mediaIds: string[] }[];
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      id: w.log.id,
      fuel: { quantity: 41.5, unit: 'l', fullTank: true, missedPrevious: false },
      mediaIds: [w.log.media[0]!.id],
    });
    expect(json(files, 'reminders.json')).toHaveLength(1);
    expect((json(files, 'posts.json') as { id: string }[]).map((p) => p.id)).toEqual([w.annPost.id]);
    expect((json(files, 'comments.json') as { id: string }[]).map((c) => c.id)).toEqual([w.annOnBob.id]);
    expect((json(files, 'messages.json') as { id: string }[]).map((m) => m.id).sort()).toEqual(
      [w.toBob.id, w.toAnn.id].sort(),
    );
    expect((json(files, 'chat-messages.json') as { content: string }[]).map((m) => m.content)).toEqual([
      'Ann in chat',
    ]);
    expect((json(files, 'friends.json') as { id: string }[]).map((f) => f.id)).toEqual([w.bob.id]);

    // Others' private things are absent everywhere.
    const all = [...files.values()].map((b) => b.toString('latin1')).join('\n');
    for (const secret of ['Eve secret', 'Bob on Bob', 'Bob in chat', 'Bob in the hills', w.eve.email])
      expect(all).not.toContain(secret);

    // Media: every file of media.json is in the archive, equal to the bytes on disk.
    const media = json(files, 'media.json') as { id: string; file: string }[];
    const carImageId = w.car.image.split('/').pop()!;
    expect(media.map((m) => m.id).sort()).toEqual([carImageId, w.log.media[0]!.id].sort());
    for (const m of media)
      expect(files.get(m.file)!.equals(await readStored(await mediaFile(m.id)))).toBe(true);
    expect(files.get(media.find((m) => m.id === w.log.media[0]!.id)!.file)!.equals(PDF)).toBe(true);
    expect(files.get('media/avatar.webp')!.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  test('an account with rows beyond one page exports them all', async () => {
    const who = await person(t.app);
    const now = new Date().toISOString();
    // 1,203 cars: more than two pages of EXPORT_PAGE (500) rows, the last one partly filled.
    expect(EXPORT_PAGE).toBe(500);
    const rows = Array.from({ length: 1203 }, (_, i) => ({
      id: `${who.id.slice(0, 8)}-0000-4000-8000-${String(i).padStart(12, '0')}`,
      owner_id: who.id,
      make: `Make ${i}`,
      model: 'M',
      mileage_unit: 'km',
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.app.db.kysely
        .insertInto('cars')
        .values(rows.slice(i, i + 200))
        .execute();
    const files = await unzip((await exportOf(who)).rawPayload);
    const got = json(files, 'cars.json') as { id: string }[];
    expect(got).toHaveLength(1203);
    expect(new Set(got.map((c) => c.id)).size).toBe(1203);
  });

  test(`is limited to ${ACCOUNT_EXPORTS_PER_HOUR} an hour per member`, async () => {
    expect(ACCOUNT_EXPORTS_PER_HOUR).toBe(3);
    const who = await person(t.app);
    for (let i = 0; i < ACCOUNT_EXPORTS_PER_HOUR; i++) await exportOf(who);
    const res = await call('GET', '/users/me/export', who);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('TOO_MANY_REQUESTS');
    // Another member is counted apart.
    await exportOf(await person(t.app));
  });

  test('needs a session', async () => {
    expect((await call('GET', '/users/me/export', null)).statusCode).toBe(401);
  });
});

describe('DELETE /users/me', () => {
  test('a wrong or missing password answers 400 INVALID_CURRENT_PASSWORD and changes nothing', async () => {
    const who = await person(t.app);
    for (const body of [{ password: 'not-it-at-all' }, {}]) {
      const res = await call('DELETE', '/users/me', who, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CURRENT_PASSWORD');
      expect(res.body).not.toContain('argon2');
    }
    expect((await call('GET', '/auth/me', who)).statusCode).toBe(200);
  });

  test('an account without a password needs a sign-in of at most 5 minutes ago (403 REAUTHENTICATION_REQUIRED)', async () => {
    expect(ACCOUNT_DELETE_FRESH_SIGN_IN_SECONDS).toBe(5 * 60);
    const who = await person(t.app);
    await t.app.db.kysely
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', who.id)
      .execute();
    const old = new Date(Date.now() - 5 * 60_000 - 5_000).toISOString();
    await t.app.db.kysely
      .updateTable('sessions')
      .set({ created_at: old })
      .where('user_id', '=', who.id)
      .execute();
    const stale = await call('DELETE', '/users/me', who, {});
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('REAUTHENTICATION_REQUIRED');

    const recent = new Date(Date.now() - 4 * 60_000).toISOString();
    await t.app.db.kysely
      .updateTable('sessions')
      .set({ created_at: recent })
      .where('user_id', '=', who.id)
      .execute();
    expect((await call('DELETE', '/users/me', who, {})).statusCode).toBe(200);
  });

  test('deletes what only the member owns, files included; ends sessions and sockets; friends keep their threads', async () => {
    const w = await world();
    const { ann, bob } = w;
    const secondDevice = await login(t.app, ann.email, STRONG_PASSWORD);
    expect(secondDevice.statusCode).toBe(200);
    const second = secondDevice.json<{ data: { token: string; refreshToken: string } }>().data;
    const socket = await socketOf(url, ann as never);
    const disconnected = new Promise<string>((resolve) =>
      socket.on('disconnect', (reason) => resolve(reason)),
    );

    const files = await Promise.all([w.car.image.split('/').pop()!, w.log.media[0]!.id].map(mediaFile));
    const avatarUrl = (await call('GET', '/auth/me', ann)).json().data.avatar as string;
    const version = new URLSearchParams(avatarUrl.split('?')[1]).get('v')!;
    const avatarFiles = [50, 256].map((s) => `avatars/${version}-${s}.webp`);
    for (const f of [...files, ...avatarFiles]) expect(await existsStored(f), f).toBe(true);

    const res = await call('DELETE', '/users/me', ann, { password: STRONG_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ deleted: true });

    // Files gone from disk, tokens refused, sockets closed.
    for (const f of [...files, ...avatarFiles]) expect(await existsStored(f), f).toBe(false);
    expect((await call('GET', '/auth/me', ann)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${API}/auth/me`,
          headers: { authorization: `Bearer ${second.token}` },
        })
      ).statusCode,
    ).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/refresh`,
      payload: { refreshToken: second.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    expect(await disconnected).toBe('io server disconnect');
    socket.close();
    expect((await login(t.app, ann.email, STRONG_PASSWORD)).statusCode).toBe(401);

    // Rows only Ann owned are gone.
    const db = t.app.db.kysely;
    const count = async (
      table: 'cars' | 'media' | 'reminders' | 'posts' | 'friendships' | 'sessions',
      column: string,
    ) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where(column as never, '=', ann.id as never)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('cars', 'owner_id')).toBe(0);
    expect(await count('media', 'owner_id')).toBe(0);
    expect(await count('reminders', 'owner_id')).toBe(0);
    expect(await count('posts', 'author_id')).toBe(0);
    expect(await count('friendships', 'friend_id')).toBe(0);
    expect(await count('sessions', 'user_id')).toBe(0);
    const tomb = await db.selectFrom('users').selectAll().where('id', '=', ann.id).executeTakeFirstOrThrow();
    expect(tomb).toMatchObject({
      email: `${DELETED_MEMBER_USERNAME_PREFIX}${ann.id}`,
      username: `${DELETED_MEMBER_USERNAME_PREFIX}${ann.id}`,
      password_hash: null,
      first_name: '',
      last_name: '',
      city: null,
      bio: null,
      avatar: null,
    });
    expect(tomb.deleted_at).not.toBeNull();

    // Bob's thread with Ann still opens, Ann shown as a deleted member.
    const fromAnn = await call('GET', `/messages/${w.toBob.id}`, bob);
    expect(fromAnn.statusCode, fromAnn.body).toBe(200);
    expect(fromAnn.json().data.sender).toMatchObject({
      id: ann.id,
      username: `${DELETED_MEMBER_USERNAME_PREFIX}${ann.id}`,
      firstName: '',
      lastName: '',
      avatar: null,
    });
    expect((await call('GET', `/messages/${w.toAnn.id}`, bob)).statusCode).toBe(200);
    const chat = await call('GET', `/chat-messages/chat-room/${w.chat.chatRoomId}`, bob);
    expect(chat.statusCode, chat.body).toBe(200);
    const said = chat.json<{ data: { content: string; sender: { username: string } }[] }>().data;
    expect(said.map((m) => m.content).sort()).toEqual(['Ann in chat', 'Bob in chat']);
    expect(said.find((m) => m.content === 'Ann in chat')!.sender.username).toBe(
      `${DELETED_MEMBER_USERNAME_PREFIX}${ann.id}`,
    );

    // Bob's own post and comments are intact; Ann's comment on it stays, by a deleted member.
    expect((await call('GET', `/posts/${w.bobPost.id}`, bob)).statusCode).toBe(200);
    const comments = await call('GET', `/comments/post/${w.bobPost.id}`, bob);
    expect(comments.statusCode, comments.body).toBe(200);
    const list = comments.json<{ data: { id: string; author: { username: string } }[] }>().data;
    expect(list.map((c) => c.id).sort()).toEqual([w.annOnBob.id, w.bobOwn.id].sort());
    // Ann's post (and Bob's comment on it) went with her.
    expect((await call('GET', `/posts/${w.annPost.id}`, bob)).statusCode).toBe(404);
    // Her profile is gone, and search does not find the tombstone.
    expect((await call('GET', `/users/${ann.id}`, bob)).statusCode).toBe(404);
    const search = await call('GET', `/users/search?q=${encodeURIComponent('deleted')}`, bob);
    expect(JSON.stringify(search.json())).not.toContain(ann.id);
    // Eve's things are untouched.
    expect((await call('GET', `/posts/${w.evePost.id}`, w.eve)).statusCode).toBe(200);
    expect((await call('GET', '/auth/me', w.eve)).statusCode).toBe(200);
  });

  test("files belong with the log: a leaving driver's and editor's uploads on the owner's car stay the owner's; the leaver's own cars' files go, whoever uploaded them", async () => {
    const [owner, driver, editor] = await Promise.all([
      person(t.app, { firstName: 'Olga', lastName: 'Owner' }),
      person(t.app, { firstName: 'Dirk', lastName: 'Driver' }),
      person(t.app, { firstName: 'Edda', lastName: 'Editor' }),
    ]);
    await befriend(t.app, owner, driver);
    await befriend(t.app, owner, editor);
    const car = (await call('POST', '/cars', owner, { make: 'Alpine', model: 'A110' })).json<{
      data: { id: string };
    }>().data;
    const share = async (carId: string, from: Person, to: Person, role: string) => {
      expect((await call('POST', `/cars/${carId}/members`, from, { userId: to.id, role })).statusCode).toBe(
        201,
      );
      expect((await call('PUT', `/car-invites/${carId}`, to, { action: 'accept' })).statusCode).toBe(200);
    };
    await share(car.id, owner, driver, 'driver');
    await share(car.id, owner, editor, 'editor');
    // The driver's fill-up with its receipt, on the owner's car.
    const fill = await upload(
      t.app,
      driver as never,
      'POST',
      '/car-logs/with-media',
      form(
        {
          data: JSON.stringify(
            logBody(car.id, {
              type: 'fuel',
              title: 'Fill-up',
              mileage: 5000,
              fuel: { quantity: 30, unit: 'l', fullTank: true, missedPrevious: false },
            }),
          ),
        },
        [{ name: 'media', bytes: PDF, filename: 'receipt.pdf', type: 'application/pdf' }],
      ),
    );
    expect(fill.statusCode, fill.body).toBe(201);
    const fillLog = fill.json<{ data: { id: string; media: { id: string; url: string }[] } }>().data;
    // The editor's photo on the owner's own log.
    const ownersLog = (
      await call('POST', '/car-logs', owner, logBody(car.id, { title: 'Bodywork', mileage: null }))
    ).json<{
      data: { id: string };
    }>().data;
    const photo = await upload(
      t.app,
      editor as never,
      'PUT',
      `/car-logs/${ownersLog.id}/with-media`,
      form({ data: JSON.stringify({}) }, [
        { name: 'media', bytes: await jpeg(16, 16), filename: 'dent.jpg', type: 'image/jpeg' },
      ]),
    );
    expect(photo.statusCode, photo.body).toBe(200);
    const photoFile = photo.json<{ data: { media: { id: string; url: string }[] } }>().data.media[0]!;
    const reminder = await call('POST', '/reminders', editor, {
      carId: car.id,
      title: 'Belt',
      intervalMonths: 24,
    });
    expect(reminder.statusCode, reminder.body).toBe(201);

    // The driver's own car, shared with the owner as editor, who adds a photo to its log.
    const driversCar = (await call('POST', '/cars', driver, { make: 'Lada', model: 'Niva' })).json<{
      data: { id: string };
    }>().data;
    await share(driversCar.id, driver, owner, 'editor');
    const driversLog = (
      await call('POST', '/car-logs', driver, logBody(driversCar.id, { title: 'Snow tyres', mileage: null }))
    ).json<{ data: { id: string } }>().data;
    const onDriversCar = await upload(
      t.app,
      owner as never,
      'PUT',
      `/car-logs/${driversLog.id}/with-media`,
      form({ data: JSON.stringify({}) }, [
        { name: 'media', bytes: await jpeg(14, 14), filename: 'snow.jpg', type: 'image/jpeg' },
      ]),
    );
    expect(onDriversCar.statusCode, onDriversCar.body).toBe(200);
    const onDriversFile = onDriversCar.json<{ data: { media: { id: string }[] } }>().data.media[0]!;
    const goneKey = await mediaFile(onDriversFile.id);
    const keptKeys = await Promise.all([fillLog.media[0]!.id, photoFile.id].map(mediaFile));

    for (const leaver of [driver, editor])
      expect((await call('DELETE', '/users/me', leaver, { password: STRONG_PASSWORD })).statusCode).toBe(200);

    // The owner's car keeps every file, on disk and readable, now the owner's.
    for (const key of keptKeys) expect(await existsStored(key), key).toBe(true);
    const fillNow = (await call('GET', `/car-logs/log/${fillLog.id}`, owner)).json<{
      data: { media: { id: string }[]; authorId: string };
    }>().data;
    expect(fillNow.media.map((m) => m.id)).toEqual([fillLog.media[0]!.id]);
    expect(fillNow.authorId).toBe(driver.id);
    const logNow = (await call('GET', `/car-logs/log/${ownersLog.id}`, owner)).json<{
      data: { media: { id: string }[] };
    }>().data;
    expect(logNow.media.map((m) => m.id)).toEqual([photoFile.id]);
    for (const url of [fillLog.media[0]!.url, photoFile.url])
      expect((await call('GET', url.replace(API, ''), owner)).statusCode, url).toBe(200);
    const owners = await t.app.db.kysely
      .selectFrom('media')
      .select('owner_id')
      .where('id', 'in', [fillLog.media[0]!.id, photoFile.id])
      .execute();
    expect(owners.map((o) => o.owner_id)).toEqual([owner.id, owner.id]);
    // The reminder the editor wrote is the car's: still there.
    expect(
      (await call('GET', `/reminders/${reminder.json<{ data: { id: string } }>().data.id}`, owner))
        .statusCode,
    ).toBe(200);
    // The driver's own car went, and the owner's photo on it with it (it belonged with that log).
    expect((await call('GET', `/cars/${driversCar.id}`, owner)).statusCode).toBe(404);
    expect(await existsStored(goneKey)).toBe(false);
    const left = await t.app.db.kysely
      .selectFrom('media')
      .select('id')
      .where('id', '=', onDriversFile.id)
      .execute();
    expect(left).toEqual([]);
  });

  test("push subscriptions and the calendar key go too (a tombstone's cascade never fires)", async () => {
    const [gone, kept] = [await person(t.app), await person(t.app)];
    const subscribe = async (who: Person) => {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const res = await call('POST', '/push-subscriptions', who, {
        endpoint: `https://push.example/${who.id}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: crypto.randomBytes(16).toString('base64url'),
        },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    await subscribe(gone);
    await subscribe(kept);
    const feedOf = async (who: Person) => {
      const res = await call('GET', '/reminders/calendar-key', who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { url: string } }>().data.url;
    };
    const goneFeed = await feedOf(gone);
    await feedOf(kept);
    const db = t.app.db.kysely as unknown as Kysely<{
      push_subscriptions: { user_id: string };
      calendar_keys: { member_id: string };
    }>;
    const owners = async () => ({
      push: (await db.selectFrom('push_subscriptions').select('user_id').execute()).map((r) => r.user_id),
      calendar: (await db.selectFrom('calendar_keys').select('member_id').execute()).map((r) => r.member_id),
    });
    expect((await owners()).push).toContain(gone.id);
    expect((await owners()).calendar).toContain(gone.id);

    expect((await call('DELETE', '/users/me', gone, { password: STRONG_PASSWORD })).statusCode).toBe(200);
    const left = await owners();
    expect(left.push).not.toContain(gone.id);
    expect(left.calendar).not.toContain(gone.id);
    expect(left.push).toContain(kept.id);
    expect(left.calendar).toContain(kept.id);
    // The deleted member's calendar address answers nothing any more.
    expect((await t.app.inject({ url: goneFeed.slice(t.config.publicUrl.length) })).statusCode).toBe(404);
  });

  test('the e-mail address is free for a new sign-up afterwards', async () => {
    const who = await person(t.app);
    expect((await call('DELETE', '/users/me', who, { password: STRONG_PASSWORD })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/signup`,
      payload: {
        email: who.email,
        password: STRONG_PASSWORD,
        username: `${who.username}2`.slice(0, 30),
        firstName: 'New',
        lastName: 'One',
      },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.user.id).not.toBe(who.id);
  });
});
