// A worker pool's failures as the member's answer: a job's own refusal as it is; a job cut off at
// its time or memory limit as WORKER_LIMIT… (422 for a member's file: a smaller one may pass; 503
// for a dossier: the server's load decides, so try again later); a full pool as 503 with
// Retry-After. Never a 500, never a request left hanging.
import { AppError } from '../http/errors';
import { JobFailed, JobRefused, OwnerBusy, WorkerCutOff, WorkerPoolBusy } from './worker-pool';

/** Seconds a member is asked to wait when every worker is busy. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export function workerFailure(error: unknown, work: 'import' | 'dossier'): unknown {
  if (error instanceof JobRefused)
    return new AppError(error.statusCode, error.code, error.message, error.fields);
  if (error instanceof OwnerBusy)
    return new AppError(
      429,
      'TOO_MANY_REQUESTS',
      work === 'import'
        ? 'One of your files is still being read: wait for its answer before sending another.'
        : 'This dossier is already being built: wait for it before asking again.',
      undefined,
      { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
    );
  if (error instanceof WorkerPoolBusy)
    return new AppError(
      503,
      'SERVICE_UNAVAILABLE',
      'The server is busy with other files and dossiers. Please try again in a moment.',
      undefined,
      { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
    );
  if (error instanceof WorkerCutOff) {
    const how = {
      time: 'took longer than it may',
      memory: 'needed more memory than it may',
      crash: 'stopped the worker doing it',
    }[error.reason];
    if (work === 'import')
      return new AppError(
        422,
        'WORK_LIMIT_REACHED',
        `Reading this file ${how}, so it was stopped. Try a smaller file, or export it again from its app.`,
        [{ field: 'body.file', message: error.message }],
      );
    return new AppError(
      503,
      'WORK_LIMIT_REACHED',
      `Building this dossier ${how}, so it was stopped. Please try again later.`,
      undefined,
      { 'Retry-After': '60' },
    );
  }
  if (error instanceof JobFailed && work === 'import')
    return new AppError(400, 'IMPORT_FILE_UNREADABLE', `This file cannot be read: ${error.message}.`, [
      { field: 'body.file', message: 'cannot be read' },
    ]);
  return error;
}
