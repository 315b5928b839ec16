// The chat's data layer: what the screens read (Dexie live queries), refresh (server → Dexie) and
// write (Dexie + outbox in one transaction). It pulls Dexie: import it from lazy code only.
export { chatHandlers, reconcileMute, reconcileRead, reconcileSent } from './handlers';
export { useChatUnread, useDirectRoomId, useRoom, useRoomMessages, useRooms } from './reads';
export {
  handleChatGroupEvent,
  handleChatMessageEvent,
  handleChatRoomEvent,
  onChatGroupEvent,
  openRoom,
  startChatRealtime,
} from './realtime';
export { dropRoom, syncChatMessage, syncDirect, syncRoom, syncRoomMessages, syncRooms } from './sync';
export { CHAT_TYPING_RESEND_MS, useTypingMembers, useTypingSignal } from './typing';
export { useConversation, type Conversation } from './use-conversation';
export { useRoomList, type RoomList } from './use-room-list';
export { applyServerChatUnread, readChatUnread } from './unread';
export { chatUnreadSource } from './unread-source';
export {
  markRoomRead,
  muteRoom,
  mutedUntilFor,
  retryChatMessage,
  sendChatMessage,
  type ChatTarget,
} from './writes';
export {
  CHAT_KINDS,
  CHAT_MESSAGES_PAGE,
  CHAT_ROOMS_PAGE,
  CHAT_UNREAD_KEY,
  directKey,
  isDirectKey,
  otherParticipant,
  type ChatMember,
  type ChatMessageRow,
  type ChatRoomRow,
  type LocalChatMessage,
  type SyncState,
} from './types';
