// The dossier's CPU work, run on a worker thread (server/src/workers): the model of every log, then
// the PDF (pdf-lib) or the public page's HTML. For a car of thousands of logs this is seconds of
// work that held the event loop; the database reads stay on the main thread (dossier-service.ts),
// and the files the PDF embeds are asked of the main thread one at a time (memory stays bounded).
import type { Ask } from '../workers/worker-protocol';
import { dossierHtml } from './dossier-html';
import { dossierModel, type DossierInput } from './dossier-model';
import { renderDossierPdf, type PhotoJpeg } from './dossier-pdf';

/** What the worker asks the main thread for. */
export type DossierQuestion = { read: string } | { photo: string; maxPx: number };

export interface DossierPdfJob {
  input: DossierInput;
  carImageKey: string | null;
}

export interface DossierHtmlJob {
  input: DossierInput;
  pdf: string;
  /** The media URL of a file is this and `/{id}`. */
  mediaBase: string;
}

// (Bytes cross threads as a plain Uint8Array.)
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function dossierPdfJob({ input, carImageKey }: DossierPdfJob, ask: Ask): Promise<Uint8Array> {
  return renderDossierPdf(dossierModel(input), {
    carImageKey,
    read: async (storageKey) =>
      asBuffer((await ask({ read: storageKey } satisfies DossierQuestion)) as Uint8Array),
    photo: async (storageKey, maxPx) => {
      const photo = (await ask({ photo: storageKey, maxPx } satisfies DossierQuestion)) as PhotoJpeg;
      return { ...photo, jpeg: asBuffer(photo.jpeg) };
    },
  });
}

export function dossierHtmlJob({ input, pdf, mediaBase }: DossierHtmlJob): string {
  return dossierHtml(dossierModel(input), { pdf, media: (id) => `${mediaBase}/${id}` });
}
