// A car's logs as CSV: Paddock's own lossless format, or LubeLogger's fuel or service records.
import type { CarLog } from '../../../src/contract/garage';
import {
  distanceUnitOf,
  energyOfFuelUnit,
  fromBaseQuantity,
  toBaseQuantity,
  type FuelUnit,
} from '../../../src/contract/maintenance/units';
import { htmlToText } from '../http/rich-text';
import { csvLine } from './csv-write';
import { paddockHeaderLine, paddockLine } from './formats/paddock';

export type ExportKind = 'fuel' | 'service' | 'all';

const ofKind = (logs: CarLog[], kind: ExportKind) =>
  kind === 'all' ? logs : logs.filter((l) => (kind === 'fuel' ? l.fuel !== undefined : l.fuel === undefined));

export function paddockCsv(logs: CarLog[], mileageUnit: string, kind: ExportKind): string {
  return paddockHeaderLine(distanceUnitOf(mileageUnit)) + ofKind(logs, kind).map(paddockLine).join('');
}

/** Quill HTML as plain text: a line a paragraph. */
export function plainText(html: string | null): string {
  return htmlToText(html).replace(/\n+$/, '').trim();
}

/** LubeLogger has one fuel unit a vehicle: the most used one; liquid fills are converted to it. */
function lubeLoggerUnit(fills: CarLog[]): FuelUnit {
  const counts = new Map<FuelUnit, number>();
  for (const l of fills) counts.set(l.fuel!.unit, (counts.get(l.fuel!.unit) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'l';
}

export function lubeLoggerCsv(logs: CarLog[], kind: 'fuel' | 'service'): string {
  const tags = (l: CarLog) => l.tags.map((t) => t.replace(/\s+/g, '_')).join(' ');
  if (kind === 'fuel') {
    const fills = ofKind(logs, 'fuel');
    const unit = lubeLoggerUnit(fills);
    const head = csvLine([
      'Date',
      'Odometer',
      'FuelConsumed',
      'Cost',
      'FuelEconomy',
      'IsFillToFull',
      'MissedFuelUp',
      'Notes',
      'Tags',
    ]);
    return (
      head +
      fills
        .map((l) => {
          const fuel = l.fuel!;
          const sameEnergy = energyOfFuelUnit(fuel.unit) === energyOfFuelUnit(unit);
          const quantity = sameEnergy
            ? fromBaseQuantity(toBaseQuantity(fuel.quantity, fuel.unit), unit)
            : fuel.quantity;
          return csvLine([
            l.startDate,
            l.mileage,
            Math.round(quantity * 1000) / 1000,
            l.cost ?? 0,
            null,
            fuel.fullTank ? 'True' : 'False',
            fuel.missedPrevious ? 'True' : 'False',
            [l.title !== 'Fill-up' ? l.title : '', plainText(l.content)].filter(Boolean).join('\n'),
            tags(l),
          ]);
        })
        .join('')
    );
  }
  const head = csvLine(['Date', 'Description', 'Cost', 'Notes', 'Odometer', 'Tags']);
  return (
    head +
    ofKind(logs, 'service')
      .map((l) => csvLine([l.startDate, l.title, l.cost ?? 0, plainText(l.content), l.mileage, tags(l)]))
      .join('')
  );
}
