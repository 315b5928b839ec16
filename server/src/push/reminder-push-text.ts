// What a reminder's Web Push message says, in the member's language.
import { DECLARATIVE_WEB_PUSH, type DeclarativePushMessage } from '../../../src/contract/web-push';
import { DEFAULT_SERVER_LOCALE, type ServerLocale } from '../platform/locales';

export interface ReminderPushFacts {
  reminderId: string;
  carId: string;
  title: string;
  carName: string;
  state: 'soon' | 'overdue';
  dueDate: string | null;
  dueMileage: number | null;
  mileageUnit: string;
}

/** "12 Mar 2027" / "12 mars 2027", read as a calendar day (no time zone shift). */
function day(iso: string, locale: ServerLocale): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}

const distance = (n: number, unit: string, locale: ServerLocale) =>
  `${new Intl.NumberFormat(locale).format(n)} ${unit === 'mi' ? 'mi' : 'km'}`;

/** The car's name as the garage shows it: its nickname, else make and model. */
export function carNameOf(car: { nickname?: string | null; make: string; model: string }): string {
  return car.nickname?.trim() || `${car.make} ${car.model}`.trim();
}

/** The reminder's push, in the shape of every push (src/contract/web-push.ts). */
export function reminderPushPayload(
  f: ReminderPushFacts,
  locale: ServerLocale | null,
  badge = 0,
): DeclarativePushMessage {
  const lang = locale ?? DEFAULT_SERVER_LOCALE;
  const fr = lang === 'fr-FR';
  const due = [
    f.dueDate ? `${fr ? 'le' : 'on'} ${day(f.dueDate, lang)}` : null,
    f.dueMileage !== null ? `${fr ? 'à' : 'at'} ${distance(f.dueMileage, f.mileageUnit, lang)}` : null,
  ].filter((x): x is string => x !== null);
  const title = fr
    ? `${f.state === 'overdue' ? 'En retard' : 'Bientôt'} : ${f.title}`
    : `${f.state === 'overdue' ? 'Overdue' : 'Due soon'}: ${f.title}`;
  const when = due.join(fr ? ' ou ' : ' or ');
  const body = when ? `${f.carName} — ${fr ? 'échéance' : 'due'} ${when}` : f.carName;
  return {
    web_push: DECLARATIVE_WEB_PUSH,
    notification: {
      title,
      body,
      navigate: `/car/${f.carId}`,
      tag: `reminder-${f.reminderId}`,
      app_badge: badge,
    },
  };
}
