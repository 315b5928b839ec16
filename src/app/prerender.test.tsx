import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/core';
import { PRERENDERED_LOCALES, PRERENDERED_PATH, renderLoginMarkup } from './prerender';
import type { Messages } from '@lingui/core';

// The source catalog (the build passes the compiled one; Lingui renders both the same here).
const frFR = JSON.parse(readFileSync(path.resolve(__dirname, '../locales/fr-FR.json'), 'utf8')) as Messages;
const enUS = JSON.parse(readFileSync(path.resolve(__dirname, '../locales/en-US.json'), 'utf8')) as Messages;

describe('prerendered /login', () => {
  it('renders the signed-out login screen in the default locale', async () => {
    const html = await renderLoginMarkup(frFR, 'fr-FR');
    expect(PRERENDERED_PATH).toBe('/login');
    expect(i18n.locale).toBe('fr-FR');
    const doc = new DOMParser().parseFromString(`<div id="root">${html}</div>`, 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe(frFR['AUTH.LOGIN_TITLE_NEW']);
    expect(doc.querySelector('.auth__subtitle')?.textContent).toBe(frFR['AUTH.LOGIN_SUBTITLE_NEW']);
    expect(doc.querySelector('input[type="email"]')).not.toBeNull();
    expect(doc.querySelector('input[type="password"]')).not.toBeNull();
    expect(doc.querySelector('a[href="/signup"]')?.textContent).toBe(frFR['AUTH.CREATE_ACCOUNT_LINK']);
  });

  it('renders it in English too, from the English catalog, for the English page', async () => {
    expect(PRERENDERED_LOCALES).toEqual(['en-US', 'fr-FR']);
    const html = await renderLoginMarkup(enUS, 'en-US');
    expect(i18n.locale).toBe('en-US');
    const doc = new DOMParser().parseFromString(`<div id="root">${html}</div>`, 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe(enUS['AUTH.LOGIN_TITLE_NEW']);
    expect(doc.querySelector('a[href="/signup"]')?.textContent).toBe(enUS['AUTH.CREATE_ACCOUNT_LINK']);
    expect(enUS['AUTH.LOGIN_TITLE_NEW']).not.toBe(frFR['AUTH.LOGIN_TITLE_NEW']);
  });
});
