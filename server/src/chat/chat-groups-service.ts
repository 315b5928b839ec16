// Chat groups (spec §7 "Chat"; docs/ARCHITECTURE.md server "chat/"): groups of the owner's
// friends, one room each; the owner renames, sets the members and deletes, a member leaves. Anyone
// outside a group gets 404, a member doing the owner's part 403.
import { randomUUID } from 'node:crypto';
import type { ChatGroup, ChatGroupCreate, ChatGroupUpdate } from '../../../src/contract/chat';
import { CHAT_GROUP_DESCRIPTION_MAX, CHAT_GROUP_NAME_MAX } from '../../../src/contract/constants';
import { badRequest, conflict, forbidden, foundOr404 } from '../http/errors';
import type { DiscardFiles } from '../media/media-storage';
import type { ChatEvents } from './chat-events';
import type { ChatRepository } from './chat-repository';
import { INVALID, memberGroup, plainText } from './chat-rules';

export interface ChatGroupsDeps {
  chat: ChatRepository;
  friendIdsOf(memberId: string): Promise<string[]>;
  events: ChatEvents;
  /** Removes the files of media rows the repository deleted (a deleted group's photos). */
  discardFiles?: DiscardFiles;
  now?: () => Date;
}

export function chatGroupsService({
  chat,
  friendIdsOf,
  events,
  discardFiles = async () => {},
  now = () => new Date(),
}: ChatGroupsDeps) {
  async function groupView(groupId: string): Promise<ChatGroup> {
    return foundOr404(await chat.groupView(groupId), 'Chat group');
  }

  /** Newcomers must all be the owner's friends: 400 naming the others. */
  async function checkFriends(ownerId: string, ids: string[]) {
    if (ids.length === 0) return;
    const friends = new Set(await friendIdsOf(ownerId));
    const strangers = ids.filter((id) => !friends.has(id));
    if (strangers.length > 0)
      throw badRequest(INVALID, [
        { field: 'body.memberIds', message: `must be your friends (not: ${strangers.join(', ')})` },
      ]);
  }

  const cleanIds = (ids: string[], ownerId: string) => [...new Set(ids)].filter((id) => id !== ownerId);

  return {
    async listGroups(memberId: string, query: { limit: number; offset: number; withMembers: boolean }) {
      return chat.groupPage(memberId, query);
    },

    async getGroup(memberId: string, groupId: string): Promise<ChatGroup> {
      await memberGroup(chat, memberId, groupId);
      return groupView(groupId);
    },

    /** Creates a group of the owner's friends. `created: false` answers a replayed client id. */
    async createGroup(
      ownerId: string,
      input: ChatGroupCreate,
    ): Promise<{ group: ChatGroup; created: boolean }> {
      if (input.id) {
        const stored = await chat.findGroup(input.id);
        if (stored) {
          if (stored.owner_id !== ownerId)
            throw conflict('This id is already in use.', [
              { field: 'body.id', message: 'is already in use' },
            ]);
          return { group: await groupView(stored.id), created: false };
        }
      }
      const name = plainText(input.name, 'body.name', CHAT_GROUP_NAME_MAX);
      const description = plainText(
        input.description ?? '',
        'body.description',
        CHAT_GROUP_DESCRIPTION_MAX,
        0,
      );
      const memberIds = cleanIds(input.memberIds, ownerId);
      await checkFriends(ownerId, memberIds);
      const id = input.id ?? randomUUID();
      const roomId = randomUUID();
      const created = await chat.createGroup({
        id,
        ownerId,
        name,
        description,
        memberIds,
        roomId,
        now: now().toISOString(),
      });
      if (!created) {
        const stored = await chat.findGroup(id);
        if (!stored || stored.owner_id !== ownerId) throw conflict('This id is already in use.');
        return { group: await groupView(id), created: false };
      }
      events.group([ownerId, ...memberIds], id, roomId, 'created');
      events.room([ownerId, ...memberIds], roomId, id, 'created');
      await events.added(memberIds, ownerId, id, roomId, name);
      return { group: await groupView(id), created: true };
    },

    /** The owner renames, describes, or sets the members (403 for other members, 404 for others). */
    async updateGroup(memberId: string, groupId: string, input: ChatGroupUpdate): Promise<ChatGroup> {
      const group = await memberGroup(chat, memberId, groupId);
      if (group.owner_id !== memberId) throw forbidden('Only the owner can change the group.');
      const name =
        input.name === undefined ? undefined : plainText(input.name, 'body.name', CHAT_GROUP_NAME_MAX);
      const description =
        input.description === undefined
          ? undefined
          : plainText(input.description, 'body.description', CHAT_GROUP_DESCRIPTION_MAX, 0);
      const before = new Set(await chat.groupMemberIds(groupId));
      let add: string[] = [];
      let remove: string[] = [];
      if (input.memberIds !== undefined) {
        const wanted = new Set(cleanIds(input.memberIds, memberId));
        add = [...wanted].filter((id) => !before.has(id));
        remove = [...before].filter((id) => id !== memberId && !wanted.has(id));
        await checkFriends(memberId, add);
      }
      await chat.updateGroup(groupId, group.room_id, {
        name,
        description,
        add,
        remove,
        now: now().toISOString(),
      });
      const stayed = [...before].filter((id) => !remove.includes(id));
      events.group(stayed, groupId, group.room_id, 'updated');
      await events.added(add, memberId, groupId, group.room_id, name ?? group.name);
      events.group(add, groupId, group.room_id, 'added');
      events.group(remove, groupId, group.room_id, 'removed');
      events.room(stayed, group.room_id, groupId, 'updated');
      events.room(add, group.room_id, groupId, 'created');
      events.room(remove, group.room_id, groupId, 'removed');
      return groupView(groupId);
    },

    /** The owner deletes the group, its room and its messages (403 for other members). */
    async deleteGroup(memberId: string, groupId: string): Promise<{ id: string }> {
      const group = await memberGroup(chat, memberId, groupId);
      if (group.owner_id !== memberId) throw forbidden('Only the owner can delete the group.');
      const everyone = await chat.groupMemberIds(groupId);
      await discardFiles(await chat.deleteGroup(groupId));
      events.group(everyone, groupId, group.room_id, 'deleted');
      events.room(everyone, group.room_id, groupId, 'removed');
      return { id: groupId };
    },

    /** A member (not the owner: 403, the owner deletes instead) leaves the group and its room. */
    async leaveGroup(memberId: string, groupId: string): Promise<{ id: string }> {
      const group = await memberGroup(chat, memberId, groupId);
      if (group.owner_id === memberId)
        throw forbidden('The owner cannot leave the group; delete it or hand it over instead.');
      if (await chat.leaveGroup(groupId, group.room_id, memberId)) {
        const rest = await chat.groupMemberIds(groupId);
        events.group([memberId], groupId, group.room_id, 'removed');
        events.room([memberId], group.room_id, groupId, 'removed');
        events.group(rest, groupId, group.room_id, 'left');
        events.room(rest, group.room_id, groupId, 'updated');
      }
      return { id: groupId };
    },
  };
}

export type ChatGroupsService = ReturnType<typeof chatGroupsService>;
