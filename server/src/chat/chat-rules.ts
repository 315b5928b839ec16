// The chat's rules on what a request carries (spec §7 "Chat"; docs/ARCHITECTURE.md server "chat/"):
// plain text within its bounds, one addressee of several, and who may chat with whom. Shared by
// the groups, rooms and messages parts of the chat service.
import { badRequest, notFound } from '../http/errors';
import type { ChatRepository } from './chat-repository';

export const NOT_A_FRIEND = 'You can only chat with your friends.';
export const INVALID = 'Some fields are missing or invalid.';

/** Plain text trimmed; 400 on the field when outside 1..max (min 0 for optional texts). */
export function plainText(value: string, field: string, max: number, min = 1): string {
  const text = value.trim();
  if (text.length < min || text.length > max)
    throw badRequest(INVALID, [{ field, message: `must have ${min} to ${max} characters` }]);
  return text;
}

/** Exactly one of the given fields is set; 400 otherwise. */
export function exactlyOne<K extends string>(
  input: Partial<Record<K, unknown>>,
  keys: K[],
  where: string,
): K {
  const set = keys.filter((k) => input[k] !== undefined);
  if (set.length !== 1)
    throw badRequest(INVALID, [{ field: where, message: `must have exactly one of ${keys.join(', ')}` }]);
  return set[0]!;
}

/** The group if the member is in it; 404 otherwise (the same as an unknown group). */
export async function memberGroup(
  chat: Pick<ChatRepository, 'findGroup' | 'isGroupMember'>,
  memberId: string,
  groupId: string,
) {
  const group = await chat.findGroup(groupId);
  if (!group || !(await chat.isGroupMember(groupId, memberId))) throw notFound('Chat group');
  return group;
}
