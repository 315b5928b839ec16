// The reminder form: a template to start from (new ones), recurring (an interval in months and/or
// distance, whichever comes first) or one-off (a due date and/or mileage), the log type that
// completes it, the optional soon-window (its defaults explained), notes. Saves on this device first.
import { type FormEvent } from 'react';
import type { Car } from '@/contract/garage';
import { formatDistance, unitSymbol } from '@/lib/i18n/format';
import {
  CancelAndSave,
  SettingsSelect,
  useGarageForm,
  DEFAULT_MILEAGE_UNIT,
  saveReminder,
  type LocalReminder,
} from '@/features/garage';
import { Alert, Button, DateField, TextArea, TextField } from '@/ui';
import {
  defaultSoon,
  emptyReminderValues,
  REMINDER_TEMPLATES,
  reminderDraft,
  reminderValues,
  templateValues,
  validateReminder,
  type ReminderField,
  type ReminderFormValues,
} from './reminder-values';
import './reminders.css';

export function ReminderForm({ car, reminder }: { car: Car; reminder?: LocalReminder }) {
  const form = useGarageForm<ReminderFormValues, ReminderField>(
    () => (reminder ? reminderValues(reminder) : emptyReminderValues()),
    {
      alsoClears: ['duePoint'],
      saved: 'REMINDERS.SAVED',
      savedOffline: 'REMINDERS.SAVED_OFFLINE',
      failed: 'REMINDERS.SAVE_FAILED',
    },
  );
  const { t, values, text } = form;
  const mileageUnit = car.mileageUnit || DEFAULT_MILEAGE_UNIT;
  const unit = unitSymbol(mileageUnit);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.saving) return;
    const found = validateReminder(values);
    // A missing due point alone is said as it is, not as "fix the fields".
    const alone =
      found.duePoint && Object.keys(found).length === 1 ? form.message(found.duePoint) : undefined;
    if (form.refuse(found, alone)) return;
    await form.save(async () => {
      await saveReminder(reminderDraft(values, car.id), reminder ? { id: reminder.id } : {});
      return car.id;
    });
  }

  const soon = defaultSoon(values);
  const recurring = values.kind === 'recurring';
  return (
    <form ref={form.form} className="reminder-form" noValidate onSubmit={(e) => void submit(e)}>
      <p className="log-form__car">
        {t('REMINDERS.FORM_FOR_CAR', { car: car.nickname || `${car.make} ${car.model}` })}
      </p>
      {form.formError ? <Alert kind="error">{form.formError}</Alert> : null}
      {reminder ? null : (
        <div>
          <p className="reminders__hint" id="reminder-templates">
            {t('REMINDERS.TEMPLATES_HINT')}
          </p>
          <div
            className="reminder-form__templates ui-flex ui-wrap ui-gap-2"
            role="group"
            aria-labelledby="reminder-templates"
          >
            {REMINDER_TEMPLATES.map((template) => (
              <Button
                key={template.key}
                type="button"
                variant="secondary"
                size="small"
                onClick={() => {
                  form.setValues((v) => templateValues(template, t(template.titleKey), mileageUnit, v));
                  form.setErrors({});
                  form.setFormError(null);
                }}
              >
                {t(template.titleKey)}
              </Button>
            ))}
          </div>
        </div>
      )}
      <TextField label={t('REMINDERS.FORM_TITLE')} autoComplete="off" required {...text('title')} />
      <SettingsSelect
        domain="carLogType"
        label={t('REMINDERS.FORM_LOG_TYPE')}
        description={t('REMINDERS.FORM_LOG_TYPE_HINT')}
        optional
        emptyLabel={t('REMINDERS.FORM_LOG_TYPE_NONE')}
        {...text('logType')}
      />
      <fieldset className="reminder-form__kind">
        <legend>{t('REMINDERS.FORM_KIND')}</legend>
        {(['recurring', 'once'] as const).map((kind) => (
          <label key={kind}>
            <input
              type="radio"
              name="kind"
              value={kind}
              checked={values.kind === kind}
              onChange={() => {
                form.setValues((v) => ({ ...v, kind }));
                form.setErrors((e) => ({ ...e, duePoint: undefined }));
              }}
            />
            {t(kind === 'recurring' ? 'REMINDERS.FORM_RECURRING' : 'REMINDERS.FORM_ONCE')}
          </label>
        ))}
      </fieldset>
      {form.errors.duePoint ? <Alert kind="error">{form.message(form.errors.duePoint)}</Alert> : null}
      <div className="reminder-form__grid">
        {recurring ? (
          <>
            <TextField
              label={t('REMINDERS.FORM_INTERVAL_MONTHS')}
              inputMode="numeric"
              optional
              {...text('intervalMonths')}
            />
            <TextField
              label={t('REMINDERS.FORM_INTERVAL_DISTANCE', { unit })}
              inputMode="numeric"
              optional
              {...text('intervalDistance')}
            />
          </>
        ) : null}
        <DateField
          label={t(recurring ? 'REMINDERS.FORM_FIRST_DUE_DATE' : 'REMINDERS.FORM_DUE_DATE')}
          optional
          keepInvalidText
          {...text('dueDate')}
          onChange={form.set('dueDate')}
        />
        <TextField
          label={t(recurring ? 'REMINDERS.FORM_FIRST_DUE_MILEAGE' : 'REMINDERS.FORM_DUE_MILEAGE', { unit })}
          inputMode="numeric"
          optional
          {...text('dueMileage')}
        />
      </div>
      <p className="reminders__hint">
        {t(recurring ? 'REMINDERS.FORM_RECURRING_HINT' : 'REMINDERS.FORM_ONCE_HINT')}
      </p>
      <div className="reminder-form__grid">
        <TextField
          label={t('REMINDERS.FORM_SOON_DAYS')}
          inputMode="numeric"
          optional
          description={t('REMINDERS.FORM_SOON_DAYS_DEFAULT', { days: soon.days })}
          {...text('soonDays')}
        />
        <TextField
          label={t('REMINDERS.FORM_SOON_DISTANCE', { unit })}
          inputMode="numeric"
          optional
          description={t('REMINDERS.FORM_SOON_DISTANCE_DEFAULT', {
            distance: formatDistance(soon.distance, mileageUnit),
          })}
          {...text('soonDistance')}
        />
      </div>
      <TextArea label={t('REMINDERS.FORM_NOTES')} optional {...text('notes')} />
      <div className="ui-form-actions">
        <CancelAndSave
          saving={form.saving}
          labels={{ cancel: 'REMINDERS.CANCEL', save: 'REMINDERS.SAVE', saving: 'REMINDERS.SAVING' }}
        />
      </div>
    </form>
  );
}
