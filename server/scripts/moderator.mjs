// `npm run moderator -- add <email>` / `remove <email>`: gives or takes the moderator role
// (server/src/trust/moderator-command.ts), on the database of DATA_DIR or DATABASE_URL.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'server/dist/moderator.js');

const { outputFiles } = await build({
  entryPoints: [path.join(root, 'server/src/trust/moderator-command.ts')],
  outfile: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  write: false,
  logLevel: 'warning',
});
const temporary = `${out}.${process.pid}.tmp`;
await mkdir(path.dirname(out), { recursive: true });
await writeFile(temporary, outputFiles[0].contents);
await rename(temporary, out);
const { main } = await import(pathToFileURL(out).href);
await main(process.argv.slice(2));
