// Chat rooms and read marks on their own (server/src/chat/chat-rooms-service.ts), against a real
// database: a member's rooms with their unread counts, 404 outside a room, mark-all-read per room
// (spec §4) that tells the member's other devices only when something was unread, and the typing
// relay's targets.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatEvents } from '../../server/src/chat/chat-events';
import { chatMessagesService } from '../../server/src/chat/chat-messages-service';
import { chatRepository } from '../../server/src/chat/chat-repository';
import { chatRoomsService } from '../../server/src/chat/chat-rooms-service';
import { areFriends } from '../../server/src/people/friendship-repository';
import { addMember, befriend, recordedNotifications, serviceDb, type ServiceDb } from './service-fixtures';

let s: ServiceDb;
let rooms: ReturnType<typeof chatRoomsService>;
let messages: ReturnType<typeof chatMessagesService>;
let seen: string[];
const clock = new Date('2031-03-01T10:00:00.000Z');
beforeAll(async () => {
  s = await serviceDb();
  const recorded = recordedNotifications();
  seen = recorded.seen;
  const chat = chatRepository(s.db);
  const events = chatEvents(recorded.notifications);
  rooms = chatRoomsService({ chat, notifications: recorded.notifications, events, now: () => clock });
  messages = chatMessagesService({ chat, areFriends: (a, b) => areFriends(s.db, a, b), events });
});
afterAll(() => s?.close());

async function directRoom(): Promise<{ ann: string; bob: string; roomId: string }> {
  const [ann, bob] = [await addMember(s.db, 'ann'), await addMember(s.db, 'bob')];
  await befriend(s.db, ann, bob);
  const { message } = await messages.send(ann, { recipientId: bob, content: 'One' });
  await messages.send(ann, { chatRoomId: message.chatRoomId, content: 'Two' });
  return { ann, bob, roomId: message.chatRoomId };
}

describe('chat rooms', () => {
  test('a member’s rooms with the unread count; a room read by its participants only', async () => {
    const { ann, bob, roomId } = await directRoom();
    const stranger = await addMember(s.db);
    const page = await rooms.listRooms(bob, { limit: 20, offset: 0 });
    expect(page.items.map((r) => [r.id, r.unreadCount])).toEqual([[roomId, 2]]);
    expect((await rooms.getRoom(ann, roomId)).unreadCount).toBe(0);
    expect((await rooms.getRoom(bob, roomId)).participants.map((p) => p.id).sort()).toEqual(
      [ann, bob].sort(),
    );
    await expect(rooms.getRoom(stranger, roomId)).rejects.toMatchObject({ statusCode: 404 });
    expect((await rooms.listRooms(stranger, { limit: 20, offset: 0 })).items).toEqual([]);
  });

  test('mark all read: unread back to 0; my devices hear of it once; my notes on the room read', async () => {
    const { bob, roomId } = await directRoom();
    seen.length = 0;
    expect(await rooms.markAllRead(bob, roomId)).toEqual({
      chatRoomId: roomId,
      unreadCount: 0,
      lastReadAt: clock.toISOString(),
    });
    expect(seen).toEqual([`${bob} chatroom read`, `${bob} read chatroom ${roomId}`]);
    expect((await rooms.getRoom(bob, roomId)).unreadCount).toBe(0);
    // Again: nothing was unread, no event (the notes are still marked read).
    seen.length = 0;
    await rooms.markAllRead(bob, roomId);
    expect(seen).toEqual([`${bob} read chatroom ${roomId}`]);
  });

  test('mark all read: 404 outside the room and for an unknown room', async () => {
    const { roomId } = await directRoom();
    const stranger = await addMember(s.db);
    await expect(rooms.markAllRead(stranger, roomId)).rejects.toMatchObject({ statusCode: 404 });
    await expect(rooms.markAllRead(stranger, crypto.randomUUID())).rejects.toMatchObject({ statusCode: 404 });
  });

  test('typing goes to the room’s other participants; null for anyone outside it', async () => {
    const { ann, bob, roomId } = await directRoom();
    const stranger = await addMember(s.db);
    expect(await rooms.typingTargets(ann, roomId)).toEqual([bob]);
    expect(await rooms.typingTargets(bob, roomId)).toEqual([ann]);
    expect(await rooms.typingTargets(stranger, roomId)).toBeNull();
  });
});
