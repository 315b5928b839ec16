// Bundles one server command (a TypeScript file exporting `main(argv)`) into server/dist and runs
// it: the operator's commands run the server's own code without a build step.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { migrationsGlob } from './esbuild-migrations.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Bundles `entry` (from the repository root) into `server/dist/<name>.js`, then runs its `main`. */
export async function runBundled(entry, name, argv) {
  const out = path.join(root, 'server/dist', `${name}.js`);
  const { outputFiles } = await build({
    entryPoints: [path.join(root, entry)],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [migrationsGlob],
    write: false,
    logLevel: 'warning',
  });
  // Written aside and renamed: two copies started together never load a half-written file.
  const temporary = `${out}.${process.pid}.tmp`;
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(temporary, outputFiles[0].contents);
  await rename(temporary, out);
  const { main } = await import(pathToFileURL(out).href);
  await main(argv);
}
