// Every notification names who did it and what, and points at its item: the stored
// payload carries actorId, the related ids and a plain-text excerpt; GET /notifications joins the
// actor as named now; being added to a chat group is a stored notification.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NOTIFICATION_EXCERPT_MAX, type Notification } from '../../src/contract/notifications';
import { excerptOf } from '../../server/src/notifications/excerpt';
import { notificationsService } from '../../server/src/notifications/notifications-service';
import { createGroup, ownerWithFriends } from './chat-fixtures';
import { collect, listen, received, socketOf } from './garage-fixtures';
import { friends, send } from './messages-fixtures';
import { caller, person, sendRequest, type Person } from './people-fixtures';
import { comment, post } from './posts-fixtures';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
});
afterAll(() => t.close());

const mine = async (who: Person): Promise<Notification[]> =>
  (await call('GET', '/notifications?limit=100', who)).json<{ data: Notification[] }>().data;

const actorOf = (who: Person, firstName: string, lastName: string) => ({
  id: who.id,
  username: who.username,
  firstName,
  lastName,
  avatar: null,
});

describe('excerpts', () => {
  test('plain text of HTML: blocks spaced, entities decoded, tags and scripts gone', () => {
    expect(excerptOf('<p>Fast &amp; <strong>loud</strong></p><p>a &lt;b&gt; "c"</p>', { html: true })).toBe(
      'Fast & loud a <b> "c"',
    );
    expect(excerptOf('<p>x</p><script>alert(1)</script>', { html: true })).toBe('x');
    expect(excerptOf('<p> </p>', { html: true })).toBeNull();
    expect(excerptOf('  Track   day  ')).toBe('Track day');
    expect(excerptOf(null)).toBeNull();
  });

  test('cut at the limit with an ellipsis, never inside a character', () => {
    const long = excerptOf('🚗'.repeat(NOTIFICATION_EXCERPT_MAX + 5))!;
    expect([...long]).toHaveLength(NOTIFICATION_EXCERPT_MAX);
    expect(long.endsWith('🚗…')).toBe(true);
    expect(excerptOf('a'.repeat(NOTIFICATION_EXCERPT_MAX))).toBe('a'.repeat(NOTIFICATION_EXCERPT_MAX));
  });
});

describe('each type names its actor and its item', () => {
  test('a like: the liker, the post and the start of its text', async () => {
    const [author, fan] = (await friends(t.app)) as [Person, Person];
    const p = await post(t.app, author, { content: '<p>Fast &amp; <strong>loud</strong></p><p>again</p>' });
    expect((await call('POST', `/posts/${p.id}/like`, fan)).statusCode).toBe(200);
    const [like] = (await mine(author)).filter((n) => n.type === 'post');
    expect(like).toMatchObject({
      jsonPayload: { relatedPostId: p.id, actorId: fan.id, action: 'liked', excerpt: 'Fast & loud again' },
      actor: actorOf(fan, 'F1', 'Friend'),
    });
  });

  test('a comment and a reply: the writer, the post, the comment and its text', async () => {
    const [a, b, c] = (await friends(t.app, 3)) as [Person, Person, Person];
    const p = await post(t.app, a);
    const first = await comment(t.app, b, p.id, { content: '<p>Which <em>tyres</em>?</p>' });
    const reply = await comment(t.app, c, p.id, { parentCommentId: first.id, content: 'Slicks' });
    const toA = (await mine(a)).filter((n) => n.type === 'comment');
    expect(toA.map((n) => [n.jsonPayload, n.actor?.id])).toEqual([
      [expect.objectContaining({ relatedCommentId: reply.id, actorId: c.id, excerpt: 'Slicks' }), c.id],
      [
        expect.objectContaining({
          relatedPostId: p.id,
          relatedCommentId: first.id,
          actorId: b.id,
          action: 'commented',
          excerpt: 'Which tyres?',
        }),
        b.id,
      ],
    ]);
    const [toB] = (await mine(b)).filter((n) => n.type === 'comment');
    expect(toB).toMatchObject({
      jsonPayload: {
        relatedPostId: p.id,
        relatedCommentId: reply.id,
        parentCommentId: first.id,
        action: 'replied',
        actorId: c.id,
        excerpt: 'Slicks',
      },
      actor: actorOf(c, 'F2', 'Friend'),
    });
  });

  test('a message: the sender, the message and its subject', async () => {
    const [ann, bob] = (await friends(t.app)) as [Person, Person];
    const message = await send(t.app, bob, ann, { subject: 'Track <day>' });
    const [told] = (await mine(ann)).filter((n) => n.type === 'message');
    expect(told).toMatchObject({
      jsonPayload: { relatedMessageId: message.id, actorId: bob.id, excerpt: 'Track <day>' },
      actor: actorOf(bob, 'F1', 'Friend'),
    });
  });

  test('a friend request and its acceptance: the one who asked, the one who accepted', async () => {
    const ann = await person(t.app, { firstName: 'Ann', lastName: 'Asker' });
    const bob = await person(t.app, { firstName: 'Bob', lastName: 'Bright' });
    const { request } = await sendRequest(t.app, ann, bob);
    const [asked] = await mine(bob);
    expect(asked).toMatchObject({
      type: 'friend',
      jsonPayload: { relatedFriendRequestId: request.id, actorId: ann.id, action: 'requested' },
      actor: actorOf(ann, 'Ann', 'Asker'),
    });
    await call('PUT', `/friends/request/${request.id}`, bob, { action: 'accept' });
    const [accepted] = await mine(ann);
    expect(accepted).toMatchObject({
      type: 'friend',
      jsonPayload: { relatedFriendRequestId: request.id, actorId: bob.id, action: 'accepted' },
      actor: actorOf(bob, 'Bob', 'Bright'),
    });
  });

  test('being added to a chat group, at its creation or later: who added me, to which group', async () => {
    const [owner, [m1, m2]] = await ownerWithFriends(t.app, 2);
    const group = await createGroup(t.app, owner!, [m1!], { name: 'Sunday drivers' });
    const expected = (groupName: string) => ({
      type: 'chatgroup',
      jsonPayload: {
        relatedChatGroupId: group.id,
        relatedChatRoomId: group.chatRoomId,
        actorId: owner!.id,
        action: 'added',
        excerpt: groupName,
      },
      actor: actorOf(owner!, 'Owner', 'Chat'),
      isRead: false,
    });
    expect((await mine(m1!)).filter((n) => n.type === 'chatgroup')).toEqual([
      expect.objectContaining(expected('Sunday drivers')),
    ]);
    const res = await call('PUT', `/chat-groups/${group.id}`, owner!, {
      name: 'Saturday drivers',
      memberIds: [m1!.id, m2!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await mine(m2!)).filter((n) => n.type === 'chatgroup')).toEqual([
      expect.objectContaining(expected('Saturday drivers')),
    ]);
    // Already in it: not told again. The owner is never told of their own group.
    expect((await mine(m1!)).filter((n) => n.type === 'chatgroup')).toHaveLength(1);
    expect((await mine(owner!)).filter((n) => n.type === 'chatgroup')).toHaveLength(0);
  });
});

describe('the actor as named now', () => {
  test('a renamed member shows their new name in the list and in GET one', async () => {
    const [ann, bob] = (await friends(t.app)) as [Person, Person];
    await send(t.app, bob, ann);
    const res = await call('PUT', '/users/me', bob, { firstName: 'Robert' });
    expect(res.statusCode, res.body).toBe(200);
    const [told] = (await mine(ann)).filter((n) => n.type === 'message');
    expect(told!.actor).toEqual(actorOf(bob, 'Robert', 'Friend'));
    expect((await call('GET', `/notifications/${told!.id}`, ann)).json().data.actor).toEqual(
      actorOf(bob, 'Robert', 'Friend'),
    );
  });

  test('rows stored before actorId take relatedFriendId; none named or unknown: null', async () => {
    const [ann, bob] = (await friends(t.app)) as [Person, Person];
    const service = notificationsService(t.app);
    const old = await service.create(ann.id, {
      type: 'message',
      jsonPayload: { relatedMessageId: randomUUID(), relatedFriendId: bob.id },
    });
    const none = await service.create(ann.id, { type: 'post', jsonPayload: { relatedPostId: randomUUID() } });
    const gone = await service.create(ann.id, {
      type: 'post',
      jsonPayload: { relatedPostId: randomUUID(), actorId: randomUUID() },
    });
    const byId = new Map((await mine(ann)).map((n) => [n.id, n.actor]));
    expect(byId.get(old.id)).toEqual(actorOf(bob, 'F1', 'Friend'));
    expect(byId.get(none.id)).toBeNull();
    expect(byId.get(gone.id)).toBeNull();
  });

  test('the socket push carries the actor too', async () => {
    const url = await listen(t.app);
    const [ann, bob] = (await friends(t.app)) as [Person, Person];
    const socket = await socketOf(url, ann);
    try {
      const events = collect(socket);
      await send(t.app, bob, ann);
      const [pushed] = await received(events, 1);
      expect(pushed).toMatchObject({ type: 'message', actor: actorOf(bob, 'F1', 'Friend') });
    } finally {
      socket.disconnect();
    }
  });
});
