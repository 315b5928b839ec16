// Account settings: change the password (other sessions end, this one
// stays), change the e-mail through a single-use link mailed to the new address (no enumeration),
// and notification preferences that decide what is stored for the member.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NotificationPreferences } from '../../src/contract/account';
import type { Notification } from '../../src/contract/notifications';
import { REALTIME_ONLY_ID } from '../../src/contract/socket-events';
import { bearer, eventually, login, mailFiles, refresh, signup, STRONG_PASSWORD } from './auth-fixtures';
import { createGroup, ownerWithFriends } from './chat-fixtures';
import { collect, listen, socketOf } from './garage-fixtures';
import { friends, send } from './messages-fixtures';
import { caller, person, sendRequest, type Person } from './people-fixtures';
import { comment, post } from './posts-fixtures';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Another-Gearbox-1972!';

/** A signed-up member as a Person, with the refresh token of this session. */
async function account(): Promise<Person & { refreshToken: string }> {
  const { body, session } = await signup(t.app);
  return {
    id: session.user.id,
    token: session.token,
    refreshToken: session.refreshToken,
    username: body.username,
    email: body.email,
    headers: bearer(session.token),
  };
}

interface ReadMail {
  to: string;
  subject: string;
  text: string;
}

/** The finished mails to `address` (headers unfolded enough for our plain ASCII addresses). */
function mailsTo(address: string): ReadMail[] {
  return mailFiles(t.dataDir)
    .map((file) => readFileSync(path.join(t.dataDir, 'mail', file), 'utf8'))
    .map((eml) => {
      const [head = '', ...body] = eml.split('\r\n\r\n');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(head)?.[1] ?? '';
      const subject = header('Subject');
      const b64 = /^=\?UTF-8\?B\?(.*)\?=$/.exec(subject)?.[1];
      return {
        to: header('To'),
        subject: b64 ? Buffer.from(b64, 'base64').toString('utf8') : subject,
        text: body.join('\r\n\r\n'),
      };
    })
    .filter((m) => m.to === address);
}

const tokenIn = (text: string) => /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

describe('PUT /users/me/password', () => {
  test('changes it, ends my other sessions, keeps this one, and mails a notice', async () => {
    const me = await account();
    const other = (await login(t.app, me.email, STRONG_PASSWORD)).json().data;
    const res = await call(
      'PUT',
      '/users/me/password',
      me,
      { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD },
      { 'accept-language': 'en-US' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ message: expect.any(String), sessionsEnded: 1 });
    // This device stays signed in; the other one is out (access and refresh).
    expect((await call('GET', '/auth/me', me)).statusCode).toBe(200);
    expect((await refresh(t.app, me.refreshToken)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1.0/auth/me', headers: bearer(other.token) }))
        .statusCode,
    ).toBe(401);
    expect((await refresh(t.app, other.refreshToken)).statusCode).toBe(401);
    expect((await login(t.app, me.email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await login(t.app, me.email, NEW_PASSWORD)).statusCode).toBe(200);
    const [notice] = await eventually(() => (mailsTo(me.email).length ? mailsTo(me.email) : undefined));
    expect(notice!.subject).toBe('The password of your Paddock account changed');
    expect(notice!.text).not.toContain(NEW_PASSWORD);
  });

  test('a wrong current password is 400 INVALID_CURRENT_PASSWORD and changes nothing', async () => {
    const me = await account();
    const res = await call('PUT', '/users/me/password', me, {
      currentPassword: 'not-my-password',
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'INVALID_CURRENT_PASSWORD',
      fields: [{ field: 'currentPassword', message: expect.any(String) }],
    });
    expect((await login(t.app, me.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  test('the new password follows the sign-up rules; a token is needed', async () => {
    const me = await account();
    const common = await call('PUT', '/users/me/password', me, {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields[0].field).toBe('newPassword');
    const short = await call('PUT', '/users/me/password', me, {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect((await login(t.app, me.email, STRONG_PASSWORD)).statusCode).toBe(200);
    const anonymous = await call('PUT', '/users/me/password', null, {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /users/me/email and /users/me/email/confirm', () => {
  test('mails a link to the new address; confirming switches, tells the old address, and works once', async () => {
    const me = await account();
    const newEmail = unique('moved');
    const res = await call('POST', '/users/me/email', me, {
      newEmail: ` ${newEmail.toUpperCase()} `,
      password: STRONG_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [link] = await eventually(() => (mailsTo(newEmail).length ? mailsTo(newEmail) : undefined));
    const token = tokenIn(link!.text)!;
    expect(token).toBeDefined();
    // Nothing changes before the link is opened.
    expect((await call('GET', '/auth/me', me)).json().data.email).toBe(me.email);

    const confirm = await call('POST', '/users/me/email/confirm', null, { token });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().data).toEqual({ email: newEmail, message: expect.any(String) });
    expect((await call('GET', '/auth/me', me)).json().data.email).toBe(newEmail);
    expect((await login(t.app, newEmail, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await login(t.app, me.email, STRONG_PASSWORD)).statusCode).toBe(401);
    const [notice] = await eventually(() => (mailsTo(me.email).length ? mailsTo(me.email) : undefined));
    expect(notice!.text).toContain(newEmail);

    const again = await call('POST', '/users/me/email/confirm', null, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_EMAIL_TOKEN');
  });

  test('a taken address answers exactly as a free one; its owner is told, no link is sent, nothing changes', async () => {
    const me = await account();
    const owner = await account();
    const free = await call('POST', '/users/me/email', me, {
      newEmail: unique('free'),
      password: STRONG_PASSWORD,
    });
    const taken = await call('POST', '/users/me/email', me, {
      newEmail: owner.email,
      password: STRONG_PASSWORD,
    });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json()).toEqual(free.json());
    const [notice] = await eventually(() => (mailsTo(owner.email).length ? mailsTo(owner.email) : undefined));
    expect(notice!.subject).toMatch(/tentative|tried/i);
    expect(tokenIn(notice!.text)).toBeUndefined();
    expect((await call('GET', '/auth/me', me)).json().data.email).toBe(me.email);
    expect((await call('GET', '/auth/me', owner)).json().data.email).toBe(owner.email);
  });

  test('a wrong password, my own address, a bad address: 400 and no mail', async () => {
    const me = await account();
    const target = unique('never');
    const wrong = await call('POST', '/users/me/email', me, { newEmail: target, password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_CURRENT_PASSWORD');
    const same = await call('POST', '/users/me/email', me, { newEmail: me.email, password: STRONG_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.code).toBe('VALIDATION_ERROR');
    expect(
      (await call('POST', '/users/me/email', me, { newEmail: 'not-an-address', password: STRONG_PASSWORD }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/users/me/email', null, { newEmail: target, password: STRONG_PASSWORD }))
        .statusCode,
    ).toBe(401);
    // A valid request's mail is written: by then, a mail for the refused ones would have been too.
    const marker = unique('marker');
    expect(
      (await call('POST', '/users/me/email', me, { newEmail: marker, password: STRONG_PASSWORD })).statusCode,
    ).toBe(200);
    await eventually(() => (mailsTo(marker).length ? mailsTo(marker) : undefined));
    expect(mailsTo(target)).toHaveLength(0);
  });

  test('a newer request voids the older link; an expired link and a link whose address was taken meanwhile fail', async () => {
    const me = await account();
    const first = unique('first');
    const second = unique('second');
    await call('POST', '/users/me/email', me, { newEmail: first, password: STRONG_PASSWORD });
    const [firstMail] = await eventually(() => (mailsTo(first).length ? mailsTo(first) : undefined));
    await call('POST', '/users/me/email', me, { newEmail: second, password: STRONG_PASSWORD });
    const [secondMail] = await eventually(() => (mailsTo(second).length ? mailsTo(second) : undefined));
    const old = await call('POST', '/users/me/email/confirm', null, { token: tokenIn(firstMail!.text) });
    expect(old.json().error?.code).toBe('INVALID_EMAIL_TOKEN');

    // Someone signs up with the address before the link is opened.
    await signup(t.app, { email: second });
    const raced = await call('POST', '/users/me/email/confirm', null, { token: tokenIn(secondMail!.text) });
    expect(raced.statusCode).toBe(400);
    expect(raced.json().error.code).toBe('INVALID_EMAIL_TOKEN');

    const third = unique('third');
    await call('POST', '/users/me/email', me, { newEmail: third, password: STRONG_PASSWORD });
    const [thirdMail] = await eventually(() => (mailsTo(third).length ? mailsTo(third) : undefined));
    await t.app.db.kysely
      .updateTable('email_change_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('new_email', '=', third)
      .execute();
    const expired = await call('POST', '/users/me/email/confirm', null, { token: tokenIn(thirdMail!.text) });
    expect(expired.json().error?.code).toBe('INVALID_EMAIL_TOKEN');
    expect((await call('GET', '/auth/me', me)).json().data.email).toBe(me.email);
    expect((await call('POST', '/users/me/email/confirm', null, { token: 'made-up' })).statusCode).toBe(400);
  });
});

describe('rate limits', () => {
  test('password and e-mail calls are limited like sign-in (429)', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '2' });
    try {
      const { session } = await signup(limited.app);
      const put = () =>
        limited.app.inject({
          method: 'PUT',
          url: '/api/v1.0/users/me/password',
          headers: bearer(session.token),
          payload: { currentPassword: 'wrong-password', newPassword: NEW_PASSWORD },
        });
      const codes = [(await put()).statusCode, (await put()).statusCode, (await put()).statusCode];
      expect(codes).toEqual([400, 400, 429]);
      const confirm = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1.0/users/me/email/confirm',
          payload: { token: 'x' },
        });
      expect([
        (await confirm()).statusCode,
        (await confirm()).statusCode,
        (await confirm()).statusCode,
      ]).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('notification preferences', () => {
  const prefs = async (who: Person) =>
    (await call('GET', '/users/me/preferences', who)).json<{ data: NotificationPreferences }>().data;
  const stored = async (who: Person): Promise<Notification[]> =>
    (await call('GET', '/notifications?limit=100', who)).json<{ data: Notification[] }>().data;

  test('all on by default (pushLikes off); PUT changes the fields it carries and answers them all', async () => {
    const me = await person(t.app);
    const pushes = {
      pushMessages: true,
      pushChat: true,
      pushFriendRequests: true,
      pushComments: true,
      pushLikes: false,
      pushMentions: true,
      pushCars: true,
      pushReminders: true,
      pushPreviews: true,
    };
    expect(await prefs(me)).toEqual({
      notifyLikes: true,
      notifyComments: true,
      notifyFriendRequests: true,
      notifyMessages: true,
      notifyChat: true,
      messagesFrom: 'friends',
      ...pushes,
    });
    const res = await call('PUT', '/users/me/preferences', me, { notifyLikes: false, notifyChat: false });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      notifyLikes: false,
      notifyComments: true,
      notifyFriendRequests: true,
      notifyMessages: true,
      notifyChat: false,
      messagesFrom: 'friends',
      ...pushes,
    };
    expect(res.json().data).toEqual(expected);
    expect(await prefs(me)).toEqual(expected);
    await call('PUT', '/users/me/preferences', me, { notifyLikes: true });
    expect(await prefs(me)).toEqual({ ...expected, notifyLikes: true });
    expect((await call('PUT', '/users/me/preferences', me, { notifyLikes: 'maybe' })).statusCode).toBe(400);
    expect((await call('GET', '/users/me/preferences', null)).statusCode).toBe(401);
  });

  test('a type turned off is not stored nor counted, but still reaches open screens; the others are', async () => {
    const [author, fan] = (await friends(t.app)) as [Person, Person];
    await call('PUT', '/users/me/preferences', author, { notifyLikes: false, notifyMessages: false });
    const before = (await stored(author)).length;
    const url = await listen(t.app);
    const socket = await socketOf(url, author);
    try {
      const events = collect(socket);
      const p = await post(t.app, author);
      await call('POST', `/posts/${p.id}/like`, fan);
      await send(t.app, fan, author);
      await comment(t.app, fan, p.id);
      const all = await stored(author);
      expect(all.length).toBe(before + 1);
      expect(all[0]!.type).toBe('comment');
      // The like and the message still told the author's screens, realtime-only.
      const liked = await eventually(() => events.find((e) => e.jsonPayload.action === 'liked'));
      const message = await eventually(() => events.find((e) => e.type === 'message'));
      expect(liked.id).toBe(REALTIME_ONLY_ID);
      expect(message.id).toBe(REALTIME_ONLY_ID);
      const told = await eventually(() => events.find((e) => e.type === 'comment'));
      expect(told.id).toBe(all[0]!.id);
      expect(events.filter((e) => e.id !== REALTIME_ONLY_ID).map((e) => e.type)).toEqual(['comment']);
    } finally {
      socket.disconnect();
    }
  });

  test('friend requests and being added to a group follow their switches', async () => {
    const shy = await person(t.app);
    await call('PUT', '/users/me/preferences', shy, { notifyFriendRequests: false });
    await sendRequest(t.app, await person(t.app), shy);
    expect(await stored(shy)).toEqual([]);

    const [owner, [member]] = await ownerWithFriends(t.app, 1);
    await call('PUT', '/users/me/preferences', member!, { notifyChat: false });
    const before = await stored(member!);
    await createGroup(t.app, owner, [member!]);
    expect(await stored(member!)).toEqual(before);
  });
});

test('OpenAPI publishes the account routes under their tag', async () => {
  const doc = (await call('GET', '/docs/json', null)).json<{
    paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
  }>();
  const routes: [string, string, boolean][] = [
    ['/users/me/password', 'put', true],
    ['/users/me/email', 'post', true],
    ['/users/me/email/confirm', 'post', false],
    ['/users/me/preferences', 'get', true],
    ['/users/me/preferences', 'put', true],
  ];
  for (const [route, method, needsToken] of routes) {
    const op = doc.paths[`/api/v1.0${route}`]?.[method];
    expect(op?.tags, `${method} ${route}`).toEqual(['account']);
    expect(op?.security).toEqual(needsToken ? [{ bearerAuth: [] }] : []);
  }
});
