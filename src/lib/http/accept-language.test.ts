// Every API request says the app's language (Accept-Language), so the server
// words its errors and mails in it — the calls of the api client and the outbox's replays alike.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, loadApiClient, signedIn } from '@/testing/api-client';
import { installFetch, ok } from '@/testing/fetch';
import { tokenExpiringIn } from '@/testing/jwt';
import { tokenStore } from '../auth/token';
import { i18n } from '../i18n/core';
import { sendEntry } from '../outbox/transport';

afterEach(() => vi.unstubAllGlobals());

describe('Accept-Language', () => {
  it('the api client sends the current app locale, public calls included', async () => {
    signedIn();
    const http = installFetch({
      [`GET ${API}/posts/feed`]: () => ok([]),
      [`POST ${API}/auth/forgot-password`]: () => ok({}),
    });
    const lib = await loadApiClient();
    lib.core.i18n.load('en-US', {});
    lib.core.i18n.activate('en-US');
    await lib.api.get('/posts/feed');
    await lib.api.post('/auth/forgot-password', { email: 'a@b.c' });
    lib.core.i18n.load('fr-FR', {});
    lib.core.i18n.activate('fr-FR');
    await lib.api.get('/posts/feed');
    expect(http.requests.map((r) => r.headers.get('Accept-Language'))).toEqual(['en-US', 'en-US', 'fr-FR']);
  });

  it('an outbox replay sends it too', async () => {
    tokenStore.setTokens(tokenExpiringIn(3600), 'refresh');
    const http = installFetch({ [`PUT ${API}/users/me`]: () => ok({}) });
    i18n.load('en-US', {});
    i18n.activate('en-US');
    await sendEntry({
      id: '0b6c1b1e-7a39-4f7e-9d7e-2f4f7a0e9c11',
      kind: 'profile.language',
      method: 'PUT',
      path: '/users/me',
      body: { type: 'json', json: { language: 'en-US' } },
      seq: 1,
      createdAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
      status: 'pending',
    });
    expect(http.requests[0]?.headers.get('Accept-Language')).toBe('en-US');
  });
});
