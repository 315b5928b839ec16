import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fetch';
import { installI18nServer as installServer, loadI18n as load } from '@/testing/i18n-server';
import { tokenExpiringIn } from '@/testing/jwt';
import { setBrowserLanguages } from '@/testing/browser-languages';

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

  it("starts in the browser's language while no choice is stored, and a stored choice wins", async () => {
    installServer();
    setBrowserLanguages(['en-GB', 'fr-FR']);
    const english = await load();
    await expect(english.initI18n()).resolves.toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(localStorage.getItem('selectedLocale')).toBeNull(); // not a choice: nothing is stored
    setBrowserLanguages(['fr-CA', 'en-US']);
    await expect((await load()).initI18n()).resolves.toBe('fr-FR');
    setBrowserLanguages(['en-US']);
    localStorage.setItem('selectedLocale', 'fr-FR');
    await expect((await load()).initI18n()).resolves.toBe('fr-FR');
  });

  it('the default fr-FR is the fallback when the browser asks for neither language (spec §4)', async () => {
    setBrowserLanguages(['de-DE', 'es']);
    const lib = await import('./locales');
    expect(lib.browserLocale()).toBeNull();
    expect(lib.browserLocale(['pt_BR', 'EN'])).toBe('en-US');
    expect(lib.storedLocale()).toBe('fr-FR');
    installServer();
    const i18n = await load();
    await expect(i18n.initI18n()).resolves.toBe('fr-FR');
    expect(i18n.i18n._('APP.HELLO', { name: 'Ada' })).toBe('Bonjour Ada');
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

  it('keeps a choice for the prerendered login page: a cookie for the server, Cache Storage for the worker', async () => {
    const forget = () => (document.cookie = 'paddock-locale=; Max-Age=0; Path=/');
    forget();
    const put = vi.fn((_url: string, _answer: Response) => Promise.resolve());
    vi.stubGlobal('caches', { open: vi.fn(() => Promise.resolve({ put })) });
    installServer();
    const lib = await load();
    await lib.initI18n();
    // The browser's language or the default is no choice: nothing is kept.
    expect(document.cookie).not.toContain('paddock-locale');
    expect(put).not.toHaveBeenCalled();
    await lib.changeLocale('en-US');
    expect(document.cookie).toContain('paddock-locale=en-US');
    await vi.waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    const [url, answer] = put.mock.calls[0] ?? [];
    expect(url).toBe('/__paddock/locale');
    await expect(answer?.text()).resolves.toBe('en-US');
    // A choice stored before the cookie existed is kept at the next start.
    forget();
    localStorage.setItem('selectedLocale', 'fr-FR');
    const again = await load();
    await again.initI18n();
    expect(document.cookie).toContain('paddock-locale=fr-FR');
    forget();
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
