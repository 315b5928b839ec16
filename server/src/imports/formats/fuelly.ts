// Fuelly's exports. The web export: `car_name,model,l/100km|mpg,odometer,km|miles,litres|gallons,
// price,city_percentage,fuelup_date,date_added,tags,notes,missed_fuelup,partial_fuelup,latitude,
// longitude,brand` (`price` per unit; `km`/`miles` the trip since the previous fill, which gives the
// odometer when a row has none). The app export: `Type,MPG,Date,Time,Vehicle,Odometer,Filled Up,
// Price,Gallons,Total Cost,…`, rows typed Gas or Service. Fuelly's gallons are US gallons unless
// the member says UK.
import { cell } from '../csv';
import * as common from './common';

export function parseFuellyWeb(input: common.ParseInput): common.Parsed {
  const t = common.headerTable(input);
  const miles = t.column('miles') >= 0 || t.column('mpg') >= 0;
  const gallons = t.column('gallons') >= 0;
  const c = {
    odometer: t.column('odometer'),
    trip: t.column('km', 'miles'),
    quantity: t.column('litres', 'liters', 'gallons'),
    price: t.column('price'),
    date: t.column('fuelup_date'),
    tags: t.column('tags'),
    notes: t.column('notes'),
    missed: t.column('missed_fuelup'),
    partial: t.column('partial_fuelup'),
    brand: t.column('brand'),
  };
  const reader = common.Reader.ofTable(
    input.overrides,
    t,
    c.date,
    [c.odometer, c.trip, c.quantity, c.price],
    { date: 'yyyy-mm-dd', decimal: '.' },
  );
  const distanceUnit = input.overrides.distanceUnit ?? (miles ? 'mi' : 'km');
  const volumeUnit = input.overrides.volumeUnit ?? (gallons ? 'gal_us' : 'l');
  let previous: number | null = null;
  const rows = common.readRows(
    t.records,
    (r) => {
      const quantity = reader.number(r, c.quantity, 'the quantity', { required: true })!;
      const price = reader.number(r, c.price, 'price');
      let odometer = reader.number(r, c.odometer, 'odometer');
      const trip = reader.number(r, c.trip, 'trip');
      if (odometer === null && previous !== null && trip !== null) odometer = previous + trip;
      const draft = common.fuelDraft(
        reader.date(r, c.date),
        odometer,
        {
          quantity,
          unit: volumeUnit,
          ...common.tankFlags(r, { partial: [c.partial, 'partial_fuelup'] }, [c.missed, 'missed_fuelup']),
          pricePerUnit: price,
        },
        {
          title: common.titleOf(cell(r, c.brand), 'Fill-up'),
          cost: common.fillCost(null, price, quantity),
          content: common.notesHtml(cell(r, c.notes)),
          tags: common.splitTags(cell(r, c.tags)),
        },
      );
      previous = odometer;
      return draft;
    },
    t.column('car_name'),
  );
  return common.parsed(rows, distanceUnit, volumeUnit, reader);
}

export function parseFuellyApp(input: common.ParseInput): common.Parsed {
  const t = common.headerTable(input);
  const c = {
    type: t.column('Type'),
    date: t.column('Date'),
    odometer: t.column('Odometer'),
    filled: t.column('Filled Up', 'Full'),
    price: t.column('Price'),
    quantity: t.column('Gallons', 'Litres', 'Liters', 'Volume'),
    total: t.column('Total Cost', 'Cost'),
    missed: t.column('Missed Fuelup', 'Missed Fuel-up', 'Missed'),
    notes: t.column('Notes', 'Note'),
    tags: t.column('Tags'),
    services: t.column('Services', 'Service', 'Description'),
    station: t.column('Station', 'Brand', 'Location'),
  };
  const gallons = t.column('Gallons') >= 0;
  const reader = common.Reader.ofTable(
    input.overrides,
    t,
    c.date,
    [c.odometer, c.price, c.quantity, c.total],
    { date: 'mm/dd/yyyy', decimal: '.' },
  );
  const distanceUnit = input.overrides.distanceUnit ?? (gallons || t.column('MPG') >= 0 ? 'mi' : 'km');
  const volumeUnit = input.overrides.volumeUnit ?? (gallons ? 'gal_us' : 'l');
  const rows = common.readRows(
    t.records,
    (r) => {
      const kind = cell(r, c.type).toLowerCase();
      const startDate = reader.date(r, c.date);
      const odometer = reader.number(r, c.odometer, 'Odometer');
      const total = reader.number(r, c.total, 'Total Cost');
      const notes = common.notesHtml(cell(r, c.notes));
      const tags = common.splitTags(cell(r, c.tags));
      if (kind === 'gas' || kind === 'fuel' || kind === 'fuelup') {
        const quantity = reader.number(r, c.quantity, 'the quantity', { required: true })!;
        const price = reader.number(r, c.price, 'Price');
        return common.fuelDraft(
          startDate,
          odometer,
          {
            quantity,
            unit: volumeUnit,
            ...common.tankFlags(r, { full: [c.filled, 'Filled Up'] }, [c.missed, 'Missed']),
            pricePerUnit: price,
          },
          {
            cost: common.fillCost(total, price, quantity),
            content: notes,
            tags,
            location: cell(r, c.station) || null,
          },
        );
      }
      if (kind === 'service') {
        return {
          type: 'maintenance',
          title: common.titleOf(cell(r, c.services), 'Service'),
          startDate,
          mileage: odometer,
          cost: total,
          content: notes,
          location: cell(r, c.station) || null,
          tags,
          fuel: null,
        };
      }
      throw new common.RowError(`the type "${cell(r, c.type)}" is neither Gas nor Service`);
    },
    t.column('Vehicle'),
  );
  return common.parsed(rows, distanceUnit, volumeUnit, reader);
}

/** Fuelly's service types as Paddock log types. */
function serviceType(text: string): string {
  const t = text.toLowerCase();
  if (/repair|replace|fix/.test(t)) return 'repair';
  if (/registration|tax/.test(t)) return 'tax';
  if (/insurance/.test(t)) return 'insurance';
  if (/inspection|emission|smog/.test(t)) return 'inspection';
  if (/wash|detail|clean/.test(t)) return 'cleaning';
  if (/upgrade|modif|accessor/.test(t)) return 'modification';
  return 'maintenance';
}

/**
 * Fuelly's services export: `car_name,model,odometer,price,service_date,date_added,tags,service_type,
 * sub_service_types,notes,latitude,longitude` (`price` the service's total; `sub_service_types` the
 * services done, such as "Oil Change, Tire Rotation").
 */
export function parseFuellyServices(input: common.ParseInput): common.Parsed {
  const t = common.headerTable(input);
  const c = {
    odometer: t.column('odometer'),
    price: t.column('price', 'cost'),
    date: t.column('service_date', 'date'),
    tags: t.column('tags'),
    type: t.column('service_type'),
    subtypes: t.column('sub_service_types', 'service_types'),
    notes: t.column('notes'),
  };
  const reader = common.Reader.ofTable(input.overrides, t, c.date, [c.odometer, c.price], {
    date: 'mm/dd/yyyy',
    decimal: '.',
  });
  const distanceUnit = input.overrides.distanceUnit ?? input.carDistance;
  const volumeUnit = input.overrides.volumeUnit ?? common.defaultVolume(distanceUnit);
  const rows = common.readRows(
    t.records,
    (r) => {
      const type = cell(r, c.type);
      const subtypes = cell(r, c.subtypes);
      return {
        type: serviceType(`${type} ${subtypes}`),
        title: common.titleOf(subtypes || type, 'Service'),
        startDate: reader.date(r, c.date),
        mileage: reader.number(r, c.odometer, 'odometer'),
        cost: reader.number(r, c.price, 'price (total cost)'),
        content: common.notesHtml(cell(r, c.notes)),
        location: null,
        tags: common.splitTags(cell(r, c.tags)),
        fuel: null,
      };
    },
    t.column('car_name'),
  );
  return common.parsed(rows, distanceUnit, volumeUnit, reader);
}
