import { describe, expect, it } from 'vitest';
import { displayName } from './display-name';

describe('displayName (spec §3)', () => {
  it('joins first and last name with a space', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' })).toBe('Ada Lovelace');
  });
  it('trims when one part is missing', () => {
    expect(displayName({ firstName: 'Ada', lastName: '' })).toBe('Ada');
    expect(displayName({ firstName: null, lastName: 'Lovelace' })).toBe('Lovelace');
  });
  it('falls back to the username when the name is empty', () => {
    expect(displayName({ firstName: ' ', lastName: '', username: 'ada', email: 'ada@example.com' })).toBe(
      'ada',
    );
  });
  it('then to the e-mail', () => {
    expect(displayName({ firstName: '', lastName: '', username: '', email: 'ada@example.com' })).toBe(
      'ada@example.com',
    );
  });
  it('then to "Unknown User"', () => {
    expect(displayName({ firstName: '', lastName: '', username: '', email: '' })).toBe('Unknown User');
    expect(displayName({})).toBe('Unknown User');
    expect(displayName(null)).toBe('Unknown User');
    expect(displayName(undefined)).toBe('Unknown User');
  });
});
