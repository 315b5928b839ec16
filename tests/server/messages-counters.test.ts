// The folder totals and unread counts come from message_counters, kept with every change (a COUNT
// would cost the list its budget). After a long mixed run of sends, reads and deletes — some of
// them at the same moment — they must still equal what a COUNT over the messages says.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Message } from '../../src/contract/messages';
import { createTestApp, type TestApp } from './helpers';
import { caller, friends, messageBody, type Person } from './messages-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let people: Person[];

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  people = await friends(t.app, 3);
});
afterAll(() => t.close());

/** A small seeded generator (mulberry32): the same run every time, so a failure reproduces. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** What COUNTs over the messages table say for a member. */
async function truth(memberId: string) {
  const db = t.app.db.kysely;
  const count = async (column: 'recipient_id' | 'sender_id', extra: (q: any) => any = (q) => q) => {
    const deleted = column === 'recipient_id' ? 'recipient_deleted' : 'sender_deleted';
    const row = await extra(
      db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column, '=', memberId)
        .where(deleted, '=', 0),
    ).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    inbox: await count('recipient_id'),
    unread: await count('recipient_id', (q) => q.where('is_read', '=', 0)),
    sent: await count('sender_id'),
  };
}

async function reported(who: Person) {
  const inbox = (await call('GET', '/messages?folder=inbox&limit=1', who)).json().meta;
  const sent = (await call('GET', '/messages?folder=sent&limit=1', who)).json().meta;
  const unread = (await call('GET', '/messages?folder=inbox&unreadOnly=true&limit=1', who)).json().meta;
  const count = (await call('GET', '/messages/unread/count', who)).json().data.count;
  return { inbox: inbox.total, unread: unread.total, sent: sent.total, unreadCount: count };
}

describe('message counters', () => {
  test('equal the COUNTs after 200 mixed operations, some concurrent', async () => {
    const next = random(20_251_122);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const known: { message: Message; from: Person; to: Person }[] = [];
    const op = async () => {
      const roll = next();
      if (roll < 0.45 || known.length === 0) {
        const from = pick(people);
        const to = pick(people.filter((p) => p !== from));
        const res = await call('POST', '/messages', from, messageBody(to.id));
        expect(res.statusCode).toBe(201);
        known.push({ message: res.json().data, from, to });
      } else if (roll < 0.75) {
        const { message, to } = pick(known);
        expect([200, 404]).toContain((await call('PUT', `/messages/${message.id}/read`, to)).statusCode);
      } else {
        const { message, from, to } = pick(known);
        const who = next() < 0.5 ? from : to;
        expect([200, 404]).toContain((await call('DELETE', `/messages/${message.id}`, who)).statusCode);
      }
    };
    for (let round = 0; round < 40; round++) await Promise.all(Array.from({ length: 5 }, op));

    for (const who of people) {
      const expected = await truth(who.id);
      expect(await reported(who)).toEqual({ ...expected, unreadCount: expected.unread });
    }
    // The run did exercise every path.
    const all = await t.app.db.kysely.selectFrom('messages').select(['is_read', 'sender_deleted']).execute();
    expect(all.some((m) => Number(m.is_read) === 1)).toBe(true);
    expect(all.some((m) => Number(m.sender_deleted) === 1)).toBe(true);
    expect(known.length).toBeGreaterThan(all.length); // some were deleted by both, so removed
  });
});
