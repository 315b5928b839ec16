// Garage helpers shared by the browser tests and `npm run bench`: a long log book written straight
// into the server's SQLite file, and the page's local database (the signed-in member's IndexedDB
// database 'paddock-<member id>', written by Dexie) read and written with the raw IndexedDB API
// from page.evaluate — the production bundle exposes no module, and a raw connection sees exactly
// what Dexie stored.
/* global indexedDB, IDBKeyRange -- used inside page.evaluate */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';

/** Types of the seeded logs, in turn: keys of the carLogType settings (server/src/db/migrations/0003_settings.seed.json). */
export const SEEDED_LOG_TYPES = ['maintenance', 'repair', 'fuel', 'modification', 'inspection'];
const FIRST_DAY = Date.UTC(2000, 0, 1);

/**
 * The i-th seeded log (0-based): its type in turn, about three a day from 2000-01-01, a title and a
 * rich-text content that both name its number (so a search like "entry 12" has a known answer).
 */
export function seededLog(i) {
  return {
    type: SEEDED_LOG_TYPES[i % SEEDED_LOG_TYPES.length],
    title: `Log entry ${i + 1}`,
    content: `<p>Entry ${i + 1}: <strong>checked</strong> and noted.</p>`,
    contentText: `Entry ${i + 1}: checked and noted.`,
    location: i % 2 ? 'Garage du Port' : null,
    tags: ['bench', `batch-${i % 7}`],
    costCents: 1_000 + (i % 50_000),
    currencyCode: 'EUR',
    startDate: new Date(FIRST_DAY + Math.floor(i / 3) * 86_400_000).toISOString().slice(0, 10),
    mileage: 10_000 + i * 12,
    createdAt: new Date(FIRST_DAY + i * 3_600_000).toISOString(),
  };
}

/**
 * How many of `count` seeded logs the list shows for a type and a search, by the rule of spec §3
 * (case-insensitive substring of title, content text, location or tags).
 */
export function expectedSeededMatches(count, { type = '', query = '' } = {}) {
  const needle = query.trim().toLowerCase();
  let matches = 0;
  for (let i = 0; i < count; i++) {
    const log = seededLog(i);
    if (type && log.type !== type) continue;
    const fields = [log.title, log.contentText, log.location ?? '', ...log.tags];
    if (needle && !fields.some((f) => f.toLowerCase().includes(needle))) continue;
    matches++;
  }
  return matches;
}

/**
 * Writes `count` logs of one car straight into DATA_DIR/paddock.db in one transaction (a second
 * or so, where 10,000 API calls would take minutes). The columns are those of the car_logs table
 * (server/src/db/migrations/0004_garage.ts). The server must be stopped. Returns the ids.
 */
export function seedCarLogsInDatabase(dataDir, carId, count) {
  const db = new Database(path.join(dataDir, 'paddock.db'));
  const ids = [];
  try {
    const insert = db.prepare(
      `insert into car_logs (id, car_id, type, title, content, location, tags, cost_cents, currency_code,
         start_date, mileage, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const log = seededLog(i);
        const id = randomUUID();
        ids.push(id);
        insert.run(
          id,
          carId,
          log.type,
          log.title,
          log.content,
          log.location,
          JSON.stringify(log.tags),
          log.costCents,
          log.currencyCode,
          log.startDate,
          log.mileage,
          log.createdAt,
          log.createdAt,
        );
      }
    })();
  } finally {
    db.close();
  }
  return ids;
}

/**
 * Everything below runs inside the page (page.evaluate serialises one self-contained function), so
 * the helpers live in this one function and `op` picks the operation.
 */
async function inPage({
  op,
  carId,
  target,
  timeoutMs,
  intervalMs,
  count,
  startDate,
  allowFailed,
  titlePrefix,
}) {
  // One database per member (src/lib/db/index.ts databaseNameFor): 'paddock-<member id>'.
  const member = (() => {
    try {
      return JSON.parse(localStorage.getItem('current_user') ?? 'null')?.id;
    } catch {
      return undefined;
    }
  })();
  const DB = member ? `paddock-${member}` : 'paddock';
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const done = (request) =>
    new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  /** A short-lived connection, or null while the app has not created the database yet. */
  async function open() {
    // Opening a name that does not exist would create an empty version-1 database under the app.
    const names = await indexedDB.databases();
    if (!names.some((d) => d.name === DB)) return null;
    const db = await done(indexedDB.open(DB));
    db.onversionchange = () => db.close(); // never block the app's schema upgrade
    return db;
  }
  async function withDb(run, fallback) {
    const db = await open();
    if (!db) return fallback;
    try {
      if (!db.objectStoreNames.contains('carLogs') || !db.objectStoreNames.contains('outbox'))
        return fallback;
      return await run(db);
    } finally {
      db.close();
    }
  }
  const countLogs = () =>
    withDb(
      (db) =>
        done(db.transaction('carLogs').objectStore('carLogs').index('carId').count(IDBKeyRange.only(carId))),
      -1,
    );
  const outboxEntries = () =>
    withDb((db) => done(db.transaction('outbox').objectStore('outbox').getAll()), []);
  const summary = (e) => ({
    id: e.id,
    kind: e.kind,
    entityId: e.entityId,
    method: e.method,
    path: e.path,
    status: e.status,
    lastStatus: e.lastStatus,
    lastError: e.lastError,
    attempts: e.attempts,
    dependsOn: e.dependsOn ?? [],
  });
  async function until(read, ok, what) {
    const deadline = performance.now() + timeoutMs;
    let last;
    for (;;) {
      last = await read();
      if (ok(last)) return performance.now();
      if (performance.now() > deadline)
        throw new Error(`${what}: still ${JSON.stringify(last)} after ${timeoutMs} ms`);
      await sleep(intervalMs);
    }
  }

  switch (op) {
    case 'countCarLogs':
      return countLogs();
    case 'waitCarLogs':
      return until(countLogs, (n) => n === target, `carLogs of ${carId} ≠ ${target}`);
    case 'carLogs':
      return withDb(
        (db) =>
          done(
            db.transaction('carLogs').objectStore('carLogs').index('carId').getAll(IDBKeyRange.only(carId)),
          ),
        [],
      );
    case 'settingsDomains':
      return withDb(async (db) => {
        if (!db.objectStoreNames.contains('settingsLabels')) return [];
        return done(db.transaction('settingsLabels').objectStore('settingsLabels').getAllKeys());
      }, []);
    case 'outbox':
      return (await outboxEntries()).sort((a, b) => a.seq - b.seq).map(summary);
    case 'waitOutboxSettled': {
      // Empty, or (allowFailed) nothing left but writes that need attention.
      const unsent = async () =>
        (await outboxEntries()).filter((e) => !allowFailed || e.status !== 'failed').length;
      return until(unsent, (n) => n === 0, 'unsent outbox entries');
    }
    case 'queueCarLogCreates': {
      // Exactly what saveCarLog (src/features/garage/data/writes.ts) writes through enqueue
      // (src/lib/outbox/enqueue.ts) for a new log without files: the local row and its outbox entry.
      const db = await open();
      if (!db) throw new Error('The app has not created its database yet');
      try {
        const tx = db.transaction(['outbox', 'carLogs'], 'readwrite');
        const outbox = tx.objectStore('outbox');
        const logs = tx.objectStore('carLogs');
        const cursor = await done(outbox.index('seq').openCursor(null, 'prev'));
        const now = Date.now();
        let seq = Math.max(now, (cursor?.value.seq ?? 0) + 1);
        const ids = [];
        for (let i = 0; i < count; i++) {
          const id = crypto.randomUUID();
          ids.push(id);
          const stamp = new Date(now + i).toISOString();
          const draft = {
            carId,
            type: 'fuel',
            title: `${titlePrefix ?? 'Queued offline'} ${i + 1}`,
            startDate,
          };
          outbox.add({
            id: crypto.randomUUID(),
            kind: 'carLog.create',
            entityId: id,
            method: 'POST',
            path: '/car-logs',
            body: { type: 'json', json: { id, ...draft } },
            seq: seq++,
            createdAt: now,
            attempts: 0,
            nextAttemptAt: now,
            status: 'pending',
          });
          logs.put({
            content: null,
            location: null,
            tags: [],
            cost: null,
            currencyCode: null,
            mileage: null,
            id,
            media: [],
            createdAt: stamp,
            ...draft,
            updatedAt: stamp,
          });
        }
        await new Promise((resolve, reject) => {
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'));
        });
        return ids;
      } finally {
        db.close();
      }
    }
    default:
      throw new Error(`unknown op ${op}`);
  }
}

// The limit of a wait for a state of the page's database: generous (a loaded two-core machine),
// the same as the harness's STEP_TIMEOUT_MS (this plain-JS module cannot import the TypeScript one).
const defaults = { timeoutMs: 60_000, intervalMs: 25 };

/** The page's local database, read and written with the raw IndexedDB API. */
export const localDb = {
  /** Logs of a car in the carLogs store; -1 while the app has not created its database. */
  countCarLogs: (page, carId) => page.evaluate(inPage, { ...defaults, op: 'countCarLogs', carId }),
  /** Waits until the car has exactly `target` local logs; resolves with the page's performance.now(). */
  waitForCarLogCount: (page, carId, target, options = {}) =>
    page.evaluate(inPage, { ...defaults, ...options, op: 'waitCarLogs', carId, target }),
  carLogs: (page, carId) => page.evaluate(inPage, { ...defaults, op: 'carLogs', carId }),
  /** The settings domains mirrored on the device (the garage's selects read them offline). */
  settingsDomains: (page) => page.evaluate(inPage, { ...defaults, op: 'settingsDomains' }),
  /** The outbox in send order, without bodies. */
  outbox: (page) => page.evaluate(inPage, { ...defaults, op: 'outbox' }),
  /** Waits until every write is sent (allowFailed: but those that need attention); resolves with performance.now(). */
  waitForOutboxSettled: (page, options = {}) =>
    page.evaluate(inPage, { ...defaults, allowFailed: false, ...options, op: 'waitOutboxSettled' }),
  /**
   * Queues `count` log creations for a car as saveCarLog does, titled `${titlePrefix} 1…count`;
   * resolves with the new logs' ids.
   */
  queueCarLogCreates: (page, carId, count, startDate = '2024-05-01', titlePrefix = 'Queued offline') =>
    page.evaluate(inPage, { ...defaults, op: 'queueCarLogCreates', carId, count, startDate, titlePrefix }),
};
