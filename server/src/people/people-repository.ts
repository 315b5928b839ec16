// Members as the people feature reads and changes them: profiles, avatars, the people search.
import {
  sql,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { countRows } from '../db/paging';
import type { Database, UsersTable } from '../db/schema';

export type UserRow = Selectable<UsersTable>;

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  username?: string;
  city?: string | null;
  bio?: string | null;
  language?: 'en-US' | 'fr-FR' | null;
}

/** `%`, `_` and the escape character itself are data in a LIKE pattern, never wildcards. */
export const LIKE_ESCAPE = '!';
export const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `${LIKE_ESCAPE}${c}`);

/**
 * Members in the lists' order: first then last name, case-insensitively, the id breaking ties
 * (`table` names the users table when the query joins others).
 */
export function inNameOrder<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  table?: string,
) {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  return query
    .orderBy(sql`lower(${column('first_name')})`)
    .orderBy(sql`lower(${column('last_name')})`)
    .orderBy(column('id'));
}

export function peopleRepository(db: Kysely<Database>) {
  return {
    /** Every member's avatar URL, for the orphan sweep (members without one are left out). */
    async avatarUrls(): Promise<string[]> {
      const rows = await db.selectFrom('users').select('avatar').where('avatar', 'is not', null).execute();
      return rows.map((r) => r.avatar).filter((url): url is string => url !== null);
    },

    /** A member; a deleted one (a tombstone, migration 0018) is not found. */
    findById: (id: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    /** The id of the member with this username (any case); a deleted one is not found. */
    async idOfUsername(username: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('username_lower', '=', username.toLowerCase())
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row?.id;
    },

    async findByIds(ids: string[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    },

    /** Whether another member than `exceptId` has this username (case-insensitive). */
    async usernameTaken(username: string, exceptId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('username_lower', '=', username.toLowerCase())
        .where('id', '!=', exceptId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async update(id: string, changes: ProfileChanges, at: string): Promise<void> {
      await db
        .updateTable('users')
        .set({
          ...(changes.firstName !== undefined ? { first_name: changes.firstName } : {}),
          ...(changes.lastName !== undefined ? { last_name: changes.lastName } : {}),
          ...(changes.username !== undefined
            ? { username: changes.username, username_lower: changes.username.toLowerCase() }
            : {}),
          ...(changes.city !== undefined ? { city: changes.city } : {}),
          ...(changes.bio !== undefined ? { bio: changes.bio } : {}),
          ...(changes.language !== undefined ? { language: changes.language } : {}),
          updated_at: at,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Sets the avatar only if it is still `expected` (compare-and-swap); true when it was. */
    async swapAvatar(id: string, expected: string | null, next: string | null, at: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ avatar: next, updated_at: at })
        .where('id', '=', id)
        .where('avatar', expected === null ? 'is' : '=', expected)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Members other than `memberId` whose full name ("first last", so either name too), username or
     * city holds `text`, case-insensitively (lower() on both sides: PostgreSQL's LIKE is
     * case-sensitive). Sorted by first name, then last name.
     */
    async search(
      memberId: string,
      text: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: UserRow[]; total: number }> {
      const pattern = `%${escapeLike(text)}%`;
      // lower() on both sides in SQL, so both are folded alike (SQLite folds only ASCII). ESCAPE is
      // spelled the same in SQLite and PostgreSQL; the pattern is a bound parameter.
      const like = (expression: RawBuilder<unknown>) =>
        sql<SqlBool>`lower(${expression}) like lower(${pattern}) escape ${sql.lit(LIKE_ESCAPE)}`;
      const base = db
        .selectFrom('users')
        .where('id', '!=', memberId)
        .where('deleted_at', 'is', null)
        .where((eb) =>
          eb.or([
            like(sql`${sql.ref('first_name')} || ' ' || ${sql.ref('last_name')}`),
            like(sql.ref('username')),
            like(sql`coalesce(${sql.ref('city')}, '')`),
          ]),
        );
      const [rows, count] = await Promise.all([
        inNameOrder(base.selectAll()).limit(limit).offset(offset).execute(),
        countRows(base),
      ]);
      return { rows, total: count };
    },
  };
}

export type PeopleRepository = ReturnType<typeof peopleRepository>;
