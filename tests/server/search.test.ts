// GET /search (docs/SPEC-NOTES.md "Search"): members, cars and posts found by words, case- and
// accent-blind, ranked, paged, and only what the searcher may see. The same cases run on SQLite
// (FTS5) and on PostgreSQL (TEST_DATABASE=postgres: full-text search with unaccent).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Post } from '../../src/contract/posts';
import type { SearchCar, SearchPerson } from '../../src/contract/search';
import { createTestApp, type TestApp } from './helpers';
import { befriend, caller, getPost, like, person, post, type Person } from './posts-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
// Unique words, so that the fixtures of one run never meet another's.
const tag = randomUUID().replace(/-/g, '').slice(0, 6);

interface World {
  me: Person;
  friend: Person;
  /** Was my friend; shares a car with me, then we stopped being friends. */
  partner: Person;
  stranger: Person;
  /** Blocked by me. */
  blockedByMe: Person;
  /** Blocked me. */
  blockedMe: Person;
  /** My friend, muted by me. */
  muted: Person;
}
let w: World;

async function car(who: Person, fields: Record<string, unknown>): Promise<string> {
  const res = await call('POST', '/cars', who, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string } }>().data.id;
}

type Found<T> = { items: T[]; total: number; limit: number; offset: number };

async function search<T>(who: Person, type: string, q: string, paging = ''): Promise<Found<T>> {
  const res = await call('GET', `/search?type=${type}&q=${encodeURIComponent(q)}${paging}`, who);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{
    success: true;
    data: T[];
    meta: { total: number; limit: number; offset: number };
  }>();
  return { items: body.data, ...body.meta };
}

const people = async (who: Person, q: string) =>
  (await search<SearchPerson>(who, 'people', q)).items.map((p) => `${p.firstName} ${p.lastName}`);
const cars = async (who: Person, q: string) =>
  (await search<SearchCar>(who, 'cars', q)).items.map((c) => `${c.make} ${c.model}`);
const posts = async (who: Person, q: string) =>
  (await search<Post>(who, 'posts', q)).items.map((p) => p.content);

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  const [me, friend, partner, stranger, blockedByMe, blockedMe, muted] = await Promise.all([
    person(t.app, { firstName: 'Searcher', lastName: `Me${tag}`, username: `me${tag}` }),
    person(t.app, { firstName: 'Élodie', lastName: `Dupré${tag}`, username: `elo${tag}` }),
    person(t.app, { firstName: 'François', lastName: `Partner${tag}`, username: `partner${tag}` }),
    person(t.app, { firstName: 'Ëlodie', lastName: `Stranger${tag}`, username: `stranger${tag}` }),
    person(t.app, { firstName: 'Elodie', lastName: `Blocked${tag}`, username: `blocked${tag}` }),
    person(t.app, { firstName: 'Elodie', lastName: `Blocker${tag}`, username: `blocker${tag}` }),
    person(t.app, { firstName: 'Muted', lastName: `Friend${tag}`, username: `muted${tag}` }),
  ]);
  w = {
    me: me!,
    friend: friend!,
    partner: partner!,
    stranger: stranger!,
    blockedByMe: blockedByMe!,
    blockedMe: blockedMe!,
    muted: muted!,
  };
  for (const other of [w.friend, w.partner, w.blockedByMe, w.blockedMe, w.muted])
    await befriend(t.app, w.me, other);

  // Cars: mine, my friend's, one shared with me, a stranger's, the blocked members'.
  await car(w.me, { make: 'Renault', model: `Mégane ${tag}`, nickname: 'La Bleue' });
  await car(w.friend, {
    make: 'Renault',
    model: `Mégane RS ${tag}`,
    year: 2004,
    vin: 'VF1BM0A0534567890',
    plate: 'AB-123-CD',
  });
  const shared = await car(w.partner, { make: 'Alpine', model: `A110 ${tag}`, nickname: `Berlinette${tag}` });
  const invited = await call('POST', `/cars/${shared}/members`, w.partner, {
    userId: w.me.id,
    role: 'viewer',
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const accepted = await call('PUT', `/car-invites/${shared}`, w.me, { action: 'accept' });
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect((await call('DELETE', `/friends/${w.partner.id}`, w.me)).statusCode).toBe(200);
  await car(w.stranger, { make: 'Renault', model: `Mégane Stranger ${tag}` });
  await car(w.blockedByMe, { make: 'Renault', model: `Mégane Blocked ${tag}` });
  await car(w.blockedMe, { make: 'Renault', model: `Mégane Blocker ${tag}` });

  // Posts.
  await post(t.app, w.me, { content: `<p>My <strong>E30</strong> restoration #E30 ${tag}</p>` });
  await post(t.app, w.friend, {
    content: `<p>Sunday drive in the Mégane ${tag} with friends and family and the dog</p>`,
  });
  await post(t.app, w.friend, { content: `<p>Mégane Mégane Mégane ${tag}</p>` });
  await post(t.app, w.stranger, { content: `<p>Stranger Mégane ${tag} #E30</p>` });
  await post(t.app, w.blockedByMe, { content: `<p>Blocked Mégane ${tag}</p>` });
  await post(t.app, w.blockedMe, { content: `<p>Blocker Mégane ${tag}</p>` });
  await post(t.app, w.muted, { content: `<p>Muted Mégane ${tag}</p>` });

  expect((await call('POST', `/users/${w.blockedByMe.id}/block`, w.me)).statusCode).toBe(200);
  expect((await call('POST', `/users/${w.me.id}/block`, w.blockedMe)).statusCode).toBe(200);
  expect((await call('POST', `/users/${w.muted.id}/mute`, w.me)).statusCode).toBe(200);
});
afterAll(async () => t.close());

describe('GET /search: the request', () => {
  test('needs a signed-in member (401)', async () => {
    const res = await call('GET', '/search?type=people&q=elodie', null);
    expect(res.statusCode).toBe(401);
  });

  test.each([
    ['an empty q', 'type=people&q='],
    ['a blank q', 'type=people&q=%20%20%20'],
    ['no q', 'type=people'],
    ['no type', 'q=elodie'],
    ['an unknown type', 'type=logs&q=elodie'],
    ['a q of 101 characters', `type=people&q=${'a'.repeat(101)}`],
    ['a limit past 50', 'type=people&q=elodie&limit=51'],
    ['a negative offset', 'type=people&q=elodie&offset=-1'],
  ])('%s is 400 VALIDATION_ERROR', async (_what, query) => {
    const res = await call('GET', `/search?${query}`, w.me);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
  });

  test('operators of either engine are plain text: 200, never 500', async () => {
    for (const q of ['"megane', 'megane*', 'NEAR(a b)', 'a:* & !b | (c)', '⑴ ½ ™', "l'Alpine -x", '^a OR b'])
      for (const type of ['people', 'cars', 'posts']) {
        const res = await call('GET', `/search?type=${type}&q=${encodeURIComponent(q)}`, w.me);
        expect(res.statusCode, `${type} ${q}: ${res.body}`).toBe(200);
      }
  });

  test('a q of 100 characters, and one with no letter nor digit, answer 200', async () => {
    expect((await search(w.me, 'people', 'a'.repeat(100))).total).toBe(0);
    const none = await search(w.me, 'posts', '#!?');
    expect(none).toEqual({ items: [], total: 0, limit: 20, offset: 0 });
  });
});

describe('GET /search?type=people', () => {
  test('finds members by first and last name, ignoring case and accents both ways', async () => {
    expect(await people(w.me, `elodie dupre${tag}`)).toEqual([`Élodie Dupré${tag}`]);
    expect(await people(w.me, `ÉLODIE DUPRÉ${tag}`)).toEqual([`Élodie Dupré${tag}`]);
    expect(await people(w.me, `francois partner${tag}`)).toEqual([`François Partner${tag}`]);
  });

  test('finds members by username, and by the start of the last word', async () => {
    expect(await people(w.me, `ELO${tag}`)).toEqual([`Élodie Dupré${tag}`]);
    expect(await people(w.me, `Dupr`)).toContain(`Élodie Dupré${tag}`);
  });

  test('answers public cards only: never an e-mail', async () => {
    const res = await call('GET', `/search?type=people&q=elo${tag}`, w.me);
    const [found] = res.json<{ data: Record<string, unknown>[] }>().data;
    expect(Object.keys(found!).sort()).toEqual(['avatar', 'firstName', 'id', 'lastName', 'username']);
    expect(res.body).not.toContain(w.friend.email);
  });

  test('finds strangers, never me, never a member blocked either way', async () => {
    expect(await people(w.me, `stranger${tag}`)).toEqual([`Ëlodie Stranger${tag}`]);
    expect(await people(w.me, `me${tag}`)).toEqual([]);
    expect(await people(w.me, `blocked${tag}`)).toEqual([]);
    expect(await people(w.me, `blocker${tag}`)).toEqual([]);
    // Both ways: the blocked members do not find me either.
    expect(await people(w.blockedByMe, `me${tag}`)).toEqual([]);
    expect(await people(w.blockedMe, `me${tag}`)).toEqual([]);
    expect(await people(w.stranger, `me${tag}`)).toEqual([`Searcher Me${tag}`]);
  });

  test('follows a change of name, and leaves out a deleted account', async () => {
    const renamed = await person(t.app, { firstName: 'Old', lastName: `Name${tag}` });
    const res = await call('PUT', '/users/me', renamed, { firstName: 'Brandnew' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await people(w.me, `brandnew name${tag}`)).toEqual([`Brandnew Name${tag}`]);
    expect(await people(w.me, `old name${tag}`)).toEqual([]);
    await t.app.db.kysely
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', renamed.id)
      .execute();
    expect(await people(w.me, `brandnew name${tag}`)).toEqual([]);
  });
});

describe('GET /search?type=cars', () => {
  test('"renault megane" finds Mégane: mine, my friend\'s and the one shared with me', async () => {
    expect((await cars(w.me, `renault megane ${tag}`)).sort()).toEqual(
      [`Renault Mégane ${tag}`, `Renault Mégane RS ${tag}`].sort(),
    );
    expect(await cars(w.me, `RENAULT MÉGANE RS ${tag}`)).toEqual([`Renault Mégane RS ${tag}`]);
  });

  test('finds by nickname, and a car shared with me by a member who is no longer my friend', async () => {
    expect(await cars(w.me, `berlinette${tag}`)).toEqual([`Alpine A110 ${tag}`]);
    expect(await cars(w.me, `la bleue`)).toEqual([`Renault Mégane ${tag}`]);
  });

  test("never a stranger's car nor a blocked member's, either way", async () => {
    expect(await cars(w.me, `megane stranger ${tag}`)).toEqual([]);
    expect(await cars(w.me, `megane blocked ${tag}`)).toEqual([]);
    expect(await cars(w.me, `megane blocker ${tag}`)).toEqual([]);
    expect(await cars(w.stranger, `megane ${tag}`)).toEqual([`Renault Mégane Stranger ${tag}`]);
    expect(await cars(w.blockedMe, `megane ${tag}`)).toEqual([`Renault Mégane Blocker ${tag}`]);
  });

  test('answers the card with its owner, never the VIN nor the plate', async () => {
    const res = await call('GET', `/search?type=cars&q=${encodeURIComponent(`megane rs ${tag}`)}`, w.me);
    const [found] = res.json<{ data: SearchCar[] }>().data;
    expect(found).toMatchObject({
      make: 'Renault',
      model: `Mégane RS ${tag}`,
      nickname: null,
      year: 2004,
      image: null,
      owner: { id: w.friend.id, username: w.friend.username, firstName: 'Élodie' },
    });
    expect(Object.keys(found!).sort()).toEqual(['id', 'image', 'make', 'model', 'nickname', 'owner', 'year']);
    expect(res.body).not.toContain('VF1BM0A0534567890');
    expect(res.body).not.toContain('AB-123-CD');
    expect(res.body).not.toContain(w.friend.email);
  });
});

describe('GET /search?type=posts', () => {
  test('finds a post by its hashtag, with or without #, in any case', async () => {
    for (const q of ['#e30', 'e30', '#E30', `e30 ${tag}`])
      expect(await posts(w.me, q), q).toEqual([`<p>My <strong>E30</strong> restoration #E30 ${tag}</p>`]);
  });

  test('searches the text, not the markup', async () => {
    expect(await posts(w.me, `strong ${tag}`)).toEqual([]);
    expect(await posts(w.me, `restoration ${tag}`)).toHaveLength(1);
  });

  test('ranks the better match first, and answers the post as the feed does', async () => {
    const found = await search<Post>(w.me, 'posts', `megane ${tag}`);
    expect(found.items.map((p) => p.content)).toEqual([
      `<p>Mégane Mégane Mégane ${tag}</p>`,
      `<p>Muted Mégane ${tag}</p>`,
      `<p>Sunday drive in the Mégane ${tag} with friends and family and the dog</p>`,
    ]);
    expect(found.items[0]).toMatchObject({
      author: { id: w.friend.id, username: w.friend.username },
      likes: [],
      likesCount: 0,
      commentsCount: 0,
      image: null,
    });
  });

  test('answers each post of a page exactly as GET /posts/:id does, liked by me or not, in rank order', async () => {
    const word = `liked${tag}`;
    const liked = await post(t.app, w.friend, { content: `<p>${word} ${word} ${word}</p>` });
    const plain = await post(t.app, w.me, { content: `<p>${word} and more words here</p>` });
    await like(t.app, w.me, liked.id);
    await like(t.app, w.friend, liked.id);
    const found = await search<Post>(w.me, 'posts', word);
    expect(found.items).toEqual([await getPost(t.app, w.me, liked.id), await getPost(t.app, w.me, plain.id)]);
    expect(found.items[0]!.likes[0]).toBe(w.me.id);
    expect(found.items[0]!.likesCount).toBe(2);
  });

  test("never a stranger's post, never a blocked member's either way; a muted friend's stays findable", async () => {
    const found = await posts(w.me, `megane ${tag}`);
    expect(found.join()).not.toMatch(/Stranger|Blocked|Blocker/);
    expect(found).toContain(`<p>Muted Mégane ${tag}</p>`);
    expect(await posts(w.blockedByMe, `megane ${tag}`)).toEqual([`<p>Blocked Mégane ${tag}</p>`]);
    expect(await posts(w.stranger, `e30 ${tag}`)).toEqual([`<p>Stranger Mégane ${tag} #E30</p>`]);
  });

  test('follows an edit and a deletion', async () => {
    const mine = await post(t.app, w.me, { content: `<p>Carburettor ${tag}</p>` });
    expect(await posts(w.friend, `carburettor ${tag}`)).toHaveLength(1);
    const edited = await call('PUT', `/posts/${mine.id}`, w.me, { content: `<p>Injection ${tag}</p>` });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await posts(w.friend, `carburettor ${tag}`)).toEqual([]);
    expect(await posts(w.friend, `injection ${tag}`)).toEqual([`<p>Injection ${tag}</p>`]);
    expect((await call('DELETE', `/posts/${mine.id}`, w.me)).statusCode).toBe(200);
    expect(await posts(w.friend, `injection ${tag}`)).toEqual([]);
  });
});

describe('GET /search: paging', () => {
  test('limit and offset page the ranked list; meta.total counts every match', async () => {
    const word = `page${tag}`;
    for (let i = 0; i < 5; i += 1)
      await post(t.app, w.friend, { content: `<p>${word} ${'x '.repeat(i)}</p>` });
    const all = await search<Post>(w.me, 'posts', word, '&limit=50');
    expect(all.total).toBe(5);
    expect(all.items).toHaveLength(5);
    const first = await search<Post>(w.me, 'posts', word, '&limit=2');
    expect(first).toMatchObject({ total: 5, limit: 2, offset: 0 });
    const second = await search<Post>(w.me, 'posts', word, '&limit=2&offset=2');
    const third = await search<Post>(w.me, 'posts', word, '&limit=2&offset=4');
    expect([...first.items, ...second.items, ...third.items].map((p) => p.id)).toEqual(
      all.items.map((p) => p.id),
    );
    const past = await search<Post>(w.me, 'posts', word, '&limit=2&offset=10');
    expect(past).toEqual({ items: [], total: 5, limit: 2, offset: 10 });
  });
});
