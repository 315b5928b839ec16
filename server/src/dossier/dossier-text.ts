// The dossier's words in both languages, and its numbers, dates and amounts written as the member
// reads them (Intl, with each log's own currency).
import type { ServerLocale } from '../platform/locales';
import { htmlToText } from '../http/rich-text';

export interface DossierWords {
  title: string;
  /** Between a label and its value (French puts a space before the colon). */
  colon: string;
  madeOn: (date: string) => string;
  car: string;
  year: string;
  odometer: string;
  noReadings: string;
  readingsFromTo: (first: string, last: string) => string;
  log: string;
  noLogs: string;
  cost: string;
  place: string;
  notes: string;
  totals: string;
  receipts: string;
  /** A receipt's caption: its log's date, title and, when the log has one, its reading. */
  receiptOf: (title: string, date: string, reading?: string | null) => string;
  vin: string;
  plate: string;
  firstRegistration: string;
  timeline: string;
  unreadableReceipt: (title: string, date: string) => string;
  downloadPdf: string;
  pageOf: (n: number, total: number) => string;
  readOnly: string;
  gone: string;
  goneTitle: string;
}

const WORDS: Record<ServerLocale, DossierWords> = {
  'en-US': {
    title: 'Vehicle history',
    colon: ': ',
    madeOn: (date) => `Made with Paddock on ${date}`,
    car: 'Car',
    year: 'Year',
    odometer: 'Odometer',
    noReadings: 'No odometer reading yet.',
    readingsFromTo: (first, last) => `From ${first} to ${last}`,
    log: 'Log book',
    noLogs: 'No entries yet.',
    cost: 'Cost',
    place: 'Place',
    notes: 'Notes',
    totals: 'Totals by type',
    receipts: 'Receipts',
    receiptOf: (title, date, reading) => `Receipt: ${title} (${date}${reading ? `, ${reading}` : ''})`,
    vin: 'VIN',
    plate: 'Registration plate',
    firstRegistration: 'First registration',
    timeline: 'Odometer readings',
    unreadableReceipt: (title, date) => `A receipt of "${title}" (${date}) could not be read.`,
    downloadPdf: 'Download as PDF',
    pageOf: (n, total) => `Page ${n} of ${total}`,
    readOnly: 'A read-only copy shared by the owner.',
    gone: 'This link does not work any more: the owner may have revoked it.',
    goneTitle: 'Link not found',
  },
  'fr-FR': {
    title: 'Historique du véhicule',
    colon: '\u00a0: ',
    madeOn: (date) => `Établi avec Paddock le ${date}`,
    car: 'Voiture',
    year: 'Année',
    odometer: 'Compteur',
    noReadings: 'Aucun relevé du compteur pour l’instant.',
    readingsFromTo: (first, last) => `De ${first} à ${last}`,
    log: 'Carnet d’entretien',
    noLogs: 'Aucune entrée pour l’instant.',
    cost: 'Coût',
    place: 'Lieu',
    notes: 'Notes',
    totals: 'Totaux par type',
    receipts: 'Justificatifs',
    receiptOf: (title, date, reading) => `Justificatif : ${title} (${date}${reading ? `, ${reading}` : ''})`,
    vin: 'Numéro VIN',
    plate: 'Immatriculation',
    firstRegistration: 'Première immatriculation',
    timeline: 'Relevés du compteur',
    unreadableReceipt: (title, date) => `Un justificatif de « ${title} » (${date}) n’a pas pu être lu.`,
    downloadPdf: 'Télécharger en PDF',
    pageOf: (n, total) => `Page ${n} sur ${total}`,
    readOnly: 'Une copie en lecture seule partagée par le propriétaire.',
    gone: 'Ce lien ne fonctionne plus : le propriétaire l’a peut-être révoqué.',
    goneTitle: 'Lien introuvable',
  },
};

export const wordsOf = (locale: ServerLocale): DossierWords => WORDS[locale];

/** A YYYY-MM-DD day as the member writes it (the day itself, in no time zone). */
export function formatDay(day: string, locale: ServerLocale): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

export function formatReading(mileage: number, unit: string, locale: ServerLocale): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(mileage)} ${unit}`;
}

/** An amount in its currency (an unknown code: the number and the code). */
export function formatMoney(amount: number, currency: string | null, locale: ServerLocale): string {
  if (currency) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
    } catch {
      // not an ISO 4217 code: fall through
    }
  }
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amount,
  );
  return currency ? `${number} ${currency}` : number;
}

/** Quill HTML as plain text: a line a paragraph, entities decoded, no markup left. */
export function plainText(html: string | null): string {
  return htmlToText(html)
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/**
 * Text the PDF's standard fonts can draw: they cover WinAnsi only (French accents, €, ’ and « »
 * included). Thin and narrow spaces become spaces, an accented letter outside WinAnsi loses its
 * accent (ő → o), anything else becomes "?". Never throws.
 */
export function toWinAnsi(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const ch of text.replace(/[\u2000-\u200A\u202F\u205F\u3000]/g, ' ').replace(/[\u2010\u2011]/g, '-')) {
    const code = ch.codePointAt(0)!;
    if (code === 0x0a || supported.has(code)) {
      out += ch;
      continue;
    }
    const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += base.length > 0 && [...base].every((c) => supported.has(c.codePointAt(0)!)) ? base : '?';
  }
  return out;
}
