// Compiles src/locales/{locale}.json (flat, id-keyed ICU messages) into
// public/assets/i18n/{locale}.json, the catalogs the client fetches at start-up and the
// service worker precaches. `lingui compile --namespace json` cannot be used as is: with our
// catalog path it writes its output over the source catalog, so we compile with Lingui's own
// compiler (the same code the CLI runs) and choose the output path ourselves.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LOCALES = ['en-US', 'fr-FR'];
const outDir = path.join(root, 'public/assets/i18n');

await mkdir(outDir, { recursive: true });
for (const locale of LOCALES) {
  const source = JSON.parse(await readFile(path.join(root, 'src/locales', `${locale}.json`), 'utf8'));
  const compiled = {};
  for (const [id, message] of Object.entries(source)) {
    if (typeof message !== 'string' || message === '') throw new Error(`${locale}: empty message ${id}`);
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${locale}: cannot compile ${id}: ${error instanceof Error ? error.message : error}`);
    }
  }
  await writeFile(path.join(outDir, `${locale}.json`), JSON.stringify(compiled));
  console.log(
    `i18n: ${locale} ${Object.keys(compiled).length} messages -> public/assets/i18n/${locale}.json`,
  );
}
