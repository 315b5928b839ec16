// aCar's sectioned export: a metadata row giving the date format (`"Version","Date Format"`), then
// sections titled `Fill-Up Records` and `Event Records` (others, such as `Vehicles`, are skipped),
// every cell quoted, values with thousands separators and currency signs, `Yes`/`No` flags, and
// each fill's distance and volume units in its own cells.
import { cell, headerKey, parseCsv, sections, tableOf, type CsvRecord, type Table } from '../csv';
import { dateFormatOfPattern } from '../values';
import * as common from './common';
import type { FuelUnit } from '../../../../src/contract/maintenance/units';

const TITLES = new Set([
  'acarrecords',
  'vehicles',
  'filluprecords',
  'eventrecords',
  'triprecords',
  'servicerecords',
  'expenserecords',
  'metadata',
]);

const isTitle = (r: CsvRecord): string | null => {
  const filled = r.cells.filter((c) => c.trim() !== '');
  return filled.length === 1 && r.cells.length <= 2 && TITLES.has(headerKey(filled[0]!))
    ? headerKey(filled[0]!)
    : null;
};

/** aCar's event types as Paddock log types. */
function eventType(type: string, subtype: string): string {
  const t = `${type} ${subtype}`.toLowerCase();
  if (/repair/.test(t)) return 'repair';
  if (/tax|registration/.test(t)) return 'tax';
  if (/insurance/.test(t)) return 'insurance';
  if (/inspection/.test(t)) return 'inspection';
  if (/wash|clean/.test(t)) return 'cleaning';
  if (/service|oil|maintenance|tire|tyre|brake/.test(t)) return 'maintenance';
  return 'other';
}

export function parseACar(input: common.ParseInput): common.Parsed {
  const records = parseCsv(input.text ?? '');
  const parts = sections(records, isTitle);
  // The metadata: the first table with a "Date Format" column.
  let pattern: string | null = null;
  for (const part of parts) {
    const t = tableOf(part.records);
    const i = t ? t.column('Date Format') : -1;
    if (t && i >= 0 && t.records[0]) {
      pattern = cell(t.records[0], i);
      break;
    }
  }
  const fills = tableOf(parts.find((p) => p.title === 'filluprecords')?.records ?? []);
  const events = tableOf(parts.find((p) => p.title === 'eventrecords')?.records ?? []);
  const f = fills ? fillColumns(fills) : null;
  const e = events ? eventColumns(events) : null;
  const dateCells = [
    ...(fills && f ? common.columnValues(fills.records, f.date) : []),
    ...(events && e ? common.columnValues(events.records, e.date) : []),
  ];
  const numberCells = [
    ...(fills && f ? common.columnValues(fills.records, f.odometer, f.volume, f.price, f.total) : []),
    ...(events && e ? common.columnValues(events.records, e.odometer, e.total) : []),
  ];
  const given = pattern ? dateFormatOfPattern(pattern) : null;
  const reader = common.Reader.resolve(
    { ...input.overrides, dateFormat: input.overrides.dateFormat ?? given ?? undefined },
    dateCells,
    numberCells,
    { date: 'mm/dd/yyyy', decimal: '.' },
  );
  // The file's units: from its first fill's cells, unless the member says.
  const first = fills?.records[0];
  const fileDistance =
    input.overrides.distanceUnit ??
    (first && f ? common.distanceUnitOf(cell(first, f.distanceUnit)) : null) ??
    input.carDistance;
  const fileVolume: FuelUnit =
    input.overrides.volumeUnit ??
    (first && f ? common.volumeUnitOf(cell(first, f.volumeUnit)) : null) ??
    (fileDistance === 'mi' ? 'gal_us' : 'l');

  const rows: common.ParsedRow[] = [];
  if (fills && f)
    rows.push(
      ...common.readRows(
        fills.records,
        (r): common.DraftLog => {
          const quantity = reader.number(r, f.volume, 'Volume', { required: true })!;
          const price = reader.number(r, f.price, 'Price per Unit');
          const rowUnit =
            input.overrides.volumeUnit ?? common.volumeUnitOf(cell(r, f.volumeUnit)) ?? fileVolume;
          return common.fuelDraft(
            reader.date(r, f.date),
            reader.number(r, f.odometer, 'Odometer Reading', { required: true }),
            {
              quantity,
              unit: rowUnit,
              ...common.tankFlags(r, { partial: [f.partial, 'Partial Fill-Up?'] }, [
                f.missed,
                'Previously Missed Fill-Ups?',
              ]),
              pricePerUnit: price,
            },
            {
              title: common.titleOf(cell(r, f.brand) || cell(r, f.fuelType), 'Fill-up'),
              cost: common.fillCost(reader.number(r, f.total, 'Total Cost'), price, quantity),
              location: cell(r, f.station) || null,
              content: common.notesHtml(cell(r, f.notes)),
              tags: common.splitTags(cell(r, f.tags)),
            },
          );
        },
        f.vehicle,
      ),
    );
  if (events && e)
    rows.push(
      ...common.readRows(
        events.records,
        (r): common.DraftLog => {
          const type = cell(r, e.type);
          const subtype = cell(r, e.subtype);
          const title = cell(r, e.description) || subtype || type || 'Event';
          return {
            type: eventType(type, subtype),
            title: title.slice(0, 200),
            startDate: reader.date(r, e.date),
            mileage: reader.number(r, e.odometer, 'Odometer Reading'),
            cost: reader.number(r, e.total, 'Total Cost'),
            location: cell(r, e.place) || null,
            content: common.notesHtml(cell(r, e.notes)),
            tags: common.splitTags(cell(r, e.tags)),
            fuel: null,
          };
        },
        e.vehicle,
      ),
    );
  return common.parsed(rows, fileDistance, fileVolume, reader);
}

function fillColumns(t: Table) {
  return {
    vehicle: t.column('Vehicle'),
    date: t.column('Date'),
    odometer: t.column('Odometer Reading', 'Odometer'),
    distanceUnit: t.column('Distance Unit'),
    volume: t.column('Volume'),
    volumeUnit: t.column('Volume Unit'),
    price: t.column('Price per Unit', 'Price'),
    total: t.column('Total Cost'),
    partial: t.column('Partial Fill-Up?', 'Partial?', 'Partial', 'Partial Fill-Up'),
    missed: t.column(
      'Previously Missed Fill-Ups?',
      'Previous Missed Fill-Ups?',
      'Previously Missed Fill-Ups',
      'Previous Missed Fill-Ups',
    ),
    brand: t.column('Fuel Brand'),
    fuelType: t.column('Fuel Type'),
    station: t.column('Fueling Station Address', 'Fueling Station'),
    notes: t.column('Notes'),
    tags: t.column('Tags'),
  };
}

function eventColumns(t: Table) {
  return {
    vehicle: t.column('Vehicle'),
    date: t.column('Date'),
    odometer: t.column('Odometer Reading', 'Odometer'),
    type: t.column('Type'),
    subtype: t.column('Sub Types', 'Subtype', 'Subtypes', 'Services', 'Expenses'),
    description: t.column('Description'),
    total: t.column('Total Cost'),
    place: t.column('Place Name', 'Place Address', 'Place'),
    notes: t.column('Notes'),
    tags: t.column('Tags'),
  };
}
