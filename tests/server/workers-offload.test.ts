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

describe(
  'a long import is read off the event loop, and cut off at its time limit',
  { timeout: HEAVY_MS },
  () => {
    let t: TestApp;
    let ann: Member;
    beforeAll(async () => {
      // 3 s: the file below needs many times that on any machine (6,000 rows of rich notes to sanitise).
      t = await createTestApp({ IMPORT_TIME_LIMIT_MS: '3000', WORKER_THREADS: '1' });
      ann = await member(t.app);
    });
    afterAll(async () => t?.close());

    test('/health answers while the file is read in the worker; then 422 WORK_LIMIT_REACHED, nothing written', async () => {
      const car = await createCar(t.app, ann, { mileage: null });
      const file = paddockCsv(6_000, { richNotes: true });
      const answer = upload(t.app, ann, car.id, file, { query: 'dryRun=false&onError=skip' });
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
      expect(res.statusCode, res.body).toBe(422);
      const { error } = res.json<{ error: { code: string; message: string } }>();
      expect(error.code).toBe('WORK_LIMIT_REACHED');
      expect(error.message).toMatch(/took longer than it may/);
      expect(t.app.workers.stats()).toMatchObject({ running: 0, workers: 0 });
      const list = await t.app.inject({
        method: 'GET',
        url: `${API}/car-logs/${car.id}`,
        headers: ann.headers,
      });
      expect(list.json<{ meta: { total: number } }>().meta.total).toBe(0);
      // A new worker reads the next file.
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
    beforeAll(async () => {
      t = await createTestApp({ DOSSIER_TIME_LIMIT_MS: '3000', WORKER_THREADS: '1' });
      ann = await member(t.app);
    });
    afterAll(async () => t?.close());

    test('/health answers while a 20,000-log dossier is built; then 503 WORK_LIMIT_REACHED with Retry-After', async () => {
      const car = await createCar(t.app, ann, { mileage: null });
      await fillCar(t.app, car.id, ann.id, 20_000);
      const answer = t.app.inject({
        method: 'GET',
        url: `${API}/cars/${car.id}/history.pdf`,
        headers: ann.headers,
      });
      await until(() => t.app.workers.stats().running === 1, 'the dossier builds in a worker');
      const health = await t.app.inject({ method: 'GET', url: `${API}/health` });
      expect(health.statusCode).toBe(200);
      expect(t.app.workers.stats().running).toBe(1);
      // The same car's dossier asked again meanwhile is not built twice: 429.
      const again = await t.app.inject({
        method: 'GET',
        url: `${API}/cars/${car.id}/history.pdf`,
        headers: ann.headers,
      });
      expect(again.statusCode, again.body).toBe(429);
      expect(t.app.workers.stats().running).toBe(1);
      const res = await answer;
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.json<{ error: { code: string } }>().error.code).toBe('WORK_LIMIT_REACHED');
      // The public page of a link is built the same way, within the same limit.
      const link = await t.app.inject({
        method: 'POST',
        url: `${API}/cars/${car.id}/history-links`,
        headers: ann.headers,
        payload: { hide: [] },
      });
      const token = link.json<{ data: { url: string } }>().data.url.split('/').pop()!;
      // The page is built far faster than the PDF (a quiet machine builds it within 3 s): a limit it
      // cannot meet makes its cut-off certain on any machine. The limit is read at each build.
      const limit = t.app.config.workers.dossierTimeMs;
      t.app.config.workers.dossierTimeMs = 1;
      const page = await t.app
        .inject({ method: 'GET', url: `/history/${token}` })
        .finally(() => (t.app.config.workers.dossierTimeMs = limit));
      expect(page.statusCode, page.body.slice(0, 300)).toBe(503);
      expect(page.headers['content-type']).toMatch(/application\/json/);
      expect(page.json<{ error: { code: string } }>().error.code).toBe('WORK_LIMIT_REACHED');
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
