// Drivvo's sectioned export: `##Refuelling`, `##Service` and `##Expense` sections (their titles and
// headers in the member's language), each with its own header row. Columns are found by their names
// in English, Portuguese, Spanish, French, German and Italian, never by position.
import { cell, headerKey, parseCsv, sections, tableOf, type CsvRecord, type Table } from '../csv';
import * as common from './common';
import { parseBoolean } from '../values';

type Kind = 'refuel' | 'service' | 'expense';

const SECTION_WORDS: Record<Kind, string[]> = {
  refuel: ['refuel', 'abastec', 'repostaj', 'ravitaill', 'plein', 'tank', 'rifornim', 'fuel'],
  service: ['service', 'servico', 'servicio', 'entretien', 'wartung', 'manutenz', 'manutenc', 'mantenim'],
  expense: ['expense', 'despesa', 'gasto', 'depense', 'ausgabe', 'kosten', 'spes'],
};

function kindOf(title: string): Kind | 'other' {
  const key = headerKey(title);
  for (const kind of ['refuel', 'service', 'expense'] as const)
    if (SECTION_WORDS[kind].some((w) => key.includes(w))) return kind;
  return 'other';
}

const isTitle = (r: CsvRecord): string | null => {
  const first = (r.cells[0] ?? '').trim();
  return first.startsWith('##') && r.cells.slice(1).every((c) => c.trim() === '')
    ? first.slice(2).trim()
    : null;
};

/** Header names of one field, in the languages Drivvo speaks (compared by headerKey). */
const NAMES = {
  date: ['Date', 'Data', 'Fecha', 'Datum', 'Date/Time', 'Data/Hora'],
  odometer: [
    'Odometer',
    'Odômetro',
    'Odómetro',
    'Odomètre',
    'Kilométrage',
    'Kilometerstand',
    'Tachimetro',
    'Contachilometri',
    'Odometro',
  ],
  quantity: [
    'Liters',
    'Litres',
    'Volume',
    'Quantity',
    'Litros',
    'Volumen',
    'Quantité',
    'Litri',
    'Menge',
    'Liter',
    'Quantidade',
    'Cantidad',
    'Quantità',
    'Gallons',
  ],
  price: [
    'Price',
    'Price/L',
    'Preço',
    'Preço/L',
    'Precio',
    'Precio/L',
    'Prix',
    'Prix/L',
    'Preis',
    'Preis/L',
    'Prezzo',
    'Prezzo/L',
    'Fuel price',
    'Unit price',
  ],
  total: [
    'Total cost',
    'Total',
    'Valor total',
    'Costo total',
    'Coût total',
    'Montant',
    'Gesamtkosten',
    'Gesamtbetrag',
    'Costo totale',
    'Cost',
    'Amount',
    'Valor',
    'Importe',
  ],
  full: [
    'Filled tank completely',
    'Filled tank completely?',
    'Tanque completo',
    'Completou o tanque',
    'Llenó el tanque',
    'Full tank',
    'Full tank?',
    'Tanque cheio',
    'Tanque lleno',
    'Plein complet',
    'Réservoir plein',
    'Plein',
    'Volltank',
    'Vollgetankt',
    'Pieno',
  ],
  missed: [
    'Missed previous refuelling',
    'Missed previous refueling',
    'Forgot to record previous refuelling',
    'Missed previous',
    'Forgot previous',
    'Esqueceu o abastecimento anterior',
    'Olvidó el repostaje anterior',
    'Plein précédent oublié',
    'Vorherige Tankung vergessen',
    'Rifornimento precedente dimenticato',
  ],
  notes: [
    'Notes',
    'Note',
    'Observation',
    'Observação',
    'Observações',
    'Observaciones',
    'Notas',
    'Notizen',
    'Bemerkung',
    'Remarques',
  ],
  place: [
    'Gas station',
    'Station',
    'Place',
    'Posto',
    'Local',
    'Gasolinera',
    'Lugar',
    'Station-service',
    'Lieu',
    'Tankstelle',
    'Ort',
    'Distributore',
    'Luogo',
  ],
  kindName: [
    'Type of service',
    'Service type',
    'Service',
    'Type of expense',
    'Expense type',
    'Expense',
    'Tipo de serviço',
    'Tipo de despesa',
    'Tipo de servicio',
    'Tipo de gasto',
    'Type de service',
    "Type d'entretien",
    'Type de dépense',
    'Serviceart',
    'Ausgabenart',
    'Tipo di servizio',
    'Tipo di spesa',
    'Type',
    'Tipo',
    'Art',
  ],
  title: [
    'Description',
    'Descrição',
    'Descripción',
    'Beschreibung',
    'Descrizione',
    'Title',
    'Título',
    'Titre',
  ],
  fuelName: ['Fuel', 'Combustível', 'Combustible', 'Carburant', 'Kraftstoff', 'Carburante'],
};

/** A refuelling's second and third fuels: `Second fuel`, `Second fuel price`, `Third fuel volume`… */
const MORE_FUELS = [
  ['Second fuel', 'Second', 'Segundo combustível', 'Segundo combustible'],
  ['Third fuel', 'Third', 'Terceiro combustível', 'Tercer combustible'],
] as const;

/** The columns of one more fuel: its name, price, total, volume and full-tank flag. */
function moreFuelColumns(t: Table, prefixes: readonly string[]) {
  const of = (...suffixes: string[]) => {
    for (const prefix of prefixes)
      for (const suffix of suffixes) {
        const i = t.column(suffix === '' ? prefix : `${prefix} ${suffix}`);
        if (i >= 0) return i;
      }
    return -1;
  };
  return {
    name: of('', 'name', 'type'),
    price: of('price', 'unit price', 'preço', 'precio'),
    total: of('total cost', 'total', 'valor total', 'costo total'),
    quantity: of('volume', 'quantity', 'liters', 'litres', 'litros'),
    full: of('filled tank completely', 'full tank', 'tanque completo'),
  };
}

function find(t: Table, names: string[]): number {
  const exact = t.column(...names);
  if (exact >= 0) return exact;
  // Headers with a unit or a question mark added: "Price (€/L)", "Full tank?".
  return t.columnStartingWith(...names.filter((n) => headerKey(n).length >= 5));
}

const notesOf = (r: CsvRecord, i: number) => common.notesHtml(cell(r, i));

export function parseDrivvo(input: common.ParseInput): common.Parsed {
  const parts = sections(parseCsv(input.text ?? ''), isTitle)
    .map((p) => ({ kind: kindOf(p.title), table: tableOf(p.records) }))
    .filter((p): p is { kind: Kind; table: Table } => p.kind !== 'other' && p.table !== null);
  const columns = parts.map(({ kind, table }) => ({
    kind,
    table,
    c: Object.fromEntries(Object.entries(NAMES).map(([k, names]) => [k, find(table, names)])) as Record<
      keyof typeof NAMES,
      number
    >,
  }));
  const reader = common.Reader.resolve(
    input.overrides,
    columns.flatMap(({ table, c }) => common.columnValues(table.records, c.date)),
    columns.flatMap(({ table, c }) =>
      common.columnValues(table.records, c.odometer, c.quantity, c.price, c.total),
    ),
    { date: 'dd/mm/yyyy', decimal: ',' },
  );
  const distanceUnit = input.overrides.distanceUnit ?? input.carDistance;
  const refuel = columns.find((p) => p.kind === 'refuel');
  const headerVolume = refuel ? common.volumeUnitOf(refuel.table.header[refuel.c.quantity] ?? '') : null;
  const volumeUnit = input.overrides.volumeUnit ?? headerVolume ?? common.defaultVolume(distanceUnit);

  const rows: common.ParsedRow[] = [];
  for (const { kind, table, c } of columns) {
    rows.push(
      ...common.readRows(table.records, (r): common.DraftLog | common.DraftLog[] => {
        const startDate = reader.date(r, c.date);
        const mileage = reader.number(r, c.odometer, 'the odometer');
        const total = reader.number(r, c.total, 'the total cost');
        if (kind === 'refuel') {
          const missed = c.missed < 0 ? false : parseBoolean(cell(r, c.missed));
          if (missed === null)
            throw new common.RowError('the missed flag is neither yes nor no', 'unreadable-flag', {
              column: table.header[c.missed] ?? '',
              value: cell(r, c.missed).slice(0, 40),
            });
          // Up to three fuels, each its own fill at the same reading.
          const fuels = [
            { name: c.fuelName, price: c.price, total, quantity: c.quantity, full: c.full },
            ...MORE_FUELS.map((prefixes) => {
              const m = moreFuelColumns(table, prefixes);
              return { ...m, total: reader.number(r, m.total, 'the total cost') };
            }),
          ];
          const fills: {
            name: string;
            quantity: number;
            price: number | null;
            total: number | null;
            full: boolean;
          }[] = [];
          for (const [i, f] of fuels.entries()) {
            const quantity = reader.number(r, f.quantity, 'the quantity', { required: i === 0 });
            if (quantity === null) continue;
            const full = f.full < 0 ? true : parseBoolean(cell(r, f.full));
            if (full === null)
              throw new common.RowError('the full-tank flag is neither yes nor no', 'unreadable-flag', {
                column: table.header[f.full] ?? '',
                value: cell(r, f.full).slice(0, 40),
              });
            const price = reader.number(r, f.price, 'the price');
            fills.push({ name: cell(r, f.name), quantity, price, total: f.total, full });
          }
          // The fuels of one refuelling go in one after the other: the tank is full after the last
          // one when any says so (the earlier ones count as partials summed into it).
          const fullAfter = fills.some((f) => f.full);
          return fills.map((f, i) =>
            common.fuelDraft(
              startDate,
              mileage,
              {
                quantity: f.quantity,
                unit: volumeUnit,
                fullTank: fills.length === 1 ? f.full : i === fills.length - 1 && fullAfter,
                missedPrevious: i === 0 && missed,
                pricePerUnit: f.price,
              },
              {
                title: common.titleOf(f.name, 'Fill-up'),
                cost: common.fillCost(f.total, f.price, f.quantity),
                location: cell(r, c.place) || null,
                content: i === 0 ? notesOf(r, c.notes) : null,
              },
            ),
          );
        }
        const name = cell(r, c.kindName) || cell(r, c.title) || (kind === 'service' ? 'Service' : 'Expense');
        return {
          type: kind === 'service' ? 'maintenance' : 'other',
          title: name.slice(0, 200),
          startDate,
          mileage,
          cost: total,
          location: cell(r, c.place) || null,
          content: notesOf(r, c.notes),
          tags: [],
          fuel: null,
        };
      }),
    );
  }
  return common.parsed(rows, distanceUnit, volumeUnit, reader);
}
