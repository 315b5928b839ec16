import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fetch';
import {
  installI18nServer as installServer,
  loadI18n as load,
  type SettingsRoute as Route,
} from '@/testing/i18n-server';
import { tokenExpiringIn } from '@/testing/jwt';

describe('settings labels (spec §3, §7, §8)', () => {
  beforeEach(() => {
    localStorage.setItem('access_token', tokenExpiringIn(3600));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const entry = (key: string, en: string, fr: string, descriptions = false) => ({
    key,
    domainId: 'x',
    jsonPayload: {
      'label_en-US': en,
      'label_fr-FR': fr,
      ...(descriptions ? { 'description_en-US': `${en} text`, 'description_fr-FR': `${fr} texte` } : {}),
    },
  });
  const answer =
    (...entries: unknown[]): Route =>
    () =>
      json(200, { success: true, data: entries });

  it('asks once per each of the six domains, with limit 100, and loads each only once', async () => {
    const domains = [
      'energyType',
      'gearboxType',
      'upholsteryMaterial',
      'mileageUnit',
      'carLogType',
      'currencyCode',
    ];
    const urls = installServer(Object.fromEntries(domains.map((d) => [d, answer(entry('k', 'K', 'K'))])));
    const lib = await load();
    await lib.initI18n();
    await lib.loadSettingsLabels();
    await lib.loadSettingsLabels();
    await lib.changeLocale('en-US');
    const settingsCalls = urls.filter((u) => u.startsWith('/api/v1.0/settings'));
    expect(settingsCalls).toHaveLength(6);
    expect(settingsCalls.map((u) => new URL(u, 'http://x').searchParams.get('domainId')).sort()).toEqual(
      [...domains].sort(),
    );
    expect(settingsCalls.every((u) => new URL(u, 'http://x').searchParams.get('limit') === '100')).toBe(true);
  });

  it('keys labels {DOMAIN}.{key} and descriptions {DOMAIN}.{key}_DESCRIPTION, for each locale', async () => {
    installServer({
      mileageUnit: answer(entry('km', 'Kilometres', 'Kilomètres', true)),
      carLogType: answer(entry('oil_change', 'Oil {change}', "Vidange d'huile")),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const lib = await load();
    await lib.initI18n();
    await lib.loadSettingsLabels();
    expect(lib.i18n._('MILEAGEUNIT.km')).toBe('Kilomètres');
    expect(lib.i18n._('MILEAGEUNIT.km_DESCRIPTION')).toBe('Kilomètres texte');
    expect(lib.i18n._('CARLOGTYPE.oil_change')).toBe("Vidange d'huile");
    await lib.changeLocale('en-US');
    expect(lib.i18n._('MILEAGEUNIT.km')).toBe('Kilometres');
    expect(lib.i18n._('MILEAGEUNIT.km_DESCRIPTION')).toBe('Kilometres text');
    expect(lib.i18n._('CARLOGTYPE.oil_change')).toBe('Oil {change}'); // labels are text, never ICU
  });

  it('a failing domain is logged and the others still load', async () => {
    installServer({
      energyType: answer(entry('diesel', 'Diesel', 'Gazole')),
      gearboxType: () => json(500, { success: false, error: { code: 'INTERNAL_ERROR', message: 'boom' } }),
      currencyCode: answer(entry('EUR', 'Euro', 'Euro')),
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const lib = await load();
    await lib.initI18n();
    await lib.loadSettingsLabels();
    expect(error).toHaveBeenCalledWith(
      'Failed to load translations for domain gearboxType',
      expect.anything(),
    );
    expect(lib.i18n._('ENERGYTYPE.diesel')).toBe('Gazole');
    expect(lib.i18n._('CURRENCYCODE.EUR')).toBe('Euro');
  });

  it('a domain that failed is asked again on the next call; loaded ones are not', async () => {
    let fails = true;
    const urls = installServer({
      energyType: answer(entry('diesel', 'Diesel', 'Gazole')),
      gearboxType: () => (fails ? json(503, {}) : answer(entry('manual', 'Manual', 'Manuelle'))('')),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const lib = await load();
    await lib.initI18n();
    await lib.loadSettingsLabels();
    fails = false;
    const before = urls.length;
    await lib.loadSettingsLabels();
    const again = urls.slice(before).map((u) => new URL(u, 'http://x').searchParams.get('domainId'));
    expect(again).not.toContain('energyType');
    expect(again).toContain('gearboxType');
    expect(lib.i18n._('GEARBOXTYPE.manual')).toBe('Manuelle');
  });

  it('does nothing while signed out (the settings call needs a session)', async () => {
    localStorage.clear();
    const urls = installServer();
    const lib = await load();
    await lib.initI18n();
    await lib.loadSettingsLabels();
    expect(urls.filter((u) => u.includes('/settings'))).toHaveLength(0);
  });

  it('warns, listing the supported languages, when translations for another language are added', async () => {
    installServer();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const lib = await load();
    await lib.initI18n();
    lib.addTranslations('de-DE', { 'X.Y': 'Z' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('en-US, fr-FR'));
    expect(lib.i18n.messages['X.Y']).toBeUndefined();
  });
});
