import { describe, expect, it } from 'vitest';
import { displayName, isDeletedMember } from './display-name';

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

describe('a deleted member', () => {
  const tombstone = { id: 'x', username: '~deleted-0b7c', firstName: '', lastName: '', avatar: null };
  it('is "Deleted member" in English and "Membre supprimé" in French, whatever else it holds', async () => {
    const { activateCatalog } = await import('@/testing/test-utils');
    activateCatalog('en-US');
    expect(displayName(tombstone)).toBe('Deleted member');
    expect(isDeletedMember(tombstone)).toBe(true);
    activateCatalog('fr-FR');
    expect(displayName({ ...tombstone, firstName: 'Ghost' })).toBe('Membre supprimé');
  });
  it('is never a member whose username merely contains "deleted"', () => {
    expect(isDeletedMember({ username: 'deleted-fan' })).toBe(false);
    expect(displayName({ username: 'deleted-fan' })).toBe('deleted-fan');
  });
});
