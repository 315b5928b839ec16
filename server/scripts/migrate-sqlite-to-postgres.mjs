// `npm run migrate:sqlite-to-postgres -- --from <DATA_DIR or paddock.db> --to <postgres url>`:
// bundles server/src/db/sqlite-to-postgres.ts (it runs the server's own migrations) and runs it.
// See that file for what is copied and when the copy is refused.
import { runBundled } from './run-bundled.mjs';

await runBundled('server/src/db/sqlite-to-postgres.ts', 'sqlite-to-postgres', process.argv.slice(2));
