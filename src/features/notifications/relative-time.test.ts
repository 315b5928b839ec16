import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('relative dates follow the locale', () => {
  it('English: now, minutes, hours, yesterday, days, weeks', () => {
    expect(formatRelativeTime(ago(10), NOW, 'en-US')).toBe('now');
    expect(formatRelativeTime(ago(5 * 60), NOW, 'en-US')).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600), NOW, 'en-US')).toBe('3 hours ago');
    expect(formatRelativeTime(ago(24 * 3600), NOW, 'en-US')).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 86400), NOW, 'en-US')).toBe('3 days ago');
    expect(formatRelativeTime(ago(14 * 86400), NOW, 'en-US')).toBe('2 weeks ago');
  });

  it('French', () => {
    expect(formatRelativeTime(ago(10), NOW, 'fr-FR')).toBe('maintenant');
    expect(formatRelativeTime(ago(5 * 60), NOW, 'fr-FR')).toBe('il y a 5 minutes');
    expect(formatRelativeTime(ago(24 * 3600), NOW, 'fr-FR')).toBe('hier');
  });

  it('past four weeks, the date itself; an unreadable date shows nothing', () => {
    expect(formatRelativeTime('2026-01-02T12:00:00Z', NOW, 'en-US')).toBe('Jan 2, 2026');
    expect(formatRelativeTime('2026-01-02T12:00:00Z', NOW, 'fr-FR')).toBe('2 janv. 2026');
    expect(formatRelativeTime('not a date', NOW, 'en-US')).toBe('');
  });
});
