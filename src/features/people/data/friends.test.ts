// Friendship writes go through the outbox. Made offline, they are kept on the
// device across a reload, laid over what the server lists meanwhile, and sent exactly once (with
// their Idempotency-Key) once online; a refusal waits under "needs attention".
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { createReplayer, registerOutboxHandlers } from '@/lib/outbox';
import { signedIn } from '@/testing/api-client';
import { fail } from '@/testing/fetch';
import { answerFriendRequest } from '../api/answer-friend-request';
import { cancelFriendRequest } from '../api/cancel-friend-request';
import { getFriends } from '../api/get-friends';
import { overFriendsPage, overRequests } from '../api/pending-overlay';
import { removeFriend } from '../api/remove-friend';
import { sendFriendRequest } from '../api/send-friend-request';
import { installPeopleServer, type PeopleServer } from '../testing/people-server';
import { peopleHandlers } from './handlers';

const API = '/api/v1.0';
beforeAll(() => registerOutboxHandlers(peopleHandlers));

let name = '';
let server: PeopleServer;
beforeEach(() => {
  name = `people-friends-${Math.random().toString(36).slice(2)}`;
  resetLocalDatabaseForTests(name);
  signedIn();
  server = installPeopleServer();
});
afterEach(async () => {
  // A pass started with `void replay()` may still be writing: let it finish before closing.
  await Promise.allSettled(passes.splice(0));
  db.close();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const offline = (value: boolean) => vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(!value);
const passes: Promise<void>[] = [];
const replay = () => {
  const pass = createReplayer({ random: () => 0, refresh: vi.fn() }).replay();
  passes.push(pass);
  return pass;
};
/** A new page on the same device: the same database, opened again. */
const reload = () => {
  db.close();
  resetLocalDatabaseForTests(name);
};

describe('friendship writes through the outbox', () => {
  it('a removal made offline survives a reload, hides the friend meanwhile, and is sent once', async () => {
    const alice = server.add({ firstName: 'Alice' });
    server.befriend(alice);
    offline(true);
    await expect(removeFriend(alice.id)).resolves.toEqual({ sent: false });
    reload();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'friend.remove', method: 'DELETE', path: `/friends/${alice.id}` });

    offline(false);
    // The server still lists her; the list shown does not, while the removal waits.
    const page = await getFriends({ limit: 20, offset: 0 });
    expect(page.friends.map((f) => f.id)).toEqual([alice.id]);
    expect((await overFriendsPage(page)).friends).toEqual([]);

    await replay();
    await replay();
    const sent = server.to('DELETE', `${API}/friends/${alice.id}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.get('Idempotency-Key')).toBe(entry!.id);
    expect(server.isFriend(alice.id)).toBe(false);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a request and its cancel made offline are sent in order, once each', async () => {
    const bob = server.add({ firstName: 'Bob' });
    offline(true);
    await sendFriendRequest(bob.id, 'aaaaaaaa-0000-4000-8000-000000000001');
    await cancelFriendRequest('aaaaaaaa-0000-4000-8000-000000000001', bob.id);
    reload();
    offline(false);
    await replay();
    await replay();
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST ${API}/friends/request`,
      `DELETE ${API}/friends/request/aaaaaaaa-0000-4000-8000-000000000001`,
    ]);
    expect(server.requestStatus('aaaaaaaa-0000-4000-8000-000000000001')).toBe('cancelled');
  });

  it('an answer made offline hides the request after a reload, then is sent once', async () => {
    const carla = server.add({ firstName: 'Carla' });
    const id = server.request(carla, 'me');
    offline(true);
    await answerFriendRequest(id, carla.id, 'accept');
    reload();
    offline(false);
    const listed = await overRequests({
      incoming: [{ id } as never],
      outgoing: [],
      incomingTotal: 1,
      outgoingTotal: 0,
    });
    expect(listed).toEqual({ incoming: [], outgoing: [], incomingTotal: 0, outgoingTotal: 0 });
    await replay();
    expect(server.to('PUT', `${API}/friends/request/${id}`)).toHaveLength(1);
    expect(server.isFriend(carla.id)).toBe(true);
  });

  it('online, the screen gets the server answer; a refusal (4xx) needs attention and is worded', async () => {
    const dan = server.add({ firstName: 'Dan' });
    const id = server.request(dan, 'me');
    server.once(`PUT ${API}/friends/request/${id}`, () =>
      fail(409, 'FRIEND_REQUEST_NOT_PENDING', 'The request was answered already.'),
    );
    const answering = answerFriendRequest(id, dan.id, 'decline');
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1));
    void replay();
    await expect(answering).rejects.toMatchObject({ status: 409, code: 'FRIEND_REQUEST_NOT_PENDING' });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'friend.answer', status: 'failed', lastStatus: 409 });
    expect(entry?.lastError).toBe('The request was answered already.');

    const eve = server.add({ firstName: 'Eve' });
    const sending = sendFriendRequest(eve.id, 'bbbbbbbb-0000-4000-8000-000000000002');
    await vi.waitFor(async () =>
      expect(await db.outbox.get('bbbbbbbb-0000-4000-8000-000000000002')).toBeTruthy(),
    );
    void replay();
    await expect(sending).resolves.toMatchObject({ sent: true, data: { outcome: 'requested' } });
  });
});
