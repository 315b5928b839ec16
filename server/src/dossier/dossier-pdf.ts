// The dossier as a PDF (pdf-lib, server only): A4 pages of text in the standard Helvetica (WinAnsi:
// every string passes toWinAnsi), a small drawn odometer chart, then the receipts: photos re-encoded
// to a modest JPEG and embedded two a page, PDF receipts copied in as their own pages. Files are read
// one at a time, so memory grows with the output, not with the originals.
// pdf-lib is loaded on the first dossier, not at start-up: it costs about 0.2 s of CPU and 25 MB of
// resident memory to load (start-up ≤ 1 s, idle memory ≤ 120 MB), and few processes ever make one.
import type * as PdfLibModule from 'pdf-lib';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { loadSharp } from '../media/sharp';
import type { DossierModel } from './dossier-model';
import { toWinAnsi, wordsOf } from './dossier-text';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 42;
const WIDTH = A4[0] - 2 * MARGIN;
/** Longest side of an embedded photo, in pixels (about 130 dpi on half an A4 page). */
const PHOTO_MAX_PX = 1000;
/** Photos re-encoded ahead of the one being embedded: bounded memory, both cores busy. */
const PHOTOS_AHEAD = 2;

type PdfLib = typeof PdfLibModule;
let loading: Promise<PdfLib> | null = null;
function loadPdfLib(): Promise<PdfLib> {
  loading ??= import('pdf-lib');
  return loading;
}

interface Palette {
  grey: Color;
  line: Color;
  ink: Color;
  accent: Color;
}
function paletteOf({ rgb }: PdfLib): Palette {
  return {
    grey: rgb(0.38, 0.38, 0.4),
    line: rgb(0.8, 0.8, 0.82),
    ink: rgb(0.1, 0.1, 0.12),
    accent: rgb(0.77, 0.16, 0.16),
  };
}

export interface FileSource {
  /** The stored bytes of a file (throws when gone). */
  read(storageKey: string): Promise<Buffer>;
  /**
   * A stored photo re-encoded as a JPEG of at most `maxPx` a side; default: read, then photoJpeg.
   * (On a worker thread the main thread does it: sharp works off the event loop already.)
   */
  photo?(storageKey: string, maxPx: number): Promise<PhotoJpeg>;
  /** The storage key of the car's photo, when it has one. */
  carImageKey: string | null;
}

export interface PhotoJpeg {
  jpeg: Buffer;
  width: number;
  height: number;
}

export async function photoJpeg(bytes: Buffer, maxPx: number): Promise<PhotoJpeg> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(bytes, { failOn: 'error' })
    .rotate()
    .resize({ width: maxPx, height: maxPx, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 72, mozjpeg: false })
    .toBuffer({ resolveWithObject: true });
  return { jpeg: data, width: info.width, height: info.height };
}

class Writer {
  page!: PDFPage;
  y = 0;
  /** The pages this writer made (copied receipt pages get no footer). */
  readonly own = new Set<PDFPage>();
  readonly charset: ReadonlySet<number>;
  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    readonly colors: Palette,
  ) {
    this.charset = new Set(font.getCharacterSet());
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage(A4);
    this.own.add(this.page);
    this.y = A4[1] - MARGIN;
  }

  ensure(height: number) {
    if (this.y - height < MARGIN + 14) this.newPage();
  }

  clean(text: string) {
    return toWinAnsi(text, this.charset);
  }

  /** Lines of at most `width` points (long words are cut). */
  wrap(text: string, size: number, width: number, font = this.font): string[] {
    const lines: string[] = [];
    for (const paragraph of this.clean(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/ +/)) {
        let w = word;
        while (font.widthOfTextAtSize(w, size) > width) {
          let cut = w.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(w.slice(0, cut), size) > width) cut--;
          if (line) lines.push(line);
          lines.push(w.slice(0, cut));
          line = '';
          w = w.slice(cut);
        }
        const next = line ? `${line} ${w}` : w;
        if (font.widthOfTextAtSize(next, size) > width && line) {
          lines.push(line);
          line = w;
        } else line = next;
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, { size = 10, font = this.font, color = this.colors.ink, indent = 0, gap = 3 } = {}) {
    for (const line of this.wrap(text, size, WIDTH - indent, font)) {
      this.ensure(size + gap);
      this.y -= size;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color });
      this.y -= gap;
    }
  }

  heading(text: string) {
    this.ensure(40);
    this.y -= 12;
    this.text(text, { size: 14, font: this.bold, color: this.colors.accent, gap: 4 });
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + WIDTH, y: this.y },
      thickness: 0.5,
      color: this.colors.line,
    });
    this.y -= 8;
  }
}

function drawChart(w: Writer, readings: DossierModel['readings']) {
  const height = 120;
  w.ensure(height + 20);
  const top = w.y - 4;
  const bottom = top - height;
  const left = MARGIN + 60;
  const right = MARGIN + WIDTH;
  const page = w.page;
  const { grey, accent } = w.colors;
  const days = readings.map((r) => Date.parse(`${r.day}T00:00:00Z`));
  const [d0, d1] = [Math.min(...days), Math.max(...days)];
  const miles = readings.map((r) => r.mileage);
  const [m0, m1] = [Math.min(...miles), Math.max(...miles)];
  const x = (d: number) => left + (d1 === d0 ? 0.5 : (d - d0) / (d1 - d0)) * (right - left);
  const y = (m: number) => bottom + (m1 === m0 ? 0.5 : (m - m0) / (m1 - m0)) * height;
  page.drawLine({ start: { x: left, y: bottom }, end: { x: right, y: bottom }, thickness: 0.5, color: grey });
  page.drawLine({ start: { x: left, y: bottom }, end: { x: left, y: top }, thickness: 0.5, color: grey });
  const label = (n: number) => w.clean(new Intl.NumberFormat('en-US').format(n).replace(/,/g, ' '));
  page.drawText(label(m1), { x: MARGIN, y: top - 8, size: 8, font: w.font, color: grey });
  page.drawText(label(m0), { x: MARGIN, y: bottom, size: 8, font: w.font, color: grey });
  page.drawText(readings[0]!.day, { x: left, y: bottom - 11, size: 8, font: w.font, color: grey });
  const lastDay = readings[readings.length - 1]!.day;
  page.drawText(lastDay, {
    x: right - w.font.widthOfTextAtSize(lastDay, 8),
    y: bottom - 11,
    size: 8,
    font: w.font,
    color: grey,
  });
  // At most ~500 points: a long history is sampled evenly, its last reading always kept.
  const step = Math.max(1, Math.ceil(readings.length / 500));
  const points = readings.filter((_, i) => i % step === 0 || i === readings.length - 1);
  for (let i = 1; i < points.length; i++)
    page.drawLine({
      start: { x: x(days[readings.indexOf(points[i - 1]!)]!), y: y(points[i - 1]!.mileage) },
      end: { x: x(days[readings.indexOf(points[i]!)]!), y: y(points[i]!.mileage) },
      thickness: 1.2,
      color: accent,
    });
  w.y = bottom - 18;
}

/** The dossier's PDF bytes. */
export async function renderDossierPdf(model: DossierModel, files: FileSource): Promise<Uint8Array> {
  const photoOf = (key: string, maxPx: number) =>
    files.photo ? files.photo(key, maxPx) : files.read(key).then((bytes) => photoJpeg(bytes, maxPx));
  const words = wordsOf(model.locale);
  const pdf = await loadPdfLib();
  const { PDFDocument, StandardFonts } = pdf;
  const doc = await PDFDocument.create();
  doc.setTitle(`${words.title} - ${model.carName}`);
  doc.setProducer('Paddock');
  doc.setCreator('Paddock');
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
    paletteOf(pdf),
  );
  const { grey } = w.colors;

  // The car.
  let photoHeight = 0;
  if (files.carImageKey) {
    try {
      const photo = await photoOf(files.carImageKey, 600);
      const image = await doc.embedJpg(photo.jpeg);
      const scale = Math.min(170 / photo.width, 120 / photo.height);
      photoHeight = photo.height * scale;
      w.page.drawImage(image, {
        x: MARGIN + WIDTH - photo.width * scale,
        y: w.y - photoHeight,
        width: photo.width * scale,
        height: photoHeight,
      });
    } catch {
      // no photo rather than no dossier
    }
  }
  const top = w.y;
  w.text(words.title, { size: 11, color: grey });
  w.text(model.carName, { size: 22, font: w.bold, gap: 6 });
  if (model.carLine !== model.carName) w.text(model.carLine, { size: 12 });
  if (model.vin) w.text(`${words.vin}${words.colon}${model.vin}`, { size: 10 });
  if (model.plate) w.text(`${words.plate}${words.colon}${model.plate}`, { size: 10 });
  if (model.firstRegistration)
    w.text(`${words.firstRegistration}${words.colon}${model.firstRegistration}`, { size: 10 });
  w.text(words.madeOn(model.madeOn), { size: 9, color: grey });
  w.y = Math.min(w.y, top - photoHeight - 6);

  // The odometer.
  w.heading(words.odometer);
  if (model.readings.length === 0) w.text(words.noReadings, { color: grey });
  else {
    w.text(words.readingsFromTo(model.firstReading!, model.lastReading!));
    if (model.readings.length > 1) drawChart(w, model.readings);
    // The timeline itself: each reading with its date, three to a line (thousands of logs stay a
    // few pages; each log below repeats its own reading).
    w.text(words.timeline, { size: 9, font: w.bold, gap: 2 });
    for (let i = 0; i < model.timeline.length; i += 3)
      w.text(
        model.timeline
          .slice(i, i + 3)
          .map((r) => `${r.date}  ${r.reading}`)
          .join('     |     '),
        { size: 8, color: grey, gap: 0 },
      );
  }

  // Every log.
  w.heading(words.log);
  if (model.entries.length === 0) w.text(words.noLogs, { color: grey });
  for (const entry of model.entries) {
    w.ensure(40);
    w.y -= 4;
    w.text(`${entry.date}  ·  ${entry.type}`, { size: 9, color: grey, gap: 2 });
    w.text(entry.title, { size: 11, font: w.bold, gap: 2 });
    const facts = [
      entry.reading ? `${words.odometer}${words.colon}${entry.reading}` : null,
      entry.cost ? `${words.cost}${words.colon}${entry.cost}` : null,
      entry.place ? `${words.place}${words.colon}${entry.place}` : null,
    ].filter(Boolean);
    if (facts.length) w.text(facts.join('  ·  '), { size: 9 });
    if (entry.notes) w.text(entry.notes, { size: 9, color: grey, indent: 8 });
  }

  // Totals.
  if (model.totals.length) {
    w.heading(words.totals);
    for (const t of model.totals) w.text(`${t.type}${words.colon}${t.amounts.join(' + ')}`);
  }

  // Receipts: photos two a page, PDF pages as they are.
  if (model.receipts.length) {
    w.heading(words.receipts);
    let slot = 0; // 0: top half of a fresh photo page, 1: bottom half
    const half = (A4[1] - 2 * MARGIN) / 2;
    // Each photo is read and re-encoded a little ahead (at most PHOTOS_AHEAD at once), in order.
    const prepared = new Map<number, Promise<PhotoJpeg>>();
    const prepare = (index: number) => {
      const r = model.receipts[index];
      if (!r || r.kind !== 'image' || prepared.has(index)) return;
      const job = photoOf(r.storageKey, PHOTO_MAX_PX);
      job.catch(() => undefined); // awaited (and its failure told) in turn below
      prepared.set(index, job);
    };
    for (const [index, receipt] of model.receipts.entries()) {
      for (let ahead = index; ahead <= index + PHOTOS_AHEAD; ahead++) prepare(ahead);
      try {
        if (receipt.kind === 'pdf') {
          const bytes = await files.read(receipt.storageKey);
          const source = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
          const pages = await doc.copyPages(source, source.getPageIndices());
          for (const p of pages) doc.addPage(p);
          // Its caption in the first page's top edge: a PDF's pages are copied as they are, and a
          // page of its own for one line would double the receipts' pages.
          const first = pages[0];
          if (first) {
            const caption = w.clean(words.receiptOf(receipt.logTitle, receipt.logDate, receipt.logReading));
            first.drawText(caption, { x: 12, y: first.getHeight() - 10, size: 7, font: w.font, color: grey });
          }
          slot = 0;
          w.y = MARGIN; // what comes next starts on a page of its own, after these
          continue;
        }
        const photo = await prepared.get(index)!;
        prepared.delete(index);
        if (slot === 0) w.newPage();
        const image = await doc.embedJpg(photo.jpeg);
        const boxTop = A4[1] - MARGIN - slot * half;
        const caption =
          w.wrap(words.receiptOf(receipt.logTitle, receipt.logDate, receipt.logReading), 9, WIDTH)[0] ?? '';
        w.page.drawText(caption, { x: MARGIN, y: boxTop - 9, size: 9, font: w.font, color: grey });
        const scale = Math.min(WIDTH / photo.width, (half - 24) / photo.height);
        w.page.drawImage(image, {
          x: MARGIN,
          y: boxTop - 16 - photo.height * scale,
          width: photo.width * scale,
          height: photo.height * scale,
        });
        slot = (slot + 1) % 2;
        w.y = slot === 0 ? MARGIN : boxTop - half;
      } catch {
        prepared.delete(index);
        // A file gone from disk or that cannot be read: say so, keep the rest.
        if (slot !== 0 || w.y < MARGIN + 40) {
          w.newPage();
          slot = 0;
        }
        w.text(words.unreadableReceipt(receipt.logTitle, receipt.logDate), { size: 9, color: grey });
      }
    }
  }

  const all = doc.getPages();
  all.forEach((p, i) => {
    if (!w.own.has(p)) return;
    const text = w.clean(`${model.carName} · ${words.pageOf(i + 1, all.length)}`);
    p.drawText(text, { x: MARGIN, y: MARGIN / 2, size: 8, font: w.font, color: grey });
  });
  return doc.save({ useObjectStreams: true });
}
