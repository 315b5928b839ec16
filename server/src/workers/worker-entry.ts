// A worker thread of the pool (worker-pool.ts): runs one job at a time, as the main thread sends
// them, and asks the main thread for what only it has. Each job is a plain function of its input;
// an error it throws ends the job, never the worker (the pool ends workers: time, memory, idle).
import { parentPort, type Transferable } from 'node:worker_threads';
import { dossierHtmlJob, dossierPdfJob } from '../dossier/dossier-jobs';
import { readImportFile } from '../imports/import-read';
import { Refusal, type JobKind, type JobReply, type ToWorker } from './worker-protocol';

const port = parentPort!;
const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
let asked = 0;

function ask(question: unknown): Promise<unknown> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    port.postMessage({ type: 'ask', id, question } satisfies JobReply);
  });
}

type Job = (
  input: never,
  ask: (q: unknown) => Promise<unknown>,
) => Promise<{ value: unknown; transfer?: Transferable[] }>;

const JOBS: Record<JobKind, Job> = {
  'import-read': async (input: Parameters<typeof readImportFile>[0]) => ({ value: readImportFile(input) }),
  'dossier-pdf': async (input: Parameters<typeof dossierPdfJob>[0], a) => {
    const bytes = await dossierPdfJob(input, a);
    return { value: bytes, transfer: [bytes.buffer as ArrayBuffer] };
  },
  'dossier-html': async (input: Parameters<typeof dossierHtmlJob>[0]) => ({ value: dossierHtmlJob(input) }),
};

port.on('message', (message: ToWorker) => {
  if (message.type === 'answer') {
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) pending?.reject(new Error(message.error));
    else pending?.resolve(message.value);
    return;
  }
  JOBS[message.kind](message.input as never, ask).then(
    ({ value, transfer }) => port.postMessage({ type: 'done', value } satisfies JobReply, transfer ?? []),
    (error: unknown) => {
      const failure =
        error instanceof Refusal
          ? {
              message: error.message,
              refused: { statusCode: error.statusCode, code: error.code, fields: error.fields },
            }
          : { message: error instanceof Error ? error.message : String(error) };
      port.postMessage({ type: 'failed', failure } satisfies JobReply);
    },
  );
});
