import type { Kysely } from 'kysely';

// Fuel economy (the budget in docs/BENCHMARKS.md: a car with 5,000 fill-ups answered in ≤ 20 ms). The economy
// reads a car's fill-ups only, in odometer order: this partial index holds just the fill-ups (fuel logs),
// ordered as the rule sorts them, with every column the rule reads, so the read walks the index
// alone (no table row, no sort, none of the car's other logs).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('car_logs_fuel')
    .on('car_logs')
    .columns([
      'car_id',
      'mileage',
      'start_date',
      'id',
      'cost_cents',
      'currency_code',
      'fuel_quantity',
      'fuel_unit',
      'fuel_full_tank',
      'fuel_missed_previous',
      'fuel_price_per_unit',
    ])
    .where('fuel_quantity', 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('car_logs_fuel').ifExists().execute();
}
