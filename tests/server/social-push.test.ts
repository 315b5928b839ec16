// Push for every social event, against the real push service of push-fixtures.ts (each message
// decrypted with the subscription's own keys):
// - every kind reaches the recipient's devices as Declarative Web Push JSON, in their language, with
//   the path that opens the thing, its tag and their unread count; never the actor's own devices;
// - every push switch turned off sends nothing for its kind (the stored notification stays), the
//   defaults (all on but likes), the previews switch;
// - a burst on one tag: the first at once, the rest folded into one sent when the minute ends,
//   written down in push_deliveries (the push service's clock is moved, never waited for);
// - a room muted for 8 hours, a week or until unmuted pushes nothing, per participant; a muted
//   friend's likes and comments push nothing;
// - the shared delivery queue: 429 with Retry-After, 5xx, 404 and 410 for social pushes too.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { PUSH_TAG_WINDOW_MS } from '../../src/contract/web-push';
import { socialPushOf } from '../../server/src/push/social-push';
import { API, createCar, createLog, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { browser, pushServer, shown, subscribe, until, type Browser, type PushServer } from './push-fixtures';

let service: PushServer;
let t: TestApp;
/** The push service's clock: moved by the tests, never waited for (from now: mutes use the real one). */
let clock = Date.now();
const tick = (ms = PUSH_TAG_WINDOW_MS + 1000) => (clock += ms);

beforeAll(async () => {
  service = await pushServer();
  t = await createTestApp(
    { PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' },
    { logger: false, pushClock: () => new Date(clock) },
  );
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});
beforeEach(() => {
  service.answer = () => ({ status: 201 });
  tick();
});

const social = () => socialPushOf(t.app.db)!.service;

interface Device {
  who: Member;
  phone: Browser;
  path: string;
}

/** A member named `firstName`, reading `language`, with one subscribed device. */
async function person(
  firstName: string,
  language: 'fr-FR' | 'en-US' = 'fr-FR',
  prefix = 'd',
): Promise<Device> {
  const who = await member(t.app);
  await t.app.db.kysely
    .updateTable('users')
    .set({ first_name: firstName, language })
    .where('id', '=', who.id)
    .execute();
  const path = `/${prefix}/${who.id}`;
  const phone = browser(`${service.base}${path}`);
  expect((await subscribe(t.app, who, phone.json)).statusCode).toBe(201);
  return { who, phone, path };
}

const received = (d: Device) => service.received.filter((r) => r.path === d.path);

/** The n-th push the device received (waited for), as the device shows it. */
async function nth(d: Device, n: number) {
  await until(() => received(d).length >= n, 30_000, `push ${n} to ${d.path}`);
  return shown(received(d)[n - 1]!, d.phone);
}

/** Every push under way has been handed to the push service (or dropped). */
const settled = async () => {
  await social().settled();
  await social().drain();
};

async function call(who: Member, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await t.app.inject({ method, url: `${API}${url}`, headers: who.headers, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<{ data: Record<string, unknown> & { id: string } }>().data;
}

async function friends(a: Device, b: Device) {
  const { request } = (await call(a.who, 'POST', '/friends/request', { userId: b.who.id })) as unknown as {
    request: { id: string };
  };
  await call(b.who, 'PUT', `/friends/request/${request.id}`, { action: 'accept' });
}

async function unreadOf(who: Member) {
  const [n, m] = await Promise.all([
    t.app.inject({ url: `${API}/notifications?limit=1`, headers: who.headers }),
    t.app.inject({ url: `${API}/messages?limit=1`, headers: who.headers }),
  ]);
  return (
    n.json<{ meta: { unreadCount: number } }>().meta.unreadCount +
    m.json<{ meta: { unreadCount: number } }>().meta.unreadCount
  );
}

describe('every social event', () => {
  test('reaches the recipient in their language: who did what, the path to it, its tag, the unread count; never the actor', async () => {
    const ann = await person('Ann');
    const ben = await person('Ben', 'en-US');

    // A friend request received (Ann), then accepted (Ben is told).
    const request = await t.app.inject({
      method: 'POST',
      url: `${API}/friends/request`,
      headers: ben.who.headers,
      payload: { userId: ann.who.id },
    });
    expect(request.statusCode, request.body).toBe(201);
    expect(await nth(ann, 1)).toEqual({
      title: 'Ben vous demande en ami',
      body: '',
      navigate: '/friends?tab=requests',
      tag: 'friend-requests',
      app_badge: await unreadOf(ann.who),
    });
    const requestId = request.json<{ data: { request: { id: string } } }>().data.request.id;
    await call(ann.who, 'PUT', `/friends/request/${requestId}`, { action: 'accept' });
    expect(await nth(ben, 1)).toMatchObject({
      title: 'Ann accepted your friend request',
      navigate: `/people/${ann.who.id}`,
    });

    // A private message: its first line, the pair's tag (the same whichever writes).
    tick();
    const message = await call(ben.who, 'POST', '/messages', {
      recipientId: ann.who.id,
      subject: 'Dimanche',
      content: '<p>On roule dimanche ?</p><p>Départ 9 h</p>',
    });
    const pair = `message-${[ann.who.id, ben.who.id].sort().join(':')}`;
    expect(await nth(ann, 2)).toEqual({
      title: 'Ben vous a écrit',
      body: 'On roule dimanche ?',
      navigate: `/message/${message.id}`,
      tag: pair,
      app_badge: await unreadOf(ann.who),
    });
    expect((await nth(ann, 2)).app_badge).toBeGreaterThanOrEqual(2); // the request's, the message

    // A comment on my post, a reply to my comment; a like (off by default, then on).
    const post = await call(ann.who, 'POST', '/posts', { content: '<p>Première sortie</p>' });
    const comment = await call(ben.who, 'POST', '/comments', {
      postId: post.id,
      content: '<p>Superbe !</p>',
    });
    expect(await nth(ann, 3)).toMatchObject({
      title: 'Ben a commenté votre publication « Première sortie »',
      body: 'Superbe !',
      navigate: `/post/${post.id}#comment-${String(comment.id)}`,
      tag: `post-${post.id}`,
    });
    tick();
    const reply = await call(ann.who, 'POST', '/comments', {
      postId: post.id,
      parentCommentId: comment.id,
      content: '<p>Merci</p>',
    });
    expect(await nth(ben, 2)).toMatchObject({
      title: 'Ann replied to your comment',
      body: 'Merci',
      navigate: `/post/${post.id}#comment-${String(reply.id)}`,
    });
    tick();
    await call(ben.who, 'POST', `/posts/${post.id}/like`);
    await settled();
    expect(received(ann)).toHaveLength(3); // pushLikes is off by default
    await call(ben.who, 'POST', `/posts/${post.id}/like`); // taken back
    await call(ann.who, 'PUT', '/users/me/preferences', { pushLikes: true });
    tick();
    await call(ben.who, 'POST', `/posts/${post.id}/like`);
    expect(await nth(ann, 4)).toMatchObject({
      title: 'Ben a aimé votre publication « Première sortie »',
      navigate: `/post/${post.id}`,
    });

    // Added to a chat group, then a line in it.
    const group = await call(ann.who, 'POST', '/chat-groups', {
      name: 'Sortie du dimanche',
      memberIds: [ben.who.id],
    });
    const roomId = String(group.chatRoomId);
    expect(await nth(ben, 3)).toMatchObject({
      title: 'Ann added you to the group “Sortie du dimanche”',
      navigate: `/chat/${roomId}`,
      tag: `chat-${roomId}`,
    });
    tick();
    await call(ben.who, 'POST', '/chat-messages', {
      chatGroupId: group.id,
      content: 'Je prends la Berlinette\nà 9 h',
    });
    expect(await nth(ann, 5)).toMatchObject({
      title: 'Ben dans « Sortie du dimanche »',
      body: 'Je prends la Berlinette',
      navigate: `/chat/${roomId}`,
      tag: `chat-${roomId}`,
    });
    // A direct chat line.
    const direct = await call(ann.who, 'POST', '/chat-messages', {
      recipientId: ben.who.id,
      content: 'Salut',
    });
    expect(await nth(ben, 4)).toMatchObject({
      title: 'Ann wrote to you',
      body: 'Salut',
      navigate: `/chat/${String(direct.chatRoomId)}`,
    });

    // Cars: an invitation, a new log on the shared car, a sale offer and its answer.
    const car = await createCar(t.app, ann.who, { nickname: 'Berlinette' });
    await call(ann.who, 'POST', `/cars/${car.id}/members`, { userId: ben.who.id, role: 'driver' });
    expect(await nth(ben, 5)).toMatchObject({
      title: 'Ann shares a car with you',
      body: 'Berlinette',
      navigate: `/car/${car.id}`,
      tag: `car-${car.id}`,
    });
    await call(ben.who, 'PUT', `/car-invites/${car.id}`, { action: 'accept' });
    tick();
    const log = await createLog(t.app, ann.who, car.id, { title: 'Vidange' });
    expect(await nth(ben, 6)).toMatchObject({
      title: 'Ann added a log to “Berlinette”',
      body: 'Vidange',
      navigate: `/my-cars/${car.id}/logs/${log.id}`,
    });
    tick();
    const offer = await call(ann.who, 'POST', `/cars/${car.id}/transfers`, {
      toUserId: ben.who.id,
      keepCosts: true,
      keepNotes: true,
    });
    expect(await nth(ben, 7)).toMatchObject({ title: 'Ann offers you “Berlinette”', navigate: '/my-cars' });
    tick();
    await call(ben.who, 'PUT', `/car-transfers/${offer.id}`, { action: 'accept' });
    expect(await nth(ann, 6)).toMatchObject({ title: 'Ben a accepté votre offre', body: 'Berlinette' });

    // Nobody was pushed their own action: each device got only the pushes above.
    await settled();
    expect(received(ann)).toHaveLength(6);
    expect(received(ben)).toHaveLength(7);
  });

  test('each push switch off sends nothing of its kind (the notification is still stored); previews off hides the line', async () => {
    const ann = await person('Ann');
    const ben = await person('Ben');
    const defaults = await t.app.inject({ url: `${API}/users/me/preferences`, headers: ann.who.headers });
    expect(defaults.json<{ data: Record<string, boolean> }>().data).toMatchObject({
      pushMessages: true,
      pushChat: true,
      pushFriendRequests: true,
      pushComments: true,
      pushLikes: false,
      pushCars: true,
      pushReminders: true,
      pushPreviews: true,
    });
    const off = {
      pushMessages: false,
      pushChat: false,
      pushFriendRequests: false,
      pushComments: false,
      pushLikes: false,
      pushCars: false,
      pushReminders: false,
    };
    await call(ann.who, 'PUT', '/users/me/preferences', off);
    await call(ben.who, 'PUT', '/users/me/preferences', off);
    await friends(ben, ann); // a request received, one accepted
    await call(ben.who, 'POST', '/messages', { recipientId: ann.who.id, subject: 's', content: '<p>x</p>' });
    const post = await call(ann.who, 'POST', '/posts', { content: '<p>p</p>' });
    const comment = await call(ben.who, 'POST', '/comments', { postId: post.id, content: '<p>c</p>' });
    await call(ann.who, 'POST', '/comments', {
      postId: post.id,
      parentCommentId: comment.id,
      content: '<p>r</p>',
    });
    await call(ben.who, 'POST', `/posts/${post.id}/like`);
    const group = await call(ann.who, 'POST', '/chat-groups', { name: 'G', memberIds: [ben.who.id] });
    await call(ben.who, 'POST', '/chat-messages', { chatGroupId: group.id, content: 'hi' });
    const car = await createCar(t.app, ann.who);
    await call(ann.who, 'POST', `/cars/${car.id}/members`, { userId: ben.who.id, role: 'driver' });
    await call(ben.who, 'PUT', `/car-invites/${car.id}`, { action: 'accept' });
    await createLog(t.app, ann.who, car.id);
    const offer = await call(ann.who, 'POST', `/cars/${car.id}/transfers`, {
      toUserId: ben.who.id,
      keepCosts: true,
      keepNotes: true,
    });
    await call(ben.who, 'PUT', `/car-transfers/${offer.id}`, { action: 'decline' });
    await call(ben.who, 'POST', '/reminders', {
      carId: (await createCar(t.app, ben.who)).id,
      title: 'T',
      dueDate: '2020-01-01',
    });
    await settled();
    expect(received(ann)).toHaveLength(0);
    expect(received(ben)).toHaveLength(0);
    // The bell still has them (the notify* switches are other ones).
    expect(await unreadOf(ann.who)).toBeGreaterThanOrEqual(4);

    // Messages back on, previews off: who wrote, not what.
    await call(ann.who, 'PUT', '/users/me/preferences', { pushMessages: true, pushPreviews: false });
    await call(ben.who, 'POST', '/messages', {
      recipientId: ann.who.id,
      subject: 's',
      content: '<p>secret</p>',
    });
    expect(await nth(ann, 1)).toMatchObject({ title: 'Ben vous a écrit', body: '' });
  });
});

describe('not noisy', () => {
  test('a burst on one room: the first at once, the rest folded into one, stored, sent when the minute ends', async () => {
    const ann = await person('Ann');
    const ben = await person('Ben');
    await friends(ann, ben);
    await settled();
    const before = received(ann).length;
    const group = await call(ann.who, 'POST', '/chat-groups', { name: 'Burst', memberIds: [ben.who.id] });
    tick();
    const start = clock;
    for (const line of ['un', 'deux', 'trois'])
      await call(ben.who, 'POST', '/chat-messages', { chatGroupId: group.id, content: line });
    expect(await nth(ann, before + 1)).toMatchObject({ body: 'un' });
    await settled();
    expect(received(ann)).toHaveLength(before + 1);
    // The folded one waits in the delivery queue, for the minute's end, saying the newest line.
    const waiting = await t.app.db.kysely
      .selectFrom('push_deliveries as d')
      .innerJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
      .select(['d.next_attempt_at', 'd.payload'])
      .where('s.endpoint', '=', ann.phone.json.endpoint)
      .execute();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.next_attempt_at).toBe(new Date(start + PUSH_TAG_WINDOW_MS).toISOString());
    expect(JSON.parse(waiting[0]!.payload).notification.body).toBe('trois');
    tick(PUSH_TAG_WINDOW_MS);
    await social().drain();
    const second = await nth(ann, before + 2);
    expect(second).toMatchObject({ body: 'trois', tag: (await nth(ann, before + 1)).tag });
    // Another line just after: it waits for the end of the next minute.
    tick(1000);
    await call(ben.who, 'POST', '/chat-messages', { chatGroupId: group.id, content: 'quatre' });
    await settled();
    expect(received(ann)).toHaveLength(before + 2);
    tick(PUSH_TAG_WINDOW_MS);
    await social().drain();
    expect(await nth(ann, before + 3)).toMatchObject({ body: 'quatre' });
    // Ben, who wrote them, got nothing of his own lines.
    const lines = ['un', 'deux', 'trois', 'quatre'];
    expect(received(ben).filter((r) => lines.includes(shown(r, ben.phone).body))).toHaveLength(0);
  });

  test('a room muted for 8 hours, a week or until unmuted pushes nothing to that participant only', async () => {
    const ann = await person('Ann');
    const ben = await person('Ben');
    const cat = await person('Cat');
    await friends(ann, ben);
    await friends(ann, cat);
    const group = await call(ann.who, 'POST', '/chat-groups', {
      name: 'Muted',
      memberIds: [ben.who.id, cat.who.id],
    });
    await settled();
    const roomId = String(group.chatRoomId);
    const counts = () => [received(ann).length, received(cat).length];
    const [ann0 = 0, cat0 = 0] = counts();

    const muted = await call(ann.who, 'PUT', `/chat-rooms/${roomId}/mute`, { duration: '8h' });
    expect(Date.parse(String(muted.mutedUntil)) - clock).toBeGreaterThan(0);
    const room = await t.app.inject({ url: `${API}/chat-rooms/${roomId}`, headers: ann.who.headers });
    expect(room.json<{ data: { mutedUntil: string } }>().data.mutedUntil).toBe(muted.mutedUntil);
    tick();
    await call(ben.who, 'POST', '/chat-messages', { chatGroupId: group.id, content: 'pst' });
    expect(await nth(cat, cat0 + 1)).toMatchObject({ body: 'pst' }); // Cat did not mute it
    await settled();
    expect(received(ann)).toHaveLength(ann0);

    // Past 8 hours, pushed again; a week; until unmuted, then unmuted.
    tick(8 * 3600_000 + 1000);
    await call(ben.who, 'POST', '/chat-messages', { chatGroupId: group.id, content: 'réveil' });
    expect(await nth(ann, ann0 + 1)).toMatchObject({ body: 'réveil' });
    for (const duration of ['week', 'forever'] as const) {
      await call(ann.who, 'PUT', `/chat-rooms/${roomId}/mute`, { duration });
      tick(duration === 'week' ? 6 * 24 * 3600_000 : 365 * 24 * 3600_000);
      await call(ben.who, 'POST', '/chat-messages', { chatGroupId: group.id, content: duration });
      await settled();
      expect(received(ann)).toHaveLength(ann0 + 1);
    }
    const unmuted = await call(ann.who, 'DELETE', `/chat-rooms/${roomId}/mute`);
    expect(unmuted.mutedUntil).toBeNull();
    tick();
    await call(ben.who, 'POST', '/chat-messages', { chatGroupId: group.id, content: 'de retour' });
    expect(await nth(ann, ann0 + 2)).toMatchObject({ body: 'de retour' });

    // Someone outside the room cannot mute it (404, like an unknown room); bad durations are 400.
    const outsider = await member(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${API}/chat-rooms/${roomId}/mute`,
      headers: outsider.headers,
      payload: { duration: '8h' },
    });
    expect(res.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `${API}/chat-rooms/${roomId}/mute`,
      headers: ann.who.headers,
      payload: { duration: '2h' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('blocks', () => {
  test('a line of a member I blocked, in a group we share, pushes nothing to me; the others still get it', async () => {
    const ann = await person('Ann');
    const ben = await person('Ben');
    const cat = await person('Cat');
    await friends(ann, ben);
    await friends(ann, cat);
    const group = await call(ann.who, 'POST', '/chat-groups', {
      name: 'Shared',
      memberIds: [ben.who.id, cat.who.id],
    });
    await settled();
    await call(cat.who, 'POST', `/users/${ben.who.id}/block`);
    tick();
    const cat0 = received(cat).length;
    const ann0 = received(ann).length;
    await call(ben.who, 'POST', '/chat-messages', { chatGroupId: group.id, content: 'bloqué' });
    expect(await nth(ann, ann0 + 1)).toMatchObject({ body: 'bloqué' });
    await settled();
    expect(
      received(cat)
        .slice(cat0)
        .map((r) => shown(r, cat.phone).body),
    ).not.toContain('bloqué');
  });
});

describe('mutes', () => {
  test("a muted friend's likes and comments push nothing; another friend's still do", async () => {
    const ann = await person('Ann');
    const ben = await person('Ben');
    const cat = await person('Cat');
    await friends(ann, ben);
    await friends(ann, cat);
    await call(ann.who, 'PUT', '/users/me/preferences', { pushLikes: true });
    await call(ann.who, 'POST', `/users/${ben.who.id}/mute`);
    const post = await call(ann.who, 'POST', '/posts', { content: '<p>Sortie</p>' });
    await settled();
    tick();
    const ann0 = received(ann).length;
    await call(ben.who, 'POST', `/posts/${post.id}/like`);
    await call(ben.who, 'POST', '/comments', { postId: post.id, content: '<p>muet</p>' });
    await settled();
    tick();
    await call(cat.who, 'POST', '/comments', { postId: post.id, content: '<p>entendu</p>' });
    expect(await nth(ann, ann0 + 1)).toMatchObject({ body: 'entendu' });
    await settled();
    expect(
      received(ann)
        .slice(ann0)
        .map((r) => shown(r, ann.phone).body),
    ).toEqual(['entendu']);
  });
});

describe('the shared delivery queue', () => {
  test('every kind waits in the same queue while the push service fails (5xx), and goes once it is back', async () => {
    const ann = await person('Ann', 'fr-FR', 'down');
    const ben = await person('Ben', 'fr-FR', 'down');
    let down = true;
    service.answer = ({ path }) => (path.startsWith('/down/') && down ? { status: 503 } : { status: 201 });
    await call(ann.who, 'PUT', '/users/me/preferences', { pushLikes: true });
    await friends(ben, ann); // a request (to Ann), accepted (to Ben)
    await call(ben.who, 'POST', '/messages', { recipientId: ann.who.id, subject: 's', content: '<p>m</p>' });
    const post = await call(ann.who, 'POST', '/posts', { content: '<p>p</p>' });
    await call(ben.who, 'POST', '/comments', { postId: post.id, content: '<p>c</p>' });
    const group = await call(ann.who, 'POST', '/chat-groups', { name: 'G', memberIds: [ben.who.id] });
    await settled(); // "added to the group" has taken its minute before the clock moves past it
    tick(); // the line's tag is the group's: past the minute of "added to the group"
    await call(ann.who, 'POST', '/chat-messages', { chatGroupId: group.id, content: 'hi' });
    const car = await createCar(t.app, ann.who, { nickname: 'Fulvia' });
    await call(ann.who, 'POST', `/cars/${car.id}/members`, { userId: ben.who.id, role: 'driver' });
    await call(ben.who, 'POST', '/reminders', {
      carId: (await createCar(t.app, ben.who)).id,
      title: 'T',
      dueDate: '2020-01-01',
    });
    await settled();
    const tagsOf = async (who: Member) =>
      (
        await t.app.db.kysely
          .selectFrom('push_deliveries as d')
          .innerJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
          .select(['d.payload', 'd.attempts'])
          .where('s.user_id', '=', who.id)
          .execute()
      ).map(
        (r) =>
          `${String(JSON.parse(r.payload).notification.tag).split('-')[0]} ${Number(r.attempts) > 0 ? 'tried' : 'not yet'}`,
      );
    // Each tried, refused, waiting for its retry: a request, a message, a comment; an
    // acceptance, being added to a group, a line in it, an invitation, a reminder.
    expect((await tagsOf(ann.who)).sort()).toEqual(['friend tried', 'message tried', 'post tried']);
    expect((await tagsOf(ben.who)).sort()).toEqual([
      'car tried',
      'chat tried',
      'chat tried',
      'friend tried',
      'reminder tried',
    ]);
    down = false;
    tick(10 * 60_000);
    await social().drain();
    await until(
      async () => (await tagsOf(ann.who)).length + (await tagsOf(ben.who)).length === 0,
      30_000,
      'sent',
    );
    const sentTo = (d: Device) =>
      received(d)
        .filter((r) => r.headers['content-encoding'] === 'aes128gcm')
        .slice(-5)
        .map((r) => shown(r, d.phone).tag.split('-')[0]);
    expect(sentTo(ann).slice(-3).sort()).toEqual(['friend', 'message', 'post']);
    expect(sentTo(ben).sort()).toEqual(['car', 'chat', 'chat', 'friend', 'reminder']);
  });

  test('social pushes are retried on 429 (Retry-After) and 5xx, and a 404 or 410 drops the device, as reminders are', async () => {
    const ann = await person('Ann', 'fr-FR', 'flaky');
    const ben = await person('Ben');
    const gone = browser(`${service.base}/gone/${ann.who.id}`);
    expect((await subscribe(t.app, ann.who, gone.json)).statusCode).toBe(201);
    const lost = browser(`${service.base}/lost/${ann.who.id}`);
    expect((await subscribe(t.app, ann.who, lost.json)).statusCode).toBe(201);
    service.answer = ({ path, count }) => {
      if (path.startsWith('/gone/')) return { status: 410 };
      if (path.startsWith('/lost/')) return { status: 404 };
      if (path.startsWith('/flaky/') && count === 1) return { status: 429, headers: { 'retry-after': '30' } };
      if (path.startsWith('/flaky/') && count === 2) return { status: 503 };
      return { status: 201 };
    };
    await call(ben.who, 'POST', '/friends/request', { userId: ann.who.id });
    await until(() => received(ann).length === 1, 30_000, 'the first attempt');
    await settled();
    // The Retry-After is honoured: not sooner than 30 s on the push service's clock.
    tick(20_000);
    await social().drain();
    expect(received(ann)).toHaveLength(1);
    tick(11_000);
    await social().drain();
    await until(() => received(ann).length === 2, 30_000, 'the retry after 429');
    tick(6 * 60_000); // the 503's backoff
    await social().drain();
    expect(await nth(ann, 3)).toMatchObject({ title: 'Ben vous demande en ami' });
    // 404 and 410: those devices are gone.
    const endpoints = await t.app.db.kysely
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', ann.who.id)
      .execute();
    expect(endpoints.map((e) => e.endpoint)).toEqual([ann.phone.json.endpoint]);
    const pending = await t.app.db.kysely
      .selectFrom('push_deliveries as d')
      .innerJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
      .select('d.id')
      .where('s.user_id', '=', ann.who.id)
      .execute();
    expect(pending).toHaveLength(0);
  });
});
