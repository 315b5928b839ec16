// The reminder form's rules: the server's (an interval or a due point, the contract's ranges), the
// soon-window defaults it explains, and the templates in the car's unit.
import { describe, expect, it } from 'vitest';
import {
  defaultSoon,
  emptyReminderValues,
  REMINDER_LIMITS,
  REMINDER_TEMPLATES,
  reminderDraft,
  templateValues,
  validateReminder,
  type ReminderFormValues,
} from './reminder-values';

const values = (over: Partial<ReminderFormValues> = {}): ReminderFormValues => ({
  ...emptyReminderValues(),
  title: 'Oil',
  ...over,
});

describe('reminder values', () => {
  it('refuses a reminder with neither interval nor due point, like the server', () => {
    expect(validateReminder(values()).duePoint?.key).toBe('REMINDERS.FORM_NEEDS_INTERVAL');
    expect(validateReminder(values({ kind: 'once' })).duePoint?.key).toBe('REMINDERS.FORM_NEEDS_DUE');
    expect(validateReminder(values({ intervalMonths: '12' }))).toEqual({});
    expect(validateReminder(values({ intervalDistance: '15 000' }))).toEqual({});
    expect(validateReminder(values({ kind: 'once', dueMileage: '80000' }))).toEqual({});
    expect(validateReminder(values({ kind: 'once', dueDate: '2027-01-31' }))).toEqual({});
  });

  it('keeps to the contract ranges: months 1–600, soon days 0–3650, a title of at most 200', () => {
    expect(REMINDER_LIMITS).toMatchObject({
      intervalMonthsMax: 600,
      soonDaysMax: 3650,
      titleMax: 200,
      notesMax: 2000,
    });
    expect(validateReminder(values({ intervalMonths: '0' })).intervalMonths?.key).toBe(
      'REMINDERS.FORM_NUMBER_RANGE',
    );
    expect(validateReminder(values({ intervalMonths: '601' })).intervalMonths).toBeDefined();
    expect(validateReminder(values({ intervalMonths: '600' })).intervalMonths).toBeUndefined();
    expect(validateReminder(values({ intervalMonths: '12', soonDays: '3651' })).soonDays).toBeDefined();
    expect(validateReminder(values({ intervalMonths: '12', soonDays: '0' })).soonDays).toBeUndefined();
    expect(validateReminder(values({ intervalMonths: '1.5' })).intervalMonths).toBeDefined();
    expect(validateReminder(values({ title: ' ', intervalMonths: '12' })).title?.key).toBe(
      'VALIDATION.REQUIRED',
    );
    expect(validateReminder(values({ title: 'x'.repeat(201), intervalMonths: '12' })).title).toBeDefined();
  });

  it('makes the draft: a one-off has no interval, empty fields are null', () => {
    const once = values({ kind: 'once', intervalMonths: '12', dueDate: '2027-01-31', notes: '  ' });
    expect(reminderDraft(once, 'car-1')).toEqual({
      carId: 'car-1',
      title: 'Oil',
      logType: null,
      intervalMonths: null,
      intervalDistance: null,
      dueDate: '2027-01-31',
      dueMileage: null,
      soonDays: null,
      soonDistance: null,
      notes: null,
    });
  });

  it('explains the soon defaults: 14 days and 500, or a tenth of the interval when larger', () => {
    expect(defaultSoon(values())).toEqual({ days: 14, distance: 500 });
    expect(defaultSoon(values({ intervalMonths: '24', intervalDistance: '15000' }))).toEqual({
      days: 73,
      distance: 1500,
    });
    expect(defaultSoon(values({ intervalMonths: '3', intervalDistance: '3000' }))).toEqual({
      days: 14,
      distance: 500,
    });
  });

  it('has the seven common templates, with distances in the car unit', () => {
    expect(REMINDER_TEMPLATES.map((t) => t.key)).toEqual([
      'oil',
      'brakeFluid',
      'timingBelt',
      'tyres',
      'inspection',
      'insurance',
      'tax',
    ]);
    const oil = REMINDER_TEMPLATES[0]!;
    expect(templateValues(oil, 'Oil', 'km', values())).toMatchObject({
      logType: 'maintenance',
      intervalMonths: '12',
      intervalDistance: '15000',
    });
    expect(templateValues(oil, 'Oil', 'mi', values()).intervalDistance).toBe('10000');
    for (const template of REMINDER_TEMPLATES)
      expect(validateReminder(templateValues(template, 'T', 'km', values()))).toEqual({});
  });
});
