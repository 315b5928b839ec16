import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fetch';
import { installI18nServer as installServer, loadI18n as load } from '@/testing/i18n-server';
import { tokenExpiringIn } from '@/testing/jwt';

describe('locale rules (spec §4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts with a stored supported locale', async () => {
    localStorage.setItem('selectedLocale', 'en-US');
    const urls = installServer();
    const lib = await load();
    await expect(lib.initI18n()).resolves.toBe('en-US');
    expect(urls).toEqual(['/assets/i18n/en-US.json']);
    expect(lib.i18n._('APP.HELLO', { name: 'Ada' })).toBe('Hello Ada');
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('starts with fr-FR when the stored locale is unsupported or absent', async () => {
    installServer();
    localStorage.setItem('selectedLocale', 'de-DE');
    const lib = await load();
    expect(lib.DEFAULT_LOCALE).toBe('fr-FR');
    await expect(lib.initI18n()).resolves.toBe('fr-FR');
    localStorage.clear();
    const fresh = await load();
    await expect(fresh.initI18n()).resolves.toBe('fr-FR');
    expect(fresh.i18n._('APP.HELLO', { name: 'Ada' })).toBe('Bonjour Ada');
  });

  it('ignores a change to an unsupported locale', async () => {
    installServer();
    const lib = await load();
    await lib.initI18n();
    const announced = vi.fn();
    lib.onLocaleChange(announced);
    await expect(lib.changeLocale('de-DE')).resolves.toBe(false);
    expect(lib.i18n.locale).toBe('fr-FR');
    expect(localStorage.getItem('selectedLocale')).toBeNull();
    expect(announced).not.toHaveBeenCalled();
  });

  it('a valid change switches, stores, sets <html lang>, announces and re-applies the labels', async () => {
    installServer({
      energyType: () =>
        json(200, {
          success: true,
          data: [{ key: 'diesel', jsonPayload: { 'label_en-US': 'Diesel', 'label_fr-FR': 'Gazole' } }],
        }),
    });
    localStorage.setItem('access_token', tokenExpiringIn(3600));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const lib = await load();
    await lib.initI18n();
    await lib.loadSettingsLabels();
    expect(lib.i18n._('ENERGYTYPE.diesel')).toBe('Gazole');
    const announced = vi.fn();
    lib.onLocaleChange(announced);
    await expect(lib.changeLocale('en-US')).resolves.toBe(true);
    expect(lib.i18n.locale).toBe('en-US');
    expect(localStorage.getItem('selectedLocale')).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(announced).toHaveBeenCalledWith('en-US');
    expect(lib.i18n._('APP.HELLO', { name: 'Ada' })).toBe('Hello Ada');
    expect(lib.i18n._('ENERGYTYPE.diesel')).toBe('Diesel');
  });

  it('formats dates and numbers per locale', async () => {
    installServer();
    const lib = await load();
    await lib.initI18n();
    const when = new Date(Date.UTC(2026, 0, 31, 12));
    expect(lib.formatNumber(1234.5)).toBe(new Intl.NumberFormat('fr-FR').format(1234.5));
    expect(lib.formatDate(when, { timeZone: 'UTC' })).toBe('31/01/2026');
    await lib.changeLocale('en-US');
    expect(lib.formatDate(when, { timeZone: 'UTC' })).toBe('1/31/2026');
    expect(lib.formatNumber(1234.5)).toBe('1,234.5');
    expect(lib.formatDate('not a date')).toBe('');
  });
});
