// The edit-profile form's values, their checks, and the changes they make. The limits are the
// contract's (src/contract/constants.ts, which ProfileUpdate and the signup rules use too).
import { BIO_MAX_TEXT, CITY_MAX, PERSON_NAME_MAX, USERNAME_PATTERN } from '@/contract/constants';
import type { ProfileUpdate } from '@/contract/people';
import type { CurrentUser } from '@/contract/user';
import { isRichTextEmpty, richTextLength } from '@/ui/rich-text-editor';

export const PROFILE_LIMITS = {
  nameMax: PERSON_NAME_MAX,
  cityMax: CITY_MAX,
  /** Spec §5/§9: bio maximum 20000 (characters of text). */
  bioMax: BIO_MAX_TEXT,
} as const;
/** The signup rule (USERNAME_PATTERN of src/contract/auth.ts). */
export const USERNAME_RULE = new RegExp(USERNAME_PATTERN);

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  username: string;
  city: string;
  bio: string;
}
export type ProfileField = keyof ProfileFormValues | 'avatar';

/** A translation key with its values, rendered in the current language by the form. */
export type FieldMessage = { key: string; values?: Record<string, unknown> };
export type FieldErrors = Partial<Record<ProfileField, FieldMessage>>;

export function profileValues(user: CurrentUser): ProfileFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    city: user.city ?? '',
    bio: user.bio ?? '',
  };
}

function name(value: string): FieldMessage | undefined {
  const text = value.trim();
  if (!text) return { key: 'VALIDATION.REQUIRED' };
  return text.length > PROFILE_LIMITS.nameMax
    ? { key: 'VALIDATION.MAX_LENGTH', values: { max: PROFILE_LIMITS.nameMax } }
    : undefined;
}

export function validateProfile(v: ProfileFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const first = name(v.firstName);
  if (first) errors.firstName = first;
  const last = name(v.lastName);
  if (last) errors.lastName = last;
  const username = v.username.trim();
  if (!username) errors.username = { key: 'VALIDATION.REQUIRED' };
  else if (!USERNAME_RULE.test(username)) errors.username = { key: 'VALIDATION.USERNAME' };
  if (v.city.trim().length > PROFILE_LIMITS.cityMax)
    errors.city = { key: 'VALIDATION.MAX_LENGTH', values: { max: PROFILE_LIMITS.cityMax } };
  const bioLength = richTextLength(v.bio);
  if (bioLength > PROFILE_LIMITS.bioMax)
    errors.bio = {
      key: 'EDITOR.TOO_LONG',
      values: { max: PROFILE_LIMITS.bioMax, excess: bioLength - PROFILE_LIMITS.bioMax },
    };
  return errors;
}

/** The PUT /users/me body; call only with values validateProfile accepted. */
export function profileChanges(v: ProfileFormValues): ProfileUpdate {
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    username: v.username.trim(),
    city: v.city.trim() || null,
    bio: isRichTextEmpty(v.bio) ? null : v.bio,
  };
}

/** Maps a 400/409 answer's fields ('body.username') onto the form; 409 on username: taken. */
export function serverFieldErrors(
  error: { status: number; fields?: { field: string; message: string }[] } | null,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field } of error?.fields ?? []) {
    const key = field.replace(/^body[./]/, '') as ProfileField;
    if (!['firstName', 'lastName', 'username', 'city', 'bio'].includes(key)) continue;
    errors[key] =
      key === 'username'
        ? { key: error?.status === 409 ? 'VALIDATION.USERNAME_TAKEN' : 'VALIDATION.USERNAME' }
        : key === 'bio'
          ? { key: 'PROFILE.BIO_INVALID', values: { max: PROFILE_LIMITS.bioMax } }
          : { key: 'VALIDATION.INVALID' };
  }
  return errors;
}
