import type { Kysely } from 'kysely';

// Sign-in through an outside provider: the state, PKCE verifier and nonce of each started
// sign-in live here (not in a cookie), single-use and short-lived.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oidc_login_states')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oidc_login_states_expires_at')
    .on('oidc_login_states')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oidc_login_states').ifExists().execute();
}
