// What the car, log and reminder forms share: their values and field errors, the summary alert,
// the focus on the first field in error after a refused submit, and the save that writes on this
// device first, then selects the car, says so and goes back to the garage.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useSelectedCar } from '@/features/garage/data';
import { useT } from '@/lib/i18n';
import { isOnline } from '@/lib/network/online';
import { StorageFullError } from '@/lib/offline/storage-full';
import { toast } from '@/lib/toast';
import { useFocusFirstError } from '@/ui';
import type { FieldErrors, FieldMessage } from './field-errors';

/** The keys of `V` that hold text (what a TextField edits). */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export function useGarageForm<V extends object, F extends string>(
  initial: () => V,
  options: {
    /** Errors a change of any field also clears (a reminder's "due point" spans several fields). */
    alsoClears?: F[];
    /** Catalog keys of the toast (saved, saved while offline) and of the alert when saving fails. */
    saved: string;
    savedOffline: string;
    failed: string;
  },
) {
  const t = useT();
  const navigate = useNavigate();
  const [, setSelectedCar] = useSelectedCar();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { form, focusFirstError } = useFocusFirstError();

  const message = (m: FieldMessage | undefined) => (m ? t(m.key, m.values) : undefined);
  const set = (field: TextKey<V>) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // An error goes away once the member changes the field; the next submit checks again.
    const cleared = [field as string as F, ...(options.alsoClears ?? [])];
    if (cleared.some((f) => errors[f]))
      setErrors((e) => ({ ...e, ...Object.fromEntries(cleared.map((f) => [f, undefined])) }));
  };
  const text = (field: TextKey<V>, change: (value: string) => void = set(field)) => ({
    value: values[field] as string,
    onChange: (event: { target: { value: string } }) => change(event.target.value),
    error: message(errors[field as string as F]),
  });

  /** Shows what `found` holds; true when the submit stops there (`summary` heads the form). */
  function refuse(found: FieldErrors<F>, summary = t('VALIDATION.FIX_FIELDS')): boolean {
    setErrors(found);
    if (!Object.values(found).some(Boolean)) {
      setFormError(null);
      return false;
    }
    setFormError(summary);
    focusFirstError();
    return true;
  }

  /** Runs `write` (resolving with the car to select); a failure keeps the values for another try. */
  async function save(write: () => Promise<string>): Promise<void> {
    setSaving(true);
    try {
      const offline = !isOnline();
      setSelectedCar(await write());
      toast.show({ kind: 'success', message: t(offline ? options.savedOffline : options.saved) });
      await navigate({ to: '/my-cars' });
    } catch (error) {
      setFormError(t(error instanceof StorageFullError ? 'GARAGE.STORAGE_FULL' : options.failed));
      setSaving(false);
    }
  }

  return {
    t,
    values,
    setValues,
    errors,
    setErrors,
    formError,
    setFormError,
    saving,
    form,
    message,
    set,
    text,
    refuse,
    save,
  };
}
