import { useT } from '@/lib/i18n';
import { AlertIcon } from '@/ui/icons';
import { Alert } from '@/ui/page';
import type { FormError } from '../server-errors';
import type { FieldMessage } from '../validation';

export function FormErrorAlert({ error }: { error: FormError | null }) {
  const t = useT();
  if (!error) return null;
  return (
    <Alert kind="error">
      <AlertIcon />
      <span>{'text' in error ? error.text : t(error.key, error.values)}</span>
    </Alert>
  );
}

/** Renders a field's message in the current language. */
export function useFieldMessage() {
  const t = useT();
  return (message: FieldMessage | undefined) => (message ? t(message.key, message.values) : undefined);
}
