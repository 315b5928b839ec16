// `npm run moderator -- add <email>` / `remove <email>`: gives or takes the moderator role
// (server/src/trust/moderator-command.ts), on the database of DATA_DIR or DATABASE_URL.
import { runBundled } from './run-bundled.mjs';

await runBundled('server/src/trust/moderator-command.ts', 'moderator', process.argv.slice(2));
