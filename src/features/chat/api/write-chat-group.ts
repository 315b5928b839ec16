// Group changes go to the server at once (they need it: the owner's friends are checked there).
// Creating carries a client id, so a repeat answers the same group.
import type { ChatGroup, ChatGroupCreate, ChatGroupGone, ChatGroupUpdate } from '@/contract/chat';
import { api } from '@/lib/http/api-client';

const path = (id: string) => `/chat-groups/${encodeURIComponent(id)}`;

/** POST /chat-groups: I become the owner. */
export function createChatGroup(input: Omit<ChatGroupCreate, 'id'> & { id: string }): Promise<ChatGroup> {
  return api.post<ChatGroup>('/chat-groups', input);
}

/** PUT /chat-groups/{id} (owner): memberIds replaces the member set. */
export function updateChatGroup(id: string, input: ChatGroupUpdate): Promise<ChatGroup> {
  return api.put<ChatGroup>(path(id), input);
}

/** DELETE /chat-groups/{id} (owner). */
export function deleteChatGroup(id: string): Promise<ChatGroupGone> {
  return api.delete<ChatGroupGone>(path(id));
}

/** POST /chat-groups/{id}/leave (a member, not the owner). */
export function leaveChatGroup(id: string): Promise<ChatGroupGone> {
  return api.post<ChatGroupGone>(`${path(id)}/leave`);
}
