// Spritmonitor's CSV: `;`-separated, `DD.MM.YYYY` dates, comma decimals in German, headers in German
// or English (`Datum;Kilometerstand;Strecke;Menge;Einheit;Gesamtpreis;Währung;Typ;…` or
// `Date;Odometer;Trip;Quantity;Unit;Total price;Currency;Type;…`). `Type`: 1 a full tank, 2 a partial
// fill, 3 the first fill after a gap (full, the fills before it missing).
import { cell } from '../csv';
import * as common from './common';

const CURRENCY_SIGNS: Record<string, string> = { '€': 'EUR', $: 'USD', '£': 'GBP', fr: 'CHF', chf: 'CHF' };

function currencyOf(text: string): string | null {
  const v = text.trim();
  if (/^[A-Za-z]{3}$/.test(v)) return v.toUpperCase();
  return CURRENCY_SIGNS[v.toLowerCase()] ?? null;
}

export function parseSpritmonitor(input: common.ParseInput): common.Parsed {
  const t = common.headerTable(input, ';');
  const c = {
    date: t.column('Datum', 'Date'),
    odometer: t.column('Kilometerstand', 'Odometer', 'Km-Stand', 'Mileage'),
    quantity: t.column('Menge', 'Quantity', 'Amount'),
    unit: t.column('Einheit', 'Unit'),
    total: t.column('Gesamtpreis', 'Total price', 'Price', 'Kosten'),
    currency: t.column('Währung', 'Waehrung', 'Currency'),
    type: t.column('Typ', 'Type', 'Art', 'Tankart'),
    note: t.column('Bemerkung', 'Note', 'Notes', 'Kommentar'),
    station: t.column('Tankstelle', 'Gas station', 'Station'),
    fuel: t.column('Kraftstoff', 'Fuel', 'Sorte'),
  };
  const reader = common.Reader.ofTable(input.overrides, t, c.date, [c.odometer, c.quantity, c.total], {
    date: 'dd.mm.yyyy',
    decimal: ',',
  });
  const distanceUnit = input.overrides.distanceUnit ?? input.carDistance;
  const firstUnit = t.records[0] ? common.volumeUnitOf(cell(t.records[0], c.unit)) : null;
  const volumeUnit = input.overrides.volumeUnit ?? firstUnit ?? common.defaultVolume(distanceUnit);
  const rows = common.readRows(t.records, (r) => {
    const type = cell(r, c.type);
    if (!['1', '2', '3'].includes(type)) throw new common.RowError(`Type "${type}" is not 1, 2 or 3`);
    const unit = input.overrides.volumeUnit ?? common.volumeUnitOf(cell(r, c.unit)) ?? volumeUnit;
    const quantity = reader.number(r, c.quantity, 'the quantity', { required: true })!;
    const cost = reader.number(r, c.total, 'the total price');
    const currency = c.currency < 0 ? null : currencyOf(cell(r, c.currency));
    return common.fuelDraft(
      reader.date(r, c.date),
      reader.number(r, c.odometer, 'the odometer', { required: true }),
      {
        quantity,
        unit,
        fullTank: type !== '2',
        missedPrevious: type === '3',
        pricePerUnit: cost === null ? null : Math.round((cost / quantity) * 1000) / 1000,
      },
      {
        title: common.titleOf(cell(r, c.station) || cell(r, c.fuel), 'Fill-up'),
        cost,
        ...(currency ? { currencyCode: currency } : {}),
        content: common.notesHtml(cell(r, c.note)),
      },
    );
  });
  return common.parsed(rows, distanceUnit, volumeUnit, reader);
}
