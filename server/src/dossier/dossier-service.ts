// The resale dossier: a car's history as a PDF for its owner, and public read-only links
// to it. A link's token is HMAC(server secret, link id + nonce) (256 bits, base64url), never stored:
// the table keeps its SHA-256 to find the link and the nonce to show the URL again to the owner.
// Revoking deletes the row, so the token finds nothing from then on (404).
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  DOSSIER_HIDE_FIELDS,
  type DossierHideField,
  type HistoryLink,
  type HistoryLinkCreated,
} from '../../../src/contract/dossier';
import { API_BASE } from '../../../src/contract/envelope';
import type { Car } from '../../../src/contract/garage';
import type { CarsRepository } from '../garage/cars-repository';
import { badRequest, notFound } from '../http/errors';
import { DEFAULT_SERVER_LOCALE, type ServerLocale } from '../platform/locales';
import type { MediaRow } from '../media/media-repository';
import type { DossierHtmlJob, DossierPdfJob, DossierQuestion } from './dossier-jobs';
import { imageIdOf, showsLogFiles, type DossierInput } from './dossier-model';
import { photoJpeg } from './dossier-pdf';
import type { DossierRepository, StoredHistoryLink } from './dossier-repository';

interface Deps {
  dossier: DossierRepository;
  cars: CarsRepository;
  /** The stored bytes of a media file. */
  readFile: (storageKey: string) => Promise<Buffer>;
  /** The language a member chose, if any. */
  languageOf: (memberId: string) => Promise<ServerLocale | null>;
  secret: Uint8Array;
  publicUrl: string;
  /**
   * Runs the model and the PDF or page off the event loop (dossier-jobs.ts on a worker, with a time
   * and memory limit: dossier-feature.ts); `answer` serves the worker's reads of files.
   */
  runJob: {
    (
      kind: 'dossier-pdf',
      job: DossierPdfJob,
      answer: (q: DossierQuestion) => Promise<Answer>,
    ): Promise<Uint8Array>;
    (kind: 'dossier-html', job: DossierHtmlJob): Promise<string>;
  };
  now?: () => Date;
}

/** A value for the worker, and the buffers handed over with it (not copied). */
export interface Answer {
  value: unknown;
  transfer?: ArrayBuffer[];
}

/** Bytes handed to a worker: the buffer moves over when the bytes fill it, else a copy does. */
function handOver(bytes: Buffer): { bytes: Uint8Array; transfer: ArrayBuffer[] } {
  const own =
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer
      ? bytes
      : Uint8Array.prototype.slice.call(bytes);
  return { bytes: own, transfer: [own.buffer as ArrayBuffer] };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** `hide=cost,notes` as a set; an unknown name answers 400. */
export function parseHide(value: string | undefined): Set<DossierHideField> {
  const names = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(DOSSIER_HIDE_FIELDS as readonly string[]).includes(n));
  if (unknown.length)
    throw badRequest(`Unknown field to hide: ${unknown.join(', ')}. Use cost, location or notes.`, [
      { field: 'querystring.hide', message: `must list only ${DOSSIER_HIDE_FIELDS.join(', ')}` },
    ]);
  return new Set(names as DossierHideField[]);
}

/** An ASCII file name for the car, and the same with its own letters for filename*. */
export function attachmentName(car: Car): string {
  const base = (car.nickname?.trim() || `${car.make} ${car.model}`).trim();
  const ascii =
    base
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 60) || 'car';
  const utf8 = encodeURIComponent(`${base.slice(0, 80)} - history.pdf`);
  return `attachment; filename="${ascii}-history.pdf"; filename*=UTF-8''${utf8}`;
}

export function dossierService({
  dossier,
  cars,
  readFile,
  languageOf,
  secret,
  publicUrl,
  runJob,
  now = () => new Date(),
}: Deps) {
  const subKey = createHmac('sha256', secret).update('paddock history link v1').digest();
  const tokenOf = (id: string, nonce: string) =>
    createHmac('sha256', subKey).update(`${id}:${nonce}`).digest('base64url');
  const pageUrl = (token: string) => `${publicUrl}/history/${token}`;
  const toLink = (l: StoredHistoryLink): HistoryLink => ({
    id: l.id,
    carId: l.carId,
    url: pageUrl(tokenOf(l.id, l.nonce)),
    hide: l.hide,
    showPlate: l.showPlate,
    createdAt: l.createdAt,
  });

  async function ownCar(memberId: string, carId: string): Promise<Car> {
    const car = await cars.findById(carId);
    if (!car || car.ownerId !== memberId) throw notFound('Car');
    return car;
  }

  /** What the model is made of: the database's part of the dossier, read here. */
  async function inputOf(
    car: Car,
    hide: ReadonlySet<DossierHideField>,
    locale: ServerLocale,
    showPlate: boolean,
  ): Promise<DossierInput> {
    const logs = await dossier.logsOf(car.id);
    const [files, typeLabels] = await Promise.all([
      dossier.filesOf(logs.map((l) => l.id)),
      dossier.labels('carLogType'),
    ]);
    const today = now().toISOString().slice(0, 10);
    return { car, logs, files, typeLabels, hide, locale, today, showPlate };
  }

  /** The worker's questions: a file's bytes, or a photo re-encoded (sharp runs off the event loop). */
  async function answer(question: DossierQuestion): Promise<Answer> {
    if ('read' in question) {
      const { bytes, transfer } = handOver(await readFile(question.read));
      return { value: bytes, transfer };
    }
    const photo = await photoJpeg(await readFile(question.photo), question.maxPx);
    const { bytes, transfer } = handOver(photo.jpeg);
    return { value: { ...photo, jpeg: bytes }, transfer };
  }

  async function pdfOf(
    car: Car,
    hide: ReadonlySet<DossierHideField>,
    locale: ServerLocale,
    showPlate: boolean,
  ) {
    const input = await inputOf(car, hide, locale, showPlate);
    const imageId = imageIdOf(car);
    const image = imageId ? await dossier.mediaRow(imageId) : undefined;
    const bytes = await runJob('dossier-pdf', { input, carImageKey: image?.storage_key ?? null }, answer);
    return { bytes, disposition: attachmentName(car) };
  }

  /** The language: the one asked for, else the member's, else the product's default. */
  const localeFor = async (asked: ServerLocale | null, memberId: string) =>
    asked ?? (await languageOf(memberId).catch(() => null)) ?? DEFAULT_SERVER_LOCALE;

  /** The link of a visitor's token; unknown or revoked answers 404. */
  async function byToken(token: string): Promise<{ link: StoredHistoryLink; car: Car }> {
    const hash = sha256(token);
    const link = await dossier.findLinkByHash(hash);
    if (!link || !timingSafeEqual(Buffer.from(link.tokenHash, 'hex'), Buffer.from(hash, 'hex')))
      throw notFound('History link');
    const car = await cars.findById(link.carId);
    if (!car) throw notFound('History link');
    return { link, car };
  }

  return {
    async pdf(
      memberId: string,
      carId: string,
      hide: string | undefined,
      asked: ServerLocale | null,
      showPlate = false,
    ) {
      const hidden = parseHide(hide);
      const car = await ownCar(memberId, carId);
      return pdfOf(car, hidden, await localeFor(asked, memberId), showPlate);
    },

    async createLink(
      memberId: string,
      carId: string,
      hide: DossierHideField[],
      showPlate = false,
    ): Promise<HistoryLinkCreated> {
      const car = await ownCar(memberId, carId);
      const id = randomUUID();
      const nonce = randomBytes(16).toString('base64url');
      const link: StoredHistoryLink = {
        id,
        carId: car.id,
        ownerId: memberId,
        hide: DOSSIER_HIDE_FIELDS.filter((f) => hide.includes(f)),
        showPlate,
        nonce,
        tokenHash: sha256(tokenOf(id, nonce)),
        createdAt: now().toISOString(),
      };
      await dossier.insertLink(link);
      return { id, url: pageUrl(tokenOf(id, nonce)) };
    },

    async listLinks(memberId: string, carId: string): Promise<HistoryLink[]> {
      const car = await ownCar(memberId, carId);
      return (await dossier.linksOf(car.id)).map(toLink);
    },

    async deleteLink(memberId: string, id: string): Promise<void> {
      const link = await dossier.findLink(id);
      if (!link || link.ownerId !== memberId) throw notFound('History link');
      await dossier.deleteLink(id);
    },

    async publicHtml(token: string, asked: ServerLocale | null): Promise<string> {
      const { link, car } = await byToken(token);
      const input = await inputOf(
        car,
        new Set(link.hide),
        await localeFor(asked, car.ownerId),
        link.showPlate,
      );
      return runJob('dossier-html', {
        input,
        pdf: `${API_BASE}/history/${token}.pdf`,
        mediaBase: `${API_BASE}/history/${token}/media`,
      });
    },

    async publicPdf(token: string, asked: ServerLocale | null) {
      const { link, car } = await byToken(token);
      return pdfOf(car, new Set(link.hide), await localeFor(asked, car.ownerId), link.showPlate);
    },

    /**
     * A file the dossier shows (the car's photo, a log's photo or receipt unless the link hides
     * costs: showsLogFiles); anything else 404.
     */
    async publicMedia(token: string, mediaId: string): Promise<{ row: MediaRow; bytes: Buffer }> {
      const { link, car } = await byToken(token);
      const row = await dossier.mediaRow(mediaId);
      const shown =
        row !== undefined &&
        (imageIdOf(car) === mediaId ||
          (showsLogFiles(new Set(link.hide)) && (await dossier.isFileOfCar(mediaId, car.id))));
      if (!row || !shown) throw notFound('File');
      try {
        return { row, bytes: await readFile(row.storage_key) };
      } catch {
        throw notFound('File');
      }
    },
  };
}

export type DossierService = ReturnType<typeof dossierService>;
