// Drivvo's sectioned export: `##Refuelling`, `##Service` and `##Expense` sections (some versions
// write `#Reabastecimiento`, one `#`), each with its own header row in the member's language. Columns
// are found by their names in English, Portuguese, Spanish, French, German, Italian and Russian. Real
// exports (see tests/fixtures/imports/README.md) repeat the first fuel's names for the second and
// third fuels (`Price / L` three times, `"Filled tank completely" 2` with the digit after the closing
// quote), so those blocks are read by their place after `Second fuel` / `Third fuel`; unused blocks
// hold `0`s. An odometer of `0.0` is "not recorded". iPhone exports end their lines with CR alone.
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

/** A section title: `##Refuelling`, or `#Reabastecimiento` (one `#`, no space: Fuelio's `## Log` is not one). */
export const DRIVVO_TITLE = /^#{1,2}[^#\s]/;

const isTitle = (r: CsvRecord): string | null => {
  const first = (r.cells[0] ?? '').trim();
  return DRIVVO_TITLE.test(first) && r.cells.slice(1).every((c) => c.trim() === '')
    ? first.replace(/^#+/, '').trim()
    : null;
};

/** Header names of one field, in the languages Drivvo speaks (compared by headerKey). */
const NAMES = {
  date: ['Date', 'Data', 'Fecha', 'Datum', 'Date/Time', 'Data/Hora', 'Дата'],
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
    'Одометр',
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
    'Объем',
    'Объём',
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
    'Цена / л',
    'Цена',
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
    'Общая стоимость',
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
    'Полный бак',
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
    'Примечание',
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
    'Азс',
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
    'Вид сервиса',
    'Вид расхода',
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
    'Заголовок',
    'Название сервиса',
    'Service name',
  ],
  fuelName: ['Fuel', 'Combustível', 'Combustible', 'Carburant', 'Kraftstoff', 'Carburante', 'Топливо'],
};

/** A refuelling's second and third fuels: `Second fuel`, `Second fuel price`, `Third fuel volume`… */
const MORE_FUELS = [
  ['Second fuel', 'Second', 'Segundo combustível', 'Segundo combustible', 'Второе топливо'],
  ['Third fuel', 'Third', 'Terceiro combustível', 'Tercer combustible', 'Третье топливо'],
] as const;

/**
 * The columns of one more fuel: its name, price, total, volume and full-tank flag. Named columns
 * (`Second fuel price`) when the file has them, else the four columns after the fuel's name, in the
 * first fuel's order (price, total, volume, full), as the real exports write them.
 */
function moreFuelColumns(t: Table, prefixes: readonly string[]) {
  const of = (...suffixes: string[]) => {
    for (const prefix of prefixes)
      for (const suffix of suffixes) {
        const i = t.column(suffix === '' ? prefix : `${prefix} ${suffix}`);
        if (i >= 0) return i;
      }
    return -1;
  };
  const named = {
    name: of('', 'name', 'type'),
    price: of('price', 'unit price', 'preço', 'precio'),
    total: of('total cost', 'total', 'valor total', 'costo total'),
    quantity: of('volume', 'quantity', 'liters', 'litres', 'litros'),
    full: of('filled tank completely', 'full tank', 'tanque completo'),
  };
  if (named.name < 0 || named.quantity >= 0) return named;
  const at = (offset: number) => (named.name + offset < t.header.length ? named.name + offset : -1);
  return { name: named.name, price: at(1), total: at(2), quantity: at(3), full: at(4) };
}

/** Drivvo writes `0.0` for an odometer not recorded (an insurance paid at home): no reading. */
const reading = (value: number | null) => (value === 0 ? null : value);

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

  // A refuelling's fuels are fills of their own energies when the file's fuels are of several
  // (LPG and petrol, a plug-in hybrid's petrol and electricity); else every fill is of the car's main
  // energy, as before energies existed.
  const fuelNames: string[] = [];
  if (refuel) {
    const nameColumns = [
      refuel.c.fuelName,
      ...MORE_FUELS.map((prefixes) => moreFuelColumns(refuel.table, prefixes).name),
    ].filter((i) => i >= 0);
    for (const r of refuel.table.records) for (const i of nameColumns) fuelNames.push(cell(r, i));
  }
  const energyOf = common.energiesOfFile(fuelNames);

  const rows: common.ParsedRow[] = [];
  for (const { kind, table, c } of columns) {
    rows.push(
      ...common.readRows(table.records, (r): common.DraftLog | common.DraftLog[] => {
        const startDate = reader.date(r, c.date);
        const mileage = reading(reader.number(r, c.odometer, 'the odometer'));
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
            energy: string | null;
            quantity: number;
            price: number | null;
            total: number | null;
            full: boolean;
          }[] = [];
          for (const [i, f] of fuels.entries()) {
            const quantity = reader.number(r, f.quantity, 'the quantity', { required: i === 0 });
            // An unused second or third fuel: empty, or the `0`s the real exports write.
            if (quantity === null || (i > 0 && quantity === 0)) continue;
            const full = f.full < 0 ? true : parseBoolean(cell(r, f.full));
            if (full === null)
              throw new common.RowError('the full-tank flag is neither yes nor no', 'unreadable-flag', {
                column: table.header[f.full] ?? '',
                value: cell(r, f.full).slice(0, 40),
              });
            const price = reader.number(r, f.price, 'the price');
            const name = cell(r, f.name);
            const energy = energyOf(name);
            fills.push({ name, energy, quantity, price, total: f.total, full });
          }
          // The fuels of one energy in one refuelling go in one after the other: that tank is full
          // after the last one when any says so (the earlier ones count as partials summed into it).
          // Each energy has its own tank: a second fuel of another energy keeps its own flag.
          const sameEnergy = (f: (typeof fills)[number]) => fills.filter((g) => g.energy === f.energy);
          return fills.map((f, i) => {
            const group = sameEnergy(f);
            const fullTank = group.length === 1 ? f.full : group.at(-1) === f && group.some((g) => g.full);
            return common.fuelDraft(
              startDate,
              mileage,
              {
                quantity: f.quantity,
                unit: f.energy === 'electric' ? 'kwh' : volumeUnit,
                fullTank,
                missedPrevious: i === 0 && missed,
                pricePerUnit: f.price,
                ...(f.energy === null ? {} : { energy: f.energy }),
              },
              {
                title: common.titleOf(f.name, 'Fill-up'),
                cost: common.fillCost(f.total, f.price, f.quantity),
                location: cell(r, c.place) || null,
                content: i === 0 ? notesOf(r, c.notes) : null,
              },
            );
          });
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
