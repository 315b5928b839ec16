import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { MAX_FILE_BYTES } from '@/contract/constants';
import type { Car } from '@/contract/garage';
import { ODOMETER_JUMP_PER_DAY, odometerSummary, readingsOf } from '@/contract/maintenance';
import {
  CarNotHere,
  FormSkeleton,
  localToday,
  readCarLogs,
  saveCarLog,
  settingsLabel,
  useCar,
  useCarLogs,
  useSelectedCar,
  type FieldMessage,
} from '@/features/garage';
import { checkLogReading, FUEL_UNIT_SYMBOL_KEYS, type FuelAmount } from '@/features/maintenance';
import { formatNumber, useLocale, useT } from '@/lib/i18n';
import { formatDay, formatDistance, formatMoney, unitSymbol } from '@/lib/i18n/format';
import { formatBytes, IMAGE_ACCEPT, isImageFile } from '@/lib/media/file-limits';
import { isOnline } from '@/lib/network/online';
import { StorageFullError } from '@/lib/offline/storage-full';
import { toast } from '@/lib/toast';
import { Alert, BackButton, Button, Card, ConfirmDialog, Page, TextField, useFocusFirstError } from '@/ui';
import {
  emptyFillUp,
  energiesOf,
  fillCurrency,
  fillUnit,
  fillUpDraft,
  fillUpWarnings,
  parseReading,
  typeFillAmount,
  validateFillUp,
  type FillUpField,
  type FillUpForm,
} from './fill-up-values';
import { tappedCar } from './fill-up-button';
import './fill-up.css';

/**
 * The fill-up at the pump (car/{id}/fill-up): one screen, the odometer first, two of price, total
 * and quantity (the third follows), full or partial, the energy when the car has several, a
 * receipt photo if wanted; no title. Saved on this device first (the garage's outbox), like every
 * log; "Save and add details" opens the full log form on it afterwards.
 */
export function FillUpScreen({ carId }: { carId: string }) {
  const t = useT();
  const live = useCar(carId);
  const car = live === undefined ? (tappedCar(carId) ?? undefined) : live;
  return (
    <Page back={<BackButton fallback={`/car/${carId}`} />} title={t('FILL_UP.TITLE')}>
      <Card>
        {car === undefined ? (
          <FormSkeleton label={t('FILL_UP.LOADING')} fields={4} />
        ) : car === null ? (
          <CarNotHere loadingLabel={t('FILL_UP.LOADING')} />
        ) : (
          <FillUpForm key={car.id} car={car} />
        )}
      </Card>
    </Page>
  );
}

/** The currency's symbol in the member's language ("€", "$"), else its code. */
function currencySymbol(code: string, locale: string): string {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: code }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

type Pending = { warnings: string[]; odometerConfirmed: boolean; details: boolean };

function FillUpForm({ car }: { car: Car }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [, setSelectedCar] = useSelectedCar();
  const logs = useCarLogs(car.id);
  const energies = energiesOf(car);
  const [form, setForm] = useState<FillUpForm>(() => emptyFillUp('l', energies[0] ?? null));
  const [errors, setErrors] = useState<Partial<Record<FillUpField | 'photo', FieldMessage>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const detailsRef = useRef(false);
  const { form: formRef, focusFirstError } = useFocusFirstError();

  // The unit follows the energy and the car's latest fill of it (read as the logs arrive).
  const unit = useMemo(() => fillUnit(car, logs ?? [], form.energy), [car, logs, form.energy]);
  const current: FillUpForm = { ...form, fuel: { ...form.fuel, values: { ...form.fuel.values, unit } } };
  const currency = useMemo(() => fillCurrency(logs, locale), [logs, locale]);
  const last = useMemo(() => odometerSummary(readingsOf(logs ?? []), car.mileage), [logs, car.mileage]);
  const lastReading = last.readings.at(-1);
  const symbol = t(FUEL_UNIT_SYMBOL_KEYS[unit]);
  const money = currencySymbol(currency, locale);
  const distanceUnit = unitSymbol(car.mileageUnit);
  const message = (m: FieldMessage | undefined) => (m ? t(m.key, m.values) : undefined);

  const clear = (...fields: (FillUpField | 'photo')[]) =>
    setErrors((e) => ({ ...e, ...Object.fromEntries(fields.map((f) => [f, undefined])) }));
  const setAmount = (field: FuelAmount) => (text: string) => {
    setForm((f) => typeFillAmount(f, field, text, locale));
    clear('cost', 'quantity', 'pricePerUnit');
  };
  const amount = (field: FuelAmount) => ({
    value: field === 'cost' ? form.cost : form.fuel.values[field],
    onChange: (event: { target: { value: string } }) => setAmount(field)(event.target.value),
    error: message(errors[field]),
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    description: form.fuel.computed === field ? t('FILL_UP.COMPUTED') : undefined,
  });

  const pickPhoto = (file: File | undefined) => {
    clear('photo');
    if (!file) return setPhoto(null);
    if (!isImageFile(file)) return setErrors((e) => ({ ...e, photo: { key: 'FILL_UP.PHOTO_NOT_IMAGE' } }));
    if (file.size > MAX_FILE_BYTES)
      return setErrors((e) => ({
        ...e,
        photo: { key: 'FILL_UP.PHOTO_TOO_BIG', values: { max: formatBytes(MAX_FILE_BYTES) } },
      }));
    setPhoto(file);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const details = detailsRef.current;
    detailsRef.current = false;
    // A tap before a long log book has loaded still checks against it.
    const known = logs ?? (await readCarLogs(car.id));
    const found = validateFillUp(current);
    const today = localToday();
    const reading = parseReading(current.mileage);
    let jump: string | null = null;
    if (!found.mileage && reading !== null) {
      const verdict = checkLogReading(known, { date: today, mileage: reading }, car.mileageUnit);
      if (verdict.kind === 'error') found.mileage = verdict.message;
      if (verdict.kind === 'jump')
        jump = t('ODOMETER.JUMP_TEXT', {
          mileage: formatDistance(reading, car.mileageUnit),
          perDay: formatDistance(Math.round(verdict.perDay), car.mileageUnit),
          previous: formatDistance(verdict.previous.mileage, car.mileageUnit),
          date: formatDay(verdict.previous.date),
          limit: formatNumber(ODOMETER_JUMP_PER_DAY),
        });
    }
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setFormError(t('VALIDATION.FIX_FIELDS'));
      focusFirstError();
      return;
    }
    setFormError(null);
    // Unusual figures are asked about once, never refused: the pump may be right.
    const warnings = fillUpWarnings(current, known, currency).map((w) =>
      w.kind === 'quantity'
        ? t('FILL_UP.WARN_QUANTITY', { max: formatNumber(w.max), unit: symbol })
        : t('FILL_UP.WARN_PRICE', { usual: unitPrice(w.usual, currency), unit: symbol }),
    );
    if (jump) warnings.unshift(jump);
    if (warnings.length) return setPending({ warnings, odometerConfirmed: jump !== null, details });
    void save(false, details);
  }

  async function save(odometerConfirmed: boolean, details: boolean) {
    setPending(null);
    setSaving(true);
    try {
      const offline = !isOnline();
      const draft = fillUpDraft(current, car, { today: localToday(), currency, odometerConfirmed });
      const id = await saveCarLog(draft, { files: photo ? [photo] : [] });
      setSelectedCar(car.id);
      toast.show({ kind: 'success', message: t(offline ? 'FILL_UP.SAVED_OFFLINE' : 'FILL_UP.SAVED') });
      if (details)
        await navigate({ to: '/edit-car-log/$carId/$logId', params: { carId: car.id, logId: id } });
      else await navigate({ to: '/car/$id', params: { id: car.id } });
    } catch (error) {
      setFormError(t(error instanceof StorageFullError ? 'GARAGE.STORAGE_FULL' : 'FILL_UP.SAVE_FAILED'));
      setSaving(false);
    }
  }

  const summary = liveSummary(current);

  return (
    <form
      ref={formRef}
      className="fill-up"
      noValidate
      onSubmit={(event) => void submit(event)}
      data-testid="fill-up-form"
    >
      <p className="fill-up__car">
        {t('FILL_UP.FOR_CAR', { car: car.nickname || `${car.make} ${car.model}` })}
      </p>
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <TextField
        label={t('FILL_UP.ODOMETER', { unit: distanceUnit })}
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="next"
        // The pump is no place to hunt for the first field.
        autoFocus
        required
        placeholder={last.current === null ? undefined : formatNumber(last.current)}
        value={form.mileage}
        onChange={(event) => {
          const mileage = event.target.value;
          setForm((f) => ({ ...f, mileage }));
          clear('mileage');
        }}
        error={message(errors.mileage)}
        description={
          lastReading
            ? t('FILL_UP.LAST_READING', {
                mileage: formatDistance(lastReading.mileage, car.mileageUnit),
                date: formatDay(lastReading.date),
              })
            : undefined
        }
      />
      <div className="fill-up__amounts">
        <TextField
          label={t('FILL_UP.PRICE', { unit: symbol, currency: money })}
          optional
          {...amount('pricePerUnit')}
        />
        <TextField label={t('FILL_UP.TOTAL', { currency: money })} optional {...amount('cost')} />
        <TextField label={t('FILL_UP.QUANTITY', { unit: symbol })} required {...amount('quantity')} />
      </div>
      <p className="fill-up__summary" aria-live="polite" data-testid="fill-up-summary">
        {summary
          ? t('FILL_UP.SUMMARY', {
              quantity: formatNumber(summary.quantity, { maximumFractionDigits: 2 }),
              unit: symbol,
              price: unitPrice(summary.price, currency),
              total: formatMoney(summary.total, currency),
            })
          : t('FILL_UP.TWO_OF_THREE')}
      </p>
      <fieldset className="fill-up__choice">
        <legend>{t('FILL_UP.FILL_LEGEND')}</legend>
        <div className="fill-up__segments" role="presentation">
          {([true, false] as const).map((full) => (
            <label key={String(full)} className="fill-up__segment">
              <input
                type="radio"
                name="fill-up-full"
                checked={form.fuel.values.fullTank === full}
                onChange={() =>
                  setForm((f) => ({
                    ...f,
                    fuel: { ...f.fuel, values: { ...f.fuel.values, fullTank: full } },
                  }))
                }
              />
              <span>
                {t(full ? (unit === 'kwh' ? 'FILL_UP.FULL_CHARGE' : 'FILL_UP.FULL') : 'FILL_UP.PARTIAL')}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {energies.length > 1 ? (
        <fieldset className="fill-up__choice">
          <legend>{t('FILL_UP.ENERGY')}</legend>
          <div className="fill-up__segments" role="presentation">
            {energies.map((energy) => (
              <label key={energy} className="fill-up__segment">
                <input
                  type="radio"
                  name="fill-up-energy"
                  checked={(form.energy ?? energies[0]) === energy}
                  onChange={() => setForm((f) => ({ ...f, energy }))}
                />
                <span>{settingsLabel(t, 'energyType', energy)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="fill-up__photo">
        <label className="ui-button ui-button--secondary ui-button--small fill-up__photo-button">
          <input
            type="file"
            accept={IMAGE_ACCEPT}
            capture="environment"
            className="fill-up__file"
            aria-describedby={errors.photo ? 'fill-up-photo-error' : undefined}
            onChange={(event) => pickPhoto(event.target.files?.[0])}
          />
          {t(photo ? 'FILL_UP.PHOTO_CHANGE' : 'FILL_UP.PHOTO')}
        </label>
        {photo ? (
          <span className="fill-up__photo-name" data-testid="fill-up-photo">
            {photo.name}
            <Button variant="ghost" size="small" onClick={() => setPhoto(null)}>
              {t('FILL_UP.PHOTO_REMOVE')}
            </Button>
          </span>
        ) : null}
        {errors.photo ? (
          <p id="fill-up-photo-error" className="ui-field__error" role="alert">
            {message(errors.photo)}
          </p>
        ) : null}
      </div>
      {pending ? (
        <ConfirmDialog
          title={t('FILL_UP.WARN_TITLE')}
          message={
            <ul className="fill-up__warnings">
              {pending.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          }
          cancelLabel={t('FILL_UP.WARN_CHECK')}
          confirmLabel={t('FILL_UP.WARN_SAVE')}
          onCancel={() => setPending(null)}
          onConfirm={() => void save(pending.odometerConfirmed, pending.details)}
        />
      ) : null}
      <div className="fill-up__actions ui-form-actions">
        <Button type="submit" busy={saving} disabled={saving} className="fill-up__save">
          {t(saving ? 'FILL_UP.SAVING' : 'FILL_UP.SAVE')}
        </Button>
        <Button
          type="submit"
          variant="secondary"
          disabled={saving}
          onClick={() => {
            detailsRef.current = true;
          }}
        >
          {t('FILL_UP.SAVE_DETAILS')}
        </Button>
      </div>
    </form>
  );
}

/** The three amounts as numbers once all three are known (typed or computed), for the live line. */
function liveSummary(form: FillUpForm) {
  const read = (text: string) => {
    const n = Number(text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.'));
    return text.trim() && Number.isFinite(n) && n > 0 ? n : null;
  };
  const quantity = read(form.fuel.values.quantity);
  const price = read(form.fuel.values.pricePerUnit);
  const total = read(form.cost);
  if (quantity === null || price === null || total === null) return null;
  return { quantity, price, total };
}

/** A price per unit as pumps show it: to the tenth of a cent ("1,859 €"). */
function unitPrice(price: number, currency: string): string {
  try {
    return formatNumber(price, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 3,
    });
  } catch {
    return formatMoney(price, currency);
  }
}
