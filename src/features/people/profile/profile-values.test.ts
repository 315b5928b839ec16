// The profile form's rules, pinned to the numbers of the spec and the server's contract.
import { describe, expect, it } from 'vitest';
import { USERNAME_PATTERN } from '@/contract/auth';
import { BIO_MAX_TEXT, ProfileUpdate } from '@/contract/people';
import { TEST_USER } from '@/testing/session-mock';
import {
  PROFILE_LIMITS,
  profileChanges,
  profileValues,
  serverFieldErrors,
  USERNAME_RULE,
  validateProfile,
} from './profile-values';

const valid = () => profileValues(TEST_USER);

describe('profile values', () => {
  it('uses the server limits: names 80, city 120, bio 20000 characters of text (spec §5/§9)', () => {
    expect(PROFILE_LIMITS.bioMax).toBe(20_000);
    expect(BIO_MAX_TEXT).toBe(20_000);
    const max = (field: keyof typeof ProfileUpdate.properties) =>
      (ProfileUpdate.properties[field] as unknown as { maxLength: number }).maxLength;
    expect(PROFILE_LIMITS.nameMax).toBe(80);
    expect(max('firstName')).toBe(80);
    expect(max('lastName')).toBe(80);
    expect(PROFILE_LIMITS.cityMax).toBe(120);
    expect(max('city')).toBe(120);
    expect(USERNAME_RULE.source).toBe(USERNAME_PATTERN);
  });

  it('accepts the member as they are', () => {
    expect(validateProfile(valid())).toEqual({});
  });

  it('requires the names and the username, checks lengths and the username rule', () => {
    expect(validateProfile({ ...valid(), firstName: '  ', lastName: '' })).toEqual({
      firstName: { key: 'VALIDATION.REQUIRED' },
      lastName: { key: 'VALIDATION.REQUIRED' },
    });
    expect(validateProfile({ ...valid(), firstName: 'a'.repeat(81) }).firstName).toEqual({
      key: 'VALIDATION.MAX_LENGTH',
      values: { max: 80 },
    });
    expect(validateProfile({ ...valid(), firstName: 'a'.repeat(80) }).firstName).toBeUndefined();
    expect(validateProfile({ ...valid(), username: '' }).username).toEqual({ key: 'VALIDATION.REQUIRED' });
    expect(validateProfile({ ...valid(), username: 'ab' }).username).toEqual({ key: 'VALIDATION.USERNAME' });
    expect(validateProfile({ ...valid(), username: 'a b c' }).username).toEqual({
      key: 'VALIDATION.USERNAME',
    });
    expect(validateProfile({ ...valid(), username: 'a'.repeat(31) }).username).toEqual({
      key: 'VALIDATION.USERNAME',
    });
    expect(validateProfile({ ...valid(), username: 'jane.doe_2-x' }).username).toBeUndefined();
    expect(validateProfile({ ...valid(), city: 'c'.repeat(121) }).city).toEqual({
      key: 'VALIDATION.MAX_LENGTH',
      values: { max: 120 },
    });
    expect(validateProfile({ ...valid(), city: 'c'.repeat(120) }).city).toBeUndefined();
  });

  it('counts the bio in characters of text, not HTML: 20000 pass, 20001 do not', () => {
    const bio = (n: number) => `<p><strong>${'b'.repeat(n)}</strong></p>`;
    expect(validateProfile({ ...valid(), bio: bio(20_000) }).bio).toBeUndefined();
    expect(validateProfile({ ...valid(), bio: bio(20_001) }).bio).toEqual({
      key: 'EDITOR.TOO_LONG',
      values: { max: 20_000, excess: 1 },
    });
  });

  it('makes the PUT body: trimmed, an empty city or bio is null', () => {
    expect(
      profileChanges({
        firstName: ' Jo ',
        lastName: 'Doe ',
        username: ' jo ',
        city: '  ',
        bio: '<p><br></p>',
      }),
    ).toEqual({ firstName: 'Jo', lastName: 'Doe', username: 'jo', city: null, bio: null });
    expect(profileChanges({ ...valid(), city: ' Lyon ', bio: '<p>Hi</p>' })).toMatchObject({
      city: 'Lyon',
      bio: '<p>Hi</p>',
    });
  });

  it('maps the server’s fields: a 409 on username says it is taken', () => {
    const fields = [{ field: 'body.username', message: 'is already taken' }];
    expect(serverFieldErrors({ status: 409, fields })).toEqual({
      username: { key: 'VALIDATION.USERNAME_TAKEN' },
    });
    expect(serverFieldErrors({ status: 400, fields })).toEqual({ username: { key: 'VALIDATION.USERNAME' } });
    expect(
      serverFieldErrors({ status: 400, fields: [{ field: 'body.firstName', message: 'must not be blank' }] }),
    ).toEqual({ firstName: { key: 'VALIDATION.INVALID' } });
    expect(serverFieldErrors({ status: 400, fields: [{ field: 'body.other', message: 'x' }] })).toEqual({});
  });
});
