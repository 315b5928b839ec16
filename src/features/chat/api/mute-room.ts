// A room's pushes muted for me (8 hours, a week, or until I unmute it), stored by the server per
// participant; it needs the connection, like the group changes.
import type { ChatRoomMute } from '@/contract/chat';
import type { ChatMuteDuration } from '@/contract/web-push';
import { api } from '@/lib/http/api-client';

const path = (roomId: string) => `/chat-rooms/${encodeURIComponent(roomId)}/mute`;

/** PUT /chat-rooms/{id}/mute, or DELETE (null: unmute). */
export function setRoomMute(roomId: string, duration: ChatMuteDuration | null): Promise<ChatRoomMute> {
  return duration === null
    ? api.delete<ChatRoomMute>(path(roomId))
    : api.put<ChatRoomMute>(path(roomId), { duration });
}
