import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateCatalog } from '@/testing/test-utils';
import { addTranslations } from '@/lib/i18n';
import { formatDay, formatMoney, formatMonth, settingLabel } from './format';

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
