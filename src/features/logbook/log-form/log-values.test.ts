import { describe, expect, it } from 'vitest';
import { LOG_FIELDS } from '@/contract/fields';
import {
  CAR_LOG_CONTENT_MAX_TEXT,
  CAR_LOG_MAX_TAGS,
  CAR_LOG_TAG_MAX_LENGTH,
  CarLogInput,
} from '@/contract/garage';
import { makeLog } from '@/features/garage/testing/garage-fixtures';
import {
  checkPlain,
  defaultCurrency,
  emptyLogValues,
  FORM_LOG_FIELDS,
  LOCALE_CURRENCY,
  LOG_LIMITS,
  logDraft,
  PLAIN_LOG_FIELDS,
  plainDraft,
  plainFieldMax,
  plainValues,
  todayLocal,
  validateLog,
  type LogFormValues,
} from './log-values';
import { addTag } from './tags-input';

const valid = (over: Partial<LogFormValues> = {}): LogFormValues => ({
  ...emptyLogValues('EUR', '2026-03-01'),
  type: 'maintenance',
  title: 'Oil change',
  ...over,
});

describe('log limits', () => {
  it('pins every number and matches the server contract', () => {
    expect(LOG_LIMITS.titleMax).toBe(200);
    expect(LOG_LIMITS.locationMax).toBe(200);
    expect(LOG_LIMITS.maxTags).toBe(20);
    expect(LOG_LIMITS.tagMax).toBe(40);
    expect(LOG_LIMITS.costDecimals).toBe(2);
    expect(LOG_LIMITS.contentMax).toBe(20000);
    expect(LOG_LIMITS.maxTags).toBe(CAR_LOG_MAX_TAGS);
    expect(LOG_LIMITS.tagMax).toBe(CAR_LOG_TAG_MAX_LENGTH);
    expect(LOG_LIMITS.contentMax).toBe(CAR_LOG_CONTENT_MAX_TEXT);
  });
});

describe('defaults', () => {
  it('starts today on the local calendar', () => {
    expect(todayLocal(new Date(2026, 0, 5, 0, 30))).toBe('2026-01-05');
    expect(emptyLogValues('EUR').startDate).toBe(todayLocal());
  });

  it('currency: the last one used on the car, else the locale (en-US USD, fr-FR EUR)', () => {
    expect(LOCALE_CURRENCY).toEqual({ 'en-US': 'USD', 'fr-FR': 'EUR' });
    expect(defaultCurrency([], 'en-US')).toBe('USD');
    expect(defaultCurrency(undefined, 'fr-FR')).toBe('EUR');
    const logs = [
      makeLog({ id: 'a', currencyCode: 'GBP', startDate: '2026-05-01', updatedAt: '2026-01-01T00:00:00Z' }),
      makeLog({ id: 'b', currencyCode: 'USD', startDate: '2025-01-01', updatedAt: '2026-04-01T00:00:00Z' }),
      makeLog({ id: 'c', currencyCode: null, startDate: '2025-01-01', updatedAt: '2026-06-01T00:00:00Z' }),
    ];
    expect(defaultCurrency(logs, 'fr-FR')).toBe('USD');
  });
});

describe('validateLog', () => {
  it('requires type, title and date', () => {
    expect(validateLog(valid({ type: '', title: '  ', startDate: '' }))).toEqual({
      type: { key: 'VALIDATION.REQUIRED' },
      title: { key: 'VALIDATION.REQUIRED' },
      startDate: { key: 'VALIDATION.REQUIRED' },
    });
    expect(validateLog(valid({ startDate: '2026-02-30' })).startDate).toEqual({
      key: 'CAR_LOGS.FORM_DATE_INVALID',
    });
  });

  it('title and location: at most 200 characters', () => {
    expect(validateLog(valid({ title: 't'.repeat(200), location: 'l'.repeat(200) }))).toEqual({});
    expect(validateLog(valid({ title: 't'.repeat(201), location: 'l'.repeat(201) }))).toEqual({
      title: { key: 'VALIDATION.MAX_LENGTH', values: { max: 200 } },
      location: { key: 'VALIDATION.MAX_LENGTH', values: { max: 200 } },
    });
  });

  it('cost: 0 or more, at most 2 decimals; mileage: a whole number, 0 or more', () => {
    for (const ok of ['0', '12', '12.5', '12,50', '1 200.99'])
      expect(validateLog(valid({ cost: ok })).cost, ok).toBeUndefined();
    for (const bad of ['-1', '12.505', 'abc', '1e3']) {
      expect(validateLog(valid({ cost: bad })).cost, bad).toEqual({ key: 'CAR_LOGS.FORM_COST_INVALID' });
    }
    expect(validateLog(valid({ mileage: '-1' })).mileage).toEqual({ key: 'CAR_LOGS.FORM_MILEAGE_INVALID' });
    expect(validateLog(valid({ mileage: '2.5' })).mileage).toEqual({ key: 'CAR_LOGS.FORM_MILEAGE_INVALID' });
    expect(validateLog(valid({ mileage: '0' })).mileage).toBeUndefined();
  });

  it('tags: at most 20, each at most 40 characters', () => {
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `tag${i}`);
    expect(validateLog(valid({ tags: tags(20) })).tags).toBeUndefined();
    expect(validateLog(valid({ tags: tags(21) })).tags).toEqual({
      key: 'CAR_LOGS.FORM_TOO_MANY_TAGS',
      values: { max: 20 },
    });
    expect(validateLog(valid({ tags: ['x'.repeat(40)] })).tags).toBeUndefined();
    expect(validateLog(valid({ tags: ['x'.repeat(41)] })).tags).toEqual({
      key: 'CAR_LOGS.FORM_TAG_TOO_LONG',
      values: { max: 40 },
    });
  });

  it('content: at most 20000 characters of text', () => {
    expect(validateLog(valid({ content: `<p><em>${'a'.repeat(20000)}</em></p>` })).content).toBeUndefined();
    expect(validateLog(valid({ content: `<p>${'a'.repeat(20001)}</p>` })).content?.key).toBe(
      'EDITOR.TOO_LONG',
    );
  });
});

describe('addTag', () => {
  it('trims, skips duplicates (any case) and refuses past 20 tags or 40 characters', () => {
    expect(addTag(['oil'], '  brakes  ').tags).toEqual(['oil', 'brakes']);
    expect(addTag(['oil'], 'OIL').tags).toEqual(['oil']);
    expect(addTag([], 'x'.repeat(41)).error).toEqual({
      key: 'CAR_LOGS.FORM_TAG_TOO_LONG',
      values: { max: 40 },
    });
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect(addTag(twenty, 'one more')).toEqual({
      tags: twenty,
      error: { key: 'CAR_LOGS.FORM_TOO_MANY_TAGS', values: { max: 20 } },
    });
  });
});

describe('logDraft', () => {
  it('turns text into the draft, the currency only with a cost', () => {
    expect(
      logDraft(valid({ cost: '12,5', mileage: '41 000', location: ' ', tags: ['oil'] }), 'car-1'),
    ).toEqual({
      carId: 'car-1',
      type: 'maintenance',
      title: 'Oil change',
      startDate: '2026-03-01',
      cost: 12.5,
      currencyCode: 'EUR',
      mileage: 41000,
      location: null,
      tags: ['oil'],
      content: null,
    });
    expect(logDraft(valid(), 'car-1')).toMatchObject({ cost: null, currencyCode: null });
  });
});

describe('the plain fields: the contract fields the form does not make by hand', () => {
  it('every field of the contract is the form’s own or a plain text field (nullable, bounded)', () => {
    expect([...FORM_LOG_FIELDS, ...PLAIN_LOG_FIELDS].sort()).toEqual([...LOG_FIELDS].sort());
    const properties = CarLogInput.properties as Record<string, { type?: unknown; maxLength?: unknown }>;
    for (const field of PLAIN_LOG_FIELDS) {
      // A field of another shape (a number, a list, a date) needs its own input: add it by hand.
      expect(properties[field]?.type, field).toEqual(['string', 'null']);
      expect(plainFieldMax(field), field).toBeTypeOf('number');
    }
  });

  it('a plain field (a hypothetical station) reads from a log, is checked and saved trimmed or null', () => {
    expect(plainValues(['station'])).toEqual({ station: '' });
    expect(plainValues(['station'], { station: 'Total Access' })).toEqual({ station: 'Total Access' });
    const maxOf = (field: string) => (field === 'station' ? 5 : undefined);
    expect(checkPlain({ station: 'Total Access' }, maxOf)).toEqual({
      station: { key: 'VALIDATION.MAX_LENGTH', values: { max: 5 } },
    });
    expect(checkPlain({ station: ' Total ' }, maxOf)).toEqual({});
    expect(plainDraft({ station: ' Total ' })).toEqual({ station: 'Total' });
    expect(plainDraft({ station: '  ' })).toEqual({ station: null });
  });
});
