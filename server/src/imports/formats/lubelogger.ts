// LubeLogger's CSV exports: fuel (`Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,
// MissedFuelUp,Notes,Tags`, extra `extrafield_*` columns kept in the notes), service, repair and
// upgrade records (`Date,Description,Cost,Notes,Odometer,Tags`) and taxes (`Date,Description,Cost,
// Notes,Tags`). LubeLogger writes dates and numbers in its server's culture: both are guessed from
// the whole column unless the member says.
import { cell, type CsvRecord, type Table } from '../csv';
import * as common from './common';

/** A row's `extrafield_*` cells as `name: value` note lines (the empty ones left out). */
function extraNotesOf(t: Table): (r: CsvRecord) => string[] {
  const extras = t.header.map((name, i) => ({ name, i })).filter(({ name }) => /^extrafield_/i.test(name));
  return (r) =>
    extras
      .map(({ name, i }) => [name.replace(/^extrafield_/i, ''), cell(r, i)] as const)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => `${k}: ${v}`);
}

/** A LubeLogger export: its table, the columns every export has, and a row's extra-field notes. */
function lubeLoggerTable(input: common.ParseInput) {
  const t = common.headerTable(input);
  const shared = {
    date: t.column('Date'),
    odometer: t.column('Odometer'),
    cost: t.column('Cost'),
    notes: t.column('Notes'),
    tags: t.column('Tags'),
  };
  return { t, shared, extraNotes: extraNotesOf(t) };
}

export function parseLubeLoggerFuel(input: common.ParseInput): common.Parsed {
  const { t, shared, extraNotes } = lubeLoggerTable(input);
  const c = {
    ...shared,
    quantity: t.column('FuelConsumed'),
    full: t.column('IsFillToFull'),
    missed: t.column('MissedFuelUp'),
  };
  const reader = common.Reader.ofTable(input.overrides, t, c.date, [c.odometer, c.quantity, c.cost], {
    date: 'mm/dd/yyyy',
    decimal: '.',
  });
  const distanceUnit = input.overrides.distanceUnit ?? input.carDistance;
  const volumeUnit = input.overrides.volumeUnit ?? common.defaultVolume(distanceUnit);
  const rows = common.readRows(t.records, (r) => {
    const quantity = reader.number(r, c.quantity, 'FuelConsumed', { required: true })!;
    const cost = reader.number(r, c.cost, 'Cost');
    return common.fuelDraft(
      reader.date(r, c.date),
      reader.number(r, c.odometer, 'Odometer', { required: true }),
      {
        quantity,
        unit: volumeUnit,
        ...common.tankFlags(r, { full: [c.full, 'IsFillToFull'] }, [c.missed, 'MissedFuelUp']),
        pricePerUnit: cost !== null && quantity > 0 ? Math.round((cost / quantity) * 1000) / 1000 : null,
      },
      {
        cost,
        content: common.notesHtml(cell(r, c.notes), ...extraNotes(r)),
        tags: common.splitTags(cell(r, c.tags), { spaces: true }),
      },
    );
  });
  return common.parsed(rows, distanceUnit, volumeUnit, reader);
}

/** Service, repair, upgrade and tax records, as the log type given (the format names the tab). */
export function parseLubeLoggerRecords(
  input: common.ParseInput,
  type: 'maintenance' | 'repair' | 'modification' | 'tax',
): common.Parsed {
  const { t, shared, extraNotes } = lubeLoggerTable(input);
  const c = { ...shared, description: t.column('Description') };
  const reader = common.Reader.ofTable(input.overrides, t, c.date, [c.odometer, c.cost], {
    date: 'mm/dd/yyyy',
    decimal: '.',
  });
  const distanceUnit = input.overrides.distanceUnit ?? input.carDistance;
  const rows = common.readRows(t.records, (r) => {
    const title = cell(r, c.description);
    if (title === '')
      throw new common.RowError('the description is missing', 'missing-value', { field: 'title' });
    return {
      type,
      title: title.slice(0, 200),
      startDate: reader.date(r, c.date),
      mileage: reader.number(r, c.odometer, 'Odometer'),
      cost: reader.number(r, c.cost, 'Cost'),
      content: common.notesHtml(cell(r, c.notes), ...extraNotes(r)),
      location: null,
      tags: common.splitTags(cell(r, c.tags), { spaces: true }),
      fuel: null,
    };
  });
  const volumeUnit = input.overrides.volumeUnit ?? common.defaultVolume(distanceUnit);
  return common.parsed(rows, distanceUnit, volumeUnit, reader);
}
