// The language lives on the account. A switch is saved through the
// outbox (offline too, exactly once after a reload), and a member signing in on a new device gets
// the language stored on their account.
import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@/contract/user';
import { cachedUser, sessionStore } from '@/lib/auth/session-store';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { changeLocale, i18n } from '@/lib/i18n';
import { createReplayer, registerOutboxHandlers } from '@/lib/outbox';
import { signedIn } from '@/testing/api-client';
import { TEST_USER } from '@/testing/session-mock';
import { activateCatalog } from '@/testing/test-utils';
import { installPeopleServer } from '../testing/people-server';
import { peopleHandlers } from './handlers';
import { PEOPLE_KINDS } from './kinds';
import { bindAccountLanguage } from './language';

beforeAll(() => registerOutboxHandlers(peopleHandlers));

let name = '';
let unbind: () => void = () => undefined;
beforeEach(() => {
  name = `people-language-${Math.random().toString(36).slice(2)}`;
  resetLocalDatabaseForTests(name);
  signedIn();
  activateCatalog('fr-FR');
  // The catalogs are not served here: a switch still applies (ids show), and says so in the log.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  unbind();
  db.close();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStore.reset();
  localStorage.clear();
});

const member = (language: CurrentUser['language']): CurrentUser => ({ ...TEST_USER, language });
const signIn = (user: CurrentUser) => sessionStore.setState({ status: 'signedIn', user, isAuthReady: true });
const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();
const languageEntries = () => db.outbox.where('kind').equals(PEOPLE_KINDS.language).toArray();
const offline = (value: boolean) => vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(!value);

describe('the language on the account', () => {
  it('a switch made offline is kept on the device, survives a reload and is sent once', async () => {
    const server = installPeopleServer();
    server.me.language = 'fr-FR';
    signIn(member('fr-FR'));
    unbind = bindAccountLanguage();
    offline(true);

    await changeLocale('en-US');
    await waitFor(async () => expect(await languageEntries()).toHaveLength(1));
    // Back and forth: only the last choice waits.
    await changeLocale('fr-FR');
    await changeLocale('en-US');
    await waitFor(async () => {
      const entries = await languageEntries();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        method: 'PUT',
        path: '/users/me',
        body: { type: 'json', json: { language: 'en-US' } },
      });
    });
    expect(sessionStore.getState().user?.language).toBe('en-US');
    expect(cachedUser.read()?.language).toBe('en-US');
    const [queued] = await languageEntries();

    // A reload: a new page opens the same database; nothing was sent.
    unbind();
    db.close();
    resetLocalDatabaseForTests(name);
    expect(await languageEntries()).toHaveLength(1);
    expect(server.to('PUT', '/api/v1.0/users/me')).toHaveLength(0);

    offline(false);
    await replay();
    await replay();
    const sent = server.to('PUT', '/api/v1.0/users/me');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ language: 'en-US' });
    expect(sent[0]!.headers.get('Idempotency-Key')).toBe(queued!.id);
    expect(server.me.language).toBe('en-US');
    expect(await db.outbox.count()).toBe(0);
  });

  it('signing in on a new device applies the language stored on the account', async () => {
    installPeopleServer();
    expect(i18n.locale).toBe('fr-FR');
    unbind = bindAccountLanguage();
    signIn(member('en-US'));
    await waitFor(() => expect(i18n.locale).toBe('en-US'));
    expect(document.documentElement.lang).toBe('en-US');
    // Nothing to save: the account has it already.
    expect(await db.outbox.count()).toBe(0);
  });

  it("a choice of this device still on its way is not undone by the server's older copy", async () => {
    installPeopleServer();
    offline(true);
    signIn(member('fr-FR'));
    unbind = bindAccountLanguage();
    await changeLocale('en-US');
    await waitFor(async () => expect(await languageEntries()).toHaveLength(1));
    // /auth/me answers the account as the server still has it.
    signIn(member('fr-FR'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(i18n.locale).toBe('en-US');
  });

  it('a choice made before the engine bound (then a reload) is saved on the account, not undone by it', async () => {
    const server = installPeopleServer();
    server.me.language = 'en-US';
    signIn(member('en-US'));
    // The member picks French before the signed-in engine (which binds the save) has loaded.
    await changeLocale('fr-FR');
    expect(await db.outbox.count()).toBe(0);
    // The next page: the engine binds; the account's older language does not come back.
    unbind = bindAccountLanguage();
    await waitFor(async () =>
      expect(await languageEntries()).toMatchObject([
        { body: { type: 'json', json: { language: 'fr-FR' } } },
      ]),
    );
    expect(i18n.locale).toBe('fr-FR');
    expect(sessionStore.getState().user?.language).toBe('fr-FR');
    await replay();
    expect(server.me.language).toBe('fr-FR');
    // Saved: the account's language applies again from now on (another device's later choice).
    signIn(member('en-US'));
    await waitFor(() => expect(i18n.locale).toBe('en-US'));
  });

  it("an account with no language stored gets the app's language", async () => {
    installPeopleServer();
    offline(true);
    unbind = bindAccountLanguage();
    signIn(member(null));
    await waitFor(async () => {
      const [entry] = await languageEntries();
      expect(entry?.body).toEqual({ type: 'json', json: { language: 'fr-FR' } });
    });
    expect(i18n.locale).toBe('fr-FR');
  });

  it('a refused save needs attention, with the server answer kept', async () => {
    const server = installPeopleServer();
    signIn(member('fr-FR'));
    unbind = bindAccountLanguage();
    const stopRefusing = server.always(
      'PUT /api/v1.0/users/me',
      () =>
        new Response(
          JSON.stringify({
            success: false,
            error: { code: 'VALIDATION_ERROR', message: 'language is invalid' },
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    await changeLocale('en-US');
    await waitFor(async () => expect(await languageEntries()).toHaveLength(1));
    await replay();
    const [entry] = await languageEntries();
    expect(entry).toMatchObject({ status: 'failed', lastStatus: 400 });
    // A new choice replaces the refused one instead of waiting behind it.
    stopRefusing();
    offline(true);
    await changeLocale('fr-FR');
    await waitFor(async () => {
      const entries = await languageEntries();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ status: 'pending', body: { json: { language: 'fr-FR' } } });
    });
    offline(false);
    await replay();
    expect(server.me.language).toBe('fr-FR');
    expect(await db.outbox.count()).toBe(0);
  });
});
