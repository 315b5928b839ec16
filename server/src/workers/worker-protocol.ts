// The messages between the main thread (worker-pool.ts) and a worker (worker-entry.ts). Pure: both
// sides import it, so it imports nothing that loads code.
import type { ErrorCode } from '../../../src/contract/envelope';

/** The jobs a worker runs (worker-entry.ts maps each to its function). */
export type JobKind = 'import-read' | 'dossier-pdf' | 'dossier-html';

export type ToWorker =
  | { type: 'job'; kind: JobKind; input: unknown }
  | { type: 'answer'; id: number; value?: unknown; error?: string };

export interface WorkerFailure {
  message: string;
  /** Set when the job refused its input on purpose: the member's answer (status, code, fields). */
  refused?: { statusCode: number; code: ErrorCode; fields?: { field: string; message: string }[] };
}

export type JobReply =
  | { type: 'done'; value: unknown }
  | { type: 'failed'; failure: WorkerFailure }
  | { type: 'ask'; id: number; question: unknown };

/** Thrown by a job to refuse its input with a member-facing answer (the pool rethrows it as JobRefused). */
export class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

/** What a job may ask of the main thread while it runs. */
export type Ask = (question: unknown) => Promise<unknown>;
