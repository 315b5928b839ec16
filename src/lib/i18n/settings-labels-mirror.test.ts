// The settings mirror (docs/OFFLINE-FIRST.md): each domain kept in the member's database a
// moment after sign-in, and read back when the app starts offline. In a file of its own: the
// delayed writes of other tests' modules must not meet this one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/fetch';
import {
  installI18nServer as installServer,
  loadI18n as load,
  type SettingsRoute as Route,
} from '@/testing/i18n-server';
import { tokenExpiringIn } from '@/testing/jwt';

describe('settings labels kept on the device', () => {
  beforeEach(() => {
    localStorage.setItem('access_token', tokenExpiringIn(3600));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const entry = (key: string, en: string, fr: string) => ({
    key,
    domainId: 'x',
    jsonPayload: { 'label_en-US': en, 'label_fr-FR': fr },
  });
  const answer =
    (...entries: unknown[]): Route =>
    () =>
      json(200, { success: true, data: entries });
  it('keeps each domain on the device and shows its labels when started offline', async () => {
    installServer({ gearboxType: answer(entry('manual', 'Manual', 'Manuelle')) });
    // A member of its own: the database is theirs (paddock-<id>).
    const member = { id: `mirror-${Math.random().toString(36).slice(2)}`, email: 'm@x.io', username: 'm' };
    const signIn = async () =>
      (await import('../auth/session-store')).sessionStore.setState({
        status: 'signedIn',
        user: member as never,
        isAuthReady: true,
      });
    const online = await load();
    await signIn();
    await online.initI18n();
    await online.loadSettingsLabels();
    expect(online.SETTINGS_MIRROR_DELAY_MS).toBe(3000);
    const db = await (await import('../db')).localDb();
    // Written a moment after sign-in (not during the first render), and once the device's data
    // has started (this test opened the database: at once, after the short pause), then kept.
    expect(await db.settingsLabels.get('gearboxType')).toBeUndefined();
    await vi.waitFor(async () => expect(await db.settingsLabels.get('gearboxType')).toBeDefined(), {
      timeout: online.SETTINGS_MIRROR_DELAY_MS + 10_000,
    });
    db.close();

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installServer({
      gearboxType: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const offline = await load();
    await signIn();
    await offline.initI18n();
    await offline.loadSettingsLabels();
    expect(offline.i18n._('GEARBOXTYPE.manual')).toBe('Manuelle');
    (await (await import('../db')).localDb()).close();
  });
});
