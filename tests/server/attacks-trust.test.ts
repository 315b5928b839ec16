// The trust routes attacked (docs/SECURITY-CHECKS.md "Access to members' things"): every new route
// as a stranger, as a member the victim blocked, as a suspended member and as a non-moderator.
// `member` is an ordinary member (the victim themself) for the moderators' routes. Each refusal is
// the expected status with the envelope, leaks none of the victim's text, and changes nothing the
// victim sees; the blocked member never learns of the block.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustRepository } from '../../server/src/trust/trust-repository';
import { createTestApp, type TestApp } from './helpers';
import { befriend, caller, comment, person, post, type Person } from './posts-fixtures';

const SECRET = 'TRUST-SECRET-41c9';

let t: TestApp;
let call: ReturnType<typeof caller>;

interface World {
  victim: Person;
  stranger: Person;
  /** Was the victim's friend; the victim blocked them. */
  blocked: Person;
  /** The victim's friend, suspended by the moderators. */
  suspended: Person;
  /** An ordinary member, not a moderator: the victim themself. */
  member: Person;
  moderator: Person;
  post: string;
  comment: string;
  message: string;
  car: string;
  report: string;
  /** A car of the blocked member's, to offer. */
  blockedCar: string;
  /** The suspended member's own post and comment, written before the suspension. */
  suspendedPost: string;
  suspendedComment: string;
  /** The blocked member's notifications just before the block. */
  toldBefore: string;
}
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  const [victim, stranger, blocked, suspended, moderator] = await Promise.all(
    [0, 1, 2, 3, 4].map(() => person(t.app)),
  );
  await befriend(t.app, victim!, blocked!);
  await befriend(t.app, victim!, suspended!);
  const victimPost = await post(t.app, victim!, { content: `<p>${SECRET}</p>` });
  const victimComment = await comment(t.app, victim!, victimPost.id, { content: SECRET });
  const message = await call('POST', '/messages', victim!, {
    recipientId: suspended!.id,
    subject: SECRET,
    content: `<p>${SECRET}</p>`,
  });
  const car = await call('POST', '/cars', victim!, { make: 'Alpine', model: SECRET });
  const repo = trustRepository(t.app.db.kysely);
  await repo.setModerator(moderator!.email, true);
  const report = await call('POST', '/reports', suspended!, {
    targetType: 'post',
    targetId: victimPost.id,
    reason: 'spam',
  });
  expect(report.statusCode, report.body).toBe(201);
  const suspendedPost = await post(t.app, suspended!, { content: '<p>Before</p>' });
  const suspendedComment = await comment(t.app, suspended!, victimPost.id, { content: 'Before' });
  const toldBefore = (await call('GET', '/notifications?limit=100', blocked!)).body;
  expect((await call('POST', `/users/${blocked!.id}/block`, victim!)).statusCode).toBe(200);
  await t.app.db.kysely
    .updateTable('users')
    .set({ suspended_until: new Date(Date.now() + 86_400_000).toISOString() })
    .where('id', '=', suspended!.id)
    .execute();
  w = {
    victim: victim!,
    stranger: stranger!,
    blocked: blocked!,
    suspended: suspended!,
    member: victim!,
    moderator: moderator!,
    post: victimPost.id,
    comment: victimComment.id,
    message: message.json().data.id,
    car: car.json().data.id,
    report: report.json().data.id,
    toldBefore,
    blockedCar: (await call('POST', '/cars', blocked!, { make: 'Saab', model: '900' })).json().data.id,
    suspendedPost: suspendedPost.id,
    suspendedComment: suspendedComment.id,
  };
});
afterAll(() => t.close());

type Role = 'stranger' | 'blocked' | 'suspended' | 'member';
interface Case {
  what: string;
  as: Role[];
  request: (w: World) => { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: object };
  expect: number;
  code?: string;
}

const report = (targetType: string, id: (w: World) => string) => (w: World) => ({
  method: 'POST' as const,
  path: '/reports',
  body: { targetType, targetId: id(w), reason: 'spam', details: SECRET },
});

const CASES: Case[] = [
  // Reports: only what one can see (the blocked member sees nothing of the victim's).
  {
    what: "report the victim's post",
    as: ['stranger', 'blocked'],
    request: report('post', (w) => w.post),
    expect: 404,
  },
  {
    what: "report the victim's comment",
    as: ['stranger', 'blocked'],
    request: report('comment', (w) => w.comment),
    expect: 404,
  },
  {
    what: "report the victim's message to another",
    as: ['stranger', 'blocked'],
    request: report('message', (w) => w.message),
    expect: 404,
  },
  {
    what: "report the victim's car",
    as: ['stranger', 'blocked'],
    request: report('car', (w) => w.car),
    expect: 404,
  },
  {
    what: 'report the victim’s profile',
    as: ['blocked'],
    request: report('user', (w) => w.victim.id),
    expect: 404,
  },
  // The blocked member: the victim does not exist for them.
  {
    what: "read the victim's profile",
    as: ['blocked'],
    request: (w) => ({ method: 'GET', path: `/users/${w.victim.id}` }),
    expect: 404,
  },
  {
    what: "read the victim's post",
    as: ['blocked'],
    request: (w) => ({ method: 'GET', path: `/posts/${w.post}` }),
    expect: 404,
  },
  {
    what: "read the victim's car",
    as: ['blocked'],
    request: (w) => ({ method: 'GET', path: `/cars/${w.car}` }),
    expect: 404,
  },
  {
    what: 'ask the victim to be friends',
    as: ['blocked'],
    request: (w) => ({ method: 'POST', path: '/friends/request', body: { userId: w.victim.id } }),
    expect: 404,
  },
  {
    what: 'write to the victim',
    as: ['blocked'],
    request: (w) => ({
      method: 'POST',
      path: '/messages',
      body: { recipientId: w.victim.id, subject: 'x', content: '<p>x</p>' },
    }),
    expect: 403,
  },
  {
    what: 'chat with the victim',
    as: ['blocked'],
    request: (w) => ({
      method: 'POST',
      path: '/chat-messages',
      body: { recipientId: w.victim.id, content: 'x' },
    }),
    expect: 403,
  },
  {
    what: 'add the victim to a chat group',
    as: ['blocked'],
    request: (w) => ({ method: 'POST', path: '/chat-groups', body: { name: 'x', memberIds: [w.victim.id] } }),
    expect: 400,
  },
  {
    what: "like the victim's post",
    as: ['blocked'],
    request: (w) => ({ method: 'POST', path: `/posts/${w.post}/like` }),
    expect: 404,
  },
  {
    what: "comment on the victim's post",
    as: ['blocked'],
    request: (w) => ({ method: 'POST', path: '/comments', body: { postId: w.post, content: 'x' } }),
    expect: 404,
  },
  {
    what: 'offer the victim a car',
    as: ['blocked'],
    request: (w) => ({
      method: 'POST',
      path: `/cars/${w.blockedCar}/transfers`,
      body: { toUserId: w.victim.id, keepCosts: true, keepNotes: true },
    }),
    expect: 404,
  },

  {
    what: 'invite the victim to a car',
    as: ['blocked'],
    request: (w) => ({
      method: 'POST',
      path: `/cars/${w.blockedCar}/members`,
      body: { userId: w.victim.id, role: 'viewer' },
    }),
    expect: 400,
    code: 'CAR_MEMBER_NOT_FRIEND',
  },

  // The suspended member: no post, comment, message or chat line.
  {
    what: 'post',
    as: ['suspended'],
    request: () => ({ method: 'POST', path: '/posts', body: { content: '<p>x</p>' } }),
    expect: 403,
    code: 'MEMBER_SUSPENDED',
  },
  {
    what: 'comment',
    as: ['suspended'],
    request: (w) => ({ method: 'POST', path: '/comments', body: { postId: w.post, content: 'x' } }),
    expect: 403,
    code: 'MEMBER_SUSPENDED',
  },
  {
    what: 'write a message',
    as: ['suspended'],
    request: (w) => ({
      method: 'POST',
      path: '/messages',
      body: { recipientId: w.victim.id, subject: 'x', content: '<p>x</p>' },
    }),
    expect: 403,
    code: 'MEMBER_SUSPENDED',
  },
  {
    what: 'chat',
    as: ['suspended'],
    request: (w) => ({
      method: 'POST',
      path: '/chat-messages',
      body: { recipientId: w.victim.id, content: 'x' },
    }),
    expect: 403,
    code: 'MEMBER_SUSPENDED',
  },
  {
    what: 'open a chat group',
    as: ['suspended'],
    request: (w) => ({ method: 'POST', path: '/chat-groups', body: { name: 'x', memberIds: [w.victim.id] } }),
    expect: 403,
    code: 'MEMBER_SUSPENDED',
  },
  {
    what: 'edit their post',
    as: ['suspended'],
    request: (w) => ({ method: 'PUT', path: `/posts/${w.suspendedPost}`, body: { content: '<p>x</p>' } }),
    expect: 403,
    code: 'MEMBER_SUSPENDED',
  },
  {
    what: 'edit their comment',
    as: ['suspended'],
    request: (w) => ({ method: 'PUT', path: `/comments/${w.suspendedComment}`, body: { content: 'x' } }),
    expect: 403,
    code: 'MEMBER_SUSPENDED',
  },
  // Moderation: 403 for every member who is not a moderator, whatever the report (no enumeration).
  {
    what: 'read the queue',
    as: ['stranger', 'blocked', 'suspended', 'member'],
    request: () => ({ method: 'GET', path: '/moderation/reports?status=open' }),
    expect: 403,
  },
  {
    what: 'read the audit log',
    as: ['stranger', 'blocked', 'suspended', 'member'],
    request: () => ({ method: 'GET', path: '/moderation/audit' }),
    expect: 403,
  },
  {
    what: 'act on a report',
    as: ['stranger', 'blocked', 'suspended', 'member'],
    request: (w) => ({
      method: 'POST',
      path: `/moderation/reports/${w.report}/actions`,
      body: { action: 'remove-content', note: 'x' },
    }),
    expect: 403,
  },
  {
    what: 'suspend through a report',
    as: ['stranger', 'blocked', 'suspended', 'member'],
    request: (w) => ({
      method: 'POST',
      path: `/moderation/reports/${w.report}/actions`,
      body: { action: 'suspend', durationHours: 1 },
    }),
    expect: 403,
  },
  {
    what: 'act on an unknown report',
    as: ['stranger', 'blocked', 'suspended', 'member'],
    request: () => ({
      method: 'POST',
      path: '/moderation/reports/00000000-0000-4000-8000-000000000000/actions',
      body: { action: 'dismiss' },
    }),
    expect: 403,
  },
  {
    what: 'read the closed reports',
    as: ['stranger', 'blocked', 'suspended', 'member'],
    request: () => ({ method: 'GET', path: '/moderation/reports?status=closed' }),
    expect: 403,
  },
];

/** What the victim and the moderators see: unchanged by every refused attack. */
async function snapshot(): Promise<string> {
  const reads = await Promise.all([
    call('GET', `/posts/${w.post}`, w.victim),
    call('GET', `/comments/post/${w.post}`, w.victim),
    call('GET', '/friends', w.victim),
    call('GET', '/friends/requests', w.victim),
    call('GET', '/notifications?limit=100', w.victim),
    call('GET', '/messages?folder=inbox', w.victim),
    call('GET', '/moderation/reports', w.moderator),
    call('GET', '/moderation/audit', w.moderator),
  ]);
  for (const r of reads) expect(r.statusCode, r.body).toBe(200);
  return JSON.stringify(reads.map((r) => r.json()));
}

const rows = CASES.flatMap((c) => c.as.map((role) => [c.what, role, c] as const));

describe('the trust routes attacked', () => {
  it.each(rows)('%s as the %s member is refused and changes nothing', async (_what, role, c) => {
    const before = await snapshot();
    const { method, path, body } = c.request(w);
    const res = await call(method, path, w[role], body);
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(c.expect);
    expect(res.json()).toMatchObject({ success: false, error: { code: c.code ?? expect.any(String) } });
    expect(res.body).not.toContain(SECRET);
    expect(await snapshot()).toBe(before);
  });

  // GET /search (docs/SPEC-NOTES.md "Search"): reading, so any signed-in member may search, a
  // suspended one too; but what it finds is only what that member may see.
  const searchAs = async (who: Person | null, type: string, q = SECRET) => {
    const res = await call('GET', `/search?type=${type}&q=${encodeURIComponent(q)}`, who);
    return res;
  };

  it('search without a token is 401', async () => {
    const res = await searchAs(null, 'posts');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: { code: expect.any(String) } });
  });

  it.each(['stranger', 'blocked'] as const)(
    "search as the %s member finds none of the victim's posts and cars, and changes nothing",
    async (role) => {
      const before = await snapshot();
      for (const type of ['posts', 'cars']) {
        const res = await searchAs(w[role], type);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ success: true, data: [], meta: { total: 0 } });
        expect(res.body).not.toContain(SECRET);
      }
      expect(await snapshot()).toBe(before);
    },
  );

  it('search as the blocked member does not find the victim; a stranger finds only the public card', async () => {
    const name = w.victim.username;
    const blocked = await searchAs(w.blocked, 'people', name);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().data).toEqual([]);
    expect(blocked.body).not.toContain(w.victim.id);
    // Nor does the victim find the member they blocked.
    const victim = await searchAs(w.victim, 'people', w.blocked.username);
    expect(victim.json().data).toEqual([]);
    const stranger = await searchAs(w.stranger, 'people', name);
    expect(stranger.json().data.map((p: { id: string }) => p.id)).toEqual([w.victim.id]);
    expect(stranger.body).not.toContain(w.victim.email);
  });

  it('search as the suspended member (a non-moderator) reads what a friend may read', async () => {
    const before = await snapshot();
    const posts = await searchAs(w.suspended, 'posts');
    expect(posts.statusCode, posts.body).toBe(200);
    expect(posts.json().data.map((p: { id: string }) => p.id)).toEqual([w.post]);
    const cars = await searchAs(w.suspended, 'cars');
    expect(cars.json().data.map((c: { id: string }) => c.id)).toEqual([w.car]);
    expect(await snapshot()).toBe(before);
  });

  it('blocking, muting and listing act only on the caller’s own lists; the blocked member is not told', async () => {
    const before = await snapshot();
    for (const role of ['stranger', 'blocked', 'suspended'] as const) {
      const who = w[role];
      expect((await call('POST', `/users/${w.victim.id}/mute`, who)).statusCode).toBe(200);
      expect((await call('DELETE', `/users/${w.victim.id}/mute`, who)).statusCode).toBe(200);
      expect((await call('DELETE', `/users/${w.victim.id}/block`, who)).statusCode).toBe(200);
      const blocks = await call('GET', '/users/me/blocks', who);
      expect(blocks.statusCode).toBe(200);
      expect(blocks.body).not.toContain(w.victim.id);
    }
    // The blocked member cannot lift the victim's block.
    expect((await call('GET', `/users/${w.victim.id}`, w.blocked)).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
    const told = await call('GET', '/notifications?limit=100', w.blocked);
    expect(told.body).toBe(w.toldBefore);
  });
});
