import { useState, type FormEvent } from 'react';
import type { Car } from '@/contract/garage';
import { saveCar, CancelAndSave, SettingsSelect, useGarageForm } from '@/features/garage';
import { Alert, TextField } from '@/ui';
import { COMPACT_TOOLBAR, RichTextEditor } from '@/ui/rich-text-editor';
import {
  CAR_LIMITS,
  carDraft,
  carValues,
  emptyCarValues,
  validateCar,
  type CarField,
  type CarFormValues,
} from './car-values';
import { ImagePicker } from './image-picker';
import { OtherEnergies } from './other-energies';
import './car-form.css';

/** The car form: empty to create, prefilled from `car` to edit. Saves on this device first. */
export function CarForm({ car }: { car?: Car }) {
  const {
    t,
    values,
    setValues,
    errors,
    setErrors,
    formError,
    saving,
    form,
    message,
    set,
    text,
    refuse,
    save,
  } = useGarageForm<CarFormValues, CarField>(() => (car ? carValues(car) : emptyCarValues()), {
    saved: 'CARS.FORM_SAVED',
    savedOffline: 'CARS.FORM_SAVED_OFFLINE',
    failed: 'CARS.FORM_SAVE_FAILED',
  });
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found = validateCar(values);
    if (errors.image) found.image = errors.image;
    if (refuse(found)) return;
    await save(() =>
      saveCar(carDraft(values), {
        ...(car ? { id: car.id } : {}),
        ...(image ? { image } : removeImage ? { image: null } : {}),
      }),
    );
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
        <OtherEnergies
          main={values.energyType}
          value={values.otherEnergies}
          onChange={(otherEnergies) => {
            setValues((v) => ({ ...v, otherEnergies }));
            if (errors.otherEnergies) setErrors((e) => ({ ...e, otherEnergies: undefined }));
          }}
          error={message(errors.otherEnergies)}
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
        <CancelAndSave
          saving={saving}
          labels={{ cancel: 'CARS.FORM_CANCEL', save: 'CARS.FORM_SAVE', saving: 'CARS.FORM_SAVING' }}
        />
      </div>
    </form>
  );
}
