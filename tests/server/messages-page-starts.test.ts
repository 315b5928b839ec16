// A deep folder page read before is found by seeking to where it starts (the budget in docs/BENCHMARKS.md at
// offset 5,000 of 10,000): the server keeps the starts per version of the member's folders
// (message_counters.version, migration 0025). Whatever changes a folder — a new message, a read, a
// delete by either side — the next page at the same offset must be what walking the offset says.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Message } from '../../src/contract/messages';
import { createTestApp, type TestApp } from './helpers';
import { caller, friends, send, type Person } from './messages-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let ann: Person;
let bob: Person;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  [ann, bob] = (await friends(t.app, 2)) as [Person, Person];
  for (let i = 0; i < 30; i++) await send(t.app, bob, ann, { subject: `Message ${i + 1}` });
});
afterAll(() => t.close());

async function subjects(who: Person, query: string): Promise<string[]> {
  const res = await call('GET', `/messages?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Message[] }>().data.map((m) => m.subject);
}

/** The page at offset 10 (read twice: the second read seeks), and what the first 30 say it is. */
async function pageAndTruth(who: Person, folder: string) {
  const first = await subjects(who, `${folder}&limit=10&offset=10`);
  const again = await subjects(who, `${folder}&limit=10&offset=10`);
  const truth = (await subjects(who, `${folder}&limit=30&offset=0`)).slice(10, 20);
  return { first, again, truth };
}

describe('message folder pages by their remembered start', () => {
  test('the inbox: a page read again, after a delete, a new message and a read', async () => {
    let seen = await pageAndTruth(ann, 'folder=inbox');
    expect(seen.first).toEqual([
      'Message 20',
      'Message 19',
      'Message 18',
      'Message 17',
      'Message 16',
      'Message 15',
      'Message 14',
      'Message 13',
      'Message 12',
      'Message 11',
    ]);
    expect(seen.again).toEqual(seen.first);
    expect(seen.truth).toEqual(seen.first);
    // The next page is found by seeking past this one.
    expect(await subjects(ann, 'folder=inbox&limit=10&offset=20')).toEqual(
      Array.from({ length: 10 }, (_, i) => `Message ${10 - i}`),
    );

    // Ann deletes a message of the first page: every later one moves up by one.
    const newest = (await call('GET', '/messages?folder=inbox&limit=1', ann)).json<{ data: Message[] }>()
      .data[0]!;
    expect((await call('DELETE', `/messages/${newest.id}`, ann)).statusCode).toBe(200);
    seen = await pageAndTruth(ann, 'folder=inbox');
    expect(seen.first[0]).toBe('Message 19');
    expect(seen.first).toEqual(seen.truth);
    expect(seen.again).toEqual(seen.truth);

    // A new message moves them down by one.
    await send(t.app, bob, ann, { subject: 'Message 31' });
    seen = await pageAndTruth(ann, 'folder=inbox');
    expect(seen.first[0]).toBe('Message 20');
    expect(seen.first).toEqual(seen.truth);
    expect(seen.again).toEqual(seen.truth);
  });

  test('the unread inbox: reading a message takes it out of the pages after it', async () => {
    let seen = await pageAndTruth(ann, 'folder=inbox&unreadOnly=true');
    expect(seen.first[0]).toBe('Message 20');
    expect(seen.again).toEqual(seen.truth);
    const newest = (await call('GET', '/messages?folder=inbox&unreadOnly=true&limit=1', ann)).json<{
      data: Message[];
    }>().data[0]!;
    expect((await call('PUT', `/messages/${newest.id}/read`, ann)).statusCode).toBe(200);
    seen = await pageAndTruth(ann, 'folder=inbox&unreadOnly=true');
    expect(seen.first[0]).toBe('Message 19');
    expect(seen.first).toEqual(seen.truth);
    expect(seen.again).toEqual(seen.truth);
  });

  test("the sent folder: the sender's delete moves it; the recipient's does not", async () => {
    let seen = await pageAndTruth(bob, 'folder=sent');
    expect(seen.first[0]).toBe('Message 21');
    expect(seen.again).toEqual(seen.truth);
    const [newest, , third] = (await call('GET', '/messages?folder=sent&limit=3', bob)).json<{
      data: Message[];
    }>().data;
    // Ann deleting Message 29 (she deleted 30 already) leaves Bob's sent folder as it was.
    expect((await call('DELETE', `/messages/${third!.id}`, ann)).statusCode).toBe(200);
    seen = await pageAndTruth(bob, 'folder=sent');
    expect(seen.first[0]).toBe('Message 21');
    expect(seen.again).toEqual(seen.truth);
    expect((await call('DELETE', `/messages/${newest!.id}`, bob)).statusCode).toBe(200);
    seen = await pageAndTruth(bob, 'folder=sent');
    expect(seen.first[0]).toBe('Message 20');
    expect(seen.first).toEqual(seen.truth);
    expect(seen.again).toEqual(seen.truth);
  });

  test('the second read seeks: a change made behind the counters (no version) is not walked', async () => {
    // Only to show which path runs: every real change goes through the counters (tests above).
    const before = await subjects(bob, 'folder=sent&limit=5&offset=5');
    const newest = (await call('GET', '/messages?folder=sent&limit=1', bob)).json<{ data: Message[] }>()
      .data[0]!;
    await t.app.db.kysely
      .updateTable('messages')
      .set({ sender_deleted: 1 })
      .where('id', '=', newest.id)
      .execute();
    expect(await subjects(bob, 'folder=sent&limit=5&offset=5')).toEqual(before);
    // Walking the offset (a page not read before) sees the change.
    expect((await subjects(bob, 'folder=sent&limit=15&offset=0')).slice(5, 10)).not.toEqual(before);
  });
});
