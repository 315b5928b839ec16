// Vite's import.meta.glob, as the server uses it (server/src/db/migrator.ts): the tests run it
// through Vite; the server's esbuild bundles replace it (server/scripts/esbuild-migrations.mjs).
interface ImportMeta {
  glob<T>(pattern: string, options: { eager: true }): Record<string, T>;
}
