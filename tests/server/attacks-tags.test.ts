// The routes of hashtags and mentions attacked (docs/SECURITY-CHECKS.md "Access to members'
// things"): GET /tags/{tag}/posts and GET /users/by-username/{username} as a stranger, as a member
// the victim blocked, as a suspended member and as a non-moderator. Each answer leaks none of the
// victim's text the caller may not read and changes nothing the victim sees; a mention by any of
// them tells the victim nothing unless the victim may be told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustRepository } from '../../server/src/trust/trust-repository';
import { createTestApp, type TestApp } from './helpers';
import { befriend, caller, person, post, type Person } from './posts-fixtures';

const SECRET = 'TAGSECRET41c9';
const TAG = 'paddocktag';

let t: TestApp;
let call: ReturnType<typeof caller>;

interface World {
  victim: Person;
  stranger: Person;
  /** Was the victim's friend; the victim blocked them. */
  blocked: Person;
  /** The victim's friend, suspended by the moderators. */
  suspended: Person;
  /** The victim's friend, no moderator. */
  friend: Person;
  victimPost: string;
  removedPost: string;
}
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  const [victim, stranger, blocked, suspended, friend, moderator] = await Promise.all(
    [0, 1, 2, 3, 4, 5].map(() => person(t.app)),
  );
  await befriend(t.app, victim!, blocked!);
  await befriend(t.app, victim!, suspended!);
  await befriend(t.app, victim!, friend!);
  const victimPost = await post(t.app, victim!, { content: `<p>#${TAG} ${SECRET}</p>` });
  const removed = await post(t.app, victim!, { content: `<p>#${TAG} removed ${SECRET}</p>` });
  await trustRepository(t.app.db.kysely).setModerator(moderator!.email, true);
  const report = await call('POST', '/reports', friend!, {
    targetType: 'post',
    targetId: removed.id,
    reason: 'spam',
  });
  expect(report.statusCode, report.body).toBe(201);
  const acted = await call('POST', `/moderation/reports/${report.json().data.id}/actions`, moderator!, {
    action: 'remove-content',
  });
  expect(acted.statusCode, acted.body).toBe(200);
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
    friend: friend!,
    victimPost: victimPost.id,
    removedPost: removed.id,
  };
});
afterAll(() => t.close());

/** What the victim sees: unchanged by every attack. */
async function snapshot(): Promise<string> {
  const reads = await Promise.all([
    call('GET', `/posts/${w.victimPost}`, w.victim),
    call('GET', `/tags/${TAG}/posts`, w.victim),
    call('GET', '/notifications?limit=100', w.victim),
    call('GET', '/friends', w.victim),
  ]);
  for (const r of reads) expect(r.statusCode, r.body).toBe(200);
  return JSON.stringify(reads.map((r) => r.json()));
}

type Role = 'stranger' | 'blocked' | 'suspended' | 'friend';

describe('the tag page attacked', () => {
  it.each(['stranger', 'blocked'] as const)(
    "as the %s member: the victim's tagged posts are not listed nor counted",
    async (role: Role) => {
      const before = await snapshot();
      for (const tag of [TAG, TAG.toUpperCase()]) {
        const res = await call('GET', `/tags/${tag}/posts`, w[role]);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ success: true, data: [], meta: { total: 0, nextCursor: null } });
        expect(res.body).not.toContain(SECRET);
      }
      expect(await snapshot()).toBe(before);
    },
  );

  it.each(['suspended', 'friend'] as const)(
    "as the %s member (a friend, no moderator): the victim's post, never the one the moderators removed",
    async (role: Role) => {
      const before = await snapshot();
      const res = await call('GET', `/tags/${TAG}/posts`, w[role]);
      expect(res.statusCode, res.body).toBe(200);
      const ids = res.json<{ data: { id: string }[] }>().data.map((p) => p.id);
      expect(ids).toEqual([w.victimPost]);
      expect(res.body).not.toContain(w.removedPost);
      expect(await snapshot()).toBe(before);
    },
  );

  it.each(['stranger', 'blocked', 'suspended', 'friend'] as const)(
    'as the %s member: a hostile tag is a 400 with the envelope, never an error or a leak',
    async (role: Role) => {
      for (const tag of [`x' or 1=1 --`, '%', '_%', '<script>', '../users', 'a'.repeat(90)]) {
        const res = await call('GET', `/tags/${encodeURIComponent(tag)}/posts`, w[role]);
        expect(res.statusCode, `${tag}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ success: false, error: { code: expect.any(String) } });
        expect(res.body).not.toContain(SECRET);
      }
      // SQL's wildcards are a tag's letters only: `_` alone names the tag "_", which nobody used.
      const res = await call('GET', '/tags/_/posts', w[role]);
      expect(res.json()).toMatchObject({ data: [], meta: { total: 0 } });
    },
  );
});

describe('the username look-up attacked', () => {
  it('the blocked member: the victim does not exist; the others see the card, its e-mail and bio only as a friend', async () => {
    const before = await snapshot();
    const blocked = await call('GET', `/users/by-username/${w.victim.username}`, w.blocked);
    expect(blocked.statusCode).toBe(404);
    expect(blocked.body).not.toContain(w.victim.id);
    const stranger = await call('GET', `/users/by-username/${w.victim.username}`, w.stranger);
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json().data).toMatchObject({ id: w.victim.id, email: null, bio: null });
    const suspended = await call('GET', `/users/by-username/${w.victim.username}`, w.suspended);
    expect(suspended.json().data.email).toBe(w.victim.email);
    for (const bad of ['%25', '_', `${w.victim.username}%00`, 'a'.repeat(31)])
      expect((await call('GET', `/users/by-username/${bad}`, w.stranger)).statusCode, bad).toBe(400);
    expect(await snapshot()).toBe(before);
  });
});

describe('mentions by the attackers', () => {
  it('a stranger, a blocked member or a suspended one cannot reach the victim with a mention', async () => {
    const before = await snapshot();
    // A stranger's own post: the victim cannot read it, so is not told.
    await post(t.app, w.stranger, { content: `<p>@${w.victim.username}</p>` });
    // The blocked member: their own post, and a comment under the victim's post (refused).
    await post(t.app, w.blocked, { content: `<p>@${w.victim.username}</p>` });
    const comment = await call('POST', '/comments', w.blocked, {
      postId: w.victimPost,
      content: `@${w.victim.username}`,
    });
    expect(comment.statusCode).toBe(404);
    // The suspended member cannot post at all.
    const suspended = await call('POST', '/posts', w.suspended, { content: `<p>@${w.victim.username}</p>` });
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json()).toMatchObject({ error: { code: 'MEMBER_SUSPENDED' } });
    expect(await snapshot()).toBe(before);
  });
});
