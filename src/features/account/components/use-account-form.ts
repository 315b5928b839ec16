// What the account's small forms (e-mail, password) share: the typed values, the errors under the
// fields and above the form, and the focus on the first field in error after a refused submit.
import { useState } from 'react';
import { useFieldMessage, type FieldErrors, type FormError } from '@/features/auth';
import { useFocusFirstError } from '@/ui';

export function useAccountForm<F extends string>(empty: Record<F, string>) {
  const fieldMessage = useFieldMessage();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<FormError | null>(null);
  const { form, focusFirstError } = useFocusFirstError();

  /** A refused submit (checked here or answered by the server): the errors show, focus follows. */
  const refuse = (found: FieldErrors<F>, message: FormError | null) => {
    setErrors(found);
    setFormError(message);
    focusFirstError();
  };

  /** Sending: the last refusal's errors go. */
  const clearErrors = () => {
    setErrors({});
    setFormError(null);
  };

  /** A field's value, its change (which clears its error) and its error message. */
  const field = (name: F) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
    },
    error: fieldMessage(errors[name]),
  });

  return { form, values, formError, refuse, clearErrors, field, reset: () => setValues(empty) };
}
