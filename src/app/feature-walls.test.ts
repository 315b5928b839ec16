// The walls between the client's features (docs/ARCHITECTURE.md, "The client's features"), read
// from the source files themselves: no feature outgrows a room a newcomer can find their way in
// (6,000 lines of code, tests aside); no feature reaches another's internals, only its index.ts
// (tests may also use its testing/ doubles); and no cycle between features, counting every
// import: type imports, re-exports, dynamic imports and side-effect imports alike, the tests' too
// (a test that composes several features' screens, as a route does, lives in src/app).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FEATURES = join(SRC, 'features');
const FEATURE_LINES_MAX = 6000;

const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.split(sep).includes('testing');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file names: `import … from`, `export … from`, `import '…'` and `import('…')`. */
export function importedSpecifiers(code: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** The path under src a specifier names ('@/x' or relative), or null for a package. */
function target(file: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return join(SRC, specifier.slice(2));
  if (specifier.startsWith('.')) return resolve(dirname(file), specifier);
  return null;
}

export interface FeatureImport {
  from: string;
  to: string;
  file: string;
  specifier: string;
  /** Through the other feature's index (or, for a test, its testing/ doubles). */
  throughIndex: boolean;
  /** A test's fixture: another feature's testing/ doubles, used by a test or a double. */
  fixture: boolean;
}

/** The imports from one feature into another, given each file's path (under src/features) and code. */
export function featureImports(files: ReadonlyArray<{ path: string; code: string }>): FeatureImport[] {
  const out: FeatureImport[] = [];
  for (const { path, code } of files) {
    const from = relative(FEATURES, path).split(sep)[0]!;
    for (const specifier of importedSpecifiers(code)) {
      const named = target(path, specifier);
      if (!named) continue;
      const inFeatures = relative(FEATURES, named);
      if (inFeatures.startsWith('..')) continue;
      const [to, ...rest] = inFeatures.split(sep);
      if (!to || to === from) continue;
      const inner = rest.join('/').replace(/\.tsx?$/, '');
      const fixture = isTest(path) && rest[0] === 'testing';
      const throughIndex = inner === '' || inner === 'index' || fixture;
      out.push({ from, to, file: relative(SRC, path), specifier, throughIndex, fixture });
    }
  }
  return out;
}

/** The cycles of a graph (each once, as the path that closes it), by depth-first search. */
export function findCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const visit = (node: string, path: string[]) => {
    const at = path.indexOf(node);
    if (at >= 0) {
      const cycle = path.slice(at);
      const key = [...cycle].sort().join(' ');
      if (!seen.has(key)) {
        seen.add(key);
        cycles.push([...cycle, node]);
      }
      return;
    }
    for (const next of edges.get(node) ?? []) visit(next, [...path, node]);
  };
  for (const node of edges.keys()) visit(node, []);
  return cycles;
}

function graphOf(imports: readonly FeatureImport[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from)!.add(to);
  }
  return edges;
}

const features = readdirSync(FEATURES).filter((name) => statSync(join(FEATURES, name)).isDirectory());
const sources = features.flatMap((feature) =>
  filesUnder(join(FEATURES, feature)).map((path) => ({ path, code: readFileSync(path, 'utf8') })),
);

describe('the walls between the client features', () => {
  it('reads every kind of import, and finds a cycle and a deep import where there is one', () => {
    const code = [
      "import type { A } from '@/features/b';",
      "import { c, type D } from '../../c/data/reads';",
      "export { e } from '@/features/e/index';",
      "import '@/features/f/styles.css';",
      "const g = () => import('@/features/g/screen');",
      "import { h } from 'react';",
    ].join('\n');
    const imports = featureImports([{ path: join(FEATURES, 'a', 'x', 'y.ts'), code }]);
    expect(imports.map((i) => [i.to, i.throughIndex])).toEqual([
      ['b', true],
      ['c', false],
      ['e', true],
      ['f', false],
      ['g', false],
    ]);
    const testImports = featureImports([
      { path: join(FEATURES, 'a', 'y.test.ts'), code: "import { f } from '@/features/b/testing/fixtures';" },
    ]);
    expect(testImports.map((i) => [i.throughIndex, i.fixture])).toEqual([[true, true]]);

    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set<string>()],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    graph.get('c')!.delete('a');
    expect(findCycles(graph)).toEqual([]);
  });

  it(`keeps every feature under ${FEATURE_LINES_MAX} lines of code, tests aside`, () => {
    expect(features.length).toBeGreaterThan(5);
    const lines = Object.fromEntries(
      features.map((feature) => [
        feature,
        sources
          .filter(({ path }) => path.startsWith(join(FEATURES, feature) + sep) && !isTest(path))
          .reduce((sum, { code }) => sum + code.split('\n').length - (code.endsWith('\n') ? 1 : 0), 0),
      ]),
    );
    const over = Object.entries(lines).filter(([, count]) => count > FEATURE_LINES_MAX);
    expect(over, 'split these features into rooms (docs/ARCHITECTURE.md)').toEqual([]);
  });

  it('imports another feature only through its index (tests: its testing/ doubles too)', () => {
    const deep = featureImports(sources)
      .filter((i) => !i.throughIndex)
      .map((i) => `${i.file}: ${i.specifier}`);
    expect(deep).toEqual([]);
  });

  it('the sync panel knows no feature: each registers its outbox entries with its handlers', () => {
    // What a kind's entries hold (labels, fields, a copy, a keep-as-new) is its feature's, registered
    // through src/lib/outbox (OutboxKindContent): the sync feature, tests included, imports none.
    const known = featureImports(sources)
      .filter((i) => i.from === 'sync')
      .map((i) => `${i.file}: ${i.specifier}`);
    expect(known).toEqual([]);
  });

  it('has no cycle between features, counting every import', () => {
    const imports = featureImports(sources);
    expect(imports.length).toBeGreaterThan(0);
    const cycles = findCycles(graphOf(imports)).map((cycle) => {
      const steps = cycle.slice(1).map((to, i) => {
        const example = imports.find((x) => x.from === cycle[i] && x.to === to);
        return `${cycle[i]} → ${to} (${example?.file})`;
      });
      return steps.join(', ');
    });
    expect(cycles).toEqual([]);
  });
});
