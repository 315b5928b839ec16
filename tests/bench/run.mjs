#!/usr/bin/env node
// `npm run bench`: measures the budgets of docs/BENCHMARKS.md against the built app (run
// `npm run build` first), prints a table and rewrites docs/BENCHMARKS.md. BENCH_PARTS=server,feed
// (the names given to `part` below) runs those parts only and prints their rows without writing the
// file, whose other rows would be lost. It measures; it does not
// fail on a missed budget: `npm test` asserts no timing (its one size gate,
// tests/browser/bundle-budget.test.ts, reads the build's module graph).
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { assertBuilt, ROOT, startServer } from '../browser/support/server-process.mjs';
import { benchBrowser } from './browser-bench.mjs';
import { benchChat } from './chat-bench.mjs';
import { benchCarHome } from './car-home-bench.mjs';
import { benchGarage } from './garage-bench.mjs';
import { benchDossier } from './dossier-bench.mjs';
import { benchEventLoop } from './event-loop-bench.mjs';
import { benchImport } from './import-bench.mjs';
import { benchLighthouse } from './lighthouse-bench.mjs';
import { benchMedia } from './media-bench.mjs';
import { benchMessages } from './messages-bench.mjs';
import { benchMixedLoad } from './mixed-load.mjs';
import { benchFeed } from './feed-bench.mjs';
import { benchFloor } from './floor-bench.mjs';
import { benchFuel } from './fuel-bench.mjs';
import { benchFillUp } from './fill-up-bench.mjs';
import { benchReminders } from './reminders-bench.mjs';
import { benchSearch } from './search-bench.mjs';
import { benchNotifyLatency } from './notify-latency.mjs';
import { benchPush } from './push-bench.mjs';
import { buildRows, busy, load, markdown, printTable } from './report.mjs';
import { benchServer } from './server-bench.mjs';
import { benchSignedIn } from './signed-in.mjs';

/** The parts BENCH_PARTS names, or every part. */
const only = process.env.BENCH_PARTS
  ? new Set(process.env.BENCH_PARTS.split(',').map((p) => p.trim()))
  : null;
const log = (text) => console.log(`  · ${text}`);
const results = { errors: {}, loadStart: loadavg() };

async function part(name, fn) {
  if (only && !only.has(name)) return;
  console.log(`▶ ${name}`);
  try {
    results[name] = await fn();
  } catch (err) {
    results.errors[name] = err instanceof Error ? err.message.split('\n')[0] : String(err);
    console.log(`  ✗ ${name}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }
}

assertBuilt();
const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
await part('server', () => benchServer(log));
// Private messages: a 10,000-message inbox on a server of its own (the GET /messages budget in
// docs/BENCHMARKS.md).
await part('messages', () => benchMessages(log));
// The feed: 100,000 posts of 10,000 members on a server of its own (the GET /posts/feed budget in
// docs/BENCHMARKS.md).
await part('feed', () => benchFeed(log));
// The search: 100,000 posts and 10,000 members and their cars on a server of its own (the GET
// /search budget in docs/BENCHMARKS.md).
await part('search', () => benchSearch(log));
// The feed and /auth/me against the floor of our stack (bare Fastify + prepared statements), on
// SQLite and on PostgreSQL, measured alternately.
await part('floor', () => benchFloor(log));
// Notifications: 1,000 members with a socket each; A's action to B's socket.
await part('notify', () => benchNotifyLatency(log));
// Push: 1,000 sockets open; a message to a member with three devices, to the push service.
await part('push', () => benchPush(log));
// Chat: 1,000 members with a socket each; a group's fan-out and everyone chatting.
await part('chat', () => benchChat(log));
// A mixed workload of members with sockets (MIXED_BENCH_SECONDS, 300): on SQLite, then on PostgreSQL
// with two nodes and Redis behind nginx. One dialect failing still reports the other.
await part('mixed', async () => {
  const mixed = { errors: {} };
  for (const dialect of ['sqlite', 'postgres']) {
    try {
      mixed[dialect] = await benchMixedLoad(log, { dialect });
    } catch (err) {
      mixed.errors[dialect] = err instanceof Error ? err.message.split('\n')[0] : String(err);
      console.log(
        `  ✗ mixed (${dialect}): ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
    }
  }
  if (!mixed.sqlite && !mixed.postgres) throw new Error(Object.values(mixed.errors).join('; '));
  return mixed;
});

const app =
  !only || only.has('browser') || only.has('lighthouse')
    ? await startServer({ env: { LOG_LEVEL: 'warn' } })
    : { dispose: async () => {} };
try {
  await part('browser', () => benchBrowser(app, log));
  await part('lighthouse', () => benchLighthouse(app.baseUrl, log));
} finally {
  await app.dispose();
}
// Signed in with data, on a server of its own: the JavaScript until the first post card paints,
// and Lighthouse on /feed and /my-cars.
await part('signedIn', () => benchSignedIn(log));
// The garage's client budgets, on a server of its own (a 10,000-log car seeded into its database).
await part('garage', () => benchGarage(log));
// The car's home painted from the mirror (a 5,000-log car, offline, CPU slowed down), on a server
// of its own.
await part('carHome', () => benchCarHome(log));
// The fill-up at the pump: interactive from the car's "Fill-up" on a 5,000-log car, offline, the CPU
// slowed 4×, on a server of its own.
await part('fillUp', () => benchFillUp(log));
// Fuel economy of a 5,000-fill-up car: the contract function on the device, then GET
// /cars/{id}/fuel-economy on a server of its own.
await part('fuel', () => benchFuel(log));
// Reminders: GET /reminders of 20 cars × 10 reminders over 10,000 logs on a server of its own, and
// the state sweep over 10,000 members × 5 reminders run by the server's modules in a process of its
// own.
await part('reminders', () => benchReminders(log));
// Imports: a 10,000-row LubeLogger fuel file, on a server of its own.
await part('import', () => benchImport(log));
// The resale dossier: a 1,000-log car with 100 photos as a PDF, on a server of its own.
await part('dossier', () => benchDossier(log));
// Nothing a member sends holds the event loop: /health while four members render 3,000-log
// dossiers and one uploads a hostile SQLite file, on a server of its own.
await part('eventLoop', () => benchEventLoop(log));
// Media on the local folder against an S3 bucket (s3rver): GET /media/:id of a 200 KB photo and the
// upload of a 4 MB photo, side by side.
await part('media', () => benchMedia(log));

results.loadEnd = loadavg();
const rows = buildRows(results).filter((row) => !only || row.parts.some((name) => only.has(name)));
console.log('');
printTable(rows);
console.log(`\nMachine ${load(results)}`);
if (busy(results))
  console.log('Warning: the machine was busy; CPU-bound figures read high. Run again when it is quiet.');
if (results.lighthouse) console.log(`Lighthouse reports: ${results.lighthouse.reportDir}`);
if (only) process.exit(0);
const file = path.join(ROOT, 'docs/BENCHMARKS.md');
// Formatted as `npm test`'s prettier check wants it (it pads markdown tables).
const options = { ...(await prettier.resolveConfig(file)), filepath: file };
writeFileSync(file, await prettier.format(markdown(rows, results, when), options));
console.log(`\nWrote ${path.relative(ROOT, file)}`);
