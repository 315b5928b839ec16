// Client-side checks of the server's signup rules, with the contract's numbers and patterns
// (src/contract/constants.ts, which src/contract/auth.ts's schemas use too).
import * as rules from '@/contract/constants';

export const { PASSWORD_MIN, PASSWORD_MAX, EMAIL_MAX, CITY_MAX } = rules;
export const NAME_MAX = rules.PERSON_NAME_MAX;
export const USERNAME_PATTERN = new RegExp(rules.USERNAME_PATTERN);
/** One @, a dot in the domain, no empty label (the server's EMAIL_PATTERN). */
export const EMAIL_PATTERN = new RegExp(rules.EMAIL_PATTERN);

/** A translation key with its values, so the screen renders it in the current language. */
export type FieldMessage = { key: string; values?: Record<string, unknown> };
export type FieldErrors<F extends string> = Partial<Record<F, FieldMessage>>;

export function checkEmail(value: string): FieldMessage | undefined {
  const email = value.trim();
  if (!email) return { key: 'VALIDATION.REQUIRED' };
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return { key: 'VALIDATION.EMAIL' };
  return undefined;
}

export function checkPassword(value: string): FieldMessage | undefined {
  if (!value) return { key: 'VALIDATION.REQUIRED' };
  // The hint under the field states the rule; the error says what is wrong with this value.
  const length = Array.from(value).length;
  if (length < PASSWORD_MIN)
    return { key: 'VALIDATION.PASSWORD_TOO_SHORT', values: { length, min: PASSWORD_MIN } };
  if (length > PASSWORD_MAX)
    return { key: 'VALIDATION.PASSWORD_TOO_LONG', values: { length, max: PASSWORD_MAX } };
  return undefined;
}

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
const USERNAME_CHARACTER = /[A-Za-z0-9_.-]/;

/** What is wrong with this username (the hint gives the rule): its length, spaces, or which characters. */
export function checkUsername(value: string): FieldMessage | undefined {
  const username = value.trim();
  if (!username) return { key: 'VALIDATION.REQUIRED' };
  if (USERNAME_PATTERN.test(username)) return undefined;
  if (/\s/.test(username)) return { key: 'VALIDATION.USERNAME_SPACES' };
  const wrong = [...new Set(Array.from(username).filter((c) => !USERNAME_CHARACTER.test(c)))];
  if (wrong.length > 0) return { key: 'VALIDATION.USERNAME_CHARACTERS', values: { chars: wrong.join(' ') } };
  const length = username.length;
  if (length < USERNAME_MIN)
    return { key: 'VALIDATION.USERNAME_TOO_SHORT', values: { length, min: USERNAME_MIN } };
  return { key: 'VALIDATION.USERNAME_TOO_LONG', values: { length, max: USERNAME_MAX } };
}

export type LoginField = 'email' | 'password';
export function validateLogin(v: Record<LoginField, string>): FieldErrors<LoginField> {
  const errors: FieldErrors<LoginField> = {};
  if (!v.email.trim()) errors.email = { key: 'VALIDATION.REQUIRED' };
  if (!v.password) errors.password = { key: 'VALIDATION.REQUIRED' };
  return errors;
}

export type SignupField = 'email' | 'password' | 'username' | 'firstName' | 'lastName' | 'city';
export function validateSignup(v: Record<SignupField, string>): FieldErrors<SignupField> {
  const errors: FieldErrors<SignupField> = {};
  const email = checkEmail(v.email);
  if (email) errors.email = email;
  const password = checkPassword(v.password);
  if (password) errors.password = password;
  const username = checkUsername(v.username);
  if (username) errors.username = username;
  for (const field of ['firstName', 'lastName'] as const) {
    const value = v[field].trim();
    if (!value) errors[field] = { key: 'VALIDATION.REQUIRED' };
    else if (value.length > NAME_MAX)
      errors[field] = { key: 'VALIDATION.MAX_LENGTH', values: { max: NAME_MAX } };
  }
  if (v.city.trim().length > CITY_MAX)
    errors.city = { key: 'VALIDATION.MAX_LENGTH', values: { max: CITY_MAX } };
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
