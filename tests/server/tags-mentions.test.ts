// Hashtags and mentions (docs/SPEC-NOTES.md "Hashtags and mentions"), over HTTP on a real database:
// - a post's own text gives it its tags (not a comment's, not inside an address or a link), stored
//   by key (#Mégane is #megane), replaced on edit, gone with the post;
// - GET /tags/{tag}/posts: the posts the feed would show (mine, my friends'; never a stranger's,
//   never across a block, never one the moderators removed), newest first, paged like the feed;
//   400 for a tag that is none;
// - @username tells the member mentioned (a `mention` notification and a push under pushMentions,
//   in their language), once per post or comment; never themselves, never someone who cannot read
//   the post, never across a block; an edit that adds a mention tells, one that keeps it does not;
// - GET /users/by-username/{username}: where a mention's link leads.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_TAG_WINDOW_MS } from '../../src/contract/web-push';
import type { FeedMeta, Post } from '../../src/contract/posts';
import type { Notification } from '../../src/contract/notifications';
import { socialPushOf } from '../../server/src/push/social-push';
import { trustRepository } from '../../server/src/trust/trust-repository';
import { createTestApp, type TestApp } from './helpers';
import { befriend, caller, comment, person, post, type Person } from './posts-fixtures';
import { browser, pushServer, shown, subscribe, until, type Browser, type PushServer } from './push-fixtures';

let t: TestApp;
let service: PushServer;
let call: ReturnType<typeof caller>;
/** The push service's clock: moved by the tests, never waited for. */
let clock = Date.now();

beforeAll(async () => {
  service = await pushServer();
  t = await createTestApp(
    { PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' },
    { logger: false, pushClock: () => new Date(clock) },
  );
  call = caller(t.app);
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});
beforeEach(() => {
  clock += PUSH_TAG_WINDOW_MS + 1000;
});

async function tagPage(who: Person, tag: string, query = '') {
  const res = await call('GET', `/tags/${encodeURIComponent(tag)}/posts${query ? `?${query}` : ''}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ success: true; data: Post[]; meta: FeedMeta }>();
}
const idsOf = async (who: Person, tag: string) => (await tagPage(who, tag)).data.map((p) => p.id);

async function mentionsOf(who: Person): Promise<Notification[]> {
  const res = await call('GET', '/notifications?limit=100', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Notification[] }>().data.filter((n) => n.type === 'mention');
}

async function edit(who: Person, path: string, content: string) {
  const res = await call('PUT', path, who, { content });
  expect(res.statusCode, res.body).toBe(200);
}

/** Members who are all friends with each other. */
async function circle(count: number, prefix: string): Promise<Person[]> {
  const people: Person[] = [];
  for (let i = 0; i < count; i++)
    people.push(await person(t.app, { username: `${prefix}${i}_${Math.random().toString(36).slice(2, 8)}` }));
  for (let i = 0; i < count; i++)
    for (let j = i + 1; j < count; j++) await befriend(t.app, people[i]!, people[j]!);
  return people;
}

/** A word no other test uses, so that each test's tag pages are its own. */
const fresh = (stem: string) => `${stem}${Math.random().toString(36).slice(2, 8)}`;

describe('the tags of a post', () => {
  it('come from its own text: any case and accents meet; not an address, a link, a word or a comment', async () => {
    const [ann, ben] = await circle(2, 'tg');
    const w = fresh('megane');
    const long = `a${'b'.repeat(50)}`;
    const p = await post(t.app, ann!, {
      content:
        `<p>#Mé${w.slice(2)} at the track #${w}_Day! #${long}</p>` +
        `<p>https://example.com/page#${w}url mail@${w}.com a#${w}word</p>` +
        `<p><a href="https://example.com">#${w}link</a></p>`,
    });
    // Written "#Mé…", looked up any way: one tag.
    for (const asked of [w, w.toUpperCase(), `Mé${w.slice(2)}`, `ME${w.slice(2)}`])
      expect(await idsOf(ben!, asked), asked).toEqual([p.id]);
    expect(await idsOf(ben!, `${w}_day`)).toEqual([p.id]);
    for (const none of [`${w}url`, `${w}word`, `${w}link`]) expect(await idsOf(ben!, none), none).toEqual([]);
    expect((await call('GET', `/tags/${long}/posts`, ben!)).statusCode).toBe(400);

    // A comment's tag is a link only: the tag page lists posts by their own text.
    const other = await post(t.app, ben!, { content: '<p>No tag here</p>' });
    await comment(t.app, ann!, other.id, { content: `<p>#${w}comment</p>` });
    expect(await idsOf(ann!, `${w}comment`)).toEqual([]);
  });

  it('are replaced when the post is edited and go with it when it is deleted', async () => {
    const [ann] = await circle(1, 'te');
    const [a, b] = [fresh('alpine'), fresh('berlinette')];
    const p = await post(t.app, ann!, { content: `<p>#${a}</p>` });
    expect(await idsOf(ann!, a)).toEqual([p.id]);
    await edit(ann!, `/posts/${p.id}`, `<p>Now #${b} only</p>`);
    expect(await idsOf(ann!, a)).toEqual([]);
    expect(await idsOf(ann!, b)).toEqual([p.id]);
    // An edit that only changes the car keeps the tags.
    expect((await call('PUT', `/posts/${p.id}`, ann!, { carId: null })).statusCode).toBe(200);
    expect(await idsOf(ann!, b)).toEqual([p.id]);
    expect((await call('DELETE', `/posts/${p.id}`, ann!)).statusCode).toBe(200);
    expect(await idsOf(ann!, b)).toEqual([]);
    const rows = await t.app.db.kysely
      .selectFrom('post_tags')
      .selectAll()
      .where('post_id', '=', p.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('GET /tags/{tag}/posts', () => {
  it("shows what the feed would: mine and my friends', not a stranger's, not across a block, not a removed post", async () => {
    const [ann, ben, cat] = await circle(3, 'tv');
    const stranger = await person(t.app);
    const moderator = await person(t.app);
    await trustRepository(t.app.db.kysely).setModerator(moderator.email, true);
    const w = fresh('gti');
    const mine = await post(t.app, ann!, { content: `<p>#${w} mine</p>` });
    const bens = await post(t.app, ben!, { content: `<p>#${w} Ben's</p>` });
    const cats = await post(t.app, cat!, { content: `<p>#${w} Cat's</p>` });
    const strangers = await post(t.app, stranger, { content: `<p>#${w} a stranger's</p>` });
    expect(await idsOf(ann!, w)).toEqual([cats.id, bens.id, mine.id]);
    expect(await idsOf(stranger, w)).toEqual([strangers.id]);

    // Ann blocks Cat: neither sees the other's tagged posts any more.
    expect((await call('POST', `/users/${cat!.id}/block`, ann!)).statusCode).toBe(200);
    expect(await idsOf(ann!, w)).toEqual([bens.id, mine.id]);
    expect(await idsOf(cat!, w)).toEqual([cats.id, bens.id]);

    // The moderators remove Ben's post: gone from every tag page.
    const report = await call('POST', '/reports', ann!, {
      targetType: 'post',
      targetId: bens.id,
      reason: 'spam',
    });
    expect(report.statusCode, report.body).toBe(201);
    const acted = await call('POST', `/moderation/reports/${report.json().data.id}/actions`, moderator, {
      action: 'remove-content',
    });
    expect(acted.statusCode, acted.body).toBe(200);
    expect(await idsOf(ann!, w)).toEqual([mine.id]);
    expect((await tagPage(ann!, w)).meta.total).toBe(1);
  });

  it('pages like the feed: newest first, limit and offset, meta.nextCursor as `before`, the same meta', async () => {
    const [ann, ben] = await circle(2, 'tp');
    const w = fresh('restomod');
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await post(t.app, i % 2 ? ben! : ann!, { content: `<p>${i} #${w}</p>` })).id);
    const newest = [...made].reverse();

    const first = await tagPage(ann!, w, 'limit=2');
    expect(first.success).toBe(true);
    expect(first.data.map((p) => p.id)).toEqual(newest.slice(0, 2));
    expect(first.meta).toEqual({ total: 5, limit: 2, offset: 0, nextCursor: expect.any(String) });
    const second = await tagPage(ann!, w, `limit=2&before=${first.meta.nextCursor}`);
    expect(second.data.map((p) => p.id)).toEqual(newest.slice(2, 4));
    const last = await tagPage(ann!, w, `limit=2&before=${second.meta.nextCursor}`);
    expect(last.data.map((p) => p.id)).toEqual(newest.slice(4));
    expect(last.meta.nextCursor).toBeNull();
    // offset = (page - 1) * limit, as on the feed.
    expect((await tagPage(ann!, w, 'limit=2&offset=2')).data.map((p) => p.id)).toEqual(newest.slice(2, 4));
    // The same post as the feed shows it.
    const feed = await call('GET', '/posts/feed?limit=1', ann!);
    expect(first.data[0]).toEqual(feed.json<{ data: Post[] }>().data[0]);
    // A tag nobody used: an empty page.
    expect((await tagPage(ann!, fresh('nothing'))).meta).toEqual({
      total: 0,
      limit: 20,
      offset: 0,
      nextCursor: null,
    });
  });

  it('answers 400 for a tag that is none, a bad cursor or a bad limit, and 401 without a token', async () => {
    const [ann] = await circle(1, 'tb');
    for (const bad of ['bad-tag', '#hash', 'two words', 'a'.repeat(51), 'emoji🏎', 'dot.ted']) {
      const res = await call('GET', `/tags/${encodeURIComponent(bad)}/posts`, ann!);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: { code: expect.any(String) } });
    }
    expect((await call('GET', '/tags/ok/posts?before=nope', ann!)).statusCode).toBe(400);
    expect((await call('GET', '/tags/ok/posts?limit=0', ann!)).statusCode).toBe(400);
    expect((await call('GET', '/tags/ok/posts', null)).statusCode).toBe(401);
    // Letters of any script and digits are a tag.
    for (const good of ['東京', 'été_2024', '911'])
      expect((await call('GET', `/tags/${encodeURIComponent(good)}/posts`, ann!)).statusCode, good).toBe(200);
  });
});

describe('@username', () => {
  it('tells a friend mentioned in a post or a comment, once; with actor, post and comment', async () => {
    const [ann, ben, cat] = await circle(3, 'mn');
    const p = await post(t.app, ann!, {
      content: `<p>With @${ben!.username.toUpperCase()} and @${ann!.username}.</p>`,
    });
    let told = await mentionsOf(ben!);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      type: 'mention',
      isRead: false,
      jsonPayload: { actorId: ann!.id, relatedPostId: p.id },
      actor: { id: ann!.id },
    });
    expect(told[0]!.jsonPayload.relatedCommentId ?? null).toBeNull();
    // Never one's own mention.
    expect(await mentionsOf(ann!)).toEqual([]);

    // An edit that keeps the mention tells nobody again; one that adds Cat tells Cat.
    await edit(ann!, `/posts/${p.id}`, `<p>Still with @${ben!.username}</p>`);
    await edit(ann!, `/posts/${p.id}`, `<p>With @${ben!.username} and @${cat!.username}</p>`);
    expect(await mentionsOf(ben!)).toHaveLength(1);
    expect(await mentionsOf(cat!)).toHaveLength(1);

    // In a comment (on Ann's post, by Cat): its id too; and again once only.
    const c = await comment(t.app, cat!, p.id, { content: `<p>@${ben!.username} look!</p>` });
    told = await mentionsOf(ben!);
    expect(told).toHaveLength(2);
    expect(told[0]).toMatchObject({
      jsonPayload: { actorId: cat!.id, relatedPostId: p.id, relatedCommentId: c.id },
    });
    await edit(cat!, `/comments/${c.id}`, `<p>@${ben!.username} look again!</p>`);
    expect(await mentionsOf(ben!)).toHaveLength(2);
    await edit(cat!, `/comments/${c.id}`, `<p>@${ben!.username} and @${ann!.username}</p>`);
    expect(await mentionsOf(ann!)).toHaveLength(1);
  });

  it('tells nobody who cannot read the post, who blocked the author or was blocked, nor an e-mail address or a link', async () => {
    const [ann, ben, cat] = await circle(3, 'mx');
    const stranger = await person(t.app);
    expect((await call('POST', `/users/${ann!.id}/block`, cat!)).statusCode).toBe(200);
    await post(t.app, ann!, {
      content:
        `<p>@${stranger.username} @${cat!.username} mail ${ben!.username}@example.com</p>` +
        `<p>https://example.com/@${ben!.username} <a href="https://example.com">@${ben!.username}</a></p>`,
    });
    expect(await mentionsOf(stranger)).toEqual([]);
    expect(await mentionsOf(cat!)).toEqual([]);
    expect(await mentionsOf(ben!)).toEqual([]);
    // Dan is friends with Ann and with Ben, who blocked Ann: Ann's mention of Ben under Dan's post,
    // which both may read, does not reach Ben; nor Ben's of Ann.
    const [dan] = await circle(1, 'md');
    await befriend(t.app, dan!, ann!);
    await befriend(t.app, dan!, ben!);
    const p = await post(t.app, dan!, { content: '<p>Dan writes</p>' });
    expect((await call('POST', `/users/${ann!.id}/block`, ben!)).statusCode).toBe(200);
    await comment(t.app, ann!, p.id, { content: `<p>@${ben!.username}</p>` });
    await comment(t.app, ben!, p.id, { content: `<p>@${ann!.username}</p>` });
    expect(await mentionsOf(ben!)).toEqual([]);
    expect(await mentionsOf(ann!)).toEqual([]);
    // Unrelated to the block, Dan mentions both: both are told.
    await comment(t.app, dan!, p.id, { content: `<p>@${ann!.username} @${ben!.username}</p>` });
    expect(await mentionsOf(ann!)).toHaveLength(1);
    expect(await mentionsOf(ben!)).toHaveLength(1);
  });

  it('pushes under pushMentions in the member’s language, opening the post (at the comment); off: stored, not pushed', async () => {
    const [ann, ben, cat, dan] = await circle(4, 'mp');
    await t.app.db.kysely
      .updateTable('users')
      .set({ first_name: 'Ann', language: 'fr-FR' })
      .where('id', '=', ann!.id)
      .execute();
    await t.app.db.kysely
      .updateTable('users')
      .set({ first_name: 'Ben', language: 'en-US' })
      .where('id', '=', ben!.id)
      .execute();
    const devices = new Map<string, { phone: Browser; path: string }>();
    for (const who of [ann!, ben!, cat!, dan!]) {
      const path = `/m/${who.id}`;
      const phone = browser(`${service.base}${path}`);
      expect((await subscribe(t.app, who, phone.json)).statusCode).toBe(201);
      devices.set(who.id, { phone, path });
    }
    const received = (who: Person) => service.received.filter((r) => r.path === devices.get(who.id)!.path);
    const pushesOf = (who: Person) => received(who).map((r) => shown(r, devices.get(who.id)!.phone));
    /** The push with this title (waited for). */
    const titled = async (who: Person, title: string) => {
      await until(() => pushesOf(who).some((n) => n.title === title), 30_000, title);
      return pushesOf(who).find((n) => n.title === title)!;
    };
    const social = socialPushOf(t.app.db)!.service;
    const settled = async () => {
      await social.settled();
      await social.drain();
    };
    const defaults = await call('GET', '/users/me/preferences', ann!);
    expect(defaults.json().data.pushMentions).toBe(true);

    const p = await post(t.app, ben!, { content: `<p>Hello @${ann!.username}</p>` });
    expect(await titled(ann!, 'Ben vous a mentionné dans une publication')).toMatchObject({
      navigate: `/post/${p.id}`,
      tag: `post-${p.id}`,
    });
    const q = await post(t.app, ann!, { content: `<p>Again @${ben!.username}</p>` });
    expect(await titled(ben!, 'Ann mentioned you in a post')).toMatchObject({ navigate: `/post/${q.id}` });
    // In a comment: the push opens the post at the comment.
    const other = await post(t.app, cat!, { content: '<p>Cat writes</p>' });
    const c = await comment(t.app, ann!, other.id, { content: `<p>Look @${ben!.username}</p>` });
    expect(await titled(ben!, 'Ann mentioned you in a comment')).toMatchObject({
      navigate: `/post/${other.id}#comment-${c.id}`,
    });
    // (Not under Ann's own post: its comment's push would share the post's tag, folded into one.)
    await comment(t.app, ben!, other.id, { content: `<p>Merci @${ann!.username}</p>` });
    expect(await titled(ann!, 'Ben vous a mentionné dans un commentaire')).toBeDefined();

    // Dan turns the switch off: the mention is stored, nothing is pushed.
    expect((await call('PUT', '/users/me/preferences', dan!, { pushMentions: false })).statusCode).toBe(200);
    clock += PUSH_TAG_WINDOW_MS + 1000;
    await post(t.app, ann!, { content: `<p>@${dan!.username}</p>` });
    await settled();
    expect(received(dan!)).toEqual([]);
    expect(await mentionsOf(dan!)).toHaveLength(1);
  });
});

describe('GET /users/by-username/{username}', () => {
  it("answers the member's profile (any case); 404 for nobody or a member who blocked me; 400 for no username", async () => {
    const [ann, ben] = await circle(2, 'un');
    const stranger = await person(t.app);
    const res = await call('GET', `/users/by-username/${ben!.username.toUpperCase()}`, ann!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: ben!.id, username: ben!.username });
    expect((await call('GET', `/users/by-username/${ben!.username}`, stranger)).json().data.email).toBeNull();
    expect((await call('GET', '/users/by-username/nobody_here_x', ann!)).statusCode).toBe(404);
    expect((await call('GET', '/users/by-username/a', ann!)).statusCode).toBe(400);
    expect((await call('POST', `/users/${stranger.id}/block`, ben!)).statusCode).toBe(200);
    expect((await call('GET', `/users/by-username/${ben!.username}`, stranger)).statusCode).toBe(404);
  });
});
