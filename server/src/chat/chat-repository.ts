// Chat groups, rooms, participants and messages: the only code that touches their tables. Who may
// do what is the service's call (server/src/chat/chat-service.ts); the repositories keep the tables
// and their counters consistent, one transaction per change. Split along the tables' seams: groups
// (chat-groups-repository.ts), rooms (chat-rooms-repository.ts), messages
// (chat-messages-repository.ts), sharing the views of chat-views-repository.ts; the service sees them as one.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { chatGroupsRepository } from './chat-groups-repository';
import { chatMessagesRepository } from './chat-messages-repository';
import { chatRoomsRepository } from './chat-rooms-repository';
import { chatViews } from './chat-views-repository';

export function chatRepository(db: Kysely<Database>) {
  const views = chatViews(db);
  return {
    members: views.members,
    ...chatGroupsRepository(db, views),
    ...chatRoomsRepository(db, views),
    ...chatMessagesRepository(db, views),
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;
