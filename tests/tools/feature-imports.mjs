#!/usr/bin/env node
// Prints the walls between the client's features, so the figures are reproducible:
// cross-feature imports (and those that bypass the other feature's index.ts), feature folders
// that import each other, and import cycles between modules of src/ and sw/.
// Usage: node tests/tools/feature-imports.mjs [--list] [--no-tests]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const list = process.argv.includes('--list');
const noTests = process.argv.includes('--no-tests');
const EXTS = ['.ts', '.tsx', '.js', '.mjs'];

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file, out);
    else if (EXTS.includes(path.extname(name)) && !name.endsWith('.d.ts')) out.push(file);
  }
  return out;
}

const isTest = (file) => /\.test\.tsx?$/.test(file);
const files = [...walk(path.join(root, 'src')), ...walk(path.join(root, 'sw'))].filter(
  (f) => !f.endsWith('routeTree.gen.ts') && !(noTests && isTest(f)),
);

function resolve(from, spec) {
  let base;
  if (spec.startsWith('@/')) base = path.join(root, 'src', spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  const candidates = [base, ...EXTS.map((e) => base + e), ...EXTS.map((e) => path.join(base, 'index' + e))];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

// Static imports and re-exports (type-only ones too: they are walls as well), and dynamic imports.
const IMPORT =
  /(?:import|export)\s+(type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const graph = new Map(); // file -> [{ to, typeOnly, dynamic }]
for (const file of files) {
  const text = readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const edges = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[2] ?? m[3];
    const to = resolve(file, spec);
    if (to) edges.push({ to, typeOnly: Boolean(m[1]), dynamic: Boolean(m[3]), spec });
  }
  graph.set(file, edges);
}

const featureOf = (file) => {
  const rel = path.relative(path.join(root, 'src/features'), file);
  return rel.startsWith('..') ? null : rel.split(path.sep)[0];
};
const isIndexOf = (file, feature) =>
  /^index\.tsx?$/.test(path.relative(path.join(root, 'src/features', feature), file));

let cross = 0;
let bypass = 0;
let bypassAnyIndex = 0;
const directed = new Set();
const bypassList = [];
for (const [file, edges] of graph) {
  const from = featureOf(file);
  if (!from) continue;
  for (const { to, spec } of edges) {
    const target = featureOf(to);
    if (!target || target === from) continue;
    cross += 1;
    directed.add(`${from}->${target}`);
    if (!isIndexOf(to, target)) {
      bypass += 1;
      if (!/(^|\/)index\.tsx?$/.test(to)) bypassAnyIndex += 1;
      bypassList.push(`${path.relative(root, file)} -> ${spec}`);
    }
  }
}
const pairs = new Set([...directed].map((d) => d.split('->').sort().join(' <-> ')));
const mutual = [...pairs].filter((p) => {
  const [a, b] = p.split(' <-> ');
  return directed.has(`${a}->${b}`) && directed.has(`${b}->${a}`);
});

// Cycles: strongly connected components of more than one module (Tarjan), every import counted.
function sccs(nodes, next) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    on.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || next(v).includes(v)) out.push(comp);
    }
  };
  for (const v of nodes) if (!idx.has(v)) strong(v);
  return out;
}
const cycles = sccs([...graph.keys()], (v) =>
  (graph.get(v) ?? []).map((e) => e.to).filter((t) => graph.has(t)),
);
const featureCycles = sccs([...new Set([...directed].flatMap((d) => d.split('->')))], (v) =>
  [...directed].filter((d) => d.startsWith(`${v}->`)).map((d) => d.split('->')[1]),
);

console.log(`cross-feature imports: ${cross}`);
console.log(`  bypassing the feature's index.ts: ${bypass}`);
console.log(`  bypassing any index.ts (deep paths): ${bypassAnyIndex}`);
console.log(`feature import edges (one way): ${directed.size}`);
console.log(`feature pairs with an import (either way): ${pairs.size}`);
console.log(`feature pairs importing each other (both ways): ${mutual.length}`);
console.log(`module import cycles: ${cycles.length}`);
console.log(`feature-level cycles: ${featureCycles.length}`);
if (list) {
  console.log('\npairs:\n  ' + [...pairs].sort().join('\n  '));
  console.log('\nmutual:\n  ' + mutual.sort().join('\n  '));
  console.log('\nbypassing:\n  ' + bypassList.sort().join('\n  '));
  for (const c of cycles) console.log('\ncycle:\n  ' + c.map((f) => path.relative(root, f)).join('\n  '));
  for (const c of featureCycles) console.log('\nfeature cycle: ' + c.join(', '));
}
process.exitCode = process.argv.includes('--check') && (bypass > 0 || cycles.length > 0) ? 1 : 0;
