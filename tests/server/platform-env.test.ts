// .env.example documents every variable the server reads, with a comment line above each.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('.env.example', () => {
  it('documents every environment variable the server reads', () => {
    const sources = read('server/src/config.ts') + read('server/src/db/database.ts');
    const names = new Set<string>();
    for (const m of sources.matchAll(/env(?:\.|\[['"])([A-Z][A-Z0-9_]+)/g)) names.add(m[1]!);
    for (const m of sources.matchAll(/int\(env, '([A-Z0-9_]+)'/g)) names.add(m[1]!);
    for (const m of sources.matchAll(/env\[`OIDC_\$\{key\}_([A-Z_]+)`\]/g)) names.add(`OIDC_GOOGLE_${m[1]!}`);
    expect(names.size).toBeGreaterThan(25);
    const lines = read('.env.example').split('\n');
    for (const name of names) {
      const index = lines.findIndex((line) => new RegExp(`^#? ?${name}=`).test(line));
      expect(index, name).toBeGreaterThan(0);
      expect(lines[index - 1], `${name} has a comment above it`).toMatch(/^#/);
    }
  });
});
