// A block made offline applies on this device at once (the member's posts and comments leave the
// mirror, their chat lines collapse), survives a reload, and is sent exactly once when online (its
// Idempotency-Key the entry's id); what a sync brought back meanwhile goes again once it is sent.
// An unblock goes the same way, after the block it follows.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMember } from '@/contract/chat';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { createReplayer, outboxKindLabel, registerOutboxHandlers } from '@/lib/outbox';
import { signedIn } from '@/testing/api-client';
import { installFetch, ok } from '@/testing/fetch';
import { chatMessageRow, chatRoomRow, commentRow, postRow } from '@/testing/mirror-rows';
import { blockMember, unblockMember } from './blocks';
import { trustHandlers } from './handlers';

const API = '/api/v1.0';
const PEST = 'b0000000-0000-4000-8000-00000000000b';
const pest: ChatMember = { id: PEST, username: 'pest', firstName: 'Pe', lastName: 'St', avatar: null };
const friend: ChatMember = {
  id: 'c-friend',
  username: 'cleo',
  firstName: 'Cleo',
  lastName: 'F',
  avatar: null,
};

beforeAll(() => registerOutboxHandlers(trustHandlers));

let name = '';
let server: ReturnType<typeof installFetch>;
beforeEach(async () => {
  name = `trust-blocks-${Math.random().toString(36).slice(2)}`;
  resetLocalDatabaseForTests(name);
  signedIn();
  server = installFetch({
    [`POST ${API}/users/${PEST}/block`]: () => ok({ id: PEST, blocked: true }),
    [`DELETE ${API}/users/${PEST}/block`]: () => ok({ id: PEST, blocked: false }),
  });
  await db.posts.bulkPut([
    postRow({ id: 'p-pest', author: pest, content: '<p>from the pest</p>' }),
    postRow({ id: 'p-friend', author: friend, content: '<p>from a friend</p>' }),
  ]);
  await db.comments.bulkPut([
    commentRow({ id: 'c-pest', postId: 'p-friend', author: pest, content: 'pest comment' }),
    commentRow({ id: 'c-reply', postId: 'p-friend', author: friend, parentCommentId: 'c-pest' }),
    commentRow({ id: 'c-friend', postId: 'p-friend', author: friend, content: 'friend comment' }),
    commentRow({ id: 'c-under-pest-post', postId: 'p-pest', author: friend }),
  ]);
  await db.chatRooms.bulkPut([
    chatRoomRow({
      id: 'group',
      lastMessage: chatMessageRow({ id: 'l-pest', sender: pest, content: 'pest line' }),
    }),
    chatRoomRow({
      id: 'other',
      lastMessage: chatMessageRow({ id: 'l-x', sender: friend, content: 'hello' }),
    }),
  ]);
  await db.chatMessages.bulkPut([
    chatMessageRow({ id: 'l-pest', chatRoomId: 'group', sender: pest, content: 'pest line' }),
    chatMessageRow({ id: 'l-friend', chatRoomId: 'group', sender: friend, content: 'friend line' }),
  ]);
});

const passes: Promise<void>[] = [];
afterEach(async () => {
  await Promise.allSettled(passes.splice(0));
  db.close();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const offline = (value: boolean) => vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(!value);
const replay = () => {
  const pass = createReplayer({ random: () => 0, refresh: vi.fn() }).replay();
  passes.push(pass);
  return pass;
};
const reload = () => {
  db.close();
  resetLocalDatabaseForTests(name);
};

async function mirror() {
  return {
    posts: (await db.posts.toArray()).map((p) => p.id).sort(),
    comments: (await db.comments.toArray()).map((c) => c.id).sort(),
    lines: (await db.chatMessages.toArray())
      .map((l) => ({ id: l.id, content: l.content, blocked: l.fromBlockedMember ?? false }))
      .sort((a, b) => a.id.localeCompare(b.id)),
    lastLines: (await db.chatRooms.orderBy('id').toArray()).map((r) => r.lastMessage?.content),
  };
}

describe('blocking through the outbox', () => {
  it('offline: hides the member at once, survives a reload, is sent once when online', async () => {
    offline(true);
    await expect(blockMember(PEST)).resolves.toEqual({ sent: false });
    // At once, before any answer: their posts (and what hangs under them) and comments are gone,
    // their chat lines collapsed; everyone else's stay.
    expect(await mirror()).toEqual({
      posts: ['p-friend'],
      comments: ['c-friend'],
      lines: [
        { id: 'l-friend', content: 'friend line', blocked: false },
        { id: 'l-pest', content: '', blocked: true },
      ],
      lastLines: ['', 'hello'],
    });
    reload();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'member.block',
      method: 'POST',
      path: `/users/${PEST}/block`,
      entityId: `block:${PEST}`,
    });
    expect(outboxKindLabel('member.block')).toBe('SYNC.KIND_MEMBER_BLOCK');
    expect(server.requests).toEqual([]);

    offline(false);
    // A sync before the replay brings one of their posts back: the sent block hides it again.
    await db.posts.put(postRow({ id: 'p-pest-2', author: pest }));
    await replay();
    await replay();
    const sent = server.to('POST', `${API}/users/${PEST}/block`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.get('Idempotency-Key')).toBe(entry!.id);
    expect(await db.outbox.count()).toBe(0);
    expect((await mirror()).posts).toEqual(['p-friend']);
  });

  it('online: the screen gets the server’s answer', async () => {
    offline(false);
    const outcome = blockMember(PEST);
    // The replayer runs on every enqueue in the app; here the test drives it.
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1));
    await replay();
    await expect(outcome).resolves.toEqual({ sent: true, data: { id: PEST, blocked: true } });
    expect((await mirror()).comments).toEqual(['c-friend']);
  });

  it('a block and its unblock made offline are sent in order, once each', async () => {
    offline(true);
    await blockMember(PEST);
    await expect(unblockMember(PEST)).resolves.toEqual({ sent: false });
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.kind, e.method])).toEqual([
      ['member.block', 'POST'],
      ['member.unblock', 'DELETE'],
    ]);
    expect(outboxKindLabel('member.unblock')).toBe('SYNC.KIND_MEMBER_UNBLOCK');
    offline(false);
    await replay();
    await replay();
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST ${API}/users/${PEST}/block`,
      `DELETE ${API}/users/${PEST}/block`,
    ]);
    expect(await db.outbox.count()).toBe(0);
  });
});
