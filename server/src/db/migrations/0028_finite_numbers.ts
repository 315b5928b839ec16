import { sql, type Kysely } from 'kysely';

// Bodies once coerced the strings "Infinity" and "-Infinity" into numbers, and a few were stored
// (a log's mileage or cost, a reminder's distance): from then the car's log list, odometer, stats,
// dossier and reminders failed to read them. Writes now refuse any number that is not finite
// (server/src/db/stored-values.ts); this clears the ones already stored. Each is set to NULL, which
// every reader already takes as "not given" (a clamped value would be a made-up figure in the
// member's history); a fill-up whose quantity is gone loses its whole fill-up (unit, price, flags),
// since a fill-up without a quantity is no fill-up to the economy figures.
//
// Non-finite in both dialects: SQLite stores ±Infinity as a REAL beyond any finite bound (and NaN
// as NULL); PostgreSQL's double precision holds ±Infinity and NaN, and NaN sorts above every number.

/** The numeric columns a member's body or file can set, per table. */
const COLUMNS: Record<string, string[]> = {
  cars: ['year', 'mileage'],
  car_logs: ['cost_cents', 'mileage', 'fuel_price_per_unit'],
  reminders: [
    'interval_months',
    'interval_distance',
    'due_mileage',
    'soon_days',
    'soon_distance',
    'created_mileage',
  ],
};

const FUEL_COLUMNS = [
  'fuel_quantity',
  'fuel_unit',
  'fuel_full_tank',
  'fuel_missed_previous',
  'fuel_price_per_unit',
];

const notFinite = (column: string) =>
  sql<boolean>`(${sql.ref(column)} > 1e300 OR ${sql.ref(column)} < -1e300)`;

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('car_logs')
    .set(Object.fromEntries(FUEL_COLUMNS.map((c) => [c, null])))
    .where(notFinite('fuel_quantity'))
    .execute();
  for (const [table, columns] of Object.entries(COLUMNS))
    for (const column of columns)
      await db
        .updateTable(table)
        .set({ [column]: null })
        .where(notFinite(column))
        .execute();
}

export async function down(): Promise<void> {
  // The values cleared were unreadable: nothing to restore.
}
