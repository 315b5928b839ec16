// An esbuild plugin for the server's bundles: server/src/db/migrator.ts lists its migrations with
// Vite's import.meta.glob (the tests run it through Vite); here the glob becomes one static import
// per file of server/src/db/migrations, so a new migration is a new file and nothing else.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const GLOB = /import\.meta\.glob<[^>]*>\('\.\/migrations\/\*\.ts', \{ eager: true \}\)/;
const MIGRATION_FILE = /^\d{4}_[\w-]+\.ts$/;

export const migrationsGlob = {
  name: 'paddock-migrations-glob',
  setup(b) {
    b.onLoad({ filter: /[\\/]server[\\/]src[\\/]db[\\/]migrator\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!GLOB.test(source)) throw new Error(`${args.path}: the migrations' import.meta.glob was not found`);
      const dir = path.join(path.dirname(args.path), 'migrations');
      const files = (await readdir(dir)).filter((f) => MIGRATION_FILE.test(f)).sort();
      const imports = files.map((f, i) => `import * as migration${i} from './migrations/${f.slice(0, -3)}';`);
      const table = `{ ${files.map((f, i) => `'./migrations/${f}': migration${i}`).join(', ')} }`;
      return { contents: `${imports.join('\n')}\n${source.replace(GLOB, () => table)}`, loader: 'ts' };
    });
  },
};
