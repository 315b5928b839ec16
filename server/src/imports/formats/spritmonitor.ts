// Spritmonitor's CSV, as its website exports it: `;`-separated, German headers
// (`Datum;Km-Stand;Teil-Km;Spritmenge;Kosten;Währung;Tankart;Reifen;Strecken;Fahrweise;Kraftstoff;
// Bemerkung;Verbrauch`, newer files adding `BC-Verbrauch;BC-Spritmenge;BC-Geschwindigkeit;Tankstelle;
// Land;Großraum;Ort`), `TT.MM.JJJJ` dates, comma decimals, newest first. Older and English files say
// `Kilometerstand;Strecke;Menge;Einheit;Gesamtpreis;Währung;Typ` or `Date;Odometer;…;Type`.
// `Tankart` (or `Typ`): 0 an invalid fill (ungültig: left out, and the next fill starts a new
// segment), 1 a full tank, 2 a partial fill, 3 the first fill (full; nothing before it counts).
// `Kraftstoff` is a fuel code. Notes may span lines, hold `\"` escaped quotes, and some files quote
// text with `'`.
import { cell } from '../csv';
import { currencyCode } from '../values';
import * as common from './common';

/**
 * Spritmonitor's fuel codes (`Kraftstoff`, the API's fuel sorts) as the fuel's name. Codes 5, 10, 11
 * and 17 are not in use; a code not listed is left out of the title rather than guessed.
 */
const FUELS: Record<string, string> = {
  '1': 'Diesel',
  '2': 'Biodiesel',
  '3': 'Pflanzenöl',
  '4': 'Premium Diesel',
  '6': 'Normalbenzin',
  '7': 'Super',
  '8': 'SuperPlus',
  '9': 'Premium Benzin 100',
  '12': 'LPG',
  '13': 'CNG H',
  '14': 'CNG L',
  '15': 'Bioethanol',
  '16': 'Zweitakt-Gemisch',
  '18': 'Premium Benzin 95',
  '19': 'Elektrizität',
  '20': 'E10',
  '21': 'AdBlue',
  '22': 'Premium Benzin 100+',
  '23': 'Wasserstoff',
  '24': 'Ökostrom',
  '25': 'GTL Diesel',
};

/** Electricity (Elektrizität, Ökostrom): counted in kWh when the file has no unit column. */
const ELECTRIC = new Set(['19', '24']);

export function parseSpritmonitor(input: common.ParseInput): common.Parsed {
  const t = common.headerTable(input, ';', { backslashEscapes: true, singleQuotes: true });
  const c = {
    date: t.column('Datum', 'Date'),
    odometer: t.column('Km-Stand', 'Kilometerstand', 'Odometer', 'Mileage'),
    trip: t.column('Teil-Km', 'Strecke', 'Trip', 'Distance'),
    quantity: t.column('Spritmenge', 'Menge', 'Quantity', 'Amount'),
    unit: t.column('Einheit', 'Unit'),
    total: t.column('Kosten', 'Gesamtpreis', 'Total price', 'Costs', 'Price'),
    currency: t.column('Währung', 'Waehrung', 'Currency'),
    type: t.column('Tankart', 'Typ', 'Type', 'Art'),
    note: t.column('Bemerkung', 'Note', 'Notes', 'Kommentar'),
    station: t.column('Tankstelle', 'Gas station', 'Station'),
    fuel: t.column('Kraftstoff', 'Fuel', 'Sorte'),
    city: t.column('Ort', 'City'),
    country: t.column('Land', 'Country'),
  };
  const reader = common.Reader.ofTable(
    input.overrides,
    t,
    c.date,
    [c.odometer, c.trip, c.quantity, c.total],
    { date: 'dd.mm.yyyy', decimal: ',' },
  );
  const distanceUnit = input.overrides.distanceUnit ?? input.carDistance;
  const firstUnit = t.records[0] ? common.volumeUnitOf(cell(t.records[0], c.unit)) : null;
  const volumeUnit = input.overrides.volumeUnit ?? firstUnit ?? common.defaultVolume(distanceUnit);

  // Fills of several energies in one file (LPG and Super, a plug-in hybrid's Strom): each keeps its
  // own energy; one energy only: every fill is of the car's main energy, as before energies existed.
  const fuelName = (r: (typeof t.records)[number]) =>
    FUELS[cell(r, c.fuel)] ?? (/^\d+$/.test(cell(r, c.fuel)) ? '' : cell(r, c.fuel));
  const energyOf = common.energiesOfFile(c.fuel >= 0 ? t.records.map(fuelName) : []);

  // Rows whose odometer is missing get it from the previous reading and their trip, in date order.
  const trips = new Map<number, number>();
  const invalid = new Set<number>();
  const rows = common.readRows(t.records, (r) => {
    const type = cell(r, c.type) || '1';
    if (type === '0') {
      invalid.add(r.line);
      throw new common.RowError('Spritmonitor marks this fill invalid (Tankart 0)', 'invalid-fill', {
        reason: 'marked-invalid',
      });
    }
    if (!['1', '2', '3'].includes(type))
      throw new common.RowError(`Tankart "${type}" is not 0, 1, 2 or 3`, 'unreadable-flag', {
        column: t.header[c.type] ?? 'Tankart',
        value: type.slice(0, 40),
      });
    const unit =
      input.overrides.volumeUnit ??
      common.volumeUnitOf(cell(r, c.unit)) ??
      (ELECTRIC.has(cell(r, c.fuel)) ? 'kwh' : volumeUnit);
    const quantity = reader.number(r, c.quantity, 'Spritmenge (quantity)', { required: true })!;
    const cost = reader.number(r, c.total, 'Kosten (cost)');
    const odometer = reader.number(r, c.odometer, 'Km-Stand (odometer)');
    const trip = reader.number(r, c.trip, 'Teil-Km (trip)');
    if (odometer === null && trip === null)
      throw new common.RowError('a fill-up needs an odometer reading', 'missing-value', {
        field: 'odometer',
      });
    if (odometer === null) trips.set(r.line, trip!);
    const currency = c.currency < 0 ? null : currencyCode(cell(r, c.currency));
    const name = fuelName(r);
    const energy = energyOf(name);
    const place = [cell(r, c.city), cell(r, c.country)].filter((p) => p !== '').join(', ');
    return common.fuelDraft(
      reader.date(r, c.date),
      odometer ?? 0,
      {
        quantity,
        unit,
        fullTank: type !== '2',
        missedPrevious: type === '3',
        pricePerUnit: cost === null ? null : Math.round((cost / quantity) * 1000) / 1000,
        ...(energy === null ? {} : { energy }),
      },
      {
        title: common.titleOf(cell(r, c.station) || name, 'Fill-up'),
        cost,
        ...(currency ? { currencyCode: currency } : {}),
        location: place || null,
        content: common.notesHtml(cell(r, c.note)),
      },
    );
  });

  // In date order (the file is newest first): odometers from trips, and the fill after an invalid one
  // starts a new segment (its fuel is not known to the economy).
  const lines = t.records.map((r) => r.line);
  const dated = [...rows]
    .filter((r) => r.log)
    .sort((a, b) => a.log!.startDate.localeCompare(b.log!.startDate));
  let previous: number | null = null;
  for (const row of dated) {
    const trip = trips.get(row.row);
    if (trip !== undefined) {
      if (previous === null) {
        row.error = 'a fill-up needs an odometer reading';
        row.problem = { code: 'missing-value', params: { field: 'odometer' } };
        delete row.log;
        continue;
      }
      row.log!.mileage = previous + trip;
    }
    previous = row.log!.mileage;
  }
  if (invalid.size > 0) {
    // The date of each invalid row, from the file (its draft was not built).
    for (const line of invalid) {
      const record = t.records[lines.indexOf(line)]!;
      const date = (() => {
        try {
          return reader.date(record, c.date);
        } catch {
          return null;
        }
      })();
      if (date === null) continue;
      const next = dated.find((r) => r.log && r.log.startDate >= date && r.row !== line);
      if (next?.log?.fuel) next.log.fuel = { ...next.log.fuel, missedPrevious: true };
    }
  }
  return common.parsed(rows, distanceUnit, volumeUnit, reader);
}
