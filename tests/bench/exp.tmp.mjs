import path from 'node:path';
import Database from 'better-sqlite3';
import { seedSearch } from './search-bench.mjs';
const dir = process.argv[2];
const db0 = new Database(path.join(dir, 'paddock.db'));
db0.prepare(`insert into users (id, email, username, username_lower, password_hash, first_name, last_name, created_at, updated_at) values ('me','me@x','me','me',null,'Me','Me','2024-01-01','2024-01-01')`).run();
db0.close();
const t = performance.now();
console.log(seedSearch(dir, 'me'), ((performance.now() - t) / 1000).toFixed(1), 's');
