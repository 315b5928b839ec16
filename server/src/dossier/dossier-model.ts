// What a dossier shows, worked out once for the PDF and the public page alike: the car, the
// odometer readings, every log in date order with what the owner did not hide, the totals by type
// and the receipts (the logs' files: hidden with the costs). Pure: no database, no files.
import type { DossierHideField } from '../../../src/contract/dossier';
import type { Car, CarLog } from '../../../src/contract/garage';
import type { ServerLocale } from '../platform/locales';
import type { MediaRow } from '../media/media-repository';
import { carNameOf } from '../push/reminder-push-text';
import { formatDay, formatMoney, formatReading, plainText } from './dossier-text';

export interface DossierFile {
  id: string;
  kind: 'image' | 'pdf';
  storageKey: string;
  /** What the receipt belongs to: the log's title, day and odometer reading (null: none). */
  logTitle: string;
  logDate: string;
  logReading: string | null;
}

export interface DossierEntry {
  id: string;
  date: string;
  type: string;
  title: string;
  reading: string | null;
  cost: string | null;
  place: string | null;
  notes: string | null;
  files: DossierFile[];
}

export interface DossierModel {
  locale: ServerLocale;
  hide: ReadonlySet<DossierHideField>;
  carName: string;
  /** Make, model and year. */
  carLine: string;
  carImageId: string | null;
  /** The car's papers a buyer checks: the VIN always, the plate only if the owner chose to show it. */
  vin: string | null;
  plate: string | null;
  firstRegistration: string | null;
  madeOn: string;
  readings: { day: string; mileage: number }[];
  /** The odometer timeline: each reading with its date, as written (oldest first). */
  timeline: { date: string; reading: string }[];
  readingUnit: string;
  firstReading: string | null;
  lastReading: string | null;
  entries: DossierEntry[];
  /** Each type's label with its total in each currency (empty when costs are hidden). */
  totals: { type: string; amounts: string[] }[];
  receipts: DossierFile[];
}

export interface DossierInput {
  car: Car;
  logs: CarLog[];
  files: Map<string, MediaRow[]>;
  /** carLogType key → its payload (`label_en-US`, `label_fr-FR`). */
  typeLabels: Map<string, Record<string, string>>;
  hide: ReadonlySet<DossierHideField>;
  locale: ServerLocale;
  today: string;
  /** The owner chose to show the plate (never shown otherwise). */
  showPlate?: boolean;
}

/**
 * Whether the dossier shows the logs' files: photos and PDF receipts are receipts, and receipts
 * are costs, so hidden costs hide them in the PDF, the public page and the public page's media
 * route alike (one rule, asked by all three).
 */
export const showsLogFiles = (hide: ReadonlySet<DossierHideField>): boolean => !hide.has('cost');

/** The media id behind a car's `image` URL (…/media/{id}). */
export const imageIdOf = (car: Car): string | null =>
  car.image ? (car.image.split('/').pop() ?? null) : null;

export function dossierModel({
  car,
  logs,
  files,
  typeLabels,
  hide,
  locale,
  today,
  showPlate = false,
}: DossierInput): DossierModel {
  const label = (type: string) => typeLabels.get(type)?.[`label_${locale}`] ?? type;
  const unit = car.mileageUnit;
  const day = (d: string) => formatDay(d, locale);
  const sorted = [...logs].sort((a, b) =>
    a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0,
  );

  const entries: DossierEntry[] = sorted.map((log) => ({
    id: log.id,
    date: day(log.startDate),
    type: label(log.type),
    title: log.title,
    reading: log.mileage === null ? null : formatReading(log.mileage, unit, locale),
    cost: hide.has('cost') || log.cost === null ? null : formatMoney(log.cost, log.currencyCode, locale),
    place: hide.has('location') || !log.location ? null : log.location,
    notes: hide.has('notes') ? null : plainText(log.content) || null,
    files: (showsLogFiles(hide) ? (files.get(log.id) ?? []) : []).map((m) => ({
      id: m.id,
      kind: m.kind,
      storageKey: m.storage_key,
      logTitle: log.title,
      logDate: day(log.startDate),
      logReading: log.mileage === null ? null : formatReading(log.mileage, unit, locale),
    })),
  }));

  const readings = sorted
    .filter((l) => l.mileage !== null)
    .map((l) => ({ day: l.startDate, mileage: l.mileage! }))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.mileage - b.mileage));
  const reading = (r: { day: string; mileage: number } | undefined) =>
    r ? `${formatReading(r.mileage, unit, locale)} (${day(r.day)})` : null;

  // Totals: by type in the order types first appear, each currency apart (never added across).
  const sums = new Map<string, Map<string, number>>();
  if (!hide.has('cost'))
    for (const log of sorted) {
      if (log.cost === null) continue;
      const byCurrency = sums.get(log.type) ?? new Map<string, number>();
      const currency = log.currencyCode ?? '';
      // In cents: sums of 2-decimal amounts stay exact.
      byCurrency.set(currency, (byCurrency.get(currency) ?? 0) + Math.round(log.cost * 100));
      sums.set(log.type, byCurrency);
    }
  const totals = [...sums.entries()].map(([type, byCurrency]) => ({
    type: label(type),
    amounts: [...byCurrency.entries()].map(([currency, cents]) =>
      formatMoney(cents / 100, currency || null, locale),
    ),
  }));

  return {
    locale,
    hide,
    carName: carNameOf(car),
    carLine: [car.make, car.model, car.year === null ? null : String(car.year)].filter(Boolean).join(' '),
    carImageId: imageIdOf(car),
    vin: car.vin ?? null,
    plate: showPlate ? (car.plate ?? null) : null,
    firstRegistration: car.firstRegistrationDate ? day(car.firstRegistrationDate) : null,
    madeOn: day(today),
    readings,
    timeline: readings.map((r) => ({ date: day(r.day), reading: formatReading(r.mileage, unit, locale) })),
    readingUnit: unit,
    firstReading: reading(readings[0]),
    lastReading: reading(readings[readings.length - 1]),
    entries,
    totals,
    receipts: entries.flatMap((e) => e.files),
  };
}
