import { useState, type FormEvent } from 'react';
import type { Car, CarLog } from '@/contract/garage';
import {
  settingsLabel,
  SettingsSelect,
  CancelAndSave,
  useGarageForm,
  saveCarLog,
  useCarLogs,
  roleOf,
  LOG_FIELD_LABELS,
} from '@/features/garage';
import { useLocale } from '@/lib/i18n';
import { Alert, ConfirmDialog, DateField, TextField } from '@/ui';
import { COMPACT_TOOLBAR, RichTextEditor } from '@/ui/rich-text-editor';
import { acceptFiles, Attachments } from './attachments';
import { DeleteLog } from './delete-log';
import { FuelFields } from './fuel-fields';
import {
  defaultFuelUnit,
  FUEL_LOG_TYPE,
  fuelDraft,
  initialFuelState,
  typeAmount,
  isFillUp,
  validateFuel,
  type FuelState,
} from '@/features/maintenance';
import { useMileageEstimate, useOdometerCheck } from './use-odometer';
import {
  defaultCurrency,
  emptyLogValues,
  LOG_LIMITS,
  logDraft,
  logValues,
  PLAIN_LOG_FIELDS,
  validateLog,
  type FieldMessage,
  type LogField,
  type LogFormValues,
} from './log-values';
import { addTag, TagsInput } from './tags-input';
import './log-form.css';

/** A reminder's "Done" (new-car-log search): its log type, its title and the odometer. */
function prefillValues(prefill: { type?: string; title?: string; mileage?: number } = {}) {
  return {
    ...(prefill.type ? { type: prefill.type } : {}),
    ...(prefill.title ? { title: prefill.title } : {}),
    ...(prefill.mileage !== undefined ? { mileage: String(prefill.mileage) } : {}),
  };
}

/** The log form: a new entry of `car`, or `log` to edit. Saves on this device first. */
export function LogForm({
  car,
  log,
  prefill,
}: {
  car: Car;
  log?: CarLog;
  prefill?: {
    type?: string;
    title?: string;
    mileage?: number;
    /** Files attached from the start (a share's photos, as a receipt). */
    files?: readonly File[];
    onSaved?: () => void;
  };
}) {
  const locale = useLocale();
  const logs = useCarLogs(car.id);
  // '' = not chosen: the default follows the car's logs as they load (spec: last currency used).
  const garageForm = useGarageForm<LogFormValues, LogField>(
    () => (log ? logValues(log, '') : { ...emptyLogValues(''), ...prefillValues(prefill) }),
    {
      saved: 'CAR_LOGS.FORM_SAVED',
      savedOffline: 'CAR_LOGS.FORM_SAVED_OFFLINE',
      failed: 'CAR_LOGS.FORM_SAVE_FAILED',
    },
  );
  const {
    t,
    values,
    setValues,
    errors,
    setErrors,
    formError,
    saving,
    form,
    refuse,
    save: saveWith,
  } = garageForm;
  const currency = values.currencyCode || defaultCurrency(logs, locale);
  const [tagDraft, setTagDraft] = useState('');
  const [files, setFiles] = useState<File[]>(() =>
    log ? [] : acceptFiles([...(prefill?.files ?? [])], 0).accepted,
  );
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [fileProblems, setFileProblems] = useState<FieldMessage[]>([]);
  const [fuel, setFuel] = useState<FuelState>(() =>
    initialFuelState(log?.fuel, defaultFuelUnit(car.energyType, car.mileageUnit), values.cost),
  );
  const isFuel = values.type === FUEL_LOG_TYPE;
  const fillUp = isFuel && isFillUp(fuel.values);
  const estimate = useMileageEstimate({ car, logs, editing: Boolean(log), values, setValues });
  const odometer = useOdometerCheck({ car, logs, logId: log?.id });

  const set = (field: Exclude<keyof LogFormValues, 'tags' | 'plain'>) => (value: string) => {
    if (field === 'cost' && isFuel) {
      // Price, quantity and total: the third is filled from the other two.
      const next = typeAmount(fuel, values.cost, 'cost', value);
      setFuel(next.fuel);
      value = next.cost;
    }
    garageForm.set(field)(value);
  };
  const setAmount = (field: 'quantity' | 'pricePerUnit', text: string) => {
    const next = typeAmount(fuel, values.cost, field, text);
    setFuel(next.fuel);
    setValues((v) => ({ ...v, cost: next.cost }));
    setErrors((e) => ({ ...e, [field]: undefined, cost: undefined }));
  };
  const text = (field: Exclude<keyof LogFormValues, 'tags' | 'plain'>) => garageForm.text(field, set(field));
  /** A plain field's error, in words (PLAIN_LOG_FIELDS: the contract's fields the form does not hand-make). */
  const plainError = (field: string) => {
    const found = (errors as Record<string, FieldMessage | undefined>)[field];
    return found ? t(found.key, found.values) : undefined;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    // A tag still in the box counts: what was typed is never dropped.
    const withDraft = tagDraft.trim() ? addTag(values.tags, tagDraft) : { tags: values.tags };
    const final: LogFormValues = { ...values, tags: withDraft.tags, currencyCode: currency };
    const found = validateLog(final);
    // A fuel entry is a fill-up once a quantity or a price per unit is typed; without either it
    // stays a plain expense (as before fill-ups existed), with no reading required.
    if (fillUp) {
      Object.assign(found, validateFuel(fuel.values));
      // A fill-up needs its odometer reading: economy is distance over fuel.
      if (!found.mileage && !final.mileage.trim()) found.mileage = { key: 'FUEL.MILEAGE_REQUIRED' };
    }
    // A driver of a shared car writes fill-ups and logs with a reading (the server's rule too).
    if (!found.mileage && !isFuel && roleOf(car) === 'driver' && !final.mileage.trim()) {
      found.mileage = { key: 'CAR_LOGS.DRIVER_MILEAGE_REQUIRED' };
    }
    if (!found.mileage && !found.startDate) {
      const problem = odometer.check(final);
      if (problem) found.mileage = problem;
    }
    if (withDraft.error) found.tags = withDraft.error;
    else if (tagDraft.trim()) {
      setValues(final);
      setTagDraft('');
    }
    if (refuse(found)) return;
    // A jump is asked about first; the write then carries odometerConfirmed: true.
    if (odometer.asksConfirmation(final, () => void save(final, true))) return;
    await save(final, false);
  }

  async function save(final: LogFormValues, odometerConfirmed: boolean) {
    await saveWith(async () => {
      const draft = {
        ...logDraft(final, car.id),
        // A fill-up carries its fuel; an entry that stops being one drops it.
        ...(fillUp ? { fuel: fuelDraft(fuel.values) } : log?.fuel ? { fuel: null } : {}),
        ...(odometerConfirmed ? { odometerConfirmed: true } : {}),
      };
      await saveCarLog(draft, { ...(log ? { id: log.id } : {}), files, removeMediaIds: [...removed] });
      if (!log) prefill?.onSaved?.();
      return car.id;
    });
  }

  const unit = settingsLabel(t, 'mileageUnit', car.mileageUnit);

  return (
    <form ref={form} className="log-form" noValidate onSubmit={(e) => void submit(e)}>
      <p className="log-form__car">
        {t('CAR_LOGS.FORM_FOR_CAR', { car: car.nickname || `${car.make} ${car.model}` })}
      </p>
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <div className="log-form__grid">
        <SettingsSelect
          domain="carLogType"
          label={t('CAR_LOGS.FORM_TYPE')}
          required
          emptyLabel={t('CAR_LOGS.FORM_TYPE_CHOOSE')}
          {...text('type')}
        />
        <DateField
          label={t('CAR_LOGS.FORM_DATE')}
          required
          keepInvalidText
          {...text('startDate')}
          onChange={set('startDate')}
        />
        <div className="log-form__wide">
          <TextField label={t('CAR_LOGS.FORM_TITLE')} autoComplete="off" required {...text('title')} />
        </div>
        <div className="log-form__cost">
          <TextField
            label={t(isFuel ? 'FUEL.TOTAL' : 'CAR_LOGS.FORM_COST')}
            inputMode="decimal"
            optional
            {...text('cost')}
            description={isFuel && fuel.computed === 'cost' ? t('FUEL.COMPUTED_TOTAL') : undefined}
          />
          <SettingsSelect
            domain="currencyCode"
            label={t('CAR_LOGS.FORM_CURRENCY')}
            {...text('currencyCode')}
            value={currency}
          />
        </div>
        <TextField
          label={t('CAR_LOGS.FORM_MILEAGE', { unit })}
          inputMode="numeric"
          optional={!isFuel}
          required={fillUp}
          {...text('mileage')}
          description={estimate !== null && values.mileage === estimate ? t('ODOMETER.ESTIMATED') : undefined}
        />
        {isFuel ? (
          <FuelFields
            fuel={fuel}
            errors={errors}
            onAmount={setAmount}
            onChange={(patch) => setFuel((f) => ({ ...f, values: { ...f.values, ...patch } }))}
          />
        ) : null}
        <div className="log-form__wide">
          <TextField label={t('CAR_LOGS.FORM_LOCATION')} autoComplete="off" optional {...text('location')} />
        </div>
        {PLAIN_LOG_FIELDS.map((field) => (
          <div key={field} className="log-form__wide">
            <TextField
              label={t(LOG_FIELD_LABELS[field])}
              name={field}
              autoComplete="off"
              optional
              value={values.plain[field] ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                setValues((v) => ({ ...v, plain: { ...v.plain, [field]: value } }));
                if (plainError(field)) setErrors((e) => ({ ...e, [field]: undefined }));
              }}
              error={plainError(field)}
            />
          </div>
        ))}
      </div>
      <TagsInput
        label={t('CAR_LOGS.FORM_TAGS')}
        tags={values.tags}
        onChange={(tags) => setValues((v) => ({ ...v, tags }))}
        draft={tagDraft}
        onDraftChange={setTagDraft}
        error={errors.tags}
        onError={(error) => setErrors((e) => ({ ...e, tags: error }))}
      />
      <RichTextEditor
        label={t('CAR_LOGS.FORM_CONTENT')}
        optional
        value={values.content}
        onChange={set('content')}
        toolbar={COMPACT_TOOLBAR}
        maxLength={LOG_LIMITS.contentMax}
      />
      <Attachments
        existing={log?.media ?? []}
        removed={removed}
        onToggleRemove={(id) =>
          setRemoved((r) => {
            const next = new Set(r);
            if (!next.delete(id)) next.add(id);
            return next;
          })
        }
        files={files}
        onFiles={setFiles}
        problems={fileProblems}
        onProblems={setFileProblems}
      />
      {odometer.dialog ? (
        <ConfirmDialog
          title={t('ODOMETER.JUMP_TITLE')}
          message={odometer.dialog.message}
          confirmLabel={t('ODOMETER.JUMP_CONFIRM')}
          cancelLabel={t('ODOMETER.JUMP_CANCEL')}
          onCancel={odometer.dialog.cancel}
          onConfirm={odometer.dialog.confirm}
        />
      ) : null}
      <div className="log-form__actions ui-form-actions ui-flex ui-wrap ui-center ui-gap-2">
        {log ? <DeleteLog log={log} carId={car.id} /> : null}
        <span className="log-form__spacer" />
        <CancelAndSave
          saving={saving}
          labels={{
            cancel: 'CAR_LOGS.FORM_CANCEL',
            save: 'CAR_LOGS.FORM_SAVE',
            saving: 'CAR_LOGS.FORM_SAVING',
          }}
        />
      </div>
    </form>
  );
}
