import { randomUUID } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { API, getMe, logCollector, signup } from './auth-fixtures';

let provider: OAuth2Server;
let t: TestApp;
const log = logCollector();
let claims: Record<string, unknown> = {};

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  // Every token the mock signs (access and ID token) carries the claims the current test wants.
  provider.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, claims);
  });
  t = await createTestApp(
    {
      OIDC_PROVIDERS: 'mock',
      OIDC_MOCK_ISSUER: provider.issuer.url!,
      OIDC_MOCK_CLIENT_ID: 'paddock-test',
      OIDC_MOCK_CLIENT_SECRET: 'mock-secret',
      LOG_LEVEL: 'debug',
    },
    { logger: { stream: log.stream } },
  );
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});
beforeEach(() => {
  claims = {};
});

/** Follows the browser's way by hand: our start route, the provider, our callback. */
async function signInThroughProvider(mutateAuthorize?: (url: URL) => void) {
  const start = await t.app.inject({ method: 'GET', url: `${API}/auth/mock` });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  mutateAuthorize?.(authorize);
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(callback.statusCode).toBe(302);
  const location = callback.headers.location as string;
  expect(location.startsWith(`${t.config.publicUrl}/auth/callback#`)).toBe(true);
  return {
    authorize,
    callbackPath: `${back.pathname}${back.search}`,
    fragment: new URLSearchParams(location.split('#')[1]),
  };
}

describe('outside sign-in (OpenID Connect)', () => {
  it('lists the configured providers', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/auth/providers` });
    expect(res.json()).toEqual({ success: true, data: [{ name: 'mock', label: 'Mock' }] });
  });

  it('redirects to the provider with PKCE S256, state, nonce and our callback', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/auth/mock` });
    const url = new URL(res.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer.url}/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('client_id')).toBe('paddock-test');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}${API}/auth/mock/callback`);
    const row = await t.app.db.kysely
      .selectFrom('oidc_login_states')
      .selectAll()
      .where('state', '=', url.searchParams.get('state')!)
      .executeTakeFirstOrThrow();
    expect(Math.round((Date.parse(row.expires_at) - Date.parse(row.created_at)) / 1000)).toBe(600);
  });

  it('creates a member on first sign-in and signs the same member in next time', async () => {
    const subject = `sub-${randomUUID()}`;
    const email = `rally-${randomUUID().slice(0, 8)}@example.com`;
    claims = {
      sub: subject,
      email,
      email_verified: true,
      preferred_username: 'rally fan!',
      given_name: 'Rae',
      family_name: 'Lee',
    };
    const first = await signInThroughProvider();
    expect(first.fragment.get('error')).toBeNull();
    const me = await getMe(t.app, first.fragment.get('token')!);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email, username: 'rallyfan', firstName: 'Rae', lastName: 'Lee' });
    expect(first.fragment.get('refreshToken')).toBeTruthy();
    const row = await t.app.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();

    const again = await signInThroughProvider();
    expect((await getMe(t.app, again.fragment.get('token')!)).json().data.id).toBe(me.json().data.id);

    // A second member with the same hint gets a different, free username.
    claims = {
      sub: `sub-${randomUUID()}`,
      email: `other-${randomUUID().slice(0, 8)}@example.com`,
      email_verified: true,
      preferred_username: 'rallyfan',
    };
    const other = await signInThroughProvider();
    const otherMe = (await getMe(t.app, other.fragment.get('token')!)).json().data;
    expect(otherMe.username).toMatch(/^rallyfan\d+$/);
  });

  it('links to the existing account with the same verified e-mail', async () => {
    const { session } = await signup(t.app);
    claims = { sub: `sub-${randomUUID()}`, email: session.user.email.toUpperCase(), email_verified: true };
    const { fragment } = await signInThroughProvider();
    expect((await getMe(t.app, fragment.get('token')!)).json().data.id).toBe(session.user.id);
  });

  it('does not link an account by an unverified e-mail', async () => {
    const { session } = await signup(t.app);
    claims = { sub: `sub-${randomUUID()}`, email: session.user.email, email_verified: false };
    const { fragment } = await signInThroughProvider();
    expect(fragment.get('error')).toBe('EMAIL_NOT_VERIFIED');
    expect(fragment.get('token')).toBeNull();
  });

  it('refuses a replayed callback (state is single use) and a forged state', async () => {
    claims = {
      sub: `sub-${randomUUID()}`,
      email: `r-${randomUUID().slice(0, 8)}@example.com`,
      email_verified: true,
    };
    const { callbackPath } = await signInThroughProvider();
    const replay = await t.app.inject({ method: 'GET', url: callbackPath });
    expect(replay.headers.location).toBe(`${t.config.publicUrl}/auth/callback#error=INVALID_STATE`);
    const forged = await t.app.inject({
      method: 'GET',
      url: `${API}/auth/mock/callback?code=abc&state=forged`,
    });
    expect(forged.headers.location).toBe(`${t.config.publicUrl}/auth/callback#error=INVALID_STATE`);
  });

  it('refuses an ID token whose nonce does not match', async () => {
    claims = {
      sub: `sub-${randomUUID()}`,
      email: 'n@example.com',
      email_verified: true,
      nonce: 'someone-elses-nonce',
    };
    const { fragment } = await signInThroughProvider();
    expect(fragment.get('error')).toBe('SIGN_IN_FAILED');
  });

  it('reports a denial at the provider', async () => {
    const start = await t.app.inject({ method: 'GET', url: `${API}/auth/mock` });
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/auth/mock/callback?error=access_denied&state=${state}`,
    });
    expect(res.headers.location).toBe(`${t.config.publicUrl}/auth/callback#error=ACCESS_DENIED`);
  });

  it('answers 404 for a provider that is not configured', async () => {
    for (const url of [`${API}/auth/nope`, `${API}/auth/nope/callback?code=x&state=y`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'Sign-in provider "nope" not found.' });
    }
  });

  it('never logs the tokens it hands out or the code it receives', async () => {
    claims = {
      sub: `sub-${randomUUID()}`,
      email: `log-${randomUUID().slice(0, 8)}@example.com`,
      email_verified: true,
    };
    const { fragment, callbackPath } = await signInThroughProvider();
    const code = new URLSearchParams(callbackPath.split('?')[1]).get('code')!;
    for (const secret of [fragment.get('token')!, fragment.get('refreshToken')!, code]) {
      expect(log.lines.filter((l) => l.includes(secret))).toEqual([]);
    }
  });
});

describe('without the provider reachable', () => {
  it('sends the browser back with PROVIDER_UNAVAILABLE', async () => {
    const down = await createTestApp({
      OIDC_PROVIDERS: 'down',
      OIDC_DOWN_ISSUER: 'http://127.0.0.1:1',
      OIDC_DOWN_CLIENT_ID: 'x',
    });
    try {
      const res = await down.app.inject({ method: 'GET', url: `${API}/auth/down` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`${down.config.publicUrl}/auth/callback#error=PROVIDER_UNAVAILABLE`);
    } finally {
      await down.close();
    }
  });
});
