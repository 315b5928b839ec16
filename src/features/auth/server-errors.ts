import { ApiError } from '@/lib/http/api-client';
import { errorTextOf, fieldErrorText, type ErrorText } from '@/lib/http/api-error-catalogue';
import type { FieldErrors, FieldMessage } from './validation';

/**
 * What a form shows for a failed call: a catalog key, keyed by the error code (the server's own
 * text only for an answer no key explains).
 */
export type FormError = ErrorText;

// The server's rule for each field, in our words (its own field messages are not translated).
const FIELD_RULE_KEYS: Record<string, FieldMessage> = {
  email: { key: 'VALIDATION.EMAIL' },
  password: { key: 'VALIDATION.PASSWORD_LENGTH', values: { min: 8, max: 128 } },
  newPassword: { key: 'VALIDATION.PASSWORD_LENGTH', values: { min: 8, max: 128 } },
  username: { key: 'VALIDATION.USERNAME' },
};
const CONFLICT_KEYS: Record<string, string> = {
  email: 'VALIDATION.EMAIL_TAKEN',
  username: 'VALIDATION.USERNAME_TAKEN',
};

/** Maps error.fields of a 400/409 onto the form's fields ('body.password' → 'password'). */
export function serverFieldErrors<F extends string>(error: unknown, known: readonly F[]): FieldErrors<F> {
  const result: FieldErrors<F> = {};
  if (!(error instanceof ApiError) || !error.fields) return result;
  for (const { field, message } of error.fields) {
    const name = field.replace(/^body[./]/, '').replace(/^\//, '');
    if (!(known as readonly string[]).includes(name)) continue;
    const conflictKey = error.status === 409 ? CONFLICT_KEYS[name] : undefined;
    result[name as F] = conflictKey
      ? { key: conflictKey }
      : (FIELD_RULE_KEYS[name] ?? fieldErrorText(message));
  }
  return result;
}

/**
 * The message above the form. 429 already raised a toast (api client); it is repeated in place.
 * `overrides` give a screen's own words for a status (401 on sign-in: wrong credentials).
 */
export function formErrorOf(error: unknown, overrides: Partial<Record<number, string>> = {}): FormError {
  if (error instanceof ApiError) {
    if (error.fields?.length) return { key: 'VALIDATION.FIX_FIELDS' };
    const override = overrides[error.status];
    if (override) return { key: override };
  }
  return errorTextOf(error);
}
