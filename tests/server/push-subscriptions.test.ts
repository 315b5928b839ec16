// Web Push: devices subscribe and unsubscribe (ownership, validation, idempotency); a
// reminder that changes state is pushed once to each of the member's devices, encrypted for it
// (decrypted here with the subscription's private key), in the member's language; a push service
// answering 410 drops its subscription; a restart keeps the VAPID keys and pushes nothing again.
import { createECDH, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type App } from '../../server/src/app';
import { generateVapidKeys, loadConfig } from '../../server/src/config';
import { API, createCar, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { browser, decrypt, pushServer } from './push-fixtures';

const post = (app: App, who: Member, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `${API}/push-subscriptions`,
    headers: { ...who.headers, ...headers },
    payload: payload as object,
  });
const del = (app: App, who: Member, endpoint: string) =>
  app.inject({
    method: 'DELETE',
    url: `${API}/push-subscriptions`,
    headers: who.headers,
    payload: { endpoint },
  });

let service: Awaited<ReturnType<typeof pushServer>>;
beforeAll(async () => {
  // A push service on 127.0.0.1; /gone/… answers 410 like an expired subscription.
  service = await pushServer(({ path }) => ({ status: path.startsWith('/gone/') ? 410 : 201 }));
});
afterAll(async () => service?.close());

describe('a reminder pushed to the devices', () => {
  test('received and decrypted once per change, in the member language; 410 drops the device; a restart keeps keys and repeats nothing', async () => {
    const t: TestApp = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' });
    let app: App = t.app;
    try {
      const ann = await member(app);
      await app.db.kysely.updateTable('users').set({ language: 'en-US' }).where('id', '=', ann.id).execute();
      const key = await app.inject({
        url: `${API}/push-subscriptions/vapid-public-key`,
        headers: ann.headers,
      });
      expect(key.statusCode, key.body).toBe(200);
      const publicKey = key.json<{ data: { publicKey: string } }>().data.publicKey;
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
      const file = path.join(t.dataDir, 'vapid-keys.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const phone = browser(`${service.base}/push/ann-phone`);
      const gone = browser(`${service.base}/gone/ann-old-laptop`);
      const first = await post(app, ann, phone.json);
      expect(first.statusCode, first.body).toBe(201);
      const again = await post(app, ann, phone.json);
      expect(again.statusCode).toBe(200);
      expect(again.json<{ data: { id: string } }>().data.id).toBe(
        first.json<{ data: { id: string } }>().data.id,
      );
      expect(first.json<{ data: Record<string, unknown> }>().data).not.toHaveProperty('keys');
      expect((await post(app, ann, gone.json)).statusCode).toBe(201);

      const car = await createCar(app, ann, { nickname: 'Berlinette' });
      const created = await app.inject({
        method: 'POST',
        url: `${API}/reminders`,
        headers: ann.headers,
        payload: { carId: car.id, title: 'Insurance', dueDate: '2020-01-01' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const reminderId = created.json<{ data: { id: string } }>().data.id;

      await app.close(); // waits for the pushes in flight
      const toPhone = () => service.received.filter((r) => r.path === '/push/ann-phone');
      expect(toPhone()).toHaveLength(1);
      const [message] = toPhone();
      expect(message!.headers['content-encoding']).toBe('aes128gcm');
      expect(message!.headers.ttl).toBe(String(7 * 24 * 3600));
      expect(message!.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
      );
      // Declarative Web Push, as every push; the badge: the reminder's unread notification.
      expect(decrypt(message!, phone)).toEqual({
        web_push: 8030,
        notification: {
          title: 'Overdue: Insurance',
          body: 'Berlinette — due on Jan 1, 2020',
          navigate: `/car/${car.id}`,
          tag: `reminder-${reminderId}`,
          app_badge: 1,
        },
      });
      expect(service.received.filter((r) => r.path === '/gone/ann-old-laptop')).toHaveLength(1);

      // Restart on the same DATA_DIR: same keys, nothing pushed again while the state stays.
      app = await buildApp(loadConfig(t.env), { logger: false });
      const key2 = await app.inject({
        url: `${API}/push-subscriptions/vapid-public-key`,
        headers: ann.headers,
      });
      expect(key2.json<{ data: { publicKey: string } }>().data.publicKey).toBe(publicKey);
      const put = (payload: object) =>
        app.inject({ method: 'PUT', url: `${API}/reminders/${reminderId}`, headers: ann.headers, payload });
      expect((await put({ title: 'Insurance' })).statusCode).toBe(200);
      // In French now; back to ok silently, then overdue again: one more push.
      await app.db.kysely.updateTable('users').set({ language: 'fr-FR' }).where('id', '=', ann.id).execute();
      expect((await put({ dueDate: '2999-01-01' })).statusCode).toBe(200);
      expect((await put({ dueDate: '2020-01-01' })).statusCode).toBe(200);
      // The 410 dropped the old laptop's subscription.
      expect((await del(app, ann, gone.json.endpoint)).statusCode).toBe(404);
      await app.close();
      expect(toPhone()).toHaveLength(2);
      const fr = decrypt(toPhone()[1]!, phone).notification;
      expect(fr.title).toBe('En retard : Insurance');
      expect(fr.body).toMatch(/^Berlinette — échéance le 1 janv\. 2020$/);
      expect(service.received.filter((r) => r.path === '/gone/ann-old-laptop')).toHaveLength(1);
    } finally {
      await app.close();
      await t.close();
    }
  });
});

describe('push subscriptions', () => {
  let t: TestApp;
  let ann: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' });
    [ann, bob] = [await member(t.app), await member(t.app)];
  });
  afterAll(async () => t?.close());

  test("another member's endpoint: DELETE 404, POST with other keys 409, taken over only with the same keys", async () => {
    const b = browser(`${service.base}/push/shared-${randomBytes(4).toString('hex')}`);
    expect((await post(t.app, ann, b.json)).statusCode).toBe(201);
    expect((await del(t.app, bob, b.json.endpoint)).statusCode).toBe(404);
    const other = browser(b.json.endpoint);
    const hijack = await post(t.app, bob, other.json);
    expect(hijack.statusCode, hijack.body).toBe(409);
    expect(hijack.json<{ error: { code: string } }>().error.code).toBe('CONFLICT');
    // Still ann's.
    expect((await post(t.app, ann, b.json)).statusCode).toBe(200);
    // The same browser, now signed in as bob: bob's alone.
    expect((await post(t.app, bob, b.json)).statusCode).toBe(200);
    expect((await del(t.app, ann, b.json.endpoint)).statusCode).toBe(404);
    const gone = await del(t.app, bob, b.json.endpoint);
    expect(gone.statusCode).toBe(200);
    expect((await del(t.app, bob, b.json.endpoint)).statusCode).toBe(404);
  });

  test('the same member re-posting with new keys updates them; Idempotency-Key replays the answer', async () => {
    const endpoint = `${service.base}/push/rekey-${randomBytes(4).toString('hex')}`;
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const device = browser(endpoint).json;
    const one = await post(t.app, ann, device, headers);
    const two = await post(t.app, ann, device, headers);
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(201);
    expect(two.body).toBe(one.body);
    expect((await post(t.app, ann, browser(endpoint).json)).statusCode).toBe(200);
  });

  test('validation: keys, URL, sizes; no session 401', async () => {
    const ok = browser(`${service.base}/push/v`).json;
    for (const payload of [
      { endpoint: ok.endpoint },
      { ...ok, endpoint: 'ftp://push.example.com/x' },
      { ...ok, endpoint: `https://push.example.com/${'a'.repeat(2100)}` },
      { ...ok, keys: { ...ok.keys, p256dh: 'short' } },
      { ...ok, keys: { ...ok.keys, auth: 'not base64url!!!!!' } },
      { ...ok, keys: { p256dh: ok.keys.p256dh } },
    ]) {
      const res = await post(t.app, ann, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: `${API}/push-subscriptions`, payload: ok })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: `${API}/push-subscriptions/vapid-public-key` })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `${API}/push-subscriptions`,
          headers: ann.headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
  });

  test('by default only public https push services: no loopback, private or plain-http endpoint', async () => {
    const strict = await createTestApp();
    try {
      const who = await member(strict.app);
      for (const endpoint of [
        'http://push.example.com/x',
        'https://127.0.0.1/x',
        'https://10.1.2.3/x',
        'https://192.168.1.10/x',
        'https://[::1]/x',
        'https://localhost/x',
        'https://router.local/x',
        'https://user:pw@push.example.com/x',
      ]) {
        const res = await post(strict.app, who, browser(endpoint).json);
        expect(res.statusCode, endpoint).toBe(400);
      }
      const res = await post(strict.app, who, browser('https://fcm.googleapis.com/fcm/send/abc123').json);
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await strict.close();
    }
  });

  test('VAPID keys from the environment: both or neither', async () => {
    const env = {
      DATA_DIR: t.dataDir,
      VAPID_PUBLIC_KEY: 'BPub',
      VAPID_PRIVATE_KEY: 'priv',
      VAPID_SUBJECT: 'mailto:ops@example.com',
    };
    expect(loadConfig(env).vapid).toEqual({
      publicKey: 'BPub',
      privateKey: 'priv',
      subject: 'mailto:ops@example.com',
    });
    expect(() => loadConfig({ DATA_DIR: t.dataDir, VAPID_PUBLIC_KEY: 'BPub' })).toThrow(/both or neither/);
    expect(() => loadConfig({ DATA_DIR: t.dataDir, VAPID_SUBJECT: 'http://x' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ DATA_DIR: t.dataDir }).vapid.subject).toBe('mailto:no-reply@paddock.local');
  });

  test('VAPID keys made without web-push are the pair web-push expects (leading zero bytes kept)', () => {
    // 1,000 pairs: a private scalar with a leading zero byte (1 in 256) comes up about 4 times.
    for (let i = 0; i < 1000; i++) {
      const { publicKey, privateKey } = generateVapidKeys();
      const pub = Buffer.from(publicKey, 'base64url');
      const priv = Buffer.from(privateKey, 'base64url');
      expect(pub).toHaveLength(65);
      expect(pub[0]).toBe(0x04); // the uncompressed point
      expect(priv).toHaveLength(32);
      const check = createECDH('prime256v1');
      check.setPrivateKey(priv);
      expect(check.getPublicKey('base64url')).toBe(publicKey);
    }
    // web-push validates and signs with such a pair.
    const { publicKey, privateKey } = generateVapidKeys();
    const headers = webPush.getVapidHeaders(
      'https://push.example.com',
      'mailto:ops@example.com',
      publicKey,
      privateKey,
      'aes128gcm',
    );
    expect(headers.Authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
  });
});
