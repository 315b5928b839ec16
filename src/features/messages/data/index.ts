// The messages' data layer: what the screens read (Dexie live queries), refresh (server → Dexie)
// and write (Dexie + outbox in one transaction). It pulls Dexie: import it from lazy code only.
export { messageHandlers } from './handlers';
export { readFolder, useFolderMessages, useMessage, useUnreadCount, type FolderView } from './reads';
export { handleMessageEvent, startMessagesRealtime } from './realtime';
export {
  dropMessage,
  mergeFolderPage,
  refreshUnreadCount,
  syncFolder,
  syncMessage,
  type FolderPage,
} from './sync';
export { useFolder, type Folder } from './use-folder';
export { deleteMessage, markMessageRead, sendMessage } from './writes';
export { applyServerUnreadCount, readUnreadCount } from './unread';
export { messagesUnreadSource } from './unread-source';
export {
  MESSAGE_KINDS,
  MESSAGES_PAGE_SIZE,
  UNREAD_COUNT_KEY,
  type LocalMessage,
  type MessageDraft,
  type MessageParticipant,
  type MessageRow,
  type SyncState,
} from './types';
