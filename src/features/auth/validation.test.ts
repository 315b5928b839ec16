import { describe, expect, it } from 'vitest';
import * as contract from '@/contract/auth';
import {
  checkEmail,
  EMAIL_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_PATTERN,
  validateSignup,
} from './validation';

const valid = {
  email: 'jane@example.com',
  password: 'abcdefgh',
  username: 'jane.d-1_',
  firstName: 'Jane',
  lastName: 'Doe',
  city: '',
};

describe('signup checks mirror the server', () => {
  it('uses the contract numbers and pattern', () => {
    expect(PASSWORD_MIN).toBe(contract.PASSWORD_MIN);
    expect(PASSWORD_MAX).toBe(contract.PASSWORD_MAX);
    expect(USERNAME_PATTERN.source).toBe(contract.USERNAME_PATTERN);
    expect(EMAIL_PATTERN.source).toBe(contract.EMAIL_PATTERN);
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([8, 128]);
  });

  it('accepts a valid form', () => {
    expect(validateSignup(valid)).toEqual({});
  });

  it('applies the password bounds 8..128', () => {
    expect(validateSignup({ ...valid, password: 'x'.repeat(7) }).password).toEqual({
      key: 'VALIDATION.PASSWORD_TOO_SHORT',
      values: { length: 7, min: 8 },
    });
    expect(validateSignup({ ...valid, password: 'x'.repeat(8) }).password).toBeUndefined();
    expect(validateSignup({ ...valid, password: 'x'.repeat(128) }).password).toBeUndefined();
    expect(validateSignup({ ...valid, password: 'x'.repeat(129) }).password).toEqual({
      key: 'VALIDATION.PASSWORD_TOO_LONG',
      values: { length: 129, max: 128 },
    });
  });

  it('applies the username, name and city limits', () => {
    expect(validateSignup({ ...valid, username: 'ab' }).username).toEqual({
      key: 'VALIDATION.USERNAME_TOO_SHORT',
      values: { length: 2, min: 3 },
    });
    expect(validateSignup({ ...valid, username: 'x'.repeat(31) }).username).toEqual({
      key: 'VALIDATION.USERNAME_TOO_LONG',
      values: { length: 31, max: 30 },
    });
    expect(validateSignup({ ...valid, username: 'has space' }).username?.key).toBe(
      'VALIDATION.USERNAME_SPACES',
    );
    expect(validateSignup({ ...valid, username: 'rené@home' }).username).toEqual({
      key: 'VALIDATION.USERNAME_CHARACTERS',
      values: { chars: 'é @' },
    });
    expect(validateSignup({ ...valid, firstName: 'x'.repeat(81) }).firstName?.key).toBe(
      'VALIDATION.MAX_LENGTH',
    );
    expect(validateSignup({ ...valid, lastName: 'x'.repeat(80) }).lastName).toBeUndefined();
    expect(validateSignup({ ...valid, city: 'x'.repeat(121) }).city?.key).toBe('VALIDATION.MAX_LENGTH');
  });

  it('checks e-mails loosely', () => {
    expect(checkEmail('')?.key).toBe('VALIDATION.REQUIRED');
    expect(checkEmail('jane@')?.key).toBe('VALIDATION.EMAIL');
    expect(checkEmail('jane@b..co')?.key).toBe('VALIDATION.EMAIL');
    expect(checkEmail('jane@localhost')?.key).toBe('VALIDATION.EMAIL');
    expect(checkEmail(`${'a'.repeat(250)}@b.co`)?.key).toBe('VALIDATION.EMAIL');
    expect(checkEmail(' jane@example.com ')).toBeUndefined();
  });
});
