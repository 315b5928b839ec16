#!/usr/bin/env node
// The test commands. Each prints one closing line "N passed, N failed" summed over its suites and
// exits non-zero on any failure.
//
//   node tests/run-all.mjs            `npm test`: Node alone (and Chromium, found or bundled).
//       lint ∥ format ∥ typecheck, then one build, then unit ∥ server, then browser.
//   node tests/run-all.mjs services   `npm run test:services`: PostgreSQL, Redis and nginx.
//       Checks them first and stops at once, naming what is missing; then the suites that need them
//       (the "services" project), then the whole server suite again on PostgreSQL.
//   node tests/run-all.mjs total test services
//       Sums the closing lines of earlier runs (CI runs both commands, then prints one line).
//
// TEST_SUITES=lint,format (any step names) runs a subset, e.g. while developing.
// TEST_SEQUENTIAL=1 runs one step at a time (a machine with one core, or to read the output live).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describeMissing, missingServices } from './services-check.mjs';

const root = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(root, 'tests/.artifacts');
const [mode = 'test', ...rest] = process.argv.slice(2);

if (mode === 'total') {
  // One line over the runs named (default: both commands), from each run's summary.json.
  let passed = 0;
  let failed = 0;
  const problems = [];
  const tests = [];
  for (const name of rest.length ? rest : ['test', 'services']) {
    const file = path.join(artifacts, 'reports', name, 'summary.json');
    if (!existsSync(file)) {
      problems.push(`${name}: did not run`);
      continue;
    }
    const summary = JSON.parse(readFileSync(file, 'utf8'));
    passed += summary.passed;
    failed += summary.failed;
    problems.push(...summary.failures.map((f) => `${name}: ${f}`));
    tests.push(...(summary.failedTests ?? []).map((t) => `${name}: ${t}`));
  }
  console.log('');
  // The failed tests again, so the last lines of CI's log name them whichever command failed.
  if (tests.length) console.log(`Failed tests:\n  ${tests.join('\n  ')}`);
  if (problems.length) console.log(`Failed steps: ${problems.join('; ')}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(problems.length ? 1 : 0);
}
if (mode !== 'test' && mode !== 'services') {
  console.error(`run-all.mjs: unknown mode ${mode} (test, services or total)`);
  process.exit(2);
}

const reports = path.join(artifacts, 'reports', mode);
const logs = path.join(artifacts, 'logs', mode);
const cache = path.join(artifacts, 'cache'); // per worktree: node_modules may be shared
for (const dir of [reports, logs]) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}
mkdirSync(cache, { recursive: true });

const only = process.env.TEST_SUITES?.split(',').map((s) => s.trim());
const wanted = (name) => !only || only.includes(name);
const parallel = process.env.TEST_SEQUENTIAL !== '1' && availableParallelism() > 1;

const vitest = (name, projects, env) => ({
  name,
  suite: true,
  env,
  cmd: [
    'npx',
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  ],
});

/** Phases run one after the other; the steps of a phase side by side (when there are cores). */
const phases =
  mode === 'test'
    ? [
        [
          {
            name: 'lint',
            cmd: [
              'npx',
              'eslint',
              '.',
              '--max-warnings',
              '0',
              '--cache',
              '--cache-strategy',
              'content',
            ].concat(['--cache-location', path.join(cache, 'eslint')]),
          },
          {
            name: 'format',
            cmd: ['npx', 'prettier', '--check', '.', '--log-level', 'warn', '--cache'].concat([
              '--cache-strategy',
              'content',
              '--cache-location',
              path.join(cache, 'prettier'),
            ]),
          },
          {
            // `npm run typecheck`, remembering what it checked (tsc --incremental) between runs.
            name: 'typecheck',
            cmd: [
              'sh',
              '-c',
              ['tsconfig.json', 'server/tsconfig.json']
                .map(
                  (project, i) =>
                    `npx tsc -p ${project} --noEmit --incremental ` +
                    `--tsBuildInfoFile ${path.join(cache, `tsc-${i}.tsbuildinfo`)}`,
                )
                .join(' && '),
            ],
          },
        ],
        // One build, shared by the browser suite (the server suite builds its own bundles).
        [{ name: 'build', cmd: ['npm', 'run', '--silent', 'build'] }],
        // Vitest gives each run cores - 1 workers: on two cores, one each.
        [vitest('unit', ['unit']), vitest('server', ['server'])],
        // The media paths again with MEDIA_STORE=s3, on a real S3 server (s3rver) each test starts.
        [
          {
            name: 'server-s3',
            suite: true,
            cmd: [
              'npm',
              'run',
              '--silent',
              'test:media-s3',
              '--',
              '--reporter=default',
              '--reporter=json',
              `--outputFile.json=${path.join(reports, 'server-s3.json')}`,
            ],
          },
        ],
        // Alone: it starts servers and Chromium, and waits on them.
        [vitest('browser', ['browser'])],
      ]
    : [
        // The suites that need the services, as `npm test` once ran them (TEST_DATABASE unset)…
        [vitest('services', ['services'])],
        // …then the whole server suite on PostgreSQL (npm run test:postgres does it alone).
        [vitest('server-postgres', ['server', 'services'], { TEST_DATABASE: 'postgres' })],
      ];

if (mode === 'services') {
  const problems = await missingServices();
  if (problems.length) {
    console.error(describeMissing(problems));
    writeFileSync(
      path.join(reports, 'summary.json'),
      JSON.stringify({ passed: 0, failed: 0, failures: ['services missing'] }),
    );
    console.log('\n0 passed, 0 failed');
    process.exit(1);
  }
}

let passed = 0;
let failed = 0;
const failures = [];
const failedTests = [];

function run(step, quiet) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`▶ ${step.name}: ${step.cmd.join(' ')}`);
    const logFile = path.join(logs, `${step.name}.log`);
    const child = spawn(step.cmd[0], step.cmd.slice(1), {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...step.env },
    });
    if (quiet) {
      // Side by side, each step's output is kept whole and printed when it ends.
      const out = createWriteStream(logFile);
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
      child.once('close', () => out.end());
      out.once('finish', () => done());
    }
    let code = null;
    child.once('close', (status, signal) => {
      code = status ?? signal;
      if (!quiet) done();
    });
    function done() {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (quiet) process.stdout.write(readFileSync(logFile, 'utf8'));
      if (step.suite) {
        try {
          const report = JSON.parse(readFileSync(path.join(reports, `${step.name}.json`), 'utf8'));
          passed += report.numPassedTests;
          failed += report.numFailedTests;
          if (report.numTotalTests === 0) failures.push(`${step.name}: ran no test`);
          // Name each failed test, so the last lines of a long log say what to look at.
          for (const file of report.testResults ?? []) {
            for (const test of file.assertionResults ?? []) {
              if (test.status === 'failed') {
                // With the first line of its error, cut short: enough to know where to look.
                const why = String(test.failureMessages?.[0] ?? '')
                  .split('\n')[0]
                  .slice(0, 240);
                failedTests.push(
                  `${path.relative(root, file.name)} > ${test.fullName ?? test.title}` +
                    (why ? ` (${why})` : ''),
                );
              }
            }
          }
        } catch {
          failures.push(`${step.name}: no report`);
        }
      }
      if (code !== 0) failures.push(`${step.name} (exit ${code})`);
      console.log(`◀ ${step.name}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds}s\n`);
      resolve();
    }
  });
}

const began = Date.now();
for (const phase of phases) {
  const steps = phase.filter((step) => wanted(step.name));
  if (!steps.length) continue;
  if (parallel && steps.length > 1) await Promise.all(steps.map((step) => run(step, true)));
  else for (const step of steps) await run(step, false);
}

writeFileSync(path.join(reports, 'summary.json'), JSON.stringify({ passed, failed, failures, failedTests }));
console.log(`All steps in ${((Date.now() - began) / 1000).toFixed(1)}s`);
if (failedTests.length) console.log(`Failed tests:\n  ${failedTests.join('\n  ')}`);
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
