// The car's due dates as reminders (docs/SPEC-NOTES.md "A car's home"): a car's inspectionDueDate
// and insuranceDueDate each have one date reminder on the car, answered with `source` naming the
// field. Setting the date makes it, changing the date moves that same reminder (same id), clearing
// it removes it. Its title is written in the owner's language.
import { randomUUID } from 'node:crypto';
import type { Car } from '../../../src/contract/garage';
import type { ServerLocale } from '../platform/locales';
import type { RemindersRepository, StoredReminder } from './reminders-repository';

/** Days before the date when the reminder turns `soon`. */
export const DATE_REMINDER_SOON_DAYS = 30;

const SOURCES = ['inspectionDueDate', 'insuranceDueDate'] as const;
type Source = (typeof SOURCES)[number];

const TITLES: Record<Source, Record<ServerLocale, string>> = {
  inspectionDueDate: { 'en-US': 'Inspection due', 'fr-FR': 'Contrôle technique' },
  insuranceDueDate: { 'en-US': 'Insurance renewal', 'fr-FR': 'Échéance de l’assurance' },
};

export interface CarDateRemindersDeps {
  reminders: Pick<RemindersRepository, 'findBySource' | 'insert' | 'replace' | 'delete'>;
  languageOf: (memberId: string) => Promise<ServerLocale | null>;
  now?: () => Date;
}

export function carDateReminders({ reminders, languageOf, now = () => new Date() }: CarDateRemindersDeps) {
  return async function datesChanged(car: Car): Promise<void> {
    const at = now().toISOString();
    for (const source of SOURCES) {
      const date = car[source];
      const stored = await reminders.findBySource(car.id, source);
      if (date === null) {
        if (stored) await reminders.delete(stored.id);
        continue;
      }
      if (stored) {
        if (stored.dueDate !== date) await reminders.replace({ ...stored, dueDate: date, updatedAt: at });
        continue;
      }
      const language = (await languageOf(car.ownerId).catch(() => null)) ?? 'fr-FR';
      const reminder: StoredReminder = {
        id: randomUUID(),
        ownerId: car.ownerId,
        carId: car.id,
        title: TITLES[source][language],
        logType: null,
        intervalMonths: null,
        intervalDistance: null,
        dueDate: date,
        dueMileage: null,
        soonDays: DATE_REMINDER_SOON_DAYS,
        soonDistance: null,
        notes: null,
        createdMileage: car.mileage,
        createdAt: at,
        updatedAt: at,
        source,
      };
      // Two writes racing: the unique (car, source) index keeps one; the other is left as it is.
      await reminders.insert(reminder).catch(() => false);
    }
  };
}
