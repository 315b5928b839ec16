// The reminder form's values (text as typed), their checks — the server's: a title, whole numbers in
// the contract's ranges, and an interval or a due point (hasDuePoint, the contract's own rule) — the
// draft they make, and the templates of the common reminders.
import {
  CAR_LOG_TITLE_MAX,
  MILEAGE_MAX,
  REMINDER_INTERVAL_MONTHS_MAX,
  REMINDER_NOTES_MAX,
  REMINDER_SOON_DAYS_MAX,
} from '@/contract/constants';
import { hasDuePoint, REMINDER_SOON_DAYS_MIN, REMINDER_SOON_DISTANCE_MIN } from '@/contract/maintenance';
import type { Reminder } from '@/contract/maintenance-api';
import { parseWholeNumber, type FieldErrors, type FieldMessage, type ReminderDraft } from '@/features/garage';

export type { FieldErrors, FieldMessage };

export type ReminderKind = 'recurring' | 'once';

export interface ReminderFormValues {
  kind: ReminderKind;
  title: string;
  logType: string;
  intervalMonths: string;
  intervalDistance: string;
  dueDate: string;
  dueMileage: string;
  soonDays: string;
  soonDistance: string;
  notes: string;
}
export type ReminderField = Exclude<keyof ReminderFormValues, 'kind'> | 'duePoint';

export const REMINDER_LIMITS = {
  titleMax: CAR_LOG_TITLE_MAX,
  notesMax: REMINDER_NOTES_MAX,
  intervalMonthsMax: REMINDER_INTERVAL_MONTHS_MAX,
  soonDaysMax: REMINDER_SOON_DAYS_MAX,
  mileageMax: MILEAGE_MAX,
} as const;

/**
 * The common reminders, with intervals most manufacturers and rules agree on (the member changes
 * them freely). Distances are in km; a car counted in miles gets `distanceMi`.
 */
export interface ReminderTemplate {
  key: string;
  /** Catalog key of the title (REMINDERS.TEMPLATE_…). */
  titleKey: string;
  logType: string;
  intervalMonths: number | null;
  distanceKm: number | null;
  distanceMi: number | null;
}
export const REMINDER_TEMPLATES: readonly ReminderTemplate[] = [
  {
    key: 'oil',
    titleKey: 'REMINDERS.TEMPLATE_OIL',
    logType: 'maintenance',
    intervalMonths: 12,
    distanceKm: 15000,
    distanceMi: 10000,
  },
  {
    key: 'brakeFluid',
    titleKey: 'REMINDERS.TEMPLATE_BRAKE_FLUID',
    logType: 'maintenance',
    intervalMonths: 24,
    distanceKm: null,
    distanceMi: null,
  },
  {
    key: 'timingBelt',
    titleKey: 'REMINDERS.TEMPLATE_TIMING_BELT',
    logType: 'maintenance',
    intervalMonths: 72,
    distanceKm: 120000,
    distanceMi: 75000,
  },
  {
    key: 'tyres',
    titleKey: 'REMINDERS.TEMPLATE_TYRES',
    logType: 'maintenance',
    intervalMonths: 60,
    distanceKm: 40000,
    distanceMi: 25000,
  },
  {
    key: 'inspection',
    titleKey: 'REMINDERS.TEMPLATE_INSPECTION',
    logType: 'inspection',
    intervalMonths: 24,
    distanceKm: null,
    distanceMi: null,
  },
  {
    key: 'insurance',
    titleKey: 'REMINDERS.TEMPLATE_INSURANCE',
    logType: 'insurance',
    intervalMonths: 12,
    distanceKm: null,
    distanceMi: null,
  },
  {
    key: 'tax',
    titleKey: 'REMINDERS.TEMPLATE_TAX',
    logType: 'tax',
    intervalMonths: 12,
    distanceKm: null,
    distanceMi: null,
  },
];

export function emptyReminderValues(): ReminderFormValues {
  return {
    kind: 'recurring',
    title: '',
    logType: '',
    intervalMonths: '',
    intervalDistance: '',
    dueDate: '',
    dueMileage: '',
    soonDays: '',
    soonDistance: '',
    notes: '',
  };
}

const text = (n: number | null) => (n === null ? '' : String(n));

/** A template's values for a car counted in `mileageUnit` (its title in the member's language). */
export function templateValues(
  template: ReminderTemplate,
  title: string,
  mileageUnit: string,
  current: ReminderFormValues,
): ReminderFormValues {
  return {
    ...current,
    kind: 'recurring',
    title,
    logType: template.logType,
    intervalMonths: text(template.intervalMonths),
    intervalDistance: text(mileageUnit === 'mi' ? template.distanceMi : template.distanceKm),
    dueDate: '',
    dueMileage: '',
  };
}

export function reminderValues(r: Reminder): ReminderFormValues {
  const recurring = r.intervalMonths !== null || r.intervalDistance !== null;
  return {
    kind: recurring ? 'recurring' : 'once',
    title: r.title,
    logType: r.logType ?? '',
    intervalMonths: text(r.intervalMonths),
    intervalDistance: text(r.intervalDistance),
    dueDate: r.setDueDate ?? '',
    dueMileage: text(r.setDueMileage),
    soonDays: text(r.soonDays),
    soonDistance: text(r.soonDistance),
    notes: r.notes ?? '',
  };
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

function whole(value: string, min: number, max: number): { value: number | null; error?: FieldMessage } {
  const n = parseWholeNumber(value);
  if (n === null) return { value: null };
  if (!(n >= min && n <= max))
    return { value: null, error: { key: 'REMINDERS.FORM_NUMBER_RANGE', values: { min, max } } };
  return { value: n };
}

export function validateReminder(v: ReminderFormValues): FieldErrors<ReminderField> {
  const errors: FieldErrors<ReminderField> = {};
  const title = v.title.trim();
  if (!title) errors.title = { key: 'VALIDATION.REQUIRED' };
  else if (title.length > REMINDER_LIMITS.titleMax)
    errors.title = { key: 'VALIDATION.MAX_LENGTH', values: { max: REMINDER_LIMITS.titleMax } };
  const checks: [ReminderField, string, number, number][] =
    v.kind === 'recurring'
      ? [
          ['intervalMonths', v.intervalMonths, 1, REMINDER_LIMITS.intervalMonthsMax],
          ['intervalDistance', v.intervalDistance, 1, REMINDER_LIMITS.mileageMax],
        ]
      : [];
  checks.push(
    ['dueMileage', v.dueMileage, 0, REMINDER_LIMITS.mileageMax],
    ['soonDays', v.soonDays, 0, REMINDER_LIMITS.soonDaysMax],
    ['soonDistance', v.soonDistance, 0, REMINDER_LIMITS.mileageMax],
  );
  for (const [field, value, min, max] of checks) {
    const { error } = whole(value, min, max);
    if (error) errors[field] = error;
  }
  if (v.dueDate && !isDay(v.dueDate)) errors.dueDate = { key: 'REMINDERS.FORM_DATE_INVALID' };
  if (v.notes.trim().length > REMINDER_LIMITS.notesMax)
    errors.notes = { key: 'VALIDATION.MAX_LENGTH', values: { max: REMINDER_LIMITS.notesMax } };
  if (!Object.values(errors).some(Boolean)) {
    const draft = reminderDraft(v, '');
    if (!hasDuePoint(draft))
      errors.duePoint = {
        key: v.kind === 'recurring' ? 'REMINDERS.FORM_NEEDS_INTERVAL' : 'REMINDERS.FORM_NEEDS_DUE',
      };
  }
  return errors;
}

/** The draft saveReminder takes; call only with values validateReminder accepted. */
export function reminderDraft(v: ReminderFormValues, carId: string): ReminderDraft {
  const n = (value: string) => parseWholeNumber(value);
  const recurring = v.kind === 'recurring';
  return {
    carId,
    title: v.title.trim(),
    logType: v.logType || null,
    intervalMonths: recurring ? n(v.intervalMonths) : null,
    intervalDistance: recurring ? n(v.intervalDistance) : null,
    // A recurring reminder's due point is its first one (until a log completes it).
    dueDate: v.dueDate || null,
    dueMileage: n(v.dueMileage),
    soonDays: n(v.soonDays),
    soonDistance: n(v.soonDistance),
    notes: v.notes.trim() || null,
  };
}

/** The soon-window used when the member leaves it empty: the rule's defaults for these values. */
export function defaultSoon(v: ReminderFormValues): { days: number; distance: number } {
  const months = v.kind === 'recurring' ? parseWholeNumber(v.intervalMonths) : null;
  const distance = v.kind === 'recurring' ? parseWholeNumber(v.intervalDistance) : null;
  // A tenth of the interval (a month counted as its average length), never below the minimum.
  const days = months && months > 0 ? Math.floor((months * 30.44) / 10) : 0;
  return {
    days: Math.max(REMINDER_SOON_DAYS_MIN, days),
    distance: Math.max(REMINDER_SOON_DISTANCE_MIN, distance && distance > 0 ? Math.floor(distance / 10) : 0),
  };
}
