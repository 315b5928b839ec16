// Shared by the chat-*.test.ts files: friends, groups and messages made through the API.
import { expect } from 'vitest';
import type { App } from '../../server/src/app';
import type { ChatGroup, ChatMessage, ChatRoom } from '../../src/contract/chat';
import { befriend, caller, person, type Person } from './people-fixtures';

export { befriend, caller, person, type Person };

/** `count` members who are all friends with each other. */
export async function friends(app: App, count = 2): Promise<Person[]> {
  const people: Person[] = [];
  for (let i = 0; i < count; i++) people.push(await person(app, { firstName: `C${i}`, lastName: 'Chat' }));
  for (let i = 0; i < count; i++)
    for (let j = i + 1; j < count; j++) await befriend(app, people[i]!, people[j]!);
  return people;
}

/** `owner` and `count` friends of theirs (not friends of each other). */
export async function ownerWithFriends(app: App, count: number): Promise<[Person, Person[]]> {
  const owner = await person(app, { firstName: 'Owner', lastName: 'Chat' });
  const others: Person[] = [];
  for (let i = 0; i < count; i++) {
    const p = await person(app, { firstName: `M${i}`, lastName: 'Chat' });
    await befriend(app, owner, p);
    others.push(p);
  }
  return [owner, others];
}

export async function createGroup(
  app: App,
  owner: Person,
  members: Person[],
  overrides: Record<string, unknown> = {},
): Promise<ChatGroup> {
  const res = await caller(app)('POST', '/chat-groups', owner, {
    name: 'Sunday drivers',
    description: 'Coffee and cars',
    memberIds: members.map((m) => m.id),
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: ChatGroup }>().data;
}

export async function say(
  app: App,
  from: Person,
  to: { recipientId?: string; chatGroupId?: string; chatRoomId?: string },
  content = 'Hello',
  id?: string,
): Promise<ChatMessage> {
  const res = await caller(app)('POST', '/chat-messages', from, { ...to, content, ...(id ? { id } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: ChatMessage }>().data;
}

export async function room(app: App, who: Person, roomId: string): Promise<ChatRoom> {
  const res = await caller(app)('GET', `/chat-rooms/${roomId}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ChatRoom }>().data;
}
