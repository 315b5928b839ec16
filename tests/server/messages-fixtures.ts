// Shared by the messages-*.test.ts files: friends who write to each other through the API.
import { expect } from 'vitest';
import type { App } from '../../server/src/app';
import type { Message } from '../../src/contract/messages';
import { befriend, caller, person, type Person } from './people-fixtures';

export { API } from './garage-fixtures';
export type { Person };

/** Two (or more) members who are all friends with each other. */
export async function friends(app: App, count = 2): Promise<Person[]> {
  const people: Person[] = [];
  for (let i = 0; i < count; i++) people.push(await person(app, { firstName: `F${i}`, lastName: 'Friend' }));
  for (let i = 0; i < count; i++)
    for (let j = i + 1; j < count; j++) await befriend(app, people[i]!, people[j]!);
  return people;
}

export { caller, person };

export const messageBody = (recipientId: string, overrides: Record<string, unknown> = {}) => ({
  recipientId,
  subject: 'Track day',
  content: '<p>See you at <strong>Magny-Cours</strong>?</p>',
  ...overrides,
});

/**
 * Sends and expects 201. Two messages sent in the same millisecond would share `createdAt` (then
 * their order is the id's): a short pause keeps "newest first" certain in tests.
 */
export async function send(
  app: App,
  from: Person,
  to: Person,
  overrides: Record<string, unknown> = {},
): Promise<Message> {
  await new Promise((r) => setTimeout(r, 2));
  const res = await caller(app)('POST', '/messages', from, messageBody(to.id, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Message }>().data;
}
