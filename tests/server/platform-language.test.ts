// The server answers in the member's language: the language chosen on the account (PUT /users/me),
// read back by /users/me and login; the reset mail written in it; error messages in the language
// of Accept-Language, else the account's, else English; the error code never changes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../src/contract/user';
import { API, bearer, eventually, login, mailFiles, signup, STRONG_PASSWORD } from './auth-fixtures';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const putMe = (token: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: `${API}/users/me`, headers: { ...bearer(token), ...headers }, payload });
const getUsersMe = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${API}/users/me`, headers: { ...bearer(token), ...headers } });

async function memberWithLanguage(language: 'en-US' | 'fr-FR' | null) {
  const { body, session } = await signup(t.app);
  if (language) expect((await putMe(session.token, { language })).statusCode).toBe(200);
  return { email: body.email, token: session.token };
}

/** Asks for a reset link (with `headers`) and reads the mail sent to `email`. */
async function resetMail(email: string, headers: Record<string, string> = {}) {
  const before = new Set(mailFiles(t.dataDir));
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/auth/forgot-password`,
    payload: { email },
    headers,
  });
  expect(res.statusCode).toBe(200);
  const read = (f: string) => readFileSync(path.join(t.dataDir, 'mail', f), 'utf8');
  const file = await eventually(() =>
    mailFiles(t.dataDir).find((f) => !before.has(f) && read(f).includes(`To: ${email}`)),
  );
  return read(file);
}

describe('the account language', () => {
  it('is null at first, set and cleared by PUT /users/me, and read back by GET /users/me and login', async () => {
    const { body, session } = await signup(t.app);
    expect(session.user.language).toBeNull();
    const set = await putMe(session.token, { language: 'en-US' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ data: CurrentUser }>().data.language).toBe('en-US');
    expect((await getUsersMe(session.token)).json<{ data: CurrentUser }>().data.language).toBe('en-US');
    const signedIn = await login(t.app, body.email, STRONG_PASSWORD);
    expect(signedIn.json<{ data: { user: CurrentUser } }>().data.user.language).toBe('en-US');
    // Another change leaves it as it is; null forgets it.
    await putMe(session.token, { city: 'Nantes' });
    expect((await getUsersMe(session.token)).json<{ data: CurrentUser }>().data.language).toBe('en-US');
    expect((await putMe(session.token, { language: null })).json<{ data: CurrentUser }>().data.language).toBe(
      null,
    );
  });

  it('refuses a language the app does not speak', async () => {
    const { token } = await memberWithLanguage(null);
    const res = await putMe(token, { language: 'de-DE' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('the reset mail', () => {
  it('is in English for a member who chose English, whatever the browser asks', async () => {
    const { email } = await memberWithLanguage('en-US');
    const mail = await resetMail(email);
    expect(mail).toMatch(/^Subject: Reset your Paddock password$/m);
    expect(mail).toContain('within 60 minutes');
    expect(await resetMail(email, { 'accept-language': 'fr-FR,fr;q=0.9' })).toContain('within 60 minutes');
  });

  it('is in French for a member who chose French, whatever the browser asks', async () => {
    const { email } = await memberWithLanguage('fr-FR');
    const mail = await resetMail(email, { 'accept-language': 'en-US,en;q=0.9' });
    expect(mail).toContain('dans les 60 minutes');
  });

  it('follows Accept-Language when the member chose no language', async () => {
    const { email } = await memberWithLanguage(null);
    expect(await resetMail(email, { 'accept-language': 'en-GB' })).toContain('within 60 minutes');
  });
});

describe('error messages', () => {
  it('401 in French for Accept-Language fr-FR, the code unchanged; English otherwise', async () => {
    const call = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `${API}/users/me`, headers });
    const french = await call({ 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' });
    expect(french.statusCode).toBe(401);
    expect(french.json()).toEqual({
      success: false,
      error: { code: 'UNAUTHORIZED', message: 'Veuillez vous connecter.' },
    });
    expect((await call({})).json().error).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Authentication required.',
    });
    expect((await call({ 'accept-language': 'en-US' })).json().error.message).toBe(
      'Authentication required.',
    );
    const badLogin = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      headers: { 'accept-language': 'fr' },
      payload: { email: 'nobody@example.com', password: 'whatever-it-is' },
    });
    expect(badLogin.json().error).toEqual({
      code: 'UNAUTHORIZED',
      message: 'E-mail ou mot de passe incorrect.',
    });
  });

  it('400 in French, its fields still named', async () => {
    const { token } = await memberWithLanguage(null);
    const res = await putMe(token, { firstName: '' }, { 'accept-language': 'fr-FR' });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: { code: string; message: string; fields: { field: string }[] } }>();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Certains champs sont manquants ou invalides.');
    expect(error.fields.map((f) => f.field)).toContain('body.firstName');
  });

  it('in the account language when the request names none it speaks', async () => {
    const fr = await memberWithLanguage('fr-FR');
    const missing = `${API}/cars/00000000-0000-4000-8000-000000000000`;
    const res = await t.app.inject({ method: 'GET', url: missing, headers: bearer(fr.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'Voiture introuvable.' });
    const german = await t.app.inject({
      method: 'GET',
      url: missing,
      headers: { ...bearer(fr.token), 'accept-language': 'de-DE' },
    });
    expect(german.json().error.message).toBe('Voiture introuvable.');
    // The header wins over the account.
    const english = await t.app.inject({
      method: 'GET',
      url: missing,
      headers: { ...bearer(fr.token), 'accept-language': 'en-US' },
    });
    expect(english.json().error).toEqual({ code: 'NOT_FOUND', message: 'Car not found.' });
  });

  it('429 in French with its wait, Retry-After unchanged', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1' });
    try {
      const call = () =>
        limited.app.inject({
          method: 'GET',
          url: `${API}/auth/validate-reset-token/nope`,
          headers: { 'accept-language': 'fr-FR' },
          remoteAddress: '10.9.8.7',
        });
      expect((await call()).statusCode).not.toBe(429);
      const res = await call();
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json().error.code).toBe('TOO_MANY_REQUESTS');
      expect(res.json().error.message).toMatch(
        /^Trop de requêtes\. Patientez \d+ (secondes?|minutes) avant de réessayer\.$/,
      );
    } finally {
      await limited.close();
    }
  });
});
