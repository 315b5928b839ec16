// Table types for Kysely. One schema for SQLite and PostgreSQL: text ids (UUID), ISO-8601 text
// timestamps (they sort as text), integer 0/1 booleans. Repositories convert rows to API shapes.
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  username: string;
  username_lower: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  city: string | null;
  bio: string | null;
  avatar: string | null;
  created_at: string;
  updated_at: string;
}

/** One signed-in device: a refresh-token family. Access tokens carry its id as `sid`. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  /** Absolute end of the family, whatever the rotations. */
  expires_at: string;
  revoked_at: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ExternalIdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  created_at: string;
}

export interface IdempotencyKeysTable {
  member_id: string;
  key: string;
  method: string;
  path: string;
  request_hash: string;
  /** null while the first request is still being answered. */
  status_code: number | null;
  response_body: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  external_identities: ExternalIdentitiesTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type { Generated };
