// The rows of a car's tyre sets and other equipment (migration 0030).
import type { Kysely, Selectable } from 'kysely';
import type { CarEquipmentTable, Database } from '../db/schema';
import { insertIfNew } from '../db/insert-if-new';

export type CarEquipmentRow = Selectable<CarEquipmentTable>;
type Row = CarEquipmentRow;

export function carEquipmentRepository(db: Kysely<Database>) {
  return {
    async listByCar(carId: string): Promise<Row[]> {
      return db
        .selectFrom('car_equipment')
        .selectAll()
        .where('car_id', '=', carId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    async findById(id: string): Promise<Row | undefined> {
      return db.selectFrom('car_equipment').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async count(carId: string): Promise<number> {
      const row = await db
        .selectFrom('car_equipment')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('car_id', '=', carId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async insert(row: Row): Promise<boolean> {
      return insertIfNew(db.insertInto('car_equipment').values(row), 'id');
    },
    async replace(row: Row): Promise<void> {
      const { id, car_id: _car, created_at: _created, ...changes } = row;
      await db.updateTable('car_equipment').set(changes).where('id', '=', id).execute();
    },
    async delete(id: string): Promise<void> {
      await db.deleteFrom('car_equipment').where('id', '=', id).execute();
    },
  };
}

export type CarEquipmentRepository = ReturnType<typeof carEquipmentRepository>;
