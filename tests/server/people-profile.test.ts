// Profiles over HTTP: my own (read, edit with the signup rules, the 20000-character bio, sanitised),
// another member's as I may see it (bio and e-mail for friends only), the people search (name,
// username or city; case-insensitive; % and _ are plain characters; never me), and OpenAPI.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PersonCard, Profile } from '../../src/contract/people';
import type { CurrentUser } from '../../src/contract/user';
import { richTextOf } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { API, befriend, caller, person, sendRequest, type Person } from './people-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let ann: Person;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  ann = await person(t.app, { firstName: 'Ann', lastName: 'Arbor', city: 'Lyon' });
});
afterAll(async () => t.close());

const me = async (who: Person) => (await call('GET', '/users/me', who)).json<{ data: CurrentUser }>().data;

describe('GET and PUT /users/me', () => {
  test('GET /users/me answers what /auth/me answers', async () => {
    const res = await call('GET', '/users/me', ann);
    expect(res.statusCode).toBe(200);
    const auth = await call('GET', '/auth/me', ann);
    expect(res.json().data).toEqual(auth.json().data);
    expect((await call('GET', '/users/me', null)).statusCode).toBe(401);
  });

  test('changes the fields given, trims names, keeps the others, ignores unknown fields', async () => {
    const who = await person(t.app, { firstName: 'Old', lastName: 'Name', city: 'Nantes' });
    const before = await me(who);
    const res = await call('PUT', '/users/me', who, {
      firstName: '  Jeanne ',
      bio: '<p>Hello</p>',
      email: 'hijack@example.com',
      id: randomUUID(),
      avatar: 'https://evil.example/x.png',
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ ...before, firstName: 'Jeanne', bio: '<p>Hello</p>' });
    expect(await me(who)).toEqual({ ...before, firstName: 'Jeanne', bio: '<p>Hello</p>' });
    // null or "" clears city and bio.
    await call('PUT', '/users/me', who, { city: '', bio: null });
    expect(await me(who)).toMatchObject({ city: null, bio: null });
    await call('PUT', '/users/me', who, { city: ' Brest ' });
    expect((await me(who)).city).toBe('Brest');
    await call('PUT', '/users/me', who, { city: null });
    expect((await me(who)).city).toBeNull();
  });

  test('names must not be blank; lengths and the username pattern are those of signup', async () => {
    const who = await person(t.app);
    const fieldOf = async (payload: object) => {
      const res = await call('PUT', '/users/me', who, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      return res.json().error.fields[0].field as string;
    };
    expect(await fieldOf({ firstName: '   ' })).toBe('body.firstName');
    expect(await fieldOf({ lastName: '' })).toBe('body.lastName');
    expect(await fieldOf({ firstName: 'x'.repeat(81) })).toBe('body.firstName');
    expect(await fieldOf({ username: 'ab' })).toBe('body.username');
    expect(await fieldOf({ username: 'has space' })).toBe('body.username');
    expect(await fieldOf({ username: 'x'.repeat(31) })).toBe('body.username');
    expect(await fieldOf({ city: 'x'.repeat(121) })).toBe('body.city');
    expect((await call('PUT', '/users/me', who, { firstName: 'x'.repeat(80) })).statusCode).toBe(200);
    expect((await call('PUT', '/users/me', who, { username: 'x'.repeat(30) })).statusCode).toBe(200);
    expect((await call('PUT', '/users/me', null, { firstName: 'Anon' })).statusCode).toBe(401);
  });

  test("another member's username is refused with 409, whatever its case; my own is fine", async () => {
    const who = await person(t.app);
    const res = await call('PUT', '/users/me', who, { username: ann.username.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'CONFLICT',
      fields: [{ field: 'body.username', message: 'is already taken' }],
    });
    const mine = await call('PUT', '/users/me', who, { username: who.username.toUpperCase() });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.username).toBe(who.username.toUpperCase());
    // The new name is taken for others now, and signing up with it is refused too.
    const other = await person(t.app);
    expect((await call('PUT', '/users/me', other, { username: who.username })).statusCode).toBe(409);
  });

  test('the bio holds at most 20000 characters of text and is sanitised', async () => {
    const who = await person(t.app);
    const full = await call('PUT', '/users/me', who, { bio: richTextOf(20_000) });
    expect(full.statusCode).toBe(200);
    expect(full.json().data.bio).toBe(richTextOf(20_000));
    const over = await call('PUT', '/users/me', who, { bio: richTextOf(20_001) });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields).toEqual([
      { field: 'body.bio', message: expect.stringContaining('20000') },
    ]);
    expect((await me(who)).bio).toBe(richTextOf(20_000));
    const attacks = [
      '<p>Hi<script>alert(1)</script></p>',
      '<p>Hi<img src=x onerror=alert(1)></p>',
      '<p onclick="alert(1)">Hi<iframe src="https://evil.example"></iframe></p>',
      '<p>Hi<svg onload=alert(1)></svg><style>p{}</style></p>',
    ];
    for (const attack of attacks) {
      const res = await call('PUT', '/users/me', who, { bio: attack });
      expect(res.json().data.bio, attack).toBe('<p>Hi</p>');
    }
    const link = await call('PUT', '/users/me', who, {
      bio: '<p><a href="javascript:alert(1)">x</a><a href="https://ok.example">y</a></p>',
    });
    const linked = link.json().data.bio as string;
    expect(linked).not.toContain('javascript');
    expect(linked).toContain('<a href="https://ok.example" rel="noopener noreferrer" target="_blank">y</a>');
    // Quill's empty editor is no bio.
    expect((await call('PUT', '/users/me', who, { bio: '<p><br></p>' })).json().data.bio).toBeNull();
  });
});

describe('GET /users/:id', () => {
  test('the card for everyone; bio and e-mail only for friends and myself', async () => {
    const owner = await person(t.app, { firstName: 'Olive', lastName: 'Owner', city: 'Metz' });
    await call('PUT', '/users/me', owner, { bio: '<p>Rally driver</p>' });
    const friend = await person(t.app);
    const stranger = await person(t.app);
    await befriend(t.app, owner, friend);

    const seenBy = async (who: Person) => {
      const res = await call('GET', `/users/${owner.id}`, who);
      expect(res.statusCode).toBe(200);
      return res.json<{ data: Profile }>().data;
    };
    const card = {
      id: owner.id,
      username: owner.username,
      firstName: 'Olive',
      lastName: 'Owner',
      avatar: null,
      city: 'Metz',
      createdAt: expect.any(String),
    };
    expect(await seenBy(stranger)).toEqual({
      ...card,
      bio: null,
      email: null,
      friendship: { status: 'none', requestId: null },
    });
    expect(await seenBy(friend)).toEqual({
      ...card,
      bio: '<p>Rally driver</p>',
      email: owner.email,
      friendship: { status: 'friends', requestId: null },
    });
    expect(await seenBy(owner)).toMatchObject({
      bio: '<p>Rally driver</p>',
      email: owner.email,
      friendship: { status: 'self', requestId: null },
    });
  });

  test('a pending request shows on both sides with its id', async () => {
    const a = await person(t.app);
    const b = await person(t.app);
    const { request } = await sendRequest(t.app, a, b);
    const fromA = (await call('GET', `/users/${b.id}`, a)).json<{ data: Profile }>().data;
    const fromB = (await call('GET', `/users/${a.id}`, b)).json<{ data: Profile }>().data;
    expect(fromA.friendship).toEqual({ status: 'requestSent', requestId: request.id });
    expect(fromB.friendship).toEqual({ status: 'requestReceived', requestId: request.id });
    // Not friends yet: no bio, no e-mail.
    expect(fromB.email).toBeNull();
  });

  test('unknown, malformed and anonymous', async () => {
    expect((await call('GET', `/users/${randomUUID()}`, ann)).statusCode).toBe(404);
    expect((await call('GET', '/users/not-a-uuid', ann)).statusCode).toBe(400);
    expect((await call('GET', `/users/${ann.id}`, null)).statusCode).toBe(401);
  });
});

describe('GET /users/search', () => {
  let searcher: Person;
  let found: Record<string, Person>;
  beforeAll(async () => {
    searcher = await person(t.app, { firstName: 'Zed', lastName: 'Searcher' });
    const tag = randomUUID().slice(0, 6);
    found = {
      percent: await person(t.app, { firstName: `Pct${tag}`, lastName: '100%Real' }),
      hundred: await person(t.app, { firstName: `Pct${tag}`, lastName: '1000Real' }),
      underscore: await person(t.app, { username: `us_${tag}`, firstName: 'Uma' }),
      lookalike: await person(t.app, { username: `usx${tag}`, firstName: 'Una' }),
      city: await person(t.app, { firstName: 'Cyd', city: `Saint-${tag}-sur-Mer` }),
      named: await person(t.app, { firstName: 'Émile', lastName: `Zola${tag}` }),
    };
  });

  const search = async (who: Person, q: string, extra = '') => {
    const res = await call('GET', `/users/search?q=${encodeURIComponent(q)}${extra}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: PersonCard[]; meta: { total: number; limit: number; offset: number } }>();
  };
  const ids = (cards: PersonCard[]) => cards.map((c) => c.id);

  test('by first name, last name, full name, username or city, whatever the case', async () => {
    const zola = found.named!;
    const lastName = (await me(zola)).lastName;
    expect(ids((await search(searcher, lastName.toUpperCase())).data)).toEqual([zola.id]);
    expect(ids((await search(searcher, `mile ${lastName.toLowerCase()}`)).data)).toEqual([zola.id]);
    expect(ids((await search(searcher, found.underscore!.username.toUpperCase())).data)).toEqual([
      found.underscore!.id,
    ]);
    const city = (await me(found.city!)).city!;
    expect(ids((await search(searcher, city.slice(6, 14).toLowerCase())).data)).toEqual([found.city!.id]);
  });

  test('% and _ are plain characters, not wildcards', async () => {
    const percent = await search(searcher, '100%');
    expect(ids(percent.data)).toEqual([found.percent!.id]);
    const underscoreName = found.underscore!.username; // us_<tag>; usx<tag> would match a wildcard
    expect(ids((await search(searcher, underscoreName)).data)).toEqual([found.underscore!.id]);
    expect((await search(searcher, '%%')).data).toEqual([]);
    expect((await search(searcher, '__')).data).toEqual([]);
  });

  test('each result carries our friendship state; never myself', async () => {
    const friend = await person(t.app, { firstName: 'Quorra', lastName: 'One' });
    const asked = await person(t.app, { firstName: 'Quorra', lastName: 'Two' });
    const asker = await person(t.app, { firstName: 'Quorra', lastName: 'Three' });
    const me2 = await person(t.app, { firstName: 'Quorra', lastName: 'Zero' });
    await befriend(t.app, me2, friend);
    const sent = await sendRequest(t.app, me2, asked);
    const got = await sendRequest(t.app, asker, me2);
    const res = await search(me2, 'quorra');
    expect(res.data.map((c) => [c.lastName, c.friendship])).toEqual([
      ['One', { status: 'friends', requestId: null }],
      ['Three', { status: 'requestReceived', requestId: got.request.id }],
      ['Two', { status: 'requestSent', requestId: sent.request.id }],
    ]);
    expect(res.data[0]).toEqual({
      id: friend.id,
      username: friend.username,
      firstName: 'Quorra',
      lastName: 'One',
      avatar: null,
      city: null,
      friendship: { status: 'friends', requestId: null },
    });
    expect(res.data[0]).not.toHaveProperty('email');
  });

  test('sorted by first name then last name, paged with limit and offset and a total', async () => {
    const tag = randomUUID().slice(0, 6);
    for (const [first, last] of [
      ['Bea', 'Zed'],
      ['abe', 'Young'],
      ['Bea', 'Alpha'],
    ])
      await person(t.app, { firstName: first, lastName: `${last}${tag}` });
    const all = await search(searcher, tag);
    expect(all.data.map((c) => `${c.firstName} ${c.lastName.replace(tag, '')}`)).toEqual([
      'abe Young',
      'Bea Alpha',
      'Bea Zed',
    ]);
    expect(all.meta).toEqual({ total: 3, limit: 20, offset: 0 });
    const page = await search(searcher, tag, '&limit=1&offset=1');
    expect(page.data.map((c) => c.lastName)).toEqual([`Alpha${tag}`]);
    expect(page.meta).toEqual({ total: 3, limit: 1, offset: 1 });
  });

  test('at least 2 characters (after trimming), at most 100; limit at most 100', async () => {
    expect((await call('GET', '/users/search?q=a', searcher)).statusCode).toBe(400);
    expect((await call('GET', `/users/search?q=${encodeURIComponent(' a ')}`, searcher)).statusCode).toBe(
      400,
    );
    expect((await call('GET', '/users/search', searcher)).statusCode).toBe(400);
    expect((await call('GET', '/users/search?q=ab', searcher)).statusCode).toBe(200);
    expect((await call('GET', `/users/search?q=${'a'.repeat(100)}`, searcher)).statusCode).toBe(200);
    expect((await call('GET', `/users/search?q=${'a'.repeat(101)}`, searcher)).statusCode).toBe(400);
    expect((await call('GET', '/users/search?q=ab&limit=100', searcher)).statusCode).toBe(200);
    expect((await call('GET', '/users/search?q=ab&limit=101', searcher)).statusCode).toBe(400);
    expect((await call('GET', '/users/search?q=ab', null)).statusCode).toBe(401);
  });

  test('never lists the searcher', async () => {
    const res = await search(searcher, 'Searcher');
    expect(ids(res.data)).not.toContain(searcher.id);
  });
});

test('the people routes are published in OpenAPI under the tag "people"', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: `${API}/docs/json` })).json<{
    paths: Record<string, Record<string, { tags?: string[]; security?: unknown }>>;
  }>();
  const expected: [string, string][] = [
    ['/api/v1.0/users/me', 'get'],
    ['/api/v1.0/users/me', 'put'],
    ['/api/v1.0/users/me/avatar', 'put'],
    ['/api/v1.0/users/me/avatar', 'delete'],
    ['/api/v1.0/users/search', 'get'],
    ['/api/v1.0/users/{id}', 'get'],
    ['/api/v1.0/users/{id}/avatar', 'get'],
    ['/api/v1.0/friends', 'get'],
    ['/api/v1.0/friends/requests', 'get'],
    ['/api/v1.0/friends/suggestions', 'get'],
    ['/api/v1.0/friends/request', 'post'],
    ['/api/v1.0/friends/request/{id}', 'put'],
    ['/api/v1.0/friends/request/{id}', 'delete'],
    ['/api/v1.0/friends/{id}', 'delete'],
  ];
  for (const [path, method] of expected) {
    const op = doc.paths[path]?.[method];
    expect(op, `${method} ${path}`).toBeDefined();
    expect(op!.tags).toEqual(['people']);
    expect(op!.security).toEqual([{ bearerAuth: [] }]);
  }
});
