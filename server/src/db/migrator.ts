import path from 'node:path';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

// Every file of ./migrations, named by its file name (names sort: a new migration is a new file
// there, nothing else; never rename or edit a landed one). Vite reads the glob in the tests; the
// server's esbuild bundles turn it into static imports (server/scripts/esbuild-migrations.mjs).
const modules = import.meta.glob<Migration>('./migrations/*.ts', { eager: true });
export const migrations: Record<string, Migration> = Object.fromEntries(
  Object.entries(modules).map(([file, migration]) => [path.basename(file, '.ts'), migration]),
);

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date. Kysely's migration lock makes concurrent starts safe. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Numbers are handed out ahead of time and some land after later ones (0026 after 0034): a
  // database already past them still runs the one it lacks. Each such migration stands alone.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
