// Test double of the people API (server/src/people/*-routes.ts): profiles, search, friends,
// requests and suggestions over installFetch, with just enough rules to answer like the server.
import { TEST_USER } from '@/testing/session-mock';
import type {
  Friend,
  FriendRequest,
  FriendSuggestion,
  Friendship,
  PersonCard,
  Profile,
} from '@/contract/people';
import type { CurrentUser } from '@/contract/user';
import { installFetch, json, ok, type RecordedRequest } from '@/testing/fetch';

const API = '/api/v1.0';

export type Member = CurrentUser;
type StoredRequest = {
  id: string;
  from: string;
  to: string;
  status: FriendRequest['status'];
  createdAt: string;
};

let seq = 0;
export function member(fields: Partial<Member> = {}): Member {
  seq += 1;
  const n = String(seq).padStart(12, '0');
  return {
    id: `33333333-3333-4333-8333-${n}`,
    email: `member${seq}@example.com`,
    username: `member${seq}`,
    firstName: 'Member',
    lastName: String(seq),
    avatar: null,
    bio: null,
    city: null,
    createdAt: '2026-01-02T00:00:00.000Z',
    ...fields,
  };
}

const error = (
  status: number,
  code: string,
  message: string,
  fields?: { field: string; message: string }[],
) => json(status, { success: false, error: fields ? { code, message, fields } : { code, message } });

export function installPeopleServer() {
  const me: Member = { ...TEST_USER };
  const members = new Map<string, Member>();
  const friendships = new Map<string, string>(); // friend id → friendsSince
  const requests: StoredRequest[] = [];
  const suggestions: { id: string; mutualFriends: number; sameCity: boolean; sharedMakes: string[] }[] = [];
  /** Usernames other members hold (409 on PUT /users/me). */
  const taken = new Set<string>();
  /** Set to answer the next matching call with this instead (e.g. a 500). */
  const overrides = new Map<string, (req: RecordedRequest) => Response | Promise<Response>>();
  /** Set to answer every matching call with this instead, until cleared. */
  const standing = new Map<string, (req: RecordedRequest) => Response | Promise<Response>>();
  let avatarVersion = 0;

  const pending = () => requests.filter((r) => r.status === 'pending');
  function friendship(id: string): Friendship {
    if (id === me.id) return { status: 'self', requestId: null };
    if (friendships.has(id)) return { status: 'friends', requestId: null };
    const sent = pending().find((r) => r.from === me.id && r.to === id);
    if (sent) return { status: 'requestSent', requestId: sent.id };
    const received = pending().find((r) => r.from === id && r.to === me.id);
    if (received) return { status: 'requestReceived', requestId: received.id };
    return { status: 'none', requestId: null };
  }
  const card = (m: Member): PersonCard => ({
    id: m.id,
    username: m.username,
    firstName: m.firstName,
    lastName: m.lastName,
    avatar: m.avatar,
    city: m.city,
    friendship: friendship(m.id),
  });
  const asRequest = (r: StoredRequest): FriendRequest => {
    const incoming = r.to === me.id;
    return {
      id: r.id,
      direction: incoming ? 'incoming' : 'outgoing',
      status: r.status,
      user: card(members.get(incoming ? r.from : r.to)!),
      createdAt: r.createdAt,
    };
  };
  const byName = (a: Member, b: Member) =>
    a.firstName.localeCompare(b.firstName) || a.lastName.localeCompare(b.lastName);
  const query = (req: RecordedRequest) => new URL(req.url, 'http://localhost').searchParams;
  const num = (value: string | null, fallback: number) => (value === null ? fallback : Number(value));

  function route(req: RecordedRequest): Response | Promise<Response> {
    if (!navigator.onLine) throw new TypeError('Failed to fetch (offline)');
    const key = `${req.method} ${req.path}`;
    const override = overrides.get(key);
    if (override) {
      overrides.delete(key);
      return override(req);
    }
    const always = standing.get(key);
    if (always) return always(req);
    const path = req.path.slice(API.length);
    const body = (req.body ?? {}) as Record<string, unknown>;
    let m: RegExpMatchArray | null;

    if (key === `GET ${API}/users/me`) return ok(me);
    if (key === `PUT ${API}/users/me`) {
      if (typeof body.username === 'string' && taken.has(body.username.toLowerCase()))
        return error(409, 'CONFLICT', 'This username is already taken.', [
          { field: 'body.username', message: 'is already taken' },
        ]);
      Object.assign(me, body);
      return ok(me);
    }
    if (key === `PUT ${API}/users/me/avatar`) {
      if (!(req.body instanceof FormData) || !req.body.get('avatar'))
        return error(400, 'VALIDATION_ERROR', 'Send the image as "avatar".');
      avatarVersion += 1;
      me.avatar = `${API}/users/${me.id}/avatar?v=v${avatarVersion}`;
      return ok(me);
    }
    if (key === `DELETE ${API}/users/me/avatar`) {
      me.avatar = null;
      return ok(me);
    }
    if (key === `GET ${API}/users/search`) {
      const q = (query(req).get('q') ?? '').trim().toLowerCase();
      if (q.length < 2) return error(400, 'VALIDATION_ERROR', 'q is too short');
      const limit = num(query(req).get('limit'), 20);
      const offset = num(query(req).get('offset'), 0);
      const found = [...members.values()]
        .filter((x) =>
          [x.firstName, x.lastName, x.username, x.city ?? ''].some((f) => f.toLowerCase().includes(q)),
        )
        .sort(byName);
      return json(200, {
        success: true,
        data: found.slice(offset, offset + limit).map(card),
        meta: { total: found.length, limit, offset },
      });
    }
    if (req.method === 'GET' && (m = path.match(/^\/users\/([^/]+)\/avatar$/)))
      return new Response('webp', { status: 200, headers: { 'Content-Type': 'image/webp' } });
    if (req.method === 'GET' && (m = path.match(/^\/users\/([^/]+)$/))) {
      const found = m[1] === me.id ? me : members.get(m[1]!);
      if (!found) return error(404, 'NOT_FOUND', 'User not found');
      const f = friendship(found.id);
      const sees = f.status === 'friends' || f.status === 'self';
      const profile: Profile = {
        ...card(found),
        bio: sees ? found.bio : null,
        email: sees ? found.email : null,
        createdAt: found.createdAt,
      };
      return ok(profile);
    }
    if (key === `GET ${API}/friends`) {
      const limit = num(query(req).get('limit'), 20);
      const offset = num(query(req).get('offset'), 0);
      const list: Friend[] = [...friendships.keys()]
        .map((id) => members.get(id)!)
        .sort(byName)
        .map((x) => ({
          id: x.id,
          username: x.username,
          firstName: x.firstName,
          lastName: x.lastName,
          avatar: x.avatar,
          city: x.city,
          email: x.email,
          friendsSince: friendships.get(x.id)!,
        }));
      return json(200, {
        success: true,
        data: { friends: list.slice(offset, offset + limit) },
        meta: { total: list.length, limit, offset },
      });
    }
    if (key === `GET ${API}/friends/requests`) {
      const mine = [...pending()].reverse();
      const incoming = mine.filter((r) => r.to === me.id).map(asRequest);
      const outgoing = mine.filter((r) => r.from === me.id).map(asRequest);
      return ok({ incoming, outgoing, incomingTotal: incoming.length, outgoingTotal: outgoing.length });
    }
    if (key === `GET ${API}/friends/suggestions`) {
      const list: FriendSuggestion[] = suggestions
        .filter((s) => friendship(s.id).status === 'none')
        .map((s) => ({ ...s, user: card(members.get(s.id)!) }));
      return ok(list);
    }
    if (key === `POST ${API}/friends/request`) {
      const userId = String(body.userId);
      if (!members.has(userId)) return error(404, 'NOT_FOUND', 'User not found');
      const f = friendship(userId);
      if (f.status === 'friends') return error(409, 'ALREADY_FRIENDS', 'You are friends already.');
      if (f.status === 'requestSent') return error(409, 'FRIEND_REQUEST_PENDING', 'Your request is pending.');
      if (f.status === 'requestReceived') {
        const theirs = requests.find((r) => r.id === f.requestId)!;
        theirs.status = 'accepted';
        friendships.set(userId, '2026-02-01T00:00:00.000Z');
        return ok({ outcome: 'accepted', request: asRequest(theirs) });
      }
      const created: StoredRequest = {
        id: typeof body.id === 'string' ? body.id : crypto.randomUUID(),
        from: me.id,
        to: userId,
        status: 'pending',
        createdAt: '2026-02-01T00:00:00.000Z',
      };
      requests.push(created);
      return json(201, { success: true, data: { outcome: 'requested', request: asRequest(created) } });
    }
    if ((m = path.match(/^\/friends\/request\/([^/]+)$/))) {
      const found = requests.find((r) => r.id === m![1]);
      if (req.method === 'PUT') {
        if (!found || found.to !== me.id) return error(404, 'NOT_FOUND', 'Friend request not found');
        found.status = body.action === 'accept' ? 'accepted' : 'declined';
        if (found.status === 'accepted') friendships.set(found.from, '2026-02-01T00:00:00.000Z');
        return ok(asRequest(found));
      }
      if (req.method === 'DELETE') {
        if (!found || found.from !== me.id) return error(404, 'NOT_FOUND', 'Friend request not found');
        found.status = 'cancelled';
        return ok({ id: found.id });
      }
    }
    if (req.method === 'DELETE' && (m = path.match(/^\/friends\/([^/]+)$/))) {
      if (!friendships.delete(m[1]!)) return error(404, 'NOT_FOUND', 'Friend not found');
      return ok({ id: m[1] });
    }
    // Anything else (the garage sync of the shell…): as if the network were down.
    throw new TypeError(`Failed to fetch (no route for ${key})`);
  }

  // Every "METHOD /path" resolves to the router above (installFetch looks routes up by key).
  const routes = new Proxy({} as Record<string, (req: RecordedRequest) => Response | Promise<Response>>, {
    get: () => route,
  });
  const fetch = installFetch(routes);

  return {
    ...fetch,
    me,
    members,
    add(fields: Partial<Member> = {}): Member {
      const m = member(fields);
      members.set(m.id, m);
      return m;
    },
    befriend(m: Member, since = '2026-01-15T00:00:00.000Z') {
      friendships.set(m.id, since);
    },
    /** A pending request; `from` me or to me. */
    request(from: Member | 'me', to: Member | 'me', id: string = crypto.randomUUID()): string {
      requests.push({
        id,
        from: from === 'me' ? me.id : from.id,
        to: to === 'me' ? me.id : to.id,
        status: 'pending',
        createdAt: '2026-01-20T10:00:00.000Z',
      });
      return id;
    },
    suggest(
      m: Member,
      why: Partial<{ mutualFriends: number; sameCity: boolean; sharedMakes: string[] }> = {},
    ) {
      suggestions.push({ id: m.id, mutualFriends: 0, sameCity: false, sharedMakes: [], ...why });
    },
    isFriend: (id: string) => friendships.has(id),
    requestStatus: (id: string) => requests.find((r) => r.id === id)?.status,
    takeUsername: (name: string) => taken.add(name.toLowerCase()),
    /** The next `METHOD /api/v1.0/path` answers with `answer` instead. */
    once(key: string, answer: (req: RecordedRequest) => Response | Promise<Response>) {
      overrides.set(key, answer);
    },
    /** Every `METHOD /api/v1.0/path` answers with `answer` until the returned function is called. */
    always(key: string, answer: (req: RecordedRequest) => Response | Promise<Response>): () => void {
      standing.set(key, answer);
      return () => standing.delete(key);
    },
  };
}

export type PeopleServer = ReturnType<typeof installPeopleServer>;
