import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Car } from '@/contract/garage';
import { saveCar, useSelectedCar } from '@/features/garage/data';
import { StorageFullError } from '@/lib/offline/storage-full';
import { useT } from '@/lib/i18n';
import { isOnline } from '@/lib/online';
import { toast } from '@/lib/toast';
import { Alert, Button, TextField } from '@/ui';
import { COMPACT_TOOLBAR, RichTextEditor } from '@/ui/rich-text-editor';
import {
  CAR_LIMITS,
  carDraft,
  carValues,
  emptyCarValues,
  validateCar,
  type CarField,
  type CarFormValues,
  type FieldErrors,
  type FieldMessage,
} from './car-values';
import { ImagePicker } from './image-picker';
import { SettingsSelect } from './settings-select';
import './car-form.css';

/** The car form: empty to create, prefilled from `car` to edit. Saves on this device first. */
export function CarForm({ car }: { car?: Car }) {
  const t = useT();
  const navigate = useNavigate();
  const [, setSelectedCar] = useSelectedCar();
  const [values, setValues] = useState<CarFormValues>(() => (car ? carValues(car) : emptyCarValues()));
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<CarField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const form = useRef<HTMLFormElement>(null);

  // After a refused submit, the first field in error gets the focus (and is read out).
  useEffect(() => {
    if (focusTick) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  const message = (m: FieldMessage | undefined) => (m ? t(m.key, m.values) : undefined);
  const set = (field: keyof CarFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // An error goes away once the member changes the field; the next submit checks again.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const text = (field: keyof CarFormValues) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
    error: message(errors[field]),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found = validateCar(values);
    if (errors.image) found.image = errors.image;
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setFormError(t('VALIDATION.FIX_FIELDS'));
      setFocusTick((n) => n + 1);
      return;
    }
    setFormError(null);
    setSaving(true);
    try {
      const offline = !isOnline();
      const id = await saveCar(carDraft(values), {
        ...(car ? { id: car.id } : {}),
        ...(image ? { image } : removeImage ? { image: null } : {}),
      });
      setSelectedCar(id);
      toast.show({ kind: 'success', message: t(offline ? 'CARS.FORM_SAVED_OFFLINE' : 'CARS.FORM_SAVED') });
      await navigate({ to: '/my-cars' });
    } catch (error) {
      // Nothing is lost: the values stay in the form for another try.
      setFormError(t(error instanceof StorageFullError ? 'GARAGE.STORAGE_FULL' : 'CARS.FORM_SAVE_FAILED'));
      setSaving(false);
    }
  }

  return (
    <form ref={form} className="car-form" noValidate onSubmit={(e) => void submit(e)}>
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <div className="car-form__grid">
        <TextField label={t('CARS.FORM_MAKE')} autoComplete="off" required {...text('make')} />
        <TextField label={t('CARS.FORM_MODEL')} autoComplete="off" required {...text('model')} />
        <TextField
          label={t('CARS.FORM_YEAR')}
          inputMode="numeric"
          optional
          description={t('CARS.FORM_YEAR_HINT', { min: CAR_LIMITS.yearMin, max: CAR_LIMITS.yearMax })}
          {...text('year')}
        />
        <TextField label={t('CARS.FORM_NICKNAME')} autoComplete="off" optional {...text('nickname')} />
        <SettingsSelect
          domain="energyType"
          label={t('CARS.FORM_ENERGY')}
          optional
          emptyLabel={t('CARS.FORM_NOT_SPECIFIED')}
          {...text('energyType')}
        />
        <SettingsSelect
          domain="gearboxType"
          label={t('CARS.FORM_GEARBOX')}
          optional
          emptyLabel={t('CARS.FORM_NOT_SPECIFIED')}
          {...text('gearboxType')}
        />
        <SettingsSelect
          domain="upholsteryMaterial"
          label={t('CARS.FORM_UPHOLSTERY')}
          optional
          emptyLabel={t('CARS.FORM_NOT_SPECIFIED')}
          {...text('upholsteryMaterial')}
        />
        <div className="car-form__mileage">
          <TextField label={t('CARS.FORM_MILEAGE')} inputMode="numeric" optional {...text('mileage')} />
          <SettingsSelect domain="mileageUnit" label={t('CARS.FORM_MILEAGE_UNIT')} {...text('mileageUnit')} />
        </div>
      </div>
      <RichTextEditor
        label={t('CARS.FORM_DESCRIPTION')}
        optional
        value={values.description}
        onChange={set('description')}
        toolbar={COMPACT_TOOLBAR}
        maxLength={CAR_LIMITS.descriptionMax}
      />
      <ImagePicker
        currentUrl={car?.image ?? null}
        file={image}
        onPick={setImage}
        removed={removeImage}
        onRemoveCurrent={setRemoveImage}
        error={message(errors.image)}
        onError={(problem) => setErrors((e) => ({ ...e, image: problem }))}
      />
      <div className="car-form__actions ui-form-actions">
        <Link to="/my-cars" className="ui-button ui-button--ghost">
          {t('CARS.FORM_CANCEL')}
        </Link>
        <Button type="submit" busy={saving}>
          {t(saving ? 'CARS.FORM_SAVING' : 'CARS.FORM_SAVE')}
        </Button>
      </div>
    </form>
  );
}
