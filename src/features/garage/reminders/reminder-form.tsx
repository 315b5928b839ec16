// The reminder form: a template to start from (new ones), recurring (an interval in months and/or
// distance, whichever comes first) or one-off (a due date and/or mileage), the log type that
// completes it, the optional soon-window (its defaults explained), notes. Saves on this device first.
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Car } from '@/contract/garage';
import { formatDistance, unitSymbol } from '@/features/garage/car-logs/format';
import { SettingsSelect } from '@/features/garage/cars/car-form/settings-select';
import {
  DEFAULT_MILEAGE_UNIT,
  saveReminder,
  useSelectedCar,
  type LocalReminder,
} from '@/features/garage/data';
import { StorageFullError } from '@/lib/offline/storage-full';
import { useT } from '@/lib/i18n';
import { isOnline } from '@/lib/online';
import { toast } from '@/lib/toast';
import { Alert, Button, DateField, TextArea, TextField } from '@/ui';
import {
  defaultSoon,
  emptyReminderValues,
  REMINDER_TEMPLATES,
  reminderDraft,
  reminderValues,
  templateValues,
  validateReminder,
  type FieldErrors,
  type FieldMessage,
  type ReminderField,
  type ReminderFormValues,
} from './reminder-values';
import './reminders.css';

type TextKey = Exclude<keyof ReminderFormValues, 'kind'>;

export function ReminderForm({ car, reminder }: { car: Car; reminder?: LocalReminder }) {
  const t = useT();
  const navigate = useNavigate();
  const [, setSelectedCar] = useSelectedCar();
  const [values, setValues] = useState<ReminderFormValues>(() =>
    reminder ? reminderValues(reminder) : emptyReminderValues(),
  );
  const [errors, setErrors] = useState<FieldErrors<ReminderField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const mileageUnit = car.mileageUnit || DEFAULT_MILEAGE_UNIT;
  const unit = unitSymbol(mileageUnit);

  useEffect(() => {
    if (focusTick) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  const message = (m: FieldMessage | undefined) => (m ? t(m.key, m.values) : undefined);
  const set = (field: TextKey) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field] || errors.duePoint)
      setErrors((e) => ({ ...e, [field]: undefined, duePoint: undefined }));
  };
  const text = (field: TextKey) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
    error: message(errors[field]),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found = validateReminder(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setFormError(
        found.duePoint && Object.keys(found).length === 1
          ? message(found.duePoint)!
          : t('VALIDATION.FIX_FIELDS'),
      );
      setFocusTick((n) => n + 1);
      return;
    }
    setFormError(null);
    setSaving(true);
    try {
      const offline = !isOnline();
      await saveReminder(reminderDraft(values, car.id), reminder ? { id: reminder.id } : {});
      setSelectedCar(car.id);
      toast.show({ kind: 'success', message: t(offline ? 'REMINDERS.SAVED_OFFLINE' : 'REMINDERS.SAVED') });
      await navigate({ to: '/my-cars' });
    } catch (error) {
      setFormError(t(error instanceof StorageFullError ? 'GARAGE.STORAGE_FULL' : 'REMINDERS.SAVE_FAILED'));
      setSaving(false);
    }
  }

  const soon = defaultSoon(values);
  const recurring = values.kind === 'recurring';
  return (
    <form ref={form} className="reminder-form" noValidate onSubmit={(e) => void submit(e)}>
      <p className="log-form__car">
        {t('REMINDERS.FORM_FOR_CAR', { car: car.nickname || `${car.make} ${car.model}` })}
      </p>
      {formError ? <Alert kind="error">{formError}</Alert> : null}
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
                  setValues((v) => templateValues(template, t(template.titleKey), mileageUnit, v));
                  setErrors({});
                  setFormError(null);
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
                setValues((v) => ({ ...v, kind }));
                setErrors((e) => ({ ...e, duePoint: undefined }));
              }}
            />
            {t(kind === 'recurring' ? 'REMINDERS.FORM_RECURRING' : 'REMINDERS.FORM_ONCE')}
          </label>
        ))}
      </fieldset>
      {errors.duePoint ? <Alert kind="error">{message(errors.duePoint)}</Alert> : null}
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
          onChange={set('dueDate')}
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
        <Link to="/my-cars" className="ui-button ui-button--ghost">
          {t('REMINDERS.CANCEL')}
        </Link>
        <Button type="submit" busy={saving}>
          {t(saving ? 'REMINDERS.SAVING' : 'REMINDERS.SAVE')}
        </Button>
      </div>
    </form>
  );
}
