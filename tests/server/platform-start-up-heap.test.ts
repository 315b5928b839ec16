// The young generation stays small through start-up (server/src/start-up-heap.ts), and the built
// main.js evaluates that module before any package it imports.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/scripts/build-server.mjs';
import { youngGenerationSetByOperator } from '../../server/src/start-up-heap';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIR = path.join(ROOT, 'server/dist', `.test-start-up-heap-${process.pid}-${randomUUID().slice(0, 8)}`);
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/**
 * A fresh node process imports the module (which holds the young generation), allocates 40 MB
 * that survives (as start-up does), releases, allocates again; prints the young generation's
 * size in MiB after each step.
 */
function runProbe(name: string, script: string, nodeOptions = ''): string {
  mkdirSync(DIR, { recursive: true });
  const source = readFileSync(path.join(ROOT, 'server/src/start-up-heap.ts'), 'utf8');
  writeFileSync(path.join(DIR, 'heap.mjs'), transformSync(source, { loader: 'ts', format: 'esm' }).code);
  writeFileSync(path.join(DIR, name), script);
  const run = spawnSync(process.execPath, [path.join(DIR, name)], {
    env: { ...process.env, NODE_OPTIONS: nodeOptions },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

function youngGenerationSizes(nodeOptions = ''): { held: number; released: number } {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { releaseYoungGeneration } from './heap.mjs';
    const youngMiB = () =>
      getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576;
    const kept = [];
    const allocate = () => { for (let i = 0; i < 500000; i++) kept.push({ i, text: 'entry ' + i }); };
    allocate();
    const held = youngMiB();
    releaseYoungGeneration();
    allocate();
    console.log(JSON.stringify({ held, released: youngMiB() }));
  `;
  return JSON.parse(runProbe('probe.mjs', script, nodeOptions)) as { held: number; released: number };
}

/**
 * Held, with releaseWhenBusy watching: `quiet` allocates 4 MB that die at once, one tick apart
 * (a few requests); `busy` allocates 40 MB that survive, as a load that keeps requests in flight.
 * Prints whether each released the young generation (it grew past its first size after).
 */
function releasedBy(): { quiet: boolean; busy: boolean } {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { releaseWhenBusy, releaseYoungGeneration } from './heap.mjs';
    const youngMiB = () =>
      getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576;
    const tick = () => new Promise((r) => setTimeout(r, 50));
    let released = false;
    releaseWhenBusy(() => { released = true; releaseYoungGeneration(); });
    for (let round = 0; round < 4; round++) {
      let text = '';
      for (let i = 0; i < 20000; i++) text = { i, text: 'entry ' + i }.text;
      await tick();
    }
    const quiet = released;
    const kept = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 250000; i++) kept.push({ i, text: 'entry ' + i });
      await tick();
    }
    for (let i = 0; i < 250000; i++) kept.push({ i, text: 'entry ' + i });
    console.log(JSON.stringify({ quiet, busy: released && youngMiB() > 2 }));
  `;
  return JSON.parse(runProbe('busy.mjs', script)) as { quiet: boolean; busy: boolean };
}

describe('young generation during start-up', () => {
  it('keeps its first size while held, and grows as V8 wants once released', () => {
    const { held, released } = youngGenerationSizes();
    expect(held).toBeLessThanOrEqual(2);
    expect(released).toBeGreaterThan(held);
  });

  it('is released by a load once the server listens, not by a few requests', () => {
    expect(releasedBy()).toEqual({ quiet: false, busy: true });
  });

  it('leaves the young generation alone when the operator sized it with node flags', () => {
    expect(youngGenerationSetByOperator([], '--max-old-space-size=512 --max-semi-space-size=8')).toBe(true);
    expect(youngGenerationSetByOperator(['--semi_space_growth_factor=4'], '')).toBe(true);
    expect(youngGenerationSetByOperator([], '--max-old-space-size=512')).toBe(false);
    // Not held: 40 MB that survive grow it past its first size at once.
    expect(youngGenerationSizes('--max-semi-space-size=16').held).toBeGreaterThan(2);
  });

  it('runs before the packages the server bundle imports are loaded', async () => {
    const entry = path.join(DIR, 'main.js');
    await buildServer(entry);
    const imports = readFileSync(entry, 'utf8').match(/^import .+$/gm) ?? [];
    expect(imports[0]).toMatch(/from "\.\/start-up-heap\.js";$/);
    // The module apart imports only Node's built-ins, so it holds before any package loads.
    const apart = readFileSync(path.join(DIR, 'start-up-heap.js'), 'utf8').match(/^import .+$/gm) ?? [];
    expect(apart.length).toBeGreaterThan(0);
    for (const line of apart) expect(line).toMatch(/ from "node:[a-z_0-9]+";$/);
  });
});
