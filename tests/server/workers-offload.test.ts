// Nothing a member sends holds the event loop: reading a member's SQLite file, parsing a large import
// and building a dossier run on worker threads (server/src/workers), each with a time and memory
// limit and a clear answer when cut off (never a 500, never a request left hanging); a member's
// SQLite file is opened untrusted, and a schema a Hammond backup never has is refused unread.
// No time is asserted: the tests wait for states (a job running in a worker) and read answers.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createWorkerPool,
  JobRefused,
  WorkerCutOff,
  WorkerPoolBusy,
} from '../../server/src/workers/worker-pool';
import { createCar, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { hammondDatabase, imported, upload } from './imports-fixtures';
import { fillCar, HOSTILE_SCHEMAS, hostileSqlite, paddockCsv, type HostileSchema } from './workers-fixtures';
import { API } from './garage-fixtures';

// Thousands of rows or logs to write and read on a runner shared by parallel suites (no time asserted).
const HEAVY_MS = 180_000;

/** Waits until `check` holds (polled; a minute at most on a busy runner). */
async function until(check: () => boolean, what: string) {
  for (let i = 0; !check(); i++) {
    if (i > 6_000) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('a member SQLite file is opened untrusted', { timeout: HEAVY_MS }, () => {
  let t: TestApp;
  let ann: Member;
  beforeAll(async () => {
    t = await createTestApp();
    ann = await member(t.app);
  });
  afterAll(async () => t?.close());

  test.each(Object.keys(HOSTILE_SCHEMAS) as HostileSchema[])(
    'a file with %s is refused before any row is read (400), the car untouched',
    async (schema) => {
      const car = await createCar(t.app, ann, { mileage: null });
      for (const query of ['dryRun=true', 'dryRun=false']) {
        const res = await upload(t.app, ann, car.id, hostileSqlite(schema), {
          query,
          filename: 'hammond.db',
        });
        expect(res.statusCode, res.body).toBe(400);
        const { error } = res.json<{ error: { code: string; message: string } }>();
        expect(error.code).toBe('IMPORT_FILE_UNREADABLE');
        expect(error.message).toContain(schema.replace('stored ', ''));
      }
      expect(t.app.workers.stats().running).toBe(0);
    },
  );

  test('a real Hammond backup still reads, and the worker that read it serves the next one', async () => {
    const car = await createCar(t.app, ann, { mileage: null });
    const first = await imported(t.app, ann, car.id, hammondDatabase(), { filename: 'hammond.db' });
    expect(first).toMatchObject({ format: 'hammond', rows: 5, created: 5 });
    const again = await imported(t.app, ann, car.id, hammondDatabase(), { filename: 'hammond.db' });
    expect(again).toMatchObject({ created: 0, skipped: 5 });
  });
});

/**
 * Runs `work` with a time limit it cannot meet (1 ms for thousands of rows or logs), restored after.
 * The limits are read at each job; a limit the work "should" exceed on a slow machine is met by a
 * fast one (a 3 s limit once passed), so the cut-off is made certain instead.
 */
async function withLimitOfOneMs<T>(
  t: TestApp,
  key: 'importTimeMs' | 'dossierTimeMs',
  work: () => Promise<T>,
) {
  const limit = t.app.config.workers[key];
  t.app.config.workers[key] = 1;
  try {
    return await work();
  } finally {
    t.app.config.workers[key] = limit;
  }
}

describe(
  'a long import is read off the event loop, and cut off at its time limit',
  { timeout: HEAVY_MS },
  () => {
    let t: TestApp;
    let ann: Member;
    beforeAll(async () => {
      t = await createTestApp({ WORKER_THREADS: '1' });
      ann = await member(t.app);
    });
    afterAll(async () => t?.close());

    test('/health answers while a 6,000-row file is read in the worker; a second file meanwhile answers 429', async () => {
      const car = await createCar(t.app, ann, { mileage: null });
      // 6,000 rows of rich notes to sanitise, near the 10 MB an upload takes: seconds of reading.
      const answer = upload(t.app, ann, car.id, paddockCsv(6_000, { richNotes: true }), {
        query: 'dryRun=true',
      });
      await until(() => t.app.workers.stats().running === 1, 'the import runs in a worker');
      const health = await t.app.inject({ method: 'GET', url: `${API}/health` });
      expect(health.statusCode).toBe(200);
      // The event loop answered while the worker was still reading the file.
      expect(t.app.workers.stats().running).toBe(1);
      // One file a member at a time: a second one meanwhile answers 429 at once (previews too).
      const second = await upload(t.app, ann, car.id, paddockCsv(2), { query: 'dryRun=true' });
      expect(second.statusCode, second.body).toBe(429);
      expect(second.headers['retry-after']).toBe('5');
      expect(t.app.workers.stats().running).toBe(1);
      const res = await answer;
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.json<{ data: { rows: number } }>().data.rows).toBe(6_000);
    });

    test('a file read past the time limit answers 422 WORK_LIMIT_REACHED, nothing written; a new worker reads the next', async () => {
      const car = await createCar(t.app, ann, { mileage: null });
      const file = paddockCsv(6_000, { richNotes: true, from: 10_000 });
      const res = await withLimitOfOneMs(t, 'importTimeMs', () =>
        upload(t.app, ann, car.id, file, { query: 'dryRun=false&onError=skip' }),
      );
      expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
      const { error } = res.json<{ error: { code: string; message: string } }>();
      expect(error.code).toBe('WORK_LIMIT_REACHED');
      expect(error.message).toMatch(/took longer than it may/);
      // The worker cut off is ended, not reused.
      expect(t.app.workers.stats()).toMatchObject({ running: 0, workers: 0 });
      const list = await t.app.inject({
        method: 'GET',
        url: `${API}/car-logs/${car.id}`,
        headers: ann.headers,
      });
      expect(list.json<{ meta: { total: number } }>().meta.total).toBe(0);
      const small = await imported(t.app, ann, car.id, paddockCsv(3));
      expect(small).toMatchObject({ format: 'paddock', created: 3 });
    });
  },
);

describe(
  'a dossier is built off the event loop, and cut off at its time limit',
  { timeout: HEAVY_MS },
  () => {
    let t: TestApp;
    let ann: Member;
    let carId: string;
    beforeAll(async () => {
      t = await createTestApp({ WORKER_THREADS: '1' });
      ann = await member(t.app);
      const car = await createCar(t.app, ann, { mileage: null });
      await fillCar(t.app, car.id, ann.id, 20_000);
      carId = car.id;
    });
    afterAll(async () => t?.close());

    test('/health answers while a 20,000-log dossier is built; the same car asked again meanwhile answers 429', async () => {
      const answer = t.app.inject({
        method: 'GET',
        url: `${API}/cars/${carId}/history.pdf`,
        headers: ann.headers,
      });
      await until(() => t.app.workers.stats().running === 1, 'the dossier builds in a worker');
      const health = await t.app.inject({ method: 'GET', url: `${API}/health` });
      expect(health.statusCode).toBe(200);
      expect(t.app.workers.stats().running).toBe(1);
      // The same car's dossier asked again meanwhile is not built twice: 429.
      const again = await t.app.inject({
        method: 'GET',
        url: `${API}/cars/${carId}/history.pdf`,
        headers: ann.headers,
      });
      expect(again.statusCode, again.body).toBe(429);
      expect(t.app.workers.stats().running).toBe(1);
      const res = await answer;
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/pdf/);
      expect(res.body.startsWith('%PDF-')).toBe(true);
    });

    test('past its time limit the PDF and the public page answer 503 WORK_LIMIT_REACHED with Retry-After', async () => {
      const res = await withLimitOfOneMs(t, 'dossierTimeMs', () =>
        t.app.inject({ method: 'GET', url: `${API}/cars/${carId}/history.pdf`, headers: ann.headers }),
      );
      expect(res.statusCode, res.body.slice(0, 300)).toBe(503);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.json<{ error: { code: string } }>().error.code).toBe('WORK_LIMIT_REACHED');
      expect(t.app.workers.stats()).toMatchObject({ running: 0, workers: 0 });
      // The public page of a link is built the same way, within the same limit.
      const link = await t.app.inject({
        method: 'POST',
        url: `${API}/cars/${carId}/history-links`,
        headers: ann.headers,
        payload: { hide: [] },
      });
      const token = link.json<{ data: { url: string } }>().data.url.split('/').pop()!;
      const page = await withLimitOfOneMs(t, 'dossierTimeMs', () =>
        t.app.inject({ method: 'GET', url: `/history/${token}` }),
      );
      expect(page.statusCode, page.body.slice(0, 300)).toBe(503);
      expect(page.headers['content-type']).toMatch(/application\/json/);
      expect(page.json<{ error: { code: string } }>().error.code).toBe('WORK_LIMIT_REACHED');
      // Within its limit the page is built.
      const built = await t.app.inject({ method: 'GET', url: `/history/${token}` });
      expect(built.statusCode, built.body.slice(0, 300)).toBe(200);
    });
  },
);

describe('the pool', { timeout: HEAVY_MS }, () => {
  const input = (bytes: Buffer) => ({
    bytes,
    filename: 'export.csv',
    overrides: {},
    car: { id: 'car', mileageUnit: 'km' },
    currency: 'EUR',
  });

  test('a full queue answers busy at once; a job refused by its reader keeps its answer', async () => {
    const pool = createWorkerPool({ size: 1, memoryMb: 512, queueMax: 0 });
    try {
      // The first job takes the one worker (being started), and no job may wait: the second is refused.
      const long = pool.run('import-read', input(paddockCsv(300, { richNotes: true })), { timeMs: 600_000 });
      await expect(pool.run('import-read', input(paddockCsv(1)), { timeMs: 600_000 })).rejects.toBeInstanceOf(
        WorkerPoolBusy,
      );
      await expect(long).resolves.toMatchObject({ rows: 300 });
      const refused = await pool
        .run('import-read', input(Buffer.from('nothing,known\n1,2\n')), { timeMs: 600_000 })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(JobRefused);
      expect(refused).toMatchObject({ statusCode: 400, code: 'IMPORT_FORMAT_UNKNOWN' });
    } finally {
      await pool.close();
    }
  });

  test('a job past the worker heap limit is cut off for memory; the process lives on', async () => {
    const pool = createWorkerPool({ size: 1, memoryMb: 64 });
    try {
      // The largest file an upload takes (10 MB) of rich rows: far more than 64 MB of heap to read.
      const error = await pool
        .run('import-read', input(paddockCsv(6_000, { richNotes: true })), { timeMs: 600_000 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WorkerCutOff);
      expect((error as WorkerCutOff).reason).toBe('memory');
      await expect(pool.run('import-read', input(paddockCsv(2)), { timeMs: 600_000 })).resolves.toMatchObject(
        {
          rows: 2,
        },
      );
    } finally {
      await pool.close();
    }
  });
});
