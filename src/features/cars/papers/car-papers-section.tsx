// The papers section of a car's home: its VIN, plate and dates (saved on this device first, through
// the car's offline edit), the reminders its due dates keep, and the papers attached to it.
import { useEffect, useState, type FormEvent } from 'react';
import {
  carPermissions,
  saveCar,
  useReminders,
  useRemindersRefresh,
  type FieldErrors,
  type LocalCar,
} from '@/features/garage';
import { ReminderRow } from '@/features/maintenance';
import { useT } from '@/lib/i18n';
import { formatDay } from '@/lib/i18n/format';
import { isOnline } from '@/lib/network/online';
import { StorageFullError } from '@/lib/offline/storage-full';
import { toast } from '@/lib/toast';
import { Alert, Button, Card, DateField, TextField } from '@/ui';
import { CarPapersList } from './car-papers-list';
import {
  normalVin,
  paperDraft,
  paperValues,
  validatePapers,
  vinNeedsCheck,
  type PaperField,
  type PaperValues,
} from './papers-values';
import './car-papers.css';

const DATE_LABELS = {
  firstRegistrationDate: 'CAR_PAPERS.FIRST_REGISTRATION',
  inspectionDueDate: 'CAR_PAPERS.INSPECTION_DUE',
  insuranceDueDate: 'CAR_PAPERS.INSURANCE_DUE',
} as const;

export function CarPapersSection({ car }: { car: LocalCar }) {
  const t = useT();
  const { ownCar } = carPermissions(car);
  return (
    <>
      <Card>
        <section className="car-papers" aria-labelledby={`papers-${car.id}`} data-testid="car-papers">
          <h2 id={`papers-${car.id}`} className="car-papers__title">
            {t('CAR_PAPERS.TITLE')}
          </h2>
          {ownCar ? <PapersForm car={car} /> : <PapersFacts car={car} />}
          <DueDateReminders car={car} />
        </section>
      </Card>
      <Card>
        <CarPapersList car={car} />
      </Card>
    </>
  );
}

/** A member's view (the car's PUT is its owner's): the same facts, read only. */
function PapersFacts({ car }: { car: LocalCar }) {
  const t = useT();
  const none = t('CAR_PAPERS.NOT_GIVEN');
  const rows = [
    { label: t('CAR_PAPERS.VIN'), value: car.vin ?? none },
    { label: t('CAR_PAPERS.PLATE'), value: car.plate ?? none },
    ...(Object.keys(DATE_LABELS) as (keyof typeof DATE_LABELS)[]).map((field) => ({
      label: t(DATE_LABELS[field]),
      value: car[field] ? formatDay(car[field]) : none,
    })),
  ];
  return (
    <dl className="car-details__facts">
      {rows.map((row) => (
        <div key={row.label} className="car-details__fact">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PapersForm({ car }: { car: LocalCar }) {
  const t = useT();
  const [values, setValues] = useState<PaperValues>(() => paperValues(car));
  const [errors, setErrors] = useState<FieldErrors<PaperField>>({});
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const set = (field: PaperField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const message = (field: PaperField) => {
    const m = errors[field];
    return m ? t(m.key, m.values) : undefined;
  };
  // The server's warning about the VIN it holds, or this device's about the one being typed.
  const saved = paperValues(car);
  // (A row still waiting to be sent keeps the server's warning about the VIN it replaced.)
  const warn =
    vinNeedsCheck(values.vin) ||
    (car.syncState === undefined &&
      normalVin(values.vin) === normalVin(saved.vin) &&
      car.vinWarning === 'checkDigit');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found = validatePapers(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    setFailed(null);
    try {
      const offline = !isOnline();
      const draft = paperDraft(values);
      await saveCar(
        { make: car.make, model: car.model, mileageUnit: car.mileageUnit, ...draft },
        { id: car.id },
      );
      setValues(paperValues({ ...car, ...draft }));
      toast.show({ kind: 'success', message: t(offline ? 'CAR_PAPERS.SAVED_OFFLINE' : 'CAR_PAPERS.SAVED') });
    } catch (error) {
      setFailed(t(error instanceof StorageFullError ? 'GARAGE.STORAGE_FULL' : 'CAR_PAPERS.SAVE_FAILED'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="car-papers__form" noValidate onSubmit={(e) => void submit(e)}>
      {failed ? <Alert kind="error">{failed}</Alert> : null}
      <TextField
        label={t('CAR_PAPERS.VIN')}
        description={t('CAR_PAPERS.VIN_HINT')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        optional
        maxLength={24}
        value={values.vin}
        onChange={(e) => set('vin')(e.target.value)}
        error={message('vin')}
      />
      {warn && !errors.vin ? <Alert kind="warning">{t('CAR_PAPERS.VIN_CHECK_DIGIT')}</Alert> : null}
      <TextField
        label={t('CAR_PAPERS.PLATE')}
        description={t('CAR_PAPERS.PLATE_HINT')}
        autoComplete="off"
        autoCapitalize="characters"
        optional
        value={values.plate}
        onChange={(e) => set('plate')(e.target.value)}
        error={message('plate')}
      />
      {(Object.keys(DATE_LABELS) as (keyof typeof DATE_LABELS)[]).map((field) => (
        <DateField
          key={field}
          label={t(DATE_LABELS[field])}
          description={field === 'firstRegistrationDate' ? undefined : t('CAR_PAPERS.DUE_HINT')}
          optional
          keepInvalidText
          value={values[field]}
          onChange={set(field)}
          error={message(field)}
        />
      ))}
      <div className="ui-form-actions">
        <Button type="submit" variant="primary" disabled={saving}>
          {t(saving ? 'CAR_PAPERS.SAVING' : 'CAR_PAPERS.SAVE')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The reminders the car's due dates keep (the server makes and moves them, `source` naming the
 * date): asked again once a changed date has reached the server.
 */
function DueDateReminders({ car }: { car: LocalCar }) {
  const t = useT();
  const reminders = useReminders(car.id);
  const { refresh } = useRemindersRefresh(car.id);
  const answered = car.syncState === undefined;
  // The refresh hook asks once on opening; a date changed since is asked for once the server has it.
  const dates = `${car.inspectionDueDate ?? ''}|${car.insuranceDueDate ?? ''}`;
  const [asked, setAsked] = useState(dates);
  useEffect(() => {
    if (!answered || dates === asked) return;
    setAsked(dates);
    void refresh();
  }, [answered, dates, asked, refresh]);
  const fromDates = reminders?.filter((r) => r.source !== undefined) ?? [];
  const pending = (car.inspectionDueDate || car.insuranceDueDate) && !fromDates.length && !answered;
  return (
    <div className="car-papers__reminders">
      <h3 className="car-papers__subtitle">{t('CAR_PAPERS.REMINDERS')}</h3>
      {fromDates.length ? (
        <ul className="reminders__list ui-flex ui-column ui-gap-2 ui-bare-list">
          {fromDates.map((reminder) => (
            <ReminderRow key={reminder.id} reminder={reminder} car={car} />
          ))}
        </ul>
      ) : (
        <p className="car-papers__hint">
          {t(pending ? 'CAR_PAPERS.REMINDERS_PENDING' : 'CAR_PAPERS.REMINDERS_NONE')}
        </p>
      )}
    </div>
  );
}
