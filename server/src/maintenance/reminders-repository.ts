import type { Kysely, Selectable } from 'kysely';
import type { Database, RemindersTable } from '../db/schema';
import { insertIfNew } from '../db/insert-if-new';

/** A reminder as stored: what the member set, and the car's odometer when it was made. */
export interface StoredReminder {
  id: string;
  ownerId: string;
  carId: string;
  title: string;
  logType: string | null;
  intervalMonths: number | null;
  intervalDistance: number | null;
  dueDate: string | null;
  dueMileage: number | null;
  soonDays: number | null;
  soonDistance: number | null;
  notes: string | null;
  createdMileage: number | null;
  createdAt: string;
  updatedAt: string;
  /** The car field it was made from (migration 0031); absent on the member's own reminders. */
  source?: 'inspectionDueDate' | 'insuranceDueDate';
  /** The last state the member was told of (null: none, or back to ok since). Never on the wire. */
  notifiedState?: 'soon' | 'overdue' | null;
  /** Grows with each change (the calendar's SEQUENCE). Never on the wire. */
  sequence?: number;
}

export type NotifiedState = 'soon' | 'overdue' | null;

/** What the calendar feed keeps of a reminder (migration 0027). */
export interface CalendarMark {
  sequence: number;
  /** The day the feed last showed; null until shown, or since a write of the reminder. */
  date: string | null;
  /** When the car's logs last moved that day. */
  changedAt: string | null;
}

/** A car as its reminders' states read it (see carBooks). */
export interface CarBook {
  mileage: number | null;
  version: string;
}

/** A car as a member's reminders answer reads it: id, created_at, log and reminders versions, mileage. */
export type CarVersions = [
  id: string,
  createdAt: string,
  logVersion: number,
  remindersVersion: number,
  mileage: number | null,
];

const num = (value: number | null) => (value === null ? null : Number(value));

function toReminder(row: Selectable<RemindersTable>): StoredReminder {
  return {
    id: row.id,
    ownerId: row.owner_id,
    carId: row.car_id,
    title: row.title,
    logType: row.log_type,
    intervalMonths: num(row.interval_months),
    intervalDistance: num(row.interval_distance),
    dueDate: row.due_date,
    dueMileage: num(row.due_mileage),
    soonDays: num(row.soon_days),
    soonDistance: num(row.soon_distance),
    notes: row.notes,
    createdMileage: num(row.created_mileage),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.source ? { source: row.source as NonNullable<StoredReminder['source']> } : {}),
    notifiedState: row.notified_state as StoredReminder['notifiedState'],
    sequence: Number(row.sequence ?? 0),
  };
}

function toRow(
  r: StoredReminder,
): Omit<Selectable<RemindersTable>, 'notified_state' | 'sequence' | 'calendar_date' | 'calendar_changed_at'> {
  return {
    id: r.id,
    owner_id: r.ownerId,
    car_id: r.carId,
    title: r.title,
    log_type: r.logType,
    interval_months: r.intervalMonths,
    interval_distance: r.intervalDistance,
    due_date: r.dueDate,
    due_mileage: r.dueMileage,
    soon_days: r.soonDays,
    soon_distance: r.soonDistance,
    notes: r.notes,
    created_mileage: r.createdMileage,
    source: r.source ?? null,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

/** The ids of the cars shared with the member (invitations accepted). */
const sharedCarIds = (db: Kysely<Database>, memberId: string) =>
  db
    .selectFrom('car_members')
    .select('car_id')
    .where('user_id', '=', memberId)
    .where('status', '=', 'accepted');

export function remindersRepository(db: Kysely<Database>) {
  return {
    async findById(id: string): Promise<StoredReminder | undefined> {
      const row = await db.selectFrom('reminders').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toReminder(row) : undefined;
    },

    /** A member's reminders (of one car when `carId` is given), oldest first. */
    async listByOwner(ownerId: string, carId?: string): Promise<StoredReminder[]> {
      let query = db.selectFrom('reminders').selectAll().where('owner_id', '=', ownerId);
      if (carId !== undefined) query = query.where('car_id', '=', carId);
      const rows = await query.orderBy('created_at').orderBy('id').execute();
      return rows.map(toReminder);
    },

    /** The reminders of the member's cars and of the cars shared with them, oldest first. */
    async listForMember(memberId: string): Promise<StoredReminder[]> {
      const rows = await db
        .selectFrom('reminders')
        .selectAll()
        .where((eb) => eb.or([eb('owner_id', '=', memberId), eb('car_id', 'in', sharedCarIds(db, memberId))]))
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toReminder);
    },

    /** Inserts unless the id exists already (a replayed create); true when a row was written. */
    async insert(reminder: StoredReminder): Promise<boolean> {
      return insertIfNew(
        db.insertInto('reminders').values({ ...toRow(reminder), notified_state: null }),
        'id',
      );
    },

    /**
     * Writes a change of the reminder: its sequence grows by one, and the calendar's day is read
     * afresh (the change is this write's, not a move by the logs).
     */
    async replace(reminder: StoredReminder): Promise<void> {
      const { id, created_at: _created, ...changes } = toRow(reminder);
      await db
        .updateTable('reminders')
        .set((eb) => ({ ...changes, sequence: eb('sequence', '+', 1), calendar_date: null }))
        .where('id', '=', id)
        .execute();
    },

    /** What the calendar feed keeps of each reminder, by id. */
    async calendarMarks(ids: readonly string[]): Promise<Map<string, CalendarMark>> {
      const out = new Map<string, CalendarMark>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db
          .selectFrom('reminders')
          .select(['id', 'sequence', 'calendar_date', 'calendar_changed_at'])
          .where('id', 'in', ids.slice(i, i + 500))
          .execute();
        for (const r of rows)
          out.set(r.id, {
            sequence: Number(r.sequence),
            date: r.calendar_date,
            changedAt: r.calendar_changed_at,
          });
      }
      return out;
    },

    /**
     * The day the feed shows for a reminder, moved from `from` by compare-and-set: from null it is
     * only noted; from another day (the car's logs moved it) the sequence grows and `at` is kept as
     * its last change. False when another request moved it first.
     */
    async moveCalendarDate(id: string, from: string | null, to: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('reminders')
        .set((eb) =>
          from === null
            ? { calendar_date: to }
            : { calendar_date: to, calendar_changed_at: at, sequence: eb('sequence', '+', 1) },
        )
        .where('id', '=', id)
        .where((eb) => (from === null ? eb('calendar_date', 'is', null) : eb('calendar_date', '=', from)))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** One batch of the sweep: the reminders after `afterId`, by id (the primary key's order). */
    async batchAfter(afterId: string, limit: number): Promise<StoredReminder[]> {
      const rows = await db
        .selectFrom('reminders')
        .selectAll()
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toReminder);
    },

    /**
     * What the states of these cars' reminders depend on besides their logs: each car's own
     * mileage (the odometer when it has no reading) and the version of its log book
     * (`cars.log_version`, moved by the triggers of migration 0006 on every change to its logs; with
     * the car's creation time, a car made again under the same id never reads as the old one).
     */
    async carBooks(carIds: readonly string[]): Promise<Map<string, CarBook>> {
      const books = new Map<string, CarBook>();
      if (carIds.length === 0) return books;
      const rows = await db
        .selectFrom('cars')
        .select(['id', 'mileage', 'log_version', 'created_at'])
        .where('id', 'in', [...carIds])
        .execute();
      for (const r of rows)
        books.set(r.id, {
          mileage: num(r.mileage),
          version: `${r.created_at}#${Number(r.log_version)}`,
        });
      return books;
    },

    /**
     * What a member's reminders answer depends on besides the day, car by car (see
     * reminders-service.ts `listJson`): the cars they may read (their own and those shared with them,
     * accepted), each with its creation time, the versions of its log book and of its reminders
     * (migrations 0006 and 0022, moved by triggers on every write) and its own mileage. By id.
     */
    async readableCarVersions(memberId: string): Promise<CarVersions[]> {
      const rows = await db
        .selectFrom('cars')
        .select(['id', 'created_at', 'log_version', 'reminders_version', 'mileage'])
        .where((eb) => eb.or([eb('owner_id', '=', memberId), eb('id', 'in', sharedCarIds(db, memberId))]))
        .orderBy('id')
        .execute();
      return rows.map((r) => [
        r.id,
        r.created_at,
        Number(r.log_version),
        Number(r.reminders_version),
        num(r.mileage),
      ]);
    },

    /** The reminders of these cars. */
    async listByCars(carIds: readonly string[]): Promise<StoredReminder[]> {
      if (carIds.length === 0) return [];
      const rows = await db
        .selectFrom('reminders')
        .selectAll()
        .where('car_id', 'in', [...carIds])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toReminder);
    },

    /**
     * Moves each told state from `from` to `to` unless someone else did first (another request, or
     * another node), all in one transaction (one commit for a whole batch of the sweep): the ids
     * this caller changed, whose member it alone tells.
     */
    async markNotified(
      changes: readonly { id: string; from: NotifiedState; to: NotifiedState }[],
    ): Promise<Set<string>> {
      const moved = new Set<string>();
      if (changes.length === 0) return moved;
      // In id order whoever calls: two transactions locking the same rows lock them in the same
      // order, so that on PostgreSQL a sweep and a write's check never deadlock.
      const ordered = [...changes].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      await db.transaction().execute(async (trx) => {
        for (const { id, from, to } of ordered) {
          const result = await trx
            .updateTable('reminders')
            .set({ notified_state: to })
            .where('id', '=', id)
            .where((eb) =>
              from === null ? eb('notified_state', 'is', null) : eb('notified_state', '=', from),
            )
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) > 0) moved.add(id);
        }
      });
      return moved;
    },

    /** The reminder a car field made (one per kind and car), if any. */
    async findBySource(carId: string, source: string): Promise<StoredReminder | undefined> {
      const row = await db
        .selectFrom('reminders')
        .selectAll()
        .where('car_id', '=', carId)
        .where('source', '=', source)
        .executeTakeFirst();
      return row ? toReminder(row) : undefined;
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('reminders').where('id', '=', id).execute();
    },
  };
}

export type RemindersRepository = ReturnType<typeof remindersRepository>;
