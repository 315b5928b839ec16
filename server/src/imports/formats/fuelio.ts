// Fuelio's backup CSV: sections titled `## Vehicle`, `## Log` (the fill-ups, units in the headers:
// `Odo (km)`, `Fuel (litres)`), `## CostCategories` and `## Costs`. Dates are ISO (`yyyy-MM-dd HH:mm`).
import { cell, headerKey, parseCsv, sections, tableOf, type CsvRecord } from '../csv';
import * as common from './common';

const isTitle = (r: CsvRecord): string | null => {
  const first = (r.cells[0] ?? '').trim();
  return first.startsWith('##') && r.cells.slice(1).every((c) => c.trim() === '') ? headerKey(first) : null;
};

function costType(category: string): string {
  const c = category.toLowerCase();
  if (/repair/.test(c)) return 'repair';
  if (/service|maint|oil|tire|tyre/.test(c)) return 'maintenance';
  if (/insur/.test(c)) return 'insurance';
  if (/tax|registr/.test(c)) return 'tax';
  if (/wash|clean/.test(c)) return 'cleaning';
  if (/inspect/.test(c)) return 'inspection';
  return 'other';
}

export function parseFuelio(input: common.ParseInput): common.Parsed {
  const parts = sections(parseCsv(input.text ?? ''), isTitle);
  const log = tableOf(parts.find((p) => p.title === 'log')?.records ?? []);
  const costs = tableOf(parts.find((p) => p.title === 'costs')?.records ?? []);
  const categories = tableOf(parts.find((p) => p.title === 'costcategories')?.records ?? []);
  const categoryNames = new Map<string, string>();
  if (categories) {
    const id = categories.column('CostTypeID');
    const name = categories.column('Name');
    for (const r of categories.records) categoryNames.set(cell(r, id), cell(r, name));
  }
  const l = log
    ? {
        date: log.column('Data', 'Date'),
        odometer: log.columnStartingWith('Odo'),
        quantity: log.columnStartingWith('Fuel ('),
        full: log.column('Full'),
        total: log.columnStartingWith('Price'),
        notes: log.columnStartingWith('Notes'),
        city: log.columnStartingWith('City'),
        missed: log.column('Missed'),
        price: log.column('VolumePrice'),
      }
    : null;
  const k = costs
    ? {
        title: costs.column('CostTitle'),
        date: costs.column('Date'),
        odometer: costs.column('Odo'),
        type: costs.column('CostTypeID'),
        notes: costs.column('Notes'),
        cost: costs.column('Cost'),
        income: costs.column('isIncome'),
        template: costs.column('isTemplate'),
      }
    : null;
  const reader = common.Reader.resolve(
    input.overrides,
    [
      ...(log && l ? common.columnValues(log.records, l.date) : []),
      ...(costs && k ? common.columnValues(costs.records, k.date) : []),
    ],
    [
      ...(log && l ? common.columnValues(log.records, l.odometer, l.quantity, l.total, l.price) : []),
      ...(costs && k ? common.columnValues(costs.records, k.cost, k.odometer) : []),
    ],
    { date: 'yyyy-mm-dd', decimal: '.' },
  );
  const headerDistance = log && l ? common.distanceUnitOf(log.header[l.odometer] ?? '') : null;
  const distanceUnit = input.overrides.distanceUnit ?? headerDistance ?? input.carDistance;
  const headerVolume = log && l ? common.volumeUnitOf(log.header[l.quantity] ?? '') : null;
  const volumeUnit = input.overrides.volumeUnit ?? headerVolume ?? common.defaultVolume(distanceUnit);

  const rows: common.ParsedRow[] = [];
  if (log && l)
    rows.push(
      ...common.readRows(log.records, (r): common.DraftLog => {
        const quantity = reader.number(r, l.quantity, 'Fuel', { required: true })!;
        return common.fuelDraft(
          reader.date(r, l.date),
          reader.number(r, l.odometer, 'Odo', { required: true }),
          {
            quantity,
            unit: volumeUnit,
            ...common.tankFlags(r, { full: [l.full, 'Full'] }, [l.missed, 'Missed']),
            pricePerUnit: reader.number(r, l.price, 'VolumePrice'),
          },
          {
            cost: reader.number(r, l.total, 'Price'),
            location: cell(r, l.city) || null,
            content: common.notesHtml(cell(r, l.notes)),
          },
        );
      }),
    );
  if (costs && k)
    rows.push(
      ...common.readRows(costs.records, (r): common.DraftLog | null => {
        // Templates are reminders, incomes are not costs of the car: neither is a log.
        if (cell(r, k.template) === '1' || cell(r, k.income) === '1') return null;
        const title = cell(r, k.title);
        if (title === '') throw new common.RowError('CostTitle is missing');
        const odometer = reader.number(r, k.odometer, 'Odo');
        return {
          type: costType(categoryNames.get(cell(r, k.type)) ?? ''),
          title: title.slice(0, 200),
          startDate: reader.date(r, k.date),
          // Fuelio writes 0 for a cost without a reading.
          mileage: odometer === 0 ? null : odometer,
          cost: reader.number(r, k.cost, 'Cost'),
          location: null,
          content: common.notesHtml(cell(r, k.notes)),
          tags: [],
          fuel: null,
        };
      }),
    );
  return common.parsed(rows, distanceUnit, volumeUnit, reader);
}
