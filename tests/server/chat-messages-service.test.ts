// Chat messages on their own (server/src/chat/chat-messages-service.ts), against a real database:
// to a friend (the direct room made by the first message), a group or a room; participants only
// (404 for others, 403 to write to someone no longer a friend); replays of a client id; exactly one
// addressee; the `chatmessage` event to every participant.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHAT_MESSAGE_CONTENT_MAX } from '../../src/contract/constants';
import { chatEvents } from '../../server/src/chat/chat-events';
import { chatGroupsService } from '../../server/src/chat/chat-groups-service';
import { chatMessagesService } from '../../server/src/chat/chat-messages-service';
import { chatRepository } from '../../server/src/chat/chat-repository';
import { friendsRepository } from '../../server/src/people/friends-repository';
import { areFriends, friendIdsOf } from '../../server/src/people/friendship-repository';
import { addMember, befriend, recordedNotifications, serviceDb, type ServiceDb } from './service-fixtures';

let s: ServiceDb;
let messages: ReturnType<typeof chatMessagesService>;
let groups: ReturnType<typeof chatGroupsService>;
let seen: string[];
beforeAll(async () => {
  s = await serviceDb();
  const recorded = recordedNotifications();
  seen = recorded.seen;
  const chat = chatRepository(s.db);
  const events = chatEvents(recorded.notifications);
  messages = chatMessagesService({ chat, areFriends: (a, b) => areFriends(s.db, a, b), events });
  groups = chatGroupsService({ chat, friendIdsOf: (id) => friendIdsOf(s.db, id), events });
});
afterAll(() => s?.close());

async function friends(): Promise<[string, string]> {
  const [a, b] = [await addMember(s.db, 'ann'), await addMember(s.db, 'bob')];
  await befriend(s.db, a, b);
  return [a, b];
}

describe('chat messages', () => {
  test('the first message to a friend makes the direct room; both hear of it and of each message', async () => {
    const [ann, bob] = await friends();
    seen.length = 0;
    const { message, created } = await messages.send(ann, { recipientId: bob, content: '  Hello  ' });
    expect(created).toBe(true);
    expect(message).toMatchObject({ content: 'Hello', sender: { id: ann } });
    expect(seen.sort()).toEqual(
      [
        `${ann} chatroom created`,
        `${bob} chatroom created`,
        `${ann} chatmessage`,
        `${bob} chatmessage`,
      ].sort(),
    );
    seen.length = 0;
    await messages.send(bob, { recipientId: ann, content: 'Hi' });
    expect(seen.sort()).toEqual([`${ann} chatmessage`, `${bob} chatmessage`].sort());
    const page = await messages.listMessages(bob, { limit: 20, offset: 0, recipientId: ann });
    expect(page.total).toBe(2);
    expect(page.chatRoomId).toBe(message.chatRoomId);
    expect((await messages.getMessage(bob, message.id)).content).toBe('Hello');
    const byRoom = await messages.roomMessages(ann, message.chatRoomId, { limit: 1, offset: 0 });
    expect(byRoom.items).toHaveLength(1);
    expect(byRoom.total).toBe(2);
  });

  test('no direct room yet: an empty page; a stranger gets 404 on the room and the message', async () => {
    const [ann, bob] = await friends();
    const stranger = await addMember(s.db);
    expect(await messages.listMessages(ann, { limit: 20, offset: 0, recipientId: bob })).toEqual({
      items: [],
      total: 0,
      chatRoomId: null,
    });
    const { message } = await messages.send(ann, { recipientId: bob, content: 'Private' });
    await expect(messages.getMessage(stranger, message.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      messages.roomMessages(stranger, message.chatRoomId, { limit: 20, offset: 0 }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      messages.send(stranger, { chatRoomId: message.chatRoomId, content: 'Me too' }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  test('403 to a member who is not a friend, or no longer one (who still reads the history)', async () => {
    const [ann, bob] = await friends();
    const stranger = await addMember(s.db);
    await expect(messages.send(ann, { recipientId: stranger, content: 'Hey' })).rejects.toMatchObject({
      statusCode: 403,
      message: 'You can only chat with your friends.',
    });
    const { message } = await messages.send(ann, { recipientId: bob, content: 'Before' });
    expect(await friendsRepository(s.db).removeFriendship(ann, bob)).toBe(true);
    await expect(
      messages.send(ann, { chatRoomId: message.chatRoomId, content: 'After' }),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(messages.send(bob, { recipientId: ann, content: 'After' })).rejects.toMatchObject({
      statusCode: 403,
    });
    expect((await messages.roomMessages(bob, message.chatRoomId, { limit: 20, offset: 0 })).total).toBe(1);
  });

  test('400: no addressee or two of them, to oneself, or a content out of bounds', async () => {
    const [ann, bob] = await friends();
    await expect(messages.send(ann, { content: 'Nobody' })).rejects.toMatchObject({
      statusCode: 400,
      fields: [{ field: 'body' }],
    });
    await expect(
      messages.send(ann, { recipientId: bob, chatRoomId: crypto.randomUUID(), content: 'Two' }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(messages.send(ann, { recipientId: ann, content: 'Me' })).rejects.toMatchObject({
      statusCode: 400,
      fields: [{ field: 'body.recipientId' }],
    });
    await expect(messages.send(ann, { recipientId: bob, content: '   ' })).rejects.toMatchObject({
      statusCode: 400,
      fields: [{ field: 'body.content' }],
    });
    await expect(
      messages.send(ann, { recipientId: bob, content: 'x'.repeat(CHAT_MESSAGE_CONTENT_MAX + 1) }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(
      (await messages.send(ann, { recipientId: bob, content: 'x'.repeat(CHAT_MESSAGE_CONTENT_MAX) })).created,
    ).toBe(true);
    await expect(
      messages.listMessages(ann, {
        limit: 20,
        offset: 0,
        recipientId: bob,
        chatGroupId: crypto.randomUUID(),
      }),
    ).rejects.toMatchObject({ statusCode: 400, fields: [{ field: 'querystring' }] });
  });

  test('a replayed client id answers the stored message, once; another sender’s id 409', async () => {
    const [ann, bob] = await friends();
    const id = crypto.randomUUID();
    const first = await messages.send(ann, { id, recipientId: bob, content: 'Once' });
    seen.length = 0;
    const again = await messages.send(ann, { id, recipientId: bob, content: 'Twice' });
    expect(again).toEqual({ message: first.message, created: false });
    expect(seen).toEqual([]);
    await expect(messages.send(bob, { id, recipientId: ann, content: 'Mine' })).rejects.toMatchObject({
      statusCode: 409,
    });
    expect((await messages.roomMessages(ann, first.message.chatRoomId, { limit: 20, offset: 0 })).total).toBe(
      1,
    );
  });

  test('a group: its members write by group or room; one outside gets 404', async () => {
    const [owner, ann] = await friends();
    const outsider = await addMember(s.db);
    const { group } = await groups.createGroup(owner, { name: 'Club', memberIds: [ann] });
    await messages.send(ann, { chatGroupId: group.id, content: 'By group' });
    await messages.send(owner, { chatRoomId: group.chatRoomId, content: 'By room' });
    const page = await messages.listMessages(owner, { limit: 20, offset: 0, chatGroupId: group.id });
    expect(page.chatRoomId).toBe(group.chatRoomId);
    expect(page.items.map((m) => m.content).sort()).toEqual(['By group', 'By room']);
    await expect(
      messages.send(outsider, { chatGroupId: group.id, content: 'Let me in' }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      messages.listMessages(outsider, { limit: 20, offset: 0, chatGroupId: group.id }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      messages.send(ann, { chatGroupId: crypto.randomUUID(), content: 'Nowhere' }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
