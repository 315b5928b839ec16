import '../trust/trust-tables';
import type { Kysely, Selectable } from 'kysely';
import { USER_LANGUAGES, type CurrentUser, type UserLanguage } from '../../../src/contract/user';
import { readRows, withValues } from '../db/fast-read';
import type { Database, UsersTable } from '../db/schema';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  id: string;
  email: string;
  username: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  city: string | null;
  /** The terms of use the member accepted at sign-up (absent: an older client's sign-up). */
  termsVersion?: string | null;
}

/** The stored language, if it is one the server speaks. */
export const userLanguage = (value: string | null | undefined): UserLanguage | null =>
  (USER_LANGUAGES as readonly (string | null | undefined)[]).includes(value) ? (value as UserLanguage) : null;

/** The member as /auth/me answers it: never the password hash. */
export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    avatar: row.avatar,
    bio: row.bio,
    city: row.city,
    language: userLanguage(row.language),
    createdAt: row.created_at,
    isModerator: Number(row.is_moderator ?? 0) === 1,
  };
}

export function createUsersRepository(db: Kysely<Database>) {
  // GET /auth/me's read: compiled once, each call binds the id.
  const byId = db.selectFrom('users').selectAll().where('id', '=', '').compile();
  return {
    findById: (id: string): Promise<UserRow | undefined> =>
      readRows(db, withValues(byId, [id])).then((rows) => rows[0]),

    /** `email` must already be trimmed and lower-cased. */
    findByEmail: (email: string) =>
      db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),

    /** The language stored on the account (null when the member never chose one). */
    async languageOf(id: string): Promise<UserLanguage | null> {
      const row = await db.selectFrom('users').select('language').where('id', '=', id).executeTakeFirst();
      return userLanguage(row?.language);
    },

    async idExists(id: string): Promise<boolean> {
      return !!(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
    },

    async usernameTaken(username: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('username_lower', '=', username.toLowerCase())
        .executeTakeFirst();
      return !!row;
    },

    async insert(user: NewUser): Promise<UserRow> {
      const now = new Date().toISOString();
      const row: UserRow = {
        id: user.id,
        email: user.email,
        username: user.username,
        username_lower: user.username.toLowerCase(),
        password_hash: user.passwordHash,
        first_name: user.firstName,
        last_name: user.lastName,
        city: user.city,
        bio: null,
        avatar: null,
        language: null,
        deleted_at: null,
        is_moderator: 0,
        suspended_until: null,
        terms_version: user.termsVersion ?? null,
        terms_accepted_at: user.termsVersion ? now : null,
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('users').values(row).execute();
      return row;
    },

    async setPasswordHash(id: string, passwordHash: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/** A unique-constraint violation, on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
