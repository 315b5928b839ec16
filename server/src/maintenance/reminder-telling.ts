// Telling a reminder's state (the maintenance tracker, docs/ARCHITECTURE.md server
// "maintenance/"): once per change to `soon` or `overdue`, after a write that can change a state
// and in the periodic sweep, whatever node or request sees the change first.
import type { NotificationPayload } from '../../../src/contract/socket-events';
import { actsOnReminder } from '../garage/car-access';
import type { CarMembersRepository } from '../garage/car-members-repository';
import type { ReminderStates } from './reminder-states';
import type { NotifiedState, RemindersRepository, StoredReminder } from './reminders-repository';

/** Stores and pushes a `reminder` notification (notificationsService(app).createQuietly). */
export type TellReminder = (
  memberId: string,
  notification: { type: 'reminder'; jsonPayload: NotificationPayload },
) => Promise<void>;

export interface ReminderTellingDeps {
  reminders: Pick<RemindersRepository, 'markNotified' | 'listByCars' | 'batchAfter'>;
  members: Pick<CarMembersRepository, 'accepted'>;
  states: Pick<ReminderStates, 'withStates'>;
  tell?: TellReminder;
  warn?: (err: unknown, message: string) => void;
}

export function reminderTelling({
  reminders,
  members,
  states,
  tell = async () => undefined,
  warn = () => undefined,
}: ReminderTellingDeps) {
  /**
   * Tells once per change of a reminder's state to `soon` or `overdue`: the state told is kept on
   * the reminder and moved by compare-and-set, so that of two requests or two nodes seeing the
   * same change only one tells, and a restart tells nothing again. Back to `ok` clears it silently.
   * The moves of a whole list are one transaction; those told are told after it: the car's owner
   * and each accepted member whose role can act on the reminder (drivers its fuel and
   * distance-based ones, editors all: car members, docs/SPEC-NOTES.md §3).
   */
  async function tellChanges(stored: readonly StoredReminder[], cached = true): Promise<void> {
    if (stored.length === 0) return;
    const answered = await states.withStates(stored, cached);
    const changes: { id: string; from: NotifiedState; to: NotifiedState }[] = [];
    for (const [i, reminder] of answered.entries()) {
      const to = reminder.state === 'ok' ? null : reminder.state;
      const from = stored[i]!.notifiedState ?? null;
      if (to !== from) changes.push({ id: reminder.id, from, to });
    }
    const moved = await reminders.markNotified(changes);
    let carMembers: Awaited<ReturnType<CarMembersRepository['accepted']>> | undefined;
    for (const [i, reminder] of answered.entries()) {
      if (reminder.state === 'ok' || !moved.has(reminder.id)) continue;
      carMembers ??= await members.accepted([...new Set(stored.map((r) => r.carId))]);
      const recipients = [
        stored[i]!.ownerId,
        ...carMembers
          .filter((m) => m.carId === reminder.carId && actsOnReminder(m.role, stored[i]!))
          .map((m) => m.userId),
      ];
      for (const memberId of new Set(recipients))
        await tell(memberId, {
          type: 'reminder',
          jsonPayload: {
            relatedCarId: reminder.carId,
            relatedReminderId: reminder.id,
            excerpt: reminder.title,
            state: reminder.state,
            firedBy: reminder.firedBy,
            dueDate: reminder.dueDate,
            dueMileage: reminder.dueMileage,
          },
        });
    }
  }

  /** Checks the member's reminders of these cars (after a write that can change a state). */
  async function checkStates(_memberId: string, carIds: readonly string[]): Promise<void> {
    // Every reminder of these cars, whoever wrote (a driver's fill-up moves the owner's reminders).
    await tellChanges(await reminders.listByCars(carIds));
  }

  return {
    checkStates,

    /** checkStates after a write: a failure is logged, never fails the write. */
    async checkStatesQuietly(memberId: string, carIds: readonly string[]): Promise<void> {
      try {
        await checkStates(memberId, [...new Set(carIds)]);
      } catch (err) {
        warn(err, 'reminder states not checked');
      }
    },

    /**
     * The periodic sweep: dates pass without any write, so every reminder is checked now and then,
     * in batches by id (memory bounded): per batch one read of the reminders, one of their cars, one
     * of those cars' logs and one transaction for the states told. Several nodes may sweep at once:
     * the compare-and-set still tells once. A batch that fails is logged and the sweep goes on.
     */
    async sweep(batchSize = 500): Promise<void> {
      let after = '';
      for (;;) {
        const batch = await reminders.batchAfter(after, batchSize);
        if (batch.length === 0) return;
        try {
          await tellChanges(batch, false);
        } catch (err) {
          warn(err, 'reminder states not checked');
        }
        after = batch[batch.length - 1]!.id;
      }
    },
  };
}

export type ReminderTelling = ReturnType<typeof reminderTelling>;
