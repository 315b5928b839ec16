// A small pool of worker threads for the work a member's request can make long: reading an imported
// file (an SQLite backup, a 20,000-row CSV) and building the resale dossier. On the main thread such
// work held the event loop for seconds (every other member waited, /health included); here it runs
// on another thread, and each job has a time limit (the worker is terminated: SQLite has no progress
// handler in better-sqlite3, so terminating the thread is the backstop) and a heap limit
// (`resourceLimits`: a worker past it dies with ERR_WORKER_OUT_OF_MEMORY, the process lives on).
//
// Workers start on the first job, not at start-up (idle memory ≤ 120 MB), and end after a minute
// without work. A job that waits finds a queue of bounded length; past it the pool answers busy
// (the route answers 503 with Retry-After). A job may ask the main thread for things only it has
// (a media file's bytes, a photo re-encoded by sharp, which runs off the event loop already).
//
// The worker's script: in the production bundle, server/dist/workers/paddock-worker.js beside
// main.js (server/scripts/build-server.mjs builds it); from the sources (tests, dev) it is bundled
// on first use with esbuild into server/dist/dev-workers/, where its npm imports resolve as the
// sources' do.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type Transferable } from 'node:worker_threads';
import type { ErrorCode } from '../../../src/contract/envelope';
import type { JobKind, JobReply, ToWorker, WorkerFailure } from './worker-protocol';

/** The job was cut off at its limit: `time` (terminated), `memory` (heap limit) or `crash`. */
export class WorkerCutOff extends Error {
  constructor(
    readonly reason: 'time' | 'memory' | 'crash',
    message: string,
  ) {
    super(message);
    this.name = 'WorkerCutOff';
  }
}

/** Every worker is busy and the queue is full: try again shortly. */
export class WorkerPoolBusy extends Error {
  constructor() {
    super('Every worker is busy.');
    this.name = 'WorkerPoolBusy';
  }
}

/** The same owner (a member's imports, a car's dossier) has a job waiting or running already. */
export class OwnerBusy extends Error {
  constructor() {
    super('A job of the same owner is still running.');
    this.name = 'OwnerBusy';
  }
}

/** A refusal the job made itself (a file with too many rows…): sent to the member as it is. */
export class JobRefused extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'JobRefused';
  }
}

/** The job threw (a bug, or a file the reader could not handle): its message, no stack. */
export class JobFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailed';
  }
}

export interface PoolOptions {
  /** Worker threads at most (WORKER_THREADS). */
  size: number;
  /** Old-generation heap of a worker, in MB (WORKER_MEMORY_MB). */
  memoryMb: number;
  /** Jobs that may wait for a worker; one more answers busy. */
  queueMax?: number;
  /** An idle worker ends after this long. */
  idleMs?: number;
  /** The worker's script (tests of a build pass its own); default: see the top of this file. */
  script?: URL;
}

export interface RunOptions {
  /** Time limit of the job once a worker runs it. */
  timeMs: number;
  transfer?: Transferable[];
  /**
   * Whose job this is: one job an owner at a time (a second answers OwnerBusy), so that one member
   * cannot fill the queue and the workers with their own files while the others wait.
   */
  owner?: string;
  /** Answers the job's questions to the main thread. */
  answer?: (question: unknown) => Promise<{ value: unknown; transfer?: Transferable[] }>;
}

interface Job {
  kind: JobKind;
  input: unknown;
  options: RunOptions;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
  /** Set once the worker is being ended on purpose (time limit, idle, close). */
  ending: boolean;
}

let compiled: Promise<URL> | null = null;

/** The worker script next to the running code: the bundle's, or the sources' bundled once. */
export function workerScript(): Promise<URL> {
  const here = import.meta.url;
  if (here.endsWith('.js') || here.endsWith('.mjs'))
    return Promise.resolve(new URL('./workers/paddock-worker.js', here));
  compiled ??= compileFromSources();
  return compiled;
}

async function compileFromSources(): Promise<URL> {
  const entry = fileURLToPath(new URL('./worker-entry.ts', import.meta.url));
  const root = path.resolve(path.dirname(entry), '../../..');
  // esbuild is a development dependency: this path is never taken by the production bundle.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  const dir = path.join(root, 'server/dist/dev-workers');
  const file = path.join(
    dir,
    `paddock-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`,
  );
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Test files run in parallel processes: each writes its own copy, then renames it in place.
    const temporary = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(temporary, code);
    renameSync(temporary, file);
  }
  return pathToFileURL(file);
}

export function createWorkerPool({ size, memoryMb, queueMax = 32, idleMs = 60_000, script }: PoolOptions) {
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  const owners = new Set<string>();
  let closed = false;
  let starting = 0;

  function failureOf(failure: WorkerFailure): Error {
    return failure.refused
      ? new JobRefused(
          failure.refused.statusCode,
          failure.refused.code,
          failure.message,
          failure.refused.fields,
        )
      : new JobFailed(failure.message);
  }

  function end(slot: Slot) {
    slot.ending = true;
    clearTimeout(slot.timer);
    clearTimeout(slot.idle);
    slots.delete(slot);
    void slot.worker.terminate();
  }

  /** The slot's job is over: settle it, then give the worker the next one (or let it idle). */
  function finish(slot: Slot, settle: (job: Job) => void) {
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = null;
    if (job) settle(job);
    if (!slot.ending) next(slot);
    dispatch();
  }

  function next(slot: Slot) {
    const job = queue.shift();
    if (!job) {
      slot.worker.unref();
      slot.idle = setTimeout(() => end(slot), idleMs);
      slot.idle.unref();
      return;
    }
    start(slot, job);
  }

  function start(slot: Slot, job: Job) {
    clearTimeout(slot.idle);
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      if (slot.job !== job) return;
      end(slot);
      finish(slot, (j) =>
        j.reject(new WorkerCutOff('time', `The work took longer than its limit of ${j.options.timeMs} ms.`)),
      );
    }, job.options.timeMs);
    const message: ToWorker = { type: 'job', kind: job.kind, input: job.input };
    slot.worker.postMessage(message, job.options.transfer ?? []);
  }

  async function spawn() {
    starting++;
    try {
      const url = script ?? (await workerScript());
      if (closed) return;
      const worker = new Worker(url, {
        resourceLimits: {
          maxOldGenerationSizeMb: memoryMb,
          maxYoungGenerationSizeMb: Math.min(64, memoryMb / 4),
        },
        // The worker's own output goes to ours; its environment is the process's.
        stdout: false,
        stderr: false,
      });
      const slot: Slot = { worker, job: null, ending: false };
      slots.add(slot);
      worker.on('message', (reply: JobReply) => {
        if (slot.ending) return;
        if (reply.type === 'done') finish(slot, (j) => j.resolve(reply.value));
        else if (reply.type === 'failed') finish(slot, (j) => j.reject(failureOf(reply.failure)));
        else if (reply.type === 'ask') {
          const job = slot.job;
          if (!job?.options.answer) {
            worker.postMessage({
              type: 'answer',
              id: reply.id,
              error: 'nothing answers here',
            } satisfies ToWorker);
            return;
          }
          job.options.answer(reply.question).then(
            ({ value, transfer }) => {
              if (slot.job === job && !slot.ending)
                worker.postMessage(
                  { type: 'answer', id: reply.id, value } satisfies ToWorker,
                  transfer ?? [],
                );
            },
            (error: unknown) => {
              if (slot.job === job && !slot.ending)
                worker.postMessage({
                  type: 'answer',
                  id: reply.id,
                  error: error instanceof Error ? error.message : 'failed',
                } satisfies ToWorker);
            },
          );
        }
      });
      const died = (error?: Error) => {
        if (slot.ending) return;
        const outOfMemory = (error as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
        end(slot);
        finish(slot, (j) =>
          j.reject(
            outOfMemory
              ? new WorkerCutOff('memory', `The work needed more than its memory limit of ${memoryMb} MB.`)
              : new WorkerCutOff('crash', `The worker stopped: ${error?.message ?? 'it exited'}.`),
          ),
        );
      };
      worker.on('error', died);
      worker.on('exit', () => died());
      next(slot);
    } catch (error) {
      // No worker could start (its script is missing): the waiting jobs fail rather than hang.
      for (const job of queue.splice(0)) job.reject(new JobFailed(`No worker could start: ${String(error)}`));
    } finally {
      starting--;
    }
  }

  function dispatch() {
    if (closed) return;
    while (queue.length > starting && slots.size + starting < size) void spawn();
  }

  return {
    /** Runs a job on a worker; rejects with WorkerCutOff, WorkerPoolBusy, JobRefused or JobFailed. */
    run<T>(kind: JobKind, input: unknown, options: RunOptions): Promise<T> {
      if (closed) return Promise.reject(new WorkerPoolBusy());
      const { owner } = options;
      if (owner !== undefined) {
        if (owners.has(owner)) return Promise.reject(new OwnerBusy());
        owners.add(owner);
      }
      const release = () => {
        if (owner !== undefined) owners.delete(owner);
      };
      return new Promise<T>((resolve, reject) => {
        const job: Job = {
          kind,
          input,
          options,
          resolve: (value) => {
            release();
            resolve(value as T);
          },
          reject: (error) => {
            release();
            reject(error);
          },
        };
        const free = [...slots].find((s) => s.job === null && !s.ending);
        if (free) return start(free, job);
        // Jobs a worker being started (or yet to start) will take do not count as waiting.
        const starts = starting + Math.max(0, size - slots.size - starting);
        if (queue.length - starts >= queueMax) return job.reject(new WorkerPoolBusy());
        queue.push(job);
        dispatch();
      });
    },

    /** What runs now (tests wait for a job to be running, the bench reads it). */
    stats() {
      return {
        workers: slots.size,
        running: [...slots].filter((s) => s.job !== null).length,
        queued: queue.length,
      };
    },

    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new WorkerPoolBusy());
      await Promise.all(
        [...slots].map(async (slot) => {
          slot.ending = true;
          slot.job?.reject(new WorkerPoolBusy());
          clearTimeout(slot.timer);
          clearTimeout(slot.idle);
          await slot.worker.terminate();
        }),
      );
      slots.clear();
    },
  };
}

export type WorkerPool = ReturnType<typeof createWorkerPool>;
