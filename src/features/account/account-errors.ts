// What the account forms show for a refused call: the field it concerns, in the catalog's words,
// and the sentence above the form.
import type { FieldErrors, FieldMessage, FormError } from '@/features/auth';
import { formErrorOf } from '@/features/auth';
import { ApiError } from '@/lib/http/api-client';

const INVALID_CURRENT_PASSWORD: FieldMessage = { key: 'ERRORS.INVALID_CURRENT_PASSWORD' };

/** The server's rule for a field, from its (English) field message. */
function ruleOf(field: string, message: string): FieldMessage {
  if (/common/i.test(message)) return { key: 'ACCOUNT.PASSWORD_COMMON' };
  if (/already your address/i.test(message)) return { key: 'ACCOUNT.EMAIL_SAME' };
  if (field === 'newPassword') return { key: 'VALIDATION.PASSWORD_LENGTH', values: { min: 8, max: 128 } };
  if (field === 'newEmail') return { key: 'VALIDATION.EMAIL' };
  return { key: 'VALIDATION.INVALID' };
}

/**
 * Splits a refusal into field errors (the form's own field names) and the message above the form.
 * A wrong current password is said in both places: above the form (read out at once) and on its
 * field (which gets the focus).
 */
export function accountFormErrors<F extends string>(
  error: unknown,
  known: readonly F[],
): { fields: FieldErrors<F>; form: FormError } {
  const fields: FieldErrors<F> = {};
  if (error instanceof ApiError && error.fields) {
    for (const { field, message } of error.fields) {
      const name = field.replace(/^body[./]/, '').replace(/^\//, '');
      if (!(known as readonly string[]).includes(name)) continue;
      fields[name as F] =
        error.code === 'INVALID_CURRENT_PASSWORD' ? INVALID_CURRENT_PASSWORD : ruleOf(name, message);
    }
  }
  const form: FormError =
    error instanceof ApiError && error.code === 'INVALID_CURRENT_PASSWORD'
      ? INVALID_CURRENT_PASSWORD
      : formErrorOf(error);
  return { fields, form };
}
