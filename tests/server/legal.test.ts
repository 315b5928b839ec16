import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { API } from './auth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${API}${url}`, headers });

describe('GET /legal/:type', () => {
  it.each([
    ['terms', 'en-US', 'Terms of use'],
    ['terms', 'fr-FR', 'Conditions d’utilisation'],
    ['privacy', 'en-US', 'Privacy notice'],
    ['privacy', 'fr-FR', 'Politique de confidentialité'],
  ])('answers %s in %s, publicly', async (type, locale, title) => {
    const res = await get(`/legal/${type}?locale=${locale}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      type,
      locale,
      title,
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(data.paragraphs.length).toBeGreaterThanOrEqual(5);
    for (const p of data.paragraphs) expect(p).not.toMatch(/<[a-z]/i);
  });

  it('tells what data is kept, that copies live on the device, and how to delete them', async () => {
    const en = (await get('/legal/privacy?locale=en-US')).json().data.paragraphs.join(' ');
    for (const word of [
      'e-mail',
      'cars',
      'car logs',
      'posts',
      'messages',
      'photos',
      'offline',
      'device',
      'delet',
    ]) {
      expect(en).toContain(word);
    }
    const fr = (await get('/legal/privacy?locale=fr-FR')).json().data.paragraphs.join(' ');
    for (const word of [
      'e-mail',
      'voitures',
      'carnets',
      'publications',
      'messages',
      'photos',
      'hors ligne',
      'appareil',
      'suppression',
    ]) {
      expect(fr).toContain(word);
    }
  });

  it('follows Accept-Language when no locale is asked, and defaults to fr-FR', async () => {
    expect((await get('/legal/terms', { 'accept-language': 'en-GB,en;q=0.8' })).json().data.locale).toBe(
      'en-US',
    );
    expect(
      (await get('/legal/terms', { 'accept-language': 'de-DE,fr-CA;q=0.7,en;q=0.5' })).json().data.locale,
    ).toBe('fr-FR');
    expect((await get('/legal/terms', { 'accept-language': 'de-DE' })).json().data.locale).toBe('fr-FR');
    expect((await get('/legal/terms')).json().data.locale).toBe('fr-FR');
    expect((await get('/legal/terms?locale=en-US', { 'accept-language': 'fr-FR' })).json().data.locale).toBe(
      'en-US',
    );
  });

  it('answers 404 for an unknown document and 400 for an unsupported locale', async () => {
    const missing = await get('/legal/cookies');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    expect((await get('/legal/terms?locale=de-DE')).statusCode).toBe(400);
  });
});
