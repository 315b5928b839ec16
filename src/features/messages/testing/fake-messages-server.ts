// Test double of the messages API at the fetch boundary: an in-memory server that keeps messages
// the way the real one answers them (envelopes, client ids answered once, friends only, read once,
// delete for oneself, meta.total and meta.unreadCount), and records every request. The real
// server is tested in tests/server.
import type { Message, MessageParticipant } from '@/contract/messages';
import type { Friend } from '@/contract/people';
import { fakeApiState, listPage, type FakeApiRequest, type JsonHandler } from '@/testing/fake-api-server';
import { errorAnswer, okAnswer } from '@/testing/fetch';
import { API_BASE as API } from '@/contract/constants';

export type FakeRequest = FakeApiRequest;
type Stored = Message & { senderDeleted: boolean; recipientDeleted: boolean };

export const participant = (p: Partial<MessageParticipant> & { id: string }): MessageParticipant => ({
  username: 'user',
  firstName: '',
  lastName: '',
  avatar: null,
  ...p,
});

export function installMessagesServer(options: { me: MessageParticipant; friends?: Friend[] }) {
  const me = options.me;
  const friends = options.friends ?? [];
  const people = new Map<string, MessageParticipant>([[me.id, me]]);
  for (const f of friends) people.set(f.id, participant(f));
  const messages = new Map<string, Stored>();
  const api = fakeApiState<FakeRequest>({ refuseOnce: false });
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const stamp = () => new Date((clock += 1000)).toISOString();

  const ok = okAnswer;
  const error = errorAnswer;
  const visible = (m: Stored) =>
    (m.recipient.id === me.id && !m.recipientDeleted) || (m.sender.id === me.id && !m.senderDeleted);
  const plain = ({ senderDeleted: _s, recipientDeleted: _r, ...m }: Stored): Message => m;
  const unread = () =>
    [...messages.values()].filter((m) => m.recipient.id === me.id && !m.recipientDeleted && !m.isRead).length;

  /** A message a friend sends me (as if over their own device). */
  function receive(from: MessageParticipant, fields: Partial<Message> = {}): Message {
    const message: Stored = {
      id: crypto.randomUUID(),
      sender: from,
      recipient: me,
      subject: 'Hello',
      content: '<p>Hi there</p>',
      images: [],
      isRead: false,
      createdAt: stamp(),
      ...fields,
      senderDeleted: false,
      recipientDeleted: false,
    };
    messages.set(message.id, message);
    return plain(message);
  }

  const handle: JsonHandler = (method, path, body, query, files) => {
    let m: RegExpMatchArray | null;
    if (method === 'GET' && path === '/friends') {
      const { items, meta } = listPage(friends, query);
      return ok({ friends: items }, 200, meta);
    }
    if (method === 'GET' && path === '/messages/unread/count') return ok({ count: unread() });
    if (method === 'GET' && path === '/messages') {
      const folder = query.get('folder') ?? 'inbox';
      const unreadOnly = query.get('unreadOnly') === 'true';
      const all = [...messages.values()]
        .filter((x) => (folder === 'inbox' ? x.recipient.id === me.id : x.sender.id === me.id) && visible(x))
        .filter((x) => !unreadOnly || !x.isRead)
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
      const { items, meta } = listPage(all, query);
      return ok(items.map(plain), 200, { ...meta, unreadCount: unread() });
    }
    if (method === 'POST' && (path === '/messages' || path === '/messages/with-images')) {
      const id = (body.id as string) ?? crypto.randomUUID();
      const stored = messages.get(id);
      if (stored) return ok(plain(stored));
      const recipient = people.get(body.recipientId as string);
      if (!recipient || recipient.id === me.id) return error(403, 'FORBIDDEN');
      const message: Stored = {
        id,
        sender: me,
        recipient,
        subject: (body.subject as string) ?? '',
        content: `${body.content as string}`,
        images: files.map(() => {
          const mediaId = crypto.randomUUID();
          return { id: mediaId, url: `${API}/messages/${id}/images/${mediaId}`, width: 640, height: 480 };
        }),
        isRead: false,
        createdAt: stamp(),
        senderDeleted: false,
        recipientDeleted: false,
      };
      messages.set(id, message);
      return ok(plain(message), 201);
    }
    if ((m = path.match(/^\/messages\/([^/]+)\/read$/)) && method === 'PUT') {
      const message = messages.get(m[1]!);
      if (!message || !visible(message)) return error(404, 'NOT_FOUND');
      if (message.recipient.id !== me.id) return error(403, 'FORBIDDEN');
      message.isRead = true; // again: no change
      return ok({ message: plain(message), unreadCount: unread() });
    }
    if ((m = path.match(/^\/messages\/([^/]+)$/))) {
      const message = messages.get(m[1]!);
      if (!message || !visible(message)) return error(404, 'NOT_FOUND');
      if (method === 'GET') return ok(plain(message));
      if (method === 'DELETE') {
        if (message.recipient.id === me.id) message.recipientDeleted = true;
        else message.senderDeleted = true;
        return ok({ id: message.id, unreadCount: unread() });
      }
    }
    return error(404, 'NOT_FOUND');
  };

  api.serveJson(handle);

  return {
    messages,
    requests: api.requests,
    receive,
    unread,
    /** `failNext`: every request `METHOD /path` is answered with this error until `clearFailures`. */
    ...api.controls,
  };
}
