// Chat groups (spec §7 "Chat"; docs/DESIGN-NOTES.md "Entities"): the owner's friends only, the owner edits and
// deletes, a member leaves, and whoever is not in a group gets 404 for it and its room.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatGroup, type ChatRoom } from '../../src/contract/chat';
import {
  CHAT_GROUP_DESCRIPTION_MAX,
  CHAT_GROUP_MEMBERS_MAX,
  CHAT_GROUP_NAME_MAX,
  CHAT_PAGE_SIZE,
} from '../../src/contract/constants';
import { createTestApp, type TestApp } from './helpers';
import { caller, createGroup, ownerWithFriends, person, say, type Person } from './chat-fixtures';

describe('chat groups', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
  });
  afterAll(() => t.close());

  it('pins the limits', () => {
    expect(CHAT_GROUP_NAME_MAX).toBe(100);
    expect(CHAT_GROUP_DESCRIPTION_MAX).toBe(1000);
    expect(CHAT_GROUP_MEMBERS_MAX).toBe(50);
    expect(CHAT_PAGE_SIZE).toBe(20);
  });

  it('creates a group of friends with its room; every member sees it, an outsider gets 404', async () => {
    const [owner, [a, b]] = await ownerWithFriends(t.app, 2);
    const outsider = await person(t.app);
    const group = await createGroup(t.app, owner, [a!, b!], { name: '  Sunday drivers  ' });
    expect(group.name).toBe('Sunday drivers');
    expect(group.description).toBe('Coffee and cars');
    expect(group.owner.id).toBe(owner.id);
    expect(group.members!.map((m) => m.id).sort()).toEqual([a!.id, b!.id].sort());
    expect(group.memberCount).toBe(3);
    // Members as shown carry no e-mail.
    expect(group.owner).not.toHaveProperty('email');

    for (const who of [owner, a!, b!]) {
      const res = await call('GET', `/chat-groups/${group.id}`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: ChatGroup }>().data.chatRoomId).toBe(group.chatRoomId);
      const roomRes = await call('GET', `/chat-rooms/${group.chatRoomId}`, who);
      expect(roomRes.statusCode).toBe(200);
      const room = roomRes.json<{ data: ChatRoom }>().data;
      expect(room.chatGroupId).toBe(group.id);
      expect(room.name).toBe('Sunday drivers');
      expect(room.participants.map((p) => p.id).sort()).toEqual([owner.id, a!.id, b!.id].sort());
      expect(room.lastMessage).toBeNull();
      expect(room.unreadCount).toBe(0);
    }
    const message = await say(t.app, owner, { chatGroupId: group.id }, 'Who is in?');
    const forOutsider = [
      call('GET', `/chat-groups/${group.id}`, outsider),
      call('PUT', `/chat-groups/${group.id}`, outsider, { name: 'Mine now' }),
      call('DELETE', `/chat-groups/${group.id}`, outsider),
      call('POST', `/chat-groups/${group.id}/leave`, outsider),
      call('GET', `/chat-rooms/${group.chatRoomId}`, outsider),
      call('GET', `/chat-messages/chat-room/${group.chatRoomId}`, outsider),
      call('GET', `/chat-messages?chatGroupId=${group.id}`, outsider),
      call('GET', `/chat-messages/${message.id}`, outsider),
      call('POST', `/chat-messages/${group.chatRoomId}/mark-all-read`, outsider),
      call('POST', '/chat-messages', outsider, { chatGroupId: group.id, content: 'Let me in' }),
      call('POST', '/chat-messages', outsider, { chatRoomId: group.chatRoomId, content: 'Let me in' }),
    ];
    for (const res of await Promise.all(forOutsider)) expect(res.statusCode, res.body).toBe(404);
    // Unknown ids answer the same.
    expect((await call('GET', `/chat-groups/${randomUUID()}`, owner)).statusCode).toBe(404);
    expect((await call('GET', `/chat-rooms/${randomUUID()}`, owner)).statusCode).toBe(404);
    // Nothing changed for the outsider's attempts.
    const after = await call('GET', `/chat-groups/${group.id}`, owner);
    expect(after.json<{ data: ChatGroup }>().data.name).toBe('Sunday drivers');
    expect(
      (await call('GET', `/chat-messages/chat-room/${group.chatRoomId}`, owner)).json<{
        meta: { total: number };
      }>().meta.total,
    ).toBe(1);
  });

  it('refuses members who are not the owner’s friends (400), and creates nothing', async () => {
    const [owner, [friend]] = await ownerWithFriends(t.app, 1);
    const stranger = await person(t.app);
    const res = await call('POST', '/chat-groups', owner, {
      name: 'Mixed',
      memberIds: [friend!.id, stranger.id],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: { code: string; fields: { field: string }[] } }>().error.fields[0]!.field).toBe(
      'body.memberIds',
    );
    const list = await call('GET', '/chat-groups', owner);
    expect(list.json<{ meta: { total: number } }>().meta.total).toBe(0);
    // A friend of a member is not enough: friendship with the owner counts.
    const res2 = await call('POST', '/chat-groups', friend!, {
      name: 'Theirs',
      memberIds: [owner.id, stranger.id],
    });
    expect(res2.statusCode).toBe(400);
  });

  it('validates the name, description and member count as plain text', async () => {
    const [owner, [friend]] = await ownerWithFriends(t.app, 1);
    const bad = [
      { name: '   ', memberIds: [] },
      { name: 'x'.repeat(CHAT_GROUP_NAME_MAX + 1), memberIds: [] },
      { name: 'Ok', description: 'd'.repeat(CHAT_GROUP_DESCRIPTION_MAX + 1), memberIds: [] },
      { name: 'Ok', memberIds: Array.from({ length: CHAT_GROUP_MEMBERS_MAX + 1 }, () => randomUUID()) },
      { name: 'Ok' },
      { name: 'Ok', memberIds: ['not-a-uuid'] },
    ];
    for (const body of bad) {
      const res = await call('POST', '/chat-groups', owner, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const edge = await createGroup(t.app, owner, [friend!], {
      name: 'n'.repeat(CHAT_GROUP_NAME_MAX),
      description: `  ${'d'.repeat(CHAT_GROUP_DESCRIPTION_MAX)}  `,
    });
    expect(edge.name).toHaveLength(CHAT_GROUP_NAME_MAX);
    expect(edge.description).toHaveLength(CHAT_GROUP_DESCRIPTION_MAX);
    // HTML is text: stored as written, never interpreted; duplicates and the owner's id are ignored.
    const html = await createGroup(t.app, owner, [friend!, friend!, owner], {
      name: '<b>Bold</b> & <script>x</script>',
      description: undefined,
    });
    expect(html.name).toBe('<b>Bold</b> & <script>x</script>');
    expect(html.description).toBe('');
    expect(html.members!.map((m) => m.id)).toEqual([friend!.id]);
    expect(html.memberCount).toBe(2);
  });

  it('a repeated client id answers the stored group with 200; someone else’s id is 409', async () => {
    const [owner, [friend]] = await ownerWithFriends(t.app, 1);
    const id = randomUUID();
    const first = await createGroup(t.app, owner, [friend!], { id });
    expect(first.id).toBe(id);
    const again = await call('POST', '/chat-groups', owner, { id, name: 'Other name', memberIds: [] });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: ChatGroup }>().data).toMatchObject({
      id,
      name: 'Sunday drivers',
      memberCount: 2,
    });
    const stolen = await call('POST', '/chat-groups', friend!, { id, name: 'Mine', memberIds: [] });
    expect(stolen.statusCode).toBe(409);
    expect((await call('GET', '/chat-groups', owner)).json<{ meta: { total: number } }>().meta.total).toBe(1);
  });

  it('lists my groups, 20 by default, newest activity first, members only with withMembers', async () => {
    const [owner, [friend]] = await ownerWithFriends(t.app, 1);
    const made: ChatGroup[] = [];
    for (let i = 0; i < CHAT_PAGE_SIZE + 2; i++)
      made.push(await createGroup(t.app, owner, [friend!], { name: `Group ${i}` }));
    // A message makes the oldest group the most recently active.
    await new Promise((r) => setTimeout(r, 5));
    await say(t.app, friend!, { chatGroupId: made[0]!.id }, 'Bump');

    const first = await call('GET', '/chat-groups', owner);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<{ data: ChatGroup[]; meta: { total: number; limit: number; offset: number } }>();
    expect(page.meta).toEqual({ total: CHAT_PAGE_SIZE + 2, limit: 20, offset: 0 });
    expect(page.data).toHaveLength(20);
    expect(page.data[0]!.id).toBe(made[0]!.id);
    expect(page.data[0]).not.toHaveProperty('members');
    expect(page.data[0]!.memberCount).toBe(2);

    const second = await call('GET', '/chat-groups?limit=20&offset=20&withMembers=true', friend!);
    const page2 = second.json<{ data: ChatGroup[]; meta: { total: number } }>();
    expect(page2.meta.total).toBe(CHAT_PAGE_SIZE + 2);
    expect(page2.data).toHaveLength(2);
    expect(page2.data[0]!.members!.map((m) => m.id)).toEqual([friend!.id]);
    const seen = new Set([...page.data, ...page2.data].map((g) => g.id));
    expect(seen.size).toBe(CHAT_PAGE_SIZE + 2);

    expect((await call('GET', '/chat-groups?limit=101', owner)).statusCode).toBe(400);
    expect((await call('GET', '/chat-groups?limit=0', owner)).statusCode).toBe(400);
  });

  it('the owner renames, describes, adds friends and removes members; other members get 403', async () => {
    const [owner, [a, b, c]] = await ownerWithFriends(t.app, 3);
    const stranger = await person(t.app);
    const group = await createGroup(t.app, owner, [a!, b!]);
    const byMember = await call('PUT', `/chat-groups/${group.id}`, a!, { name: 'Coup' });
    expect(byMember.statusCode).toBe(403);
    const withStranger = await call('PUT', `/chat-groups/${group.id}`, owner, {
      memberIds: [a!.id, stranger.id],
    });
    expect(withStranger.statusCode).toBe(400);

    const res = await call('PUT', `/chat-groups/${group.id}`, owner, {
      name: 'Track club',
      description: '',
      memberIds: [a!.id, c!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<{ data: ChatGroup }>().data;
    expect(updated).toMatchObject({ name: 'Track club', description: '', memberCount: 3 });
    expect(updated.members!.map((m) => m.id).sort()).toEqual([a!.id, c!.id].sort());
    // b is out of the group and its room; c is in both.
    expect((await call('GET', `/chat-groups/${group.id}`, b!)).statusCode).toBe(404);
    expect((await call('GET', `/chat-rooms/${group.chatRoomId}`, b!)).statusCode).toBe(404);
    expect((await call('GET', `/chat-rooms/${group.chatRoomId}`, c!)).statusCode).toBe(200);
    // A name alone leaves the members as they are.
    const renamed = await call('PUT', `/chat-groups/${group.id}`, owner, { name: 'Track club 2' });
    expect(renamed.json<{ data: ChatGroup }>().data.memberCount).toBe(3);
    // An empty name is refused.
    expect((await call('PUT', `/chat-groups/${group.id}`, owner, { name: '' })).statusCode).toBe(400);
  });

  it('a member leaves (then sees nothing of it); the owner cannot leave (403) but deletes it', async () => {
    const [owner, [a, b]] = await ownerWithFriends(t.app, 2);
    const group = await createGroup(t.app, owner, [a!, b!]);
    const message = await say(t.app, a!, { chatGroupId: group.id }, 'Bye soon');
    const left = await call('POST', `/chat-groups/${group.id}/leave`, a!);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json<{ data: { id: string } }>().data.id).toBe(group.id);
    expect((await call('GET', `/chat-groups/${group.id}`, a!)).statusCode).toBe(404);
    expect((await call('GET', `/chat-messages/${message.id}`, a!)).statusCode).toBe(404);
    expect((await call('POST', `/chat-groups/${group.id}/leave`, a!)).statusCode).toBe(404);
    const afterLeave = await call('GET', `/chat-groups/${group.id}`, owner);
    expect(afterLeave.json<{ data: ChatGroup }>().data.memberCount).toBe(2);

    expect((await call('POST', `/chat-groups/${group.id}/leave`, owner)).statusCode).toBe(403);
    expect((await call('DELETE', `/chat-groups/${group.id}`, b!)).statusCode).toBe(403);
    const gone = await call('DELETE', `/chat-groups/${group.id}`, owner);
    expect(gone.statusCode, gone.body).toBe(200);
    for (const who of [owner, b!] as Person[]) {
      expect((await call('GET', `/chat-groups/${group.id}`, who)).statusCode).toBe(404);
      expect((await call('GET', `/chat-rooms/${group.chatRoomId}`, who)).statusCode).toBe(404);
      expect((await call('GET', `/chat-messages/${message.id}`, who)).statusCode).toBe(404);
    }
    const rows = await t.app.db.kysely
      .selectFrom('chat_messages')
      .select('id')
      .where('chat_room_id', '=', group.chatRoomId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('needs a token', async () => {
    expect((await call('GET', '/chat-groups', null)).statusCode).toBe(401);
    expect((await call('POST', '/chat-groups', null, { name: 'x', memberIds: [] })).statusCode).toBe(401);
  });
});
