// Block, mute, report and moderation (docs/SPEC-NOTES.md "Trust"), through the API on a real
// database: every effect of a block, the mutes' quieted notifications, the reports' rules (only
// what one sees, once per member and thing, the thing kept as reported), the moderators' queue,
// actions, audit log and suspensions, `messagesFrom`, and the terms accepted at sign-up.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Notification } from '../../src/contract/notifications';
import { TERMS_VERSION } from '../../src/contract/trust';
import { main as moderatorCommand } from '../../server/src/trust/moderator-command';
import { trustRepository } from '../../server/src/trust/trust-repository';
import { createTestApp, type TestApp } from './helpers';
import { API, befriend, caller, comment, feed, like, person, post, type Person } from './posts-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
});
afterAll(() => t.close());

async function notifications(who: Person): Promise<Notification[]> {
  const res = await call('GET', '/notifications?limit=100', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Notification[] }>().data;
}

async function moderator(): Promise<Person> {
  const mod = await person(t.app);
  expect(await trustRepository(t.app.db.kysely).setModerator(mod.email, true)).toBe(true);
  return mod;
}

async function report(who: Person, targetType: string, targetId: string, reason = 'harassment') {
  return call('POST', '/reports', who, { targetType, targetId, reason, details: 'Not nice.' });
}

async function openQueue(mod: Person) {
  const res = await call('GET', '/moderation/reports?status=open&limit=100', mod);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    data: { id: string; targetId: string; reporterCount: number; content: { text: string } }[];
  }>().data;
}

describe('block', () => {
  test('ends the friendship and pending requests; the blocked member cannot ask, write, see or comment', async () => {
    const [a, b, c] = [await person(t.app), await person(t.app), await person(t.app)];
    await befriend(t.app, a, b);
    await befriend(t.app, a, c);
    await befriend(t.app, b, c);
    const aPost = await post(t.app, a);
    const cPost = await post(t.app, c);
    const bComment = await comment(t.app, b, cPost.id, { content: 'From B' });

    const blocked = await call('POST', `/users/${b.id}/block`, a);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().data).toEqual({ id: b.id, blocked: true });
    // Again: the same answer.
    expect((await call('POST', `/users/${b.id}/block`, a)).statusCode).toBe(200);

    const aFriends = (await call('GET', '/friends', a)).json<{ data: { friends: { id: string }[] } }>().data
      .friends;
    expect(aFriends.map((f) => f.id)).not.toContain(b.id);
    // B: no request, no profile, no post, no like, no comment, no message.
    expect((await call('POST', '/friends/request', b, { userId: a.id })).statusCode).toBe(404);
    expect((await call('GET', `/users/${a.id}`, b)).statusCode).toBe(404);
    expect((await call('GET', `/posts/${aPost.id}`, b)).statusCode).toBe(404);
    expect((await call('POST', `/posts/${aPost.id}/like`, b)).statusCode).toBe(404);
    expect((await call('POST', '/comments', b, { postId: aPost.id, content: 'Hi' })).statusCode).toBe(404);
    const message = await call('POST', '/messages', b, {
      recipientId: a.id,
      subject: 'Hi',
      content: '<p>Hi</p>',
    });
    expect(message.statusCode).toBe(403);
    // A: B's comment on C's post is gone from A's view, not from C's.
    const forA = await call('GET', `/comments/post/${cPost.id}`, a);
    expect(forA.json<{ data: { id: string }[] }>().data.map((x) => x.id)).not.toContain(bComment.id);
    expect((await call('GET', `/comments/${bComment.id}`, a)).statusCode).toBe(404);
    const forC = await call('GET', `/comments/post/${cPost.id}`, c);
    expect(forC.json<{ data: { id: string }[] }>().data.map((x) => x.id)).toContain(bComment.id);
    // A still sees B's profile (to unblock); B is not in A's people search … but A is in nobody's list of B.
    expect((await call('GET', `/users/${b.id}`, a)).statusCode).toBe(200);

    const list = await call('GET', '/users/me/blocks', a);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ data: { id: string }[]; meta: { total: number } }>().data.map((x) => x.id)).toEqual([
      b.id,
    ]);
    // B is not told: no notification reaches B about it.
    expect(
      (await notifications(b)).filter(
        (n) =>
          n.jsonPayload.relatedFriendId === a.id &&
          (n.jsonPayload as { action?: string }).action === 'removed',
      ),
    ).toEqual([]);
  });

  test("the blocked member's lines in a shared chat group are collapsed for the blocker", async () => {
    const [a, b, owner] = [await person(t.app), await person(t.app), await person(t.app)];
    await befriend(t.app, owner, a);
    await befriend(t.app, owner, b);
    const group = await call('POST', '/chat-groups', owner, { name: 'Club', memberIds: [a.id, b.id] });
    expect(group.statusCode, group.body).toBe(201);
    const chatGroupId = group.json().data.id as string;
    const line = await call('POST', '/chat-messages', b, { chatGroupId, content: 'Line from B' });
    expect(line.statusCode, line.body).toBe(201);
    await call('POST', `/users/${b.id}/block`, a);
    const forA = await call('GET', `/chat-messages?chatGroupId=${chatGroupId}`, a);
    expect(forA.statusCode, forA.body).toBe(200);
    expect(forA.body).not.toContain('Line from B');
    expect(forA.json().data[0]).toMatchObject({ content: '', fromBlockedMember: true });
    const forOwner = await call('GET', `/chat-messages?chatGroupId=${chatGroupId}`, owner);
    expect(forOwner.json().data[0]).toMatchObject({ content: 'Line from B' });
    expect((await call('GET', `/chat-messages/${line.json().data.id}`, a)).body).not.toContain('Line from B');
  });

  test('a pending request ends and nothing the blocked member does notifies the blocker', async () => {
    const [a, b, c] = [await person(t.app), await person(t.app), await person(t.app)];
    expect((await call('POST', '/friends/request', b, { userId: a.id })).statusCode).toBe(201);
    expect((await call('POST', `/users/${b.id}/block`, a)).statusCode).toBe(200);
    const requests = await call('GET', '/friends/requests', a);
    expect(requests.json<{ data: { incomingTotal: number } }>().data.incomingTotal).toBe(0);
    // C is friends with both; B replies to A's comment on C's post: A hears nothing.
    await befriend(t.app, c, a);
    await befriend(t.app, c, b);
    const cPost = await post(t.app, c);
    const aComment = await comment(t.app, a, cPost.id);
    const before = (await notifications(a)).length;
    await comment(t.app, b, cPost.id, { parentCommentId: aComment.id, content: 'Reply from B' });
    expect((await notifications(a)).length).toBe(before);
  });

  test('unblocking lifts the block, not the friendship; myself and unknown members are refused', async () => {
    const [a, b] = [await person(t.app), await person(t.app)];
    await call('POST', `/users/${b.id}/block`, a);
    const res = await call('DELETE', `/users/${b.id}/block`, a);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: b.id, blocked: false });
    expect((await call('GET', `/users/${a.id}`, b)).statusCode).toBe(200);
    expect((await call('POST', `/users/${a.id}/block`, a)).statusCode).toBe(400);
    expect((await call('POST', '/users/00000000-0000-4000-8000-000000000000/block', a)).statusCode).toBe(404);
  });
});

describe('mute', () => {
  test("the muted friend's likes and comments notify no more, their posts leave the feed; still friends", async () => {
    const [a, b] = [await person(t.app), await person(t.app)];
    await befriend(t.app, a, b);
    const aPost = await post(t.app, a);
    const bPost = await post(t.app, b);
    const res = await call('POST', `/users/${b.id}/mute`, a);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: b.id, muted: true });
    const before = (await notifications(a)).length;
    await like(t.app, b, aPost.id);
    await comment(t.app, b, aPost.id);
    expect((await notifications(a)).length).toBe(before);
    expect((await feed(t.app, a)).data.map((p) => p.id)).not.toContain(bPost.id);
    expect((await feed(t.app, a)).data.map((p) => p.id)).toContain(aPost.id);
    const aFriends = (await call('GET', '/friends', a)).json<{ data: { friends: { id: string }[] } }>().data
      .friends;
    expect(aFriends.map((f) => f.id)).toContain(b.id);
    // Unmuted: B's posts are back, B's likes notify again.
    expect((await call('DELETE', `/users/${b.id}/mute`, a)).json().data).toEqual({ id: b.id, muted: false });
    expect((await feed(t.app, a)).data.map((p) => p.id)).toContain(bPost.id);
    await comment(t.app, b, aPost.id);
    expect((await notifications(a)).length).toBe(before + 1);
  });
});

describe('report', () => {
  test('only what I can see; the same thing twice by the same member is one report', async () => {
    const [a, b, stranger] = [await person(t.app), await person(t.app), await person(t.app)];
    await befriend(t.app, a, b);
    const bPost = await post(t.app, b, { content: '<p>Rude words</p>' });
    expect((await report(stranger, 'post', bPost.id)).statusCode).toBe(404);
    const first = await report(a, 'post', bPost.id);
    expect(first.statusCode, first.body).toBe(201);
    const again = await report(a, 'post', bPost.id, 'spam');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await report(a, 'message', bPost.id)).statusCode).toBe(404);
    expect((await report(a, 'user', a.id)).statusCode).toBe(404);
    const bad = await call('POST', '/reports', a, {
      targetType: 'post',
      targetId: bPost.id,
      reason: 'boring',
    });
    expect(bad.statusCode).toBe(400);
  });

  test('the queue is for moderators, oldest first, with the count and the content as reported', async () => {
    const mod = await moderator();
    const [a, b, c] = [await person(t.app), await person(t.app), await person(t.app)];
    await befriend(t.app, a, b);
    await befriend(t.app, c, b);
    const bPost = await post(t.app, b, { content: '<p>As first written</p>' });
    await report(a, 'post', bPost.id);
    await report(c, 'post', bPost.id);
    await call('PUT', `/posts/${bPost.id}`, b, { content: '<p>Edited after</p>' });
    expect((await call('GET', '/moderation/reports?status=open', a)).statusCode).toBe(403);
    expect((await call('GET', '/moderation/audit', a)).statusCode).toBe(403);
    const entry = (await openQueue(mod)).find((r) => r.targetId === bPost.id);
    expect(entry).toMatchObject({ reporterCount: 2, content: { text: '<p>As first written</p>' } });
    const queue = await call('GET', '/moderation/reports?status=open&limit=100', mod);
    const times = queue.json<{ data: { reportedAt: string }[] }>().data.map((r) => r.reportedAt);
    expect([...times].sort()).toEqual(times);
  });

  test('a private message is reported by its recipient, and only that message is shared', async () => {
    const mod = await moderator();
    const [a, b] = [await person(t.app), await person(t.app)];
    await befriend(t.app, a, b);
    const sent = await call('POST', '/messages', b, {
      recipientId: a.id,
      subject: 'Hey',
      content: '<p>Threat</p>',
    });
    const id = sent.json<{ data: { id: string } }>().data.id;
    expect((await report(a, 'message', id)).statusCode).toBe(201);
    const entry = (await openQueue(mod)).find((r) => r.targetId === id);
    expect(entry?.content.text).toBe('<p>Threat</p>');
  });
});

describe('moderation actions', () => {
  test('remove-content removes the post for everyone, tells its author why and the reporter the outcome', async () => {
    const mod = await moderator();
    const [a, b] = [await person(t.app), await person(t.app)];
    await befriend(t.app, a, b);
    const bPost = await post(t.app, b);
    const reportId = (await report(a, 'post', bPost.id)).json().data.id as string;
    expect(
      (await call('POST', `/moderation/reports/${reportId}/actions`, a, { action: 'dismiss' })).statusCode,
    ).toBe(403);
    const res = await call('POST', `/moderation/reports/${reportId}/actions`, mod, {
      action: 'remove-content',
      note: 'Insults are not welcome.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'closed', outcome: 'remove-content' });
    expect((await call('GET', `/posts/${bPost.id}`, a)).statusCode).toBe(404);
    expect((await call('GET', `/posts/${bPost.id}`, b)).statusCode).toBe(404);
    const told = (await notifications(b)).find((n) => n.type === 'moderation');
    expect(told?.jsonPayload).toMatchObject({ action: 'content-removed', note: 'Insults are not welcome.' });
    const outcome = (await notifications(a)).find((n) => n.type === 'moderation');
    expect(outcome?.jsonPayload).toMatchObject({ action: 'report-closed', outcome: 'remove-content' });
    // Acted on already: 409.
    const again = await call('POST', `/moderation/reports/${reportId}/actions`, mod, { action: 'dismiss' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('REPORT_NOT_OPEN');
    const audit = await call('GET', '/moderation/audit', mod);
    expect(audit.json<{ data: { reportId: string; action: string }[] }>().data[0]).toMatchObject({
      reportId,
      action: 'remove-content',
    });
  });

  test('a suspended member cannot post, comment, message or chat until the end', async () => {
    const mod = await moderator();
    const [a, b] = [await person(t.app), await person(t.app)];
    await befriend(t.app, a, b);
    const aPost = await post(t.app, a);
    const reportId = (await report(a, 'user', b.id)).json().data.id as string;
    expect(
      (await call('POST', `/moderation/reports/${reportId}/actions`, mod, { action: 'suspend' })).statusCode,
    ).toBe(400);
    const res = await call('POST', `/moderation/reports/${reportId}/actions`, mod, {
      action: 'suspend',
      durationHours: 24,
      note: 'Harassment',
    });
    expect(res.statusCode, res.body).toBe(200);
    const writes = [
      await call('POST', '/posts', b, { content: '<p>Back</p>' }),
      await call('POST', '/comments', b, { postId: aPost.id, content: 'Hi' }),
      await call('POST', '/messages', b, { recipientId: a.id, subject: 'Hi', content: '<p>Hi</p>' }),
      await call('POST', '/chat-messages', b, { recipientId: a.id, content: 'Hi' }),
    ];
    for (const w of writes) {
      expect(w.statusCode, w.body).toBe(403);
      expect(w.json().error.code).toBe('MEMBER_SUSPENDED');
    }
    // Reading still works; the suspension ended, writing works again.
    expect((await call('GET', `/posts/${aPost.id}`, b)).statusCode).toBe(200);
    await t.app.db.kysely
      .updateTable('users')
      .set({ suspended_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', b.id)
      .execute();
    expect((await call('POST', '/posts', b, { content: '<p>Back</p>' })).statusCode).toBe(201);
  });
});

describe('npm run moderator', () => {
  test('add gives the role, remove takes it back', async () => {
    const who = await person(t.app);
    const saved = { ...process.env };
    Object.assign(
      process.env,
      { DATA_DIR: t.dataDir },
      t.env.DATABASE_URL ? { DATABASE_URL: t.env.DATABASE_URL } : {},
    );
    try {
      expect((await call('GET', '/auth/me', who)).json().data.isModerator).toBe(false);
      await moderatorCommand(['add', who.email]);
      expect((await call('GET', '/moderation/reports?status=open', who)).statusCode).toBe(200);
      // The app shows the moderation screen from this.
      expect((await call('GET', '/auth/me', who)).json().data.isModerator).toBe(true);
      await moderatorCommand(['remove', who.email]);
      expect((await call('GET', '/moderation/reports?status=open', who)).statusCode).toBe(403);
      expect((await call('GET', '/auth/me', who)).json().data.isModerator).toBe(false);
    } finally {
      process.env = saved;
    }
  });
});

describe('messagesFrom', () => {
  test('friends by default; everyone lets a stranger write, never a blocked member', async () => {
    const [a, stranger, pest] = [await person(t.app), await person(t.app), await person(t.app)];
    const prefs = await call('GET', '/users/me/preferences', a);
    expect(prefs.json().data.messagesFrom).toBe('friends');
    const write = (from: Person) =>
      call('POST', '/messages', from, { recipientId: a.id, subject: 'Hello', content: '<p>For sale?</p>' });
    expect((await write(stranger)).statusCode).toBe(403);
    const changed = await call('PUT', '/users/me/preferences', a, { messagesFrom: 'everyone' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ messagesFrom: 'everyone', notifyLikes: true });
    expect((await write(stranger)).statusCode).toBe(201);
    await call('POST', `/users/${pest.id}/block`, a);
    expect((await write(pest)).statusCode).toBe(403);
    expect((await call('PUT', '/users/me/preferences', a, { messagesFrom: 'anyone' })).statusCode).toBe(400);
  });
});

describe('terms of use at sign-up', () => {
  test('recorded with their version and date; a sign-up without them is still accepted', async () => {
    const signup = (extra: object) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/auth/signup`,
        payload: {
          email: `terms-${Math.random().toString(36).slice(2)}@example.com`,
          password: 'Vintage-Camshaft-1987!',
          username: `t_${Math.random().toString(36).slice(2, 10)}`,
          firstName: 'T',
          lastName: 'U',
          ...extra,
        },
      });
    const withTerms = await signup({ acceptedTermsVersion: TERMS_VERSION });
    expect(withTerms.statusCode, withTerms.body).toBe(201);
    const without = await signup({});
    expect(without.statusCode, without.body).toBe(201);
    const rows = await t.app.db.kysely
      .selectFrom('users')
      .select(['id', 'terms_version', 'terms_accepted_at'])
      .where('id', 'in', [withTerms.json().data.user.id, without.json().data.user.id])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(withTerms.json().data.user.id)).toMatchObject({ terms_version: TERMS_VERSION });
    expect(byId.get(withTerms.json().data.user.id)?.terms_accepted_at).toBeTruthy();
    expect(byId.get(without.json().data.user.id)).toMatchObject({
      terms_version: null,
      terms_accepted_at: null,
    });
  });
});
