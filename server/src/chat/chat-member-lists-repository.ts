// Who is in a chat group or a chat room: the two member lists are read the same way (the
// chat_group_members and chat_room_participants tables, keyed by the group's or the room's id).
import { sql, type Kysely } from 'kysely';
import { columnValues, hasRow } from '../db/paging';
import type { Database } from '../db/schema';

const LISTS = {
  group: { table: 'chat_group_members', key: 'chat_group_id' },
  room: { table: 'chat_room_participants', key: 'chat_room_id' },
} as const;

export function chatMemberList(db: Kysely<Database>, of: keyof typeof LISTS) {
  const { table, key } = LISTS[of];
  const rows = (id: string) => db.selectFrom(table).where(sql.ref(key), '=', id);
  return {
    /** Whether the member is in the group (its owner too) or the room. */
    has: (id: string, memberId: string) => hasRow(rows(id).where('member_id', '=', memberId)),
    /** Everyone in it. */
    memberIds: (id: string): Promise<string[]> => columnValues(rows(id).select('member_id'), 'member_id'),
  };
}
