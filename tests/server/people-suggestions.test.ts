// Friend suggestions: friends of friends, same city, same car makes; never me, my friends, or
// anyone with a pending (or declined) request between us; ranked by kinds of reason, then mutual
// friends; at most 20.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FriendSuggestion } from '../../src/contract/people';
import { createTestApp, type TestApp } from './helpers';
import { befriend, caller, createCarOf, person, sendRequest, type Person } from './people-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
});
afterAll(async () => t.close());

const suggestionsOf = async (who: Person, query = '') => {
  const res = await call('GET', `/friends/suggestions${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: FriendSuggestion[] }>().data;
};

describe('GET /friends/suggestions', () => {
  test('friends of friends, same city and same makes, with their reasons, best first', async () => {
    const me = await person(t.app, { firstName: 'Me', city: 'Annecy' });
    const f1 = await person(t.app);
    const f2 = await person(t.app);
    await befriend(t.app, me, f1);
    await befriend(t.app, me, f2);
    await createCarOf(t.app, me, 'Alpine');
    await createCarOf(t.app, me, 'Lancia');

    const twoMutual = await person(t.app, { firstName: 'TwoMutual' });
    await befriend(t.app, twoMutual, f1);
    await befriend(t.app, twoMutual, f2);
    const oneMutual = await person(t.app, { firstName: 'OneMutual' });
    await befriend(t.app, oneMutual, f1);
    const townie = await person(t.app, { firstName: 'Townie', city: '  annecy ' });
    const fan = await person(t.app, { firstName: 'Fan' });
    await createCarOf(t.app, fan, 'alpine ');
    await createCarOf(t.app, fan, 'LANCIA');
    // Three kinds of reason at once.
    const all = await person(t.app, { firstName: 'All', city: 'ANNECY' });
    await befriend(t.app, all, f2);
    await createCarOf(t.app, all, 'Alpine');
    // No reason at all.
    const nobody = await person(t.app, { firstName: 'Nobody', city: 'Elsewhere' });
    await createCarOf(t.app, nobody, 'Fiat');

    // Kinds of reason first (All has three), then mutual friends, then shared makes.
    const list = await suggestionsOf(me);
    const byName = Object.fromEntries(list.map((s) => [s.user.firstName, s]));
    expect(list.map((s) => s.user.firstName)).toEqual(['All', 'TwoMutual', 'OneMutual', 'Fan', 'Townie']);
    expect(byName.All).toMatchObject({ mutualFriends: 1, sameCity: true, sharedMakes: ['Alpine'] });
    expect(byName.TwoMutual).toMatchObject({ mutualFriends: 2, sameCity: false, sharedMakes: [] });
    expect(byName.Fan).toMatchObject({
      mutualFriends: 0,
      sameCity: false,
      sharedMakes: ['LANCIA', 'alpine '],
    });
    expect(byName.Townie).toMatchObject({ mutualFriends: 0, sameCity: true, sharedMakes: [] });
    expect(byName.Townie!.user).toEqual({
      id: townie.id,
      username: townie.username,
      firstName: 'Townie',
      lastName: 'Paddock',
      avatar: null,
      city: 'annecy',
      friendship: { status: 'none', requestId: null },
    });
    expect(byName.OneMutual!.user.id).toBe(oneMutual.id);
    expect(byName.Fan!.user.id).toBe(fan.id);
    expect(list.map((s) => s.user.id)).not.toContain(nobody.id);
  });

  test('never me, my friends, pending requests either way, or declined ones', async () => {
    const me = await person(t.app, { city: 'Vannes' });
    const friend = await person(t.app, { city: 'Vannes' });
    await befriend(t.app, me, friend);
    const asked = await person(t.app, { city: 'Vannes' });
    await sendRequest(t.app, me, asked);
    const asker = await person(t.app, { city: 'Vannes' });
    await sendRequest(t.app, asker, me);
    const decliner = await person(t.app, { city: 'Vannes' });
    const declined = await sendRequest(t.app, me, decliner);
    await call('PUT', `/friends/request/${declined.request.id}`, decliner, { action: 'decline' });
    const cancelled = await person(t.app, { city: 'Vannes' });
    const req = await sendRequest(t.app, me, cancelled);
    await call('DELETE', `/friends/request/${req.request.id}`, me);
    const stranger = await person(t.app, { city: 'Vannes' });
    // A friend of my friend who is also my friend stays out; my friend's other friend comes in.
    const mutualFriend = await person(t.app);
    await befriend(t.app, friend, mutualFriend);
    await befriend(t.app, me, mutualFriend);
    const theirFriend = await person(t.app);
    await befriend(t.app, friend, theirFriend);
    // Shared makes never bring in my friends or myself.
    await createCarOf(t.app, me, 'Porsche');
    await createCarOf(t.app, friend, 'Porsche');

    const ids = (await suggestionsOf(me)).map((s) => s.user.id).sort();
    expect(ids).toEqual([cancelled.id, stranger.id, theirFriend.id].sort());
    // The other side sees the same rule.
    const theirs = (await suggestionsOf(asked)).map((s) => s.user.id);
    expect(theirs).not.toContain(me.id);
    expect((await suggestionsOf(decliner)).map((s) => s.user.id)).not.toContain(me.id);
  });

  test('at most 20, fewer when asked; 401 without a token', async () => {
    const me = await person(t.app, { city: 'Crowded' });
    for (let i = 0; i < 22; i++) await person(t.app, { city: 'Crowded' });
    expect(await suggestionsOf(me)).toHaveLength(20);
    expect(await suggestionsOf(me, '?limit=5')).toHaveLength(5);
    expect((await call('GET', '/friends/suggestions?limit=21', me)).statusCode).toBe(400);
    expect((await call('GET', '/friends/suggestions', null)).statusCode).toBe(401);
  });

  test('no reasons, no suggestions', async () => {
    const loner = await person(t.app);
    expect(await suggestionsOf(loner)).toEqual([]);
  });
});
