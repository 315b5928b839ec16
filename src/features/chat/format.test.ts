// The conversation header's line of who is in a room, in both languages.
import { i18n } from '@/lib/i18n';
import { describe, expect, it } from 'vitest';
import { activateCatalog } from '@/testing/test-utils';
import { chatMember } from './testing/fake-chat-server';
import { participantsLine } from './format';

const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);
const me = chatMember({ id: 'me', firstName: 'Jane', lastName: 'Doe' });
const people = ['Anna', 'Ben', 'Carl', 'Dana', 'Eve'].map((firstName) =>
  chatMember({ id: firstName.toLowerCase(), firstName, lastName: 'Martin' }),
);
const room = (count: number) => [people[0]!, me, ...people.slice(1, count)];

describe('participantsLine', () => {
  it('says "You", then the first names; past four people, "and N others"', () => {
    activateCatalog('en-US');
    expect(participantsLine([me], me.id, t)).toBe('Only you');
    expect(participantsLine(room(1), me.id, t)).toBe('You and Anna');
    expect(participantsLine(room(3), me.id, t)).toBe('You, Anna, Ben and Carl');
    expect(participantsLine(room(4), me.id, t)).toBe('You, Anna, Ben and 2 others');
    expect(participantsLine(room(5), me.id, t)).toBe('You, Anna, Ben and 3 others');
    // Without a first name, the display name (the username).
    expect(participantsLine([me, chatMember({ id: 'x', username: 'speedy' })], me.id, t)).toBe(
      'You and speedy',
    );
  });

  it('in French', () => {
    activateCatalog('fr-FR');
    expect(participantsLine([me], me.id, t)).toBe('Seulement vous');
    expect(participantsLine(room(2), me.id, t)).toBe('Vous, Anna et Ben');
    expect(participantsLine(room(5), me.id, t)).toBe('Vous, Anna, Ben et 3 autres');
  });
});
