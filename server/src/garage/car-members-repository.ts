// Shared cars: the car_members table (migration 0021) and the reads the access checks,
// the garage list and the reminder notifications need. The only code that runs SQL on that table.
import { sql, type JoinBuilder, type Kysely, type Selectable } from 'kysely';
import type { Car } from '../../../src/contract/garage';
import type { CarMemberRole, CarRole } from '../../../src/contract/car-members';
import type { Database } from '../db/schema';
import { toCar } from './cars-repository';
import { insertIfNew } from '../db/insert-if-new';
import { countRows } from '../db/paging';

export interface CarMembersTable {
  car_id: string;
  user_id: string;
  /** viewer, driver or editor */
  role: string;
  /** pending (invited) or accepted */
  status: string;
  invited_by: string;
  created_at: string;
  answered_at: string | null;
}

declare module '../db/schema' {
  interface Database {
    car_members: CarMembersTable;
  }
}

export type CarMemberRow = Selectable<CarMembersTable>;

/** A car with the asking member's role on it; no role: they are a stranger to it. */
export interface CarWithRole {
  car: Car;
  role: CarRole | null;
}

export interface MemberCardRow extends CarMemberRow {
  username: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
}

/** The join of a car to the member's accepted membership of it (nulls when they have none). */
const acceptedMembership =
  (memberId: string) =>
  <TB extends keyof Database>(join: JoinBuilder<Database, TB | 'cars' | 'car_members'>) =>
    // Named by sql.ref: over any joined tables TB, Kysely cannot type the column names.
    join
      .on(sql.ref('car_members.car_id'), '=', sql.ref('cars.id'))
      .on(sql.ref('car_members.user_id'), '=', memberId)
      .on(sql.ref('car_members.status'), '=', 'accepted');

export function carMembersRepository(db: Kysely<Database>) {
  return {
    /** The car a log belongs to (a shared log's readers are its car's), or undefined. */
    async carIdOfLog(logId: string): Promise<string | undefined> {
      const row = await db.selectFrom('car_logs').select('car_id').where('id', '=', logId).executeTakeFirst();
      return row?.car_id;
    },

    /** The car and the member's role on it (`owner`, or an accepted membership's), in one read. */
    async carWithRole(memberId: string, carId: string): Promise<CarWithRole | undefined> {
      const row = await db
        .selectFrom('cars')
        .leftJoin('car_members', acceptedMembership(memberId))
        .selectAll('cars')
        .select('car_members.role as member_role')
        .where('cars.id', '=', carId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { member_role: memberRole, ...car } = row;
      const role: CarRole | null =
        car.owner_id === memberId ? 'owner' : ((memberRole as CarMemberRole | null) ?? null);
      return { car: toCar(car), role };
    },

    async find(carId: string, userId: string): Promise<CarMemberRow | undefined> {
      return db
        .selectFrom('car_members')
        .selectAll()
        .where('car_id', '=', carId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Inserts unless the member is invited or a member already; true when a row was written. */
    async insert(row: CarMemberRow): Promise<boolean> {
      return insertIfNew(db.insertInto('car_members').values(row), 'car_id', 'user_id');
    },

    /** pending → accepted; true for the one caller that changed it. */
    async accept(carId: string, userId: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('car_members')
        .set({ status: 'accepted', answered_at: at })
        .where('car_id', '=', carId)
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async setRole(carId: string, userId: string, role: CarMemberRole): Promise<boolean> {
      const result = await db
        .updateTable('car_members')
        .set({ role })
        .where('car_id', '=', carId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes the row (a declined invitation, a member who left or was removed); true when one was. */
    async remove(carId: string, userId: string, onlyPending = false): Promise<boolean> {
      let query = db.deleteFrom('car_members').where('car_id', '=', carId).where('user_id', '=', userId);
      if (onlyPending) query = query.where('status', '=', 'pending');
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The car's invited and accepted members with their cards, oldest invitation first. */
    async list(carId: string): Promise<MemberCardRow[]> {
      return db
        .selectFrom('car_members')
        .innerJoin('users', 'users.id', 'car_members.user_id')
        .selectAll('car_members')
        .select(['users.username', 'users.first_name', 'users.last_name', 'users.avatar'])
        .where('car_members.car_id', '=', carId)
        .orderBy('car_members.created_at')
        .orderBy('car_members.user_id')
        .execute();
    },

    /** The accepted members of a car with their roles (who is told of its changes and reminders). */
    async accepted(
      carIds: readonly string[],
    ): Promise<{ carId: string; userId: string; role: CarMemberRole }[]> {
      if (carIds.length === 0) return [];
      const rows = await db
        .selectFrom('car_members')
        .select(['car_id', 'user_id', 'role'])
        .where('car_id', 'in', [...carIds])
        .where('status', '=', 'accepted')
        .execute();
      return rows.map((r) => ({ carId: r.car_id, userId: r.user_id, role: r.role as CarMemberRole }));
    },

    /** How many cars are shared with the member (accepted). */
    countShared: (memberId: string): Promise<number> =>
      countRows(
        db.selectFrom('car_members').where('user_id', '=', memberId).where('status', '=', 'accepted'),
      ),

    /** The cars shared with the member, newest first, with their role and the owner's name. */
    async listShared(
      memberId: string,
      limit: number,
      offset: number,
    ): Promise<(Car & { role: CarMemberRole; ownerName: string })[]> {
      if (limit <= 0) return [];
      const rows = await db
        .selectFrom('car_members')
        .innerJoin('cars', 'cars.id', 'car_members.car_id')
        .innerJoin('users', 'users.id', 'cars.owner_id')
        .selectAll('cars')
        .select(['car_members.role as member_role', 'users.first_name', 'users.last_name'])
        .where('car_members.user_id', '=', memberId)
        .where('car_members.status', '=', 'accepted')
        .orderBy('cars.created_at', 'desc')
        .orderBy('cars.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(({ member_role, first_name, last_name, ...car }) => ({
        ...toCar(car),
        role: member_role as CarMemberRole,
        ownerName: `${first_name} ${last_name}`.trim(),
      }));
    },

    /** Whether a log of a car the member owns or is an accepted member of uses this file. */
    async readsLogFile(memberId: string, mediaId: string): Promise<boolean> {
      const row = await db
        .selectFrom('car_log_media')
        .innerJoin('car_logs', 'car_logs.id', 'car_log_media.car_log_id')
        .innerJoin('cars', 'cars.id', 'car_logs.car_id')
        .leftJoin('car_members', acceptedMembership(memberId))
        .select('car_log_media.media_id')
        .where('car_log_media.media_id', '=', mediaId)
        .where((eb) => eb.or([eb('cars.owner_id', '=', memberId), eb('car_members.user_id', 'is not', null)]))
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type CarMembersRepository = ReturnType<typeof carMembersRepository>;
