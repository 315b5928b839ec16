// The form of a set of tyres or other equipment, the same for a new set and an edit: its kind, name,
// DOT date (tyres and wheels) and reminder by distance or age. Checked before anything is kept; a
// refused field says why and every value stays as typed, as it does when the device cannot keep it.
import { useId, useState, type FormEvent } from 'react';
import { EQUIPMENT_KINDS, type EquipmentKind } from '@/contract/car-equipment';
import { EQUIPMENT_KIND_LABELS, SelectField, type FieldErrors } from '@/features/garage';
import { useT } from '@/lib/i18n';
import { unitSymbol } from '@/lib/i18n/format';
import { StorageFullError } from '@/lib/offline/storage-full';
import { Alert, Button, TextField } from '@/ui';
import { HAS_DOT, type EquipmentField, type EquipmentValues } from './equipment-values';

/** The message of a write that could not be kept on this device. */
export const notKept = (caught: unknown) =>
  caught instanceof StorageFullError ? 'GARAGE.STORAGE_FULL' : 'EQUIPMENT.SAVE_FAILED';

export function EquipmentForm({
  title,
  unit,
  initial,
  validate,
  onSave,
  onCancel,
}: {
  title: string;
  /** The car's mileage unit (the distance reminder is in it). */
  unit: string;
  initial: EquipmentValues;
  validate: (values: EquipmentValues) => FieldErrors<EquipmentField>;
  /** Keeps the values (on this device first); a rejection shows as the form's error. */
  onSave: (values: EquipmentValues) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT();
  const ids = useId();
  const [saving, setSaving] = useState(false);
  const [values, setValues] = useState<EquipmentValues>(initial);
  const [errors, setErrors] = useState<FieldErrors<EquipmentField>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const set = (field: EquipmentField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const message = (field: EquipmentField) => {
    const m = errors[field];
    return m ? t(m.key, m.values) : undefined;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.values(found).some(Boolean) || saving) return;
    setFailed(null);
    setSaving(true);
    try {
      await onSave(values);
    } catch (caught) {
      setFailed(t(notKept(caught)));
      setSaving(false);
    }
  }

  return (
    <form
      className="equipment__form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${ids}-title`}
    >
      <h3 id={`${ids}-title`} className="equipment__subtitle">
        {title}
      </h3>
      {failed ? <Alert kind="error">{failed}</Alert> : null}
      <SelectField
        label={t('EQUIPMENT.KIND')}
        value={values.kind}
        onChange={(e) => setValues((v) => ({ ...v, kind: e.target.value as EquipmentKind }))}
        options={EQUIPMENT_KINDS.map((kind) => ({ value: kind, label: t(EQUIPMENT_KIND_LABELS[kind]) }))}
      />
      <TextField
        label={t('EQUIPMENT.NAME')}
        description={t('EQUIPMENT.NAME_HINT')}
        autoComplete="off"
        required
        value={values.name}
        onChange={set('name')}
        error={message('name')}
      />
      {HAS_DOT.has(values.kind) ? (
        <TextField
          label={t('EQUIPMENT.DOT')}
          description={t('EQUIPMENT.DOT_HINT')}
          inputMode="numeric"
          maxLength={4}
          optional
          value={values.dotCode}
          onChange={set('dotCode')}
          error={message('dotCode')}
        />
      ) : null}
      <TextField
        label={t('EQUIPMENT.REMIND_DISTANCE', { unit: unitSymbol(unit) })}
        inputMode="numeric"
        optional
        value={values.reminderDistance}
        onChange={set('reminderDistance')}
        error={message('reminderDistance')}
      />
      <TextField
        label={t('EQUIPMENT.REMIND_AGE')}
        inputMode="numeric"
        optional
        value={values.reminderAgeYears}
        onChange={set('reminderAgeYears')}
        error={message('reminderAgeYears')}
      />
      <div className="equipment__actions">
        <Button variant="ghost" size="small" onClick={onCancel}>
          {t('CARS.CANCEL')}
        </Button>
        <Button type="submit" variant="primary" size="small" disabled={saving}>
          {t(saving ? 'EQUIPMENT.SAVING' : 'EQUIPMENT.SAVE')}
        </Button>
      </div>
    </form>
  );
}
