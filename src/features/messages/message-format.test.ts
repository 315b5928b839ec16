import { describe, expect, it } from 'vitest';
import { MESSAGE_SUBJECT_MAX } from '@/contract/constants';
import { participant } from '@/features/messages/testing/fake-messages-server';
import { EXCERPT_LENGTH, excerptOf, listDate, otherParticipant, replySubject } from './message-format';

describe('message helpers', () => {
  it('an excerpt is the text on one line, cut at 120 characters', () => {
    expect(EXCERPT_LENGTH).toBe(120);
    expect(excerptOf('<p>Hello <strong>you</strong></p><p>there</p>')).toBe('Hello youthere');
    expect(excerptOf('<p>a\n\n  b</p>')).toBe('a b');
    const long = excerptOf(`<p>${'x'.repeat(200)}</p>`);
    expect(long).toBe(`${'x'.repeat(120)}…`);
  });

  it('a reply subject gets the prefix once and stays within 200 characters', () => {
    expect(MESSAGE_SUBJECT_MAX).toBe(200);
    expect(replySubject('Track day', 'Re: ', 200)).toBe('Re: Track day');
    expect(replySubject('Re: Track day', 'Re: ', 200)).toBe('Re: Track day');
    expect(replySubject('RE: Track day', 'Re: ', 200)).toBe('RE: Track day');
    expect(replySubject('y'.repeat(200), 'Re: ', 200)).toHaveLength(200);
  });

  it('the other participant: the sender of what I received, the recipient of what I sent', () => {
    const a = participant({ id: 'a' });
    const b = participant({ id: 'b' });
    expect(otherParticipant({ folder: 'inbox', sender: a, recipient: b })).toBe(a);
    expect(otherParticipant({ folder: 'sent', sender: a, recipient: b })).toBe(b);
  });

  it('a list date is the time today, the date otherwise', () => {
    const now = new Date(2026, 2, 14, 18, 0);
    expect(listDate(new Date(2026, 2, 14, 9, 30).toISOString(), now)).not.toMatch(/2026/);
    expect(listDate(new Date(2026, 2, 1, 9, 30).toISOString(), now)).toMatch(/2026/);
  });
});
