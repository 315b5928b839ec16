// The public name and avatar of members, read once per distinct member: what a chat message, a
// notification's actor and the like show of who did it.
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export interface MemberCard {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
}

/** The cards of these members, by id (a deleted member is missing). */
export async function memberCards(
  db: Kysely<Database>,
  ids: Iterable<string>,
): Promise<Map<string, MemberCard>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'avatar'])
    .where('id', 'in', unique)
    .execute();
  return new Map(
    rows.map((u) => [
      u.id,
      { id: u.id, username: u.username, firstName: u.first_name, lastName: u.last_name, avatar: u.avatar },
    ]),
  );
}
