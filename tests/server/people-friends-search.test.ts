// GET /friends?search: all my friends, searched on the server (the recipient picker is no longer
// limited to the first page): by username, first name, last name or full name, ignoring case and
// accents in both dialects, with % and _ taken as text, paged, and never someone else's friends.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Friend } from '../../src/contract/people';
import { createTestApp, type TestApp } from './helpers';
import { befriend, caller, person, type Person } from './people-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let hub: Person;
const tag = randomUUID().slice(0, 6);

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  hub = await person(t.app, { firstName: 'Hub', username: `hub${tag}` });
  const friends = [
    { firstName: 'Élodie', lastName: 'Dupré', username: `elo${tag}` },
    { firstName: 'ELODIE', lastName: 'Martin', username: `em${tag}` },
    { firstName: 'Zoë', lastName: 'Østergaard', username: `zo${tag}` },
    { firstName: 'Văn', lastName: 'Nguyễn', username: `van${tag}` },
    { firstName: 'Marc', lastName: '100%', username: `pct${tag}` },
    { firstName: 'Lee', lastName: 'Under_score', username: `us${tag}` },
    { firstName: 'Rally', lastName: 'Driver', username: `Speedy.Gonzalez${tag}` },
  ];
  for (const fields of friends) await befriend(t.app, await person(t.app, fields), hub);
  // Matches every search below, but is not my friend.
  await person(t.app, { firstName: 'Élodie', lastName: 'Stranger 100% _', username: `strange${tag}` });
});
afterAll(async () => t.close());

const search = async (text: string, paging = '') => {
  const res = await call('GET', `/friends?search=${encodeURIComponent(text)}${paging}`, hub);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{
    data: { friends: Friend[] };
    meta: { total: number; limit: number; offset: number };
  }>();
  return { names: body.data.friends.map((f) => `${f.firstName} ${f.lastName}`), meta: body.meta };
};

describe('GET /friends?search', () => {
  test('matches first name, last name and full name, ignoring case and accents both ways', async () => {
    expect((await search('elodie')).names).toEqual(['ELODIE Martin', 'Élodie Dupré']);
    expect((await search('ÉLODIE')).names).toEqual(['ELODIE Martin', 'Élodie Dupré']);
    expect((await search('dupre')).names).toEqual(['Élodie Dupré']);
    expect((await search('Élodie DUPRÉ')).names).toEqual(['Élodie Dupré']);
    expect((await search('ostergaard')).names).toEqual(['Zoë Østergaard']);
    expect((await search('zoe')).names).toEqual(['Zoë Østergaard']);
    expect((await search('nguyen')).names).toEqual(['Văn Nguyễn']);
    expect((await search('  van ')).names).toEqual(['Văn Nguyễn']);
  });

  test('matches the username, case-insensitively', async () => {
    expect((await search(`speedy.gonzalez${tag}`)).names).toEqual(['Rally Driver']);
    expect((await search(`EM${tag}`)).names).toEqual(['ELODIE Martin']);
  });

  test('% and _ are text, not wildcards', async () => {
    expect((await search('%')).names).toEqual(['Marc 100%']);
    expect((await search('0%')).names).toEqual(['Marc 100%']);
    expect((await search('_')).names).toEqual(['Lee Under_score']);
    // As wildcards, these would match "Under_score" and "Marc 100%".
    expect((await search('u_d')).names).toEqual([]);
    expect((await search('m%c')).names).toEqual([]);
    expect((await search('!')).names).toEqual([]);
  });

  test('pages the matches; meta.total counts them all', async () => {
    const first = await search('elodie', '&limit=1&offset=0');
    expect(first).toEqual({ names: ['ELODIE Martin'], meta: { total: 2, limit: 1, offset: 0 } });
    const second = await search('elodie', '&limit=1&offset=1');
    expect(second).toEqual({ names: ['Élodie Dupré'], meta: { total: 2, limit: 1, offset: 1 } });
    expect((await search('no such friend')).meta.total).toBe(0);
  });

  test('a blank search lists all my friends; a text over 100 characters is refused', async () => {
    expect((await search('   ')).meta.total).toBe(7);
    expect((await search('')).meta.total).toBe(7);
    const long = await call('GET', `/friends?search=${'a'.repeat(101)}`, hub);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });
});
