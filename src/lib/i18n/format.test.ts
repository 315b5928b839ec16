import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateCatalog } from '@/testing/test-utils';
import { addTranslations, formatDate } from '@/lib/i18n';
import {
  formatDay,
  formatDistance,
  formatMoney,
  formatMoneyPerDistance,
  formatMonth,
  settingLabel,
  unitSymbol,
} from './format';

const t = (id: string) => (id === 'CARLOGTYPE.fuel' ? 'Fuel' : id);

describe('settingLabel', () => {
  it('reads the Lingui key {DOMAIN}.{key}', () => {
    expect(settingLabel(t, 'carLogType', 'fuel')).toBe('Fuel');
  });

  it('a key without a label shows the key, never the message id', () => {
    expect(settingLabel(t, 'carLogType', 'towing')).toBe('towing');
  });

  it('follows the catalog of the active locale', async () => {
    activateCatalog('fr-FR');
    addTranslations('fr-FR', { 'MILEAGEUNIT.km': 'kilomètres' });
    const { i18n } = await import('@/lib/i18n');
    expect(settingLabel((id) => i18n._(id), 'mileageUnit', 'km')).toBe('kilomètres');
  });
});

describe('formatMoney', () => {
  beforeAll(() => activateCatalog('en-US'));

  it('formats in the currency for the locale', () => {
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(0.3, 'USD')).toBe('$0.30');
  });

  it('a code Intl does not know, or none, is a plain amount', () => {
    expect(formatMoney(12.5, 'NOT-A-CODE')).toBe('12.50 NOT-A-CODE');
    expect(formatMoney(12.5, '')).toBe('12.50');
  });

  it('French puts the symbol after', () => {
    activateCatalog('fr-FR');
    expect(formatMoney(1234.5, 'EUR')).toBe('1\u202f234,50\u00a0€');
    activateCatalog('en-US');
  });
});

describe('calendar dates do not move with the time zone', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York'; // west of UTC: a midnight-UTC date would show the day before
    activateCatalog('en-US');
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it('formatDay shows the stored day', () => {
    expect(new Date('2025-01-15').getDate()).toBe(14); // the trap this guards against
    expect(formatDay('2025-01-15')).toBe('Jan 15, 2025');
    expect(formatDay('2025-01-01', 'long')).toBe('January 1, 2025');
  });

  it('formatMonth shows the stored month', () => {
    expect(formatMonth('2025-01')).toBe('Jan 2025');
    expect(formatMonth('2024-12', 'long')).toBe('December 2024');
  });
});

describe('distances in unit symbols, money per distance in 2 or 3 decimals', () => {
  afterAll(() => activateCatalog('en-US'));

  it('en-US: "12,345 km", "mi", never "Kilometres"', () => {
    activateCatalog('en-US');
    expect(formatDistance(12345, 'km')).toBe('12,345 km');
    expect(formatDistance(500, 'mi')).toBe('500 mi');
    expect(unitSymbol('km')).toBe('km');
    expect(unitSymbol('mi')).toBe('mi');
  });

  it('fr-FR: "12 345 km"', () => {
    activateCatalog('fr-FR');
    expect(formatDistance(12345, 'km')).toBe('12\u202f345\u202fkm');
    expect(unitSymbol('km')).toBe('km');
  });

  it('a unit Intl does not know shows its key', () => {
    activateCatalog('en-US');
    expect(formatDistance(3, 'nmi')).toBe('3 nmi');
    expect(unitSymbol('nmi')).toBe('nmi');
  });

  it('"€0.554", not "€0.5542"; two decimals from 1 up', () => {
    activateCatalog('en-US');
    expect(formatMoneyPerDistance(0.5542, 'EUR')).toBe('€0.554');
    expect(formatMoneyPerDistance(0.4, 'EUR')).toBe('€0.40');
    expect(formatMoneyPerDistance(1.2345, 'USD')).toBe('$1.23');
    expect(formatMoneyPerDistance(0.5542, 'NOT-A-CODE')).toBe('0.554 NOT-A-CODE');
    activateCatalog('fr-FR');
    expect(formatMoneyPerDistance(0.5542, 'EUR')).toBe('0,554\u00a0€');
  });
});

/** Counts the constructions of one of Intl's formatters until the test's end (a subclass in its place). */
const restores: (() => void)[] = [];
function countBuilt(name: 'DateTimeFormat' | 'NumberFormat'): { count: number } {
  const built = { count: 0 };
  const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
  const Counting = class extends Original {
    constructor(...args: unknown[]) {
      super(...args);
      built.count += 1;
    }
  };
  Object.defineProperty(Intl, name, { value: Counting, configurable: true, writable: true });
  restores.push(() =>
    Object.defineProperty(Intl, name, { value: Original, configurable: true, writable: true }),
  );
  return built;
}

describe('one Intl formatter per locale and options, built once', () => {
  afterEach(() => {
    restores.splice(0).forEach((restore) => restore());
    activateCatalog('en-US');
  });

  const FULL_UTC = { dateStyle: 'full', timeZone: 'UTC' } as const;

  it('a list of rows builds its date, distance and amount formatters once, not once a row', () => {
    activateCatalog('en-US');
    const dates = countBuilt('DateTimeFormat');
    const numbers = countBuilt('NumberFormat');
    // Options no other test here uses: the first row builds them, the 199 after reuse them.
    const rows = Array.from({ length: 200 }, (_, i) => [
      formatDate(`2024-03-${String((i % 28) + 1).padStart(2, '0')}T00:00:00Z`, FULL_UTC),
      formatDistance(1000 + i, 'mi'),
      formatMoney(i + 0.25, 'CHF'),
    ]);
    expect(rows[0]).toEqual(['Friday, March 1, 2024', '1,000 mi', 'CHF\u00a00.25']);
    expect(rows[199]).toEqual(['Monday, March 4, 2024', '1,199 mi', 'CHF\u00a0199.25']);
    expect(dates.count).toBe(1);
    // The amounts' one, and the miles' unless a test above built it already: never one a row.
    expect(numbers.count).toBeGreaterThanOrEqual(1);
    expect(numbers.count).toBeLessThanOrEqual(2);
  });

  it('each locale has its own: switching the language formats in the new one', () => {
    activateCatalog('en-US');
    expect(formatDistance(12345, 'mi')).toBe('12,345 mi');
    const numbers = countBuilt('NumberFormat');
    // Miles in French: no test above has built that one yet.
    activateCatalog('fr-FR');
    expect(formatDistance(12345, 'mi')).toBe('12\u202f345\u202fmi');
    expect(formatDistance(12345, 'mi')).toBe('12\u202f345\u202fmi');
    expect(numbers.count).toBe(1);
    activateCatalog('en-US');
    expect(formatDistance(12345, 'mi')).toBe('12,345 mi');
    expect(numbers.count).toBe(1);
  });

  it('a currency Intl refuses is refused every time, never cached as something else', () => {
    activateCatalog('en-US');
    expect(formatMoney(12.5, 'NOT-A-CODE')).toBe('12.50 NOT-A-CODE');
    expect(formatMoney(12.5, 'NOT-A-CODE')).toBe('12.50 NOT-A-CODE');
    expect(formatMoney(12.5, 'EUR')).toBe('€12.50');
  });
});
