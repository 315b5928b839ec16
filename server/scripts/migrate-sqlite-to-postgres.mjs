// `npm run migrate:sqlite-to-postgres -- --from <DATA_DIR or paddock.db> --to <postgres url>`:
// bundles server/src/db/sqlite-to-postgres.ts (it runs the server's own migrations) and runs it.
// See that file for what is copied and when the copy is refused.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'server/dist/sqlite-to-postgres.js');

const { outputFiles } = await build({
  entryPoints: [path.join(root, 'server/src/db/sqlite-to-postgres.ts')],
  outfile: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  write: false,
  logLevel: 'warning',
});
// Written aside and renamed: two copies started together never load a half-written file.
const temporary = `${out}.${process.pid}.tmp`;
await mkdir(path.dirname(out), { recursive: true });
await writeFile(temporary, outputFiles[0].contents);
await rename(temporary, out);
const { main } = await import(pathToFileURL(out).href);
await main(process.argv.slice(2));
