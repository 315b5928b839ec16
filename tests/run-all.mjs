#!/usr/bin/env node
// `npm test`: lint, typecheck, build, then the unit, server and browser suites, in that order.
// Prints one closing line "N passed, N failed" summed over every suite, and exits non-zero on any
// failure. INCLUDE_POSTGRES=1 adds the server suite on PostgreSQL. Set TEST_SUITES=unit,server to run a subset (e.g. while developing).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'tests/.artifacts/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const only = process.env.TEST_SUITES?.split(',').map((s) => s.trim());
const wanted = (name) => !only || only.includes(name);

const steps = [
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings', '0'] },
  { name: 'format', cmd: ['npx', 'prettier', '--check', '.', '--log-level', 'warn'] },
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'build', cmd: ['npm', 'run', '--silent', 'build'] },
  ...['unit', 'server', 'browser'].map((project) => ({
    name: project,
    suite: true,
    cmd: [
      'npx',
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reports, `${project}.json`)}`,
    ],
  })),
  // CI runs the server suite a second time on PostgreSQL (npm run test:postgres does it alone).
  ...(process.env.INCLUDE_POSTGRES === '1'
    ? [
        {
          name: 'server-postgres',
          suite: true,
          env: { TEST_DATABASE: 'postgres' },
          cmd: [
            'npx',
            'vitest',
            'run',
            '--project',
            'server',
            '--reporter=default',
            '--reporter=json',
            `--outputFile.json=${path.join(reports, 'server-postgres.json')}`,
          ],
        },
      ]
    : []),
];

let passed = 0;
let failed = 0;
const failures = [];
for (const step of steps) {
  if (!wanted(step.name)) continue;
  const started = Date.now();
  console.log(`\n▶ ${step.name}: ${step.cmd.join(' ')}`);
  const result = spawnSync(step.cmd[0], step.cmd.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (step.suite) {
    try {
      const report = JSON.parse(readFileSync(path.join(reports, `${step.name}.json`), 'utf8'));
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      if (report.numTotalTests === 0) failures.push(`${step.name}: ran no test`);
    } catch {
      failures.push(`${step.name}: no report`);
    }
  }
  if (result.status !== 0) failures.push(`${step.name} (exit ${result.status ?? result.signal})`);
  console.log(`◀ ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds}s`);
}

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
