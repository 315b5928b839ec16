// Chat groups on their own (server/src/chat/chat-groups-service.ts), against a real database: a
// group of the owner's friends with its room, the owner's edits and delete (403 for a member, 404
// for anyone outside), a member leaving, replays of a client id, and the events each change raises.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHAT_GROUP_DESCRIPTION_MAX, CHAT_GROUP_NAME_MAX } from '../../src/contract/constants';
import { chatEvents } from '../../server/src/chat/chat-events';
import { chatGroupsService } from '../../server/src/chat/chat-groups-service';
import { chatRepository } from '../../server/src/chat/chat-repository';
import { friendIdsOf } from '../../server/src/people/friendship-repository';
import { addMember, befriend, recordedNotifications, serviceDb, type ServiceDb } from './service-fixtures';

let s: ServiceDb;
let groups: ReturnType<typeof chatGroupsService>;
let seen: string[];
beforeAll(async () => {
  s = await serviceDb();
  const recorded = recordedNotifications();
  seen = recorded.seen;
  groups = chatGroupsService({
    chat: chatRepository(s.db),
    friendIdsOf: (memberId) => friendIdsOf(s.db, memberId),
    events: chatEvents(recorded.notifications),
  });
});
afterAll(() => s?.close());

/** An owner and `n` of their friends. */
async function circle(n: number): Promise<[string, ...string[]]> {
  const owner = await addMember(s.db, 'owner');
  const friends: string[] = [];
  for (let i = 0; i < n; i++) {
    const friend = await addMember(s.db, `friend${i}`);
    await befriend(s.db, owner, friend);
    friends.push(friend);
  }
  return [owner, ...friends];
}

describe('chat groups', () => {
  test('created with the owner’s friends: its room, the events, a stored note to each newcomer', async () => {
    const [owner, ann, bob] = await circle(2);
    seen.length = 0;
    const { group, created } = await groups.createGroup(owner, {
      name: '  Track day  ',
      description: 'Spa, in May',
      memberIds: [ann!, bob!, ann!, owner],
    });
    expect(created).toBe(true);
    expect(group).toMatchObject({ name: 'Track day', description: 'Spa, in May', memberCount: 3 });
    expect(group.members!.map((m) => m.id).sort()).toEqual([ann, bob].sort());
    expect(seen.filter((e) => e.endsWith('stored')).sort()).toEqual(
      [`${ann} chatgroup added stored`, `${bob} chatgroup added stored`].sort(),
    );
    for (const who of [owner, ann!, bob!]) {
      expect(seen).toContain(`${who} chatgroup created`);
      expect(seen).toContain(`${who} chatroom created`);
    }
    expect((await groups.getGroup(ann!, group.id)).chatRoomId).toBe(group.chatRoomId);
    const page = await groups.listGroups(bob!, { limit: 20, offset: 0, withMembers: false });
    expect(page.items.map((g) => g.id)).toEqual([group.id]);
  });

  test('400 for a stranger among the members, or a name out of bounds', async () => {
    const [owner, ann] = await circle(1);
    const stranger = await addMember(s.db, 'stranger');
    await expect(groups.createGroup(owner, { name: 'G', memberIds: [ann!, stranger] })).rejects.toMatchObject(
      { statusCode: 400, fields: [{ field: 'body.memberIds' }] },
    );
    await expect(groups.createGroup(owner, { name: '   ', memberIds: [] })).rejects.toMatchObject({
      statusCode: 400,
      fields: [{ field: 'body.name' }],
    });
    await expect(
      groups.createGroup(owner, { name: 'x'.repeat(CHAT_GROUP_NAME_MAX + 1), memberIds: [] }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(
      (await groups.createGroup(owner, { name: 'x'.repeat(CHAT_GROUP_NAME_MAX), memberIds: [] })).created,
    ).toBe(true);
    await expect(
      groups.createGroup(owner, {
        name: 'G',
        description: 'd'.repeat(CHAT_GROUP_DESCRIPTION_MAX + 1),
        memberIds: [],
      }),
    ).rejects.toMatchObject({ statusCode: 400, fields: [{ field: 'body.description' }] });
  });

  test('a replayed client id answers the group; another owner’s id 409', async () => {
    const [owner] = await circle(0);
    const other = await addMember(s.db);
    const id = crypto.randomUUID();
    const first = await groups.createGroup(owner, { id, name: 'Once', memberIds: [] });
    const again = await groups.createGroup(owner, { id, name: 'Twice', memberIds: [] });
    expect(again).toEqual({ group: first.group, created: false });
    await expect(groups.createGroup(other, { id, name: 'Mine', memberIds: [] })).rejects.toMatchObject({
      statusCode: 409,
    });
  });

  test('the owner sets the members: each side hears its own event; a member gets 403, others 404', async () => {
    const [owner, ann, bob, cat] = await circle(3);
    const outsider = await addMember(s.db);
    const { group } = await groups.createGroup(owner, { name: 'Club', memberIds: [ann!, bob!] });
    seen.length = 0;
    const updated = await groups.updateGroup(owner, group.id, { name: 'Club 2', memberIds: [bob!, cat!] });
    expect(updated.name).toBe('Club 2');
    expect(updated.members!.map((m) => m.id).sort()).toEqual([bob, cat].sort());
    expect(seen).toContain(`${cat} chatgroup added stored`);
    expect(seen).toContain(`${cat} chatgroup added`);
    expect(seen).toContain(`${cat} chatroom created`);
    expect(seen).toContain(`${ann} chatgroup removed`);
    expect(seen).toContain(`${ann} chatroom removed`);
    expect(seen).toContain(`${bob} chatgroup updated`);
    expect(seen).toContain(`${owner} chatroom updated`);
    await expect(groups.updateGroup(bob!, group.id, { name: 'Mine' })).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(groups.getGroup(ann!, group.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(groups.updateGroup(outsider, group.id, { name: 'x' })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  test('a member leaves (the owner cannot: 403); the owner deletes (a member cannot: 403)', async () => {
    const [owner, ann, bob] = await circle(2);
    const { group } = await groups.createGroup(owner, { name: 'Short', memberIds: [ann!, bob!] });
    await expect(groups.leaveGroup(owner, group.id)).rejects.toMatchObject({ statusCode: 403 });
    seen.length = 0;
    expect(await groups.leaveGroup(ann!, group.id)).toEqual({ id: group.id });
    expect(seen.sort()).toEqual(
      [
        `${ann} chatgroup removed`,
        `${ann} chatroom removed`,
        `${owner} chatgroup left`,
        `${owner} chatroom updated`,
        `${bob} chatgroup left`,
        `${bob} chatroom updated`,
      ].sort(),
    );
    await expect(groups.getGroup(ann!, group.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(groups.deleteGroup(bob!, group.id)).rejects.toMatchObject({ statusCode: 403 });
    seen.length = 0;
    expect(await groups.deleteGroup(owner, group.id)).toEqual({ id: group.id });
    expect(seen).toContain(`${bob} chatgroup deleted`);
    expect(seen).toContain(`${owner} chatroom removed`);
    await expect(groups.getGroup(owner, group.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});
