// Live chat (spec §4: chat groups, rooms and messages have update streams). Every chat event is
// realtime-only. A message this device does not hold yet is fetched, then its room (its last
// message and my unread count); an echo of my own send is not. Room and group events refresh or
// drop the room. On every socket (re)connection the first page of rooms is asked again.
import type { NotificationEvent } from '@/contract/socket-events';
import { sessionStore } from '@/lib/auth/session-store';
import { localDb } from '@/lib/db';
import { realtime } from '@/lib/realtime/socket';
import { onReconnect, sharedListener } from '@/lib/realtime/shared-listener';
import { sentHere } from './handlers';
import { dropRoom, syncChatMessage, syncRoom, syncRooms } from './sync';
import { markRoomRead } from './writes';

const id = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** Rooms shown on screen right now: a message arriving there is read at once. */
const openRooms = new Map<string, number>();

/** A conversation on screen; returns the release. */
export function openRoom(roomId: string): () => void {
  openRooms.set(roomId, (openRooms.get(roomId) ?? 0) + 1);
  return () => {
    const left = (openRooms.get(roomId) ?? 1) - 1;
    if (left <= 0) openRooms.delete(roomId);
    else openRooms.set(roomId, left);
  };
}

export async function handleChatMessageEvent(event: NotificationEvent): Promise<void> {
  const roomId = id(event.jsonPayload.relatedChatRoomId);
  const messageId = id(event.jsonPayload.relatedChatMessageId);
  if (!roomId || !messageId) return;
  const database = await localDb();
  if (sentHere(messageId) || (await database.chatMessages.get(messageId))) return; // my own echo
  const message = await syncChatMessage(messageId, database);
  if (!message) return;
  const known = await database.chatRooms.get(roomId);
  if (known) await syncRoom(roomId, database);
  else await syncRooms({}, database); // a new room: the list and the total from the server
  const mine = message.sender.id === sessionStore.getState().user?.id;
  if (!mine && openRooms.has(roomId)) await markRoomRead(roomId, database);
}

export async function handleChatRoomEvent(event: NotificationEvent): Promise<void> {
  const roomId = id(event.jsonPayload.relatedChatRoomId);
  if (!roomId) return;
  if (event.jsonPayload.action === 'removed') return dropRoom(roomId);
  const database = await localDb();
  if (await database.chatRooms.get(roomId)) await syncRoom(roomId, database);
  else await syncRooms({}, database);
}

const groupListeners = new Set<(event: NotificationEvent) => void>();

/** Group screens follow their group's events (renamed, members changed, deleted). */
export function onChatGroupEvent(listener: (event: NotificationEvent) => void): () => void {
  groupListeners.add(listener);
  return () => groupListeners.delete(listener);
}

export async function handleChatGroupEvent(event: NotificationEvent): Promise<void> {
  groupListeners.forEach((listener) => listener(event));
  const roomId = id(event.jsonPayload.relatedChatRoomId);
  if (!roomId) return;
  const action = event.jsonPayload.action;
  if (action === 'removed' || action === 'deleted') return dropRoom(roomId);
  const database = await localDb();
  if (await database.chatRooms.get(roomId)) await syncRoom(roomId, database);
  else await syncRooms({}, database);
}

const warn = (what: string) => (error: unknown) => console.warn(`live chat ${what} not applied`, error);

/** Listens to the chat streams while anything needs them (the badge, the screens); returns the release. */
export const startChatRealtime: () => () => void = sharedListener(() => {
  const offs = [
    realtime.on('chatmessage', (event) => void handleChatMessageEvent(event).catch(warn('message'))),
    realtime.on('chatroom', (event) => void handleChatRoomEvent(event).catch(warn('room'))),
    realtime.on('chatgroup', (event) => void handleChatGroupEvent(event).catch(warn('group'))),
    onReconnect(() => void syncRooms().catch(warn('refresh'))),
  ];
  return () => offs.forEach((off) => off());
});
