// `npm run moderator -- add <email>` / `remove <email>`: the operator gives or takes the moderator
// role (docs/SPEC-NOTES.md "Trust"). Reads DATA_DIR / DATABASE_URL like the server; migrates first.
import { loadConfig } from '../config';
import { createDb } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { trustRepository } from './trust-repository';

export async function main(argv: string[]): Promise<void> {
  const [verb, email, ...rest] = argv;
  if ((verb !== 'add' && verb !== 'remove') || !email || rest.length > 0) {
    console.error('usage: npm run moderator -- add <email> | remove <email>');
    process.exitCode = 2;
    return;
  }
  const db = createDb(loadConfig());
  try {
    await migrateToLatest(db.kysely);
    if (!(await trustRepository(db.kysely).setModerator(email, verb === 'add'))) {
      console.error(`error: no member has the e-mail ${email}`);
      process.exitCode = 1;
      return;
    }
    console.log(verb === 'add' ? `${email} is now a moderator.` : `${email} is no longer a moderator.`);
  } finally {
    await db.close();
  }
}
