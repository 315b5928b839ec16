// Settings-driven labels (spec §3, §7, §8): one GET /settings per domain, loaded once each, into
// Lingui keys {DOMAIN upper-cased}.{key} and {DOMAIN}.{key}_DESCRIPTION for every locale.
import { SETTINGS_DOMAINS, type SettingsDomain } from '@/contract/constants';
import { api } from '../http/api-client';
import { tokenStore } from '../auth/token';
import { shellSettled } from '../offline/shell-settled';
import { i18n, isSupportedLocale, SUPPORTED_LOCALES, type Locale } from './core';

export { SETTINGS_DOMAINS, type SettingsDomain };
export const SETTINGS_PAGE_LIMIT = 100;

type SettingsEntry = { key: string; jsonPayload: Record<string, unknown> };

/** Every dynamic translation added so far, to re-apply after a catalog (re)load. */
const dynamic: Record<Locale, Record<string, string>> = { 'en-US': {}, 'fr-FR': {} };
const loadedDomains = new Set<SettingsDomain>();
let loading: Promise<void> | null = null;

/**
 * Labels are plain text, not ICU: stored as compiled messages (a one-part array) so that Lingui
 * shows them verbatim — braces or quotes in a label are never parsed.
 */
function applyToLingui(locale: Locale, messages: Record<string, string>): void {
  i18n.load(locale, Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, [text]])));
}

export function addTranslations(locale: string, messages: Record<string, string>): void {
  if (!isSupportedLocale(locale)) {
    console.warn(
      `Cannot add translations for unsupported language "${locale}". Supported languages: ${SUPPORTED_LOCALES.join(', ')}`,
    );
    return;
  }
  Object.assign(dynamic[locale], messages);
  applyToLingui(locale, messages);
}

/** After a locale's catalog has been loaded: put the dynamic labels back on top of it. */
export function reapplyDynamicTranslations(locale: Locale): void {
  applyToLingui(locale, dynamic[locale]);
}

function isEntry(value: unknown): value is SettingsEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.key === 'string' && typeof v.jsonPayload === 'object' && v.jsonPayload !== null;
}

function labelsOf(domain: SettingsDomain, entries: unknown[], locale: Locale): Record<string, string> {
  const prefix = domain.toUpperCase();
  const messages: Record<string, string> = {};
  for (const entry of entries.filter(isEntry)) {
    const label = entry.jsonPayload[`label_${locale}`];
    const description = entry.jsonPayload[`description_${locale}`];
    if (typeof label === 'string') messages[`${prefix}.${entry.key}`] = label;
    if (typeof description === 'string') messages[`${prefix}.${entry.key}_DESCRIPTION`] = description;
  }
  return messages;
}

function applyDomain(domain: SettingsDomain, entries: unknown[]): void {
  for (const locale of SUPPORTED_LOCALES) addTranslations(locale, labelsOf(domain, entries, locale));
}

/**
 * Dexie mirrors each domain (docs/OFFLINE-FIRST.md): the garage's selects list its keys, and
 * an app started offline still shows every label. Dexie is imported lazily: not in the entry.
 */
/**
 * The mirror is written a moment after sign-in, not during it: Dexie is ~30 KB of JavaScript the
 * first render of the home screen does without (its budget). And not before the device's data
 * starts (the member's first gesture or a quiet page: lib/offline/shell-settled.ts).
 */
export const SETTINGS_MIRROR_DELAY_MS = 3000;

async function mirror(domain: SettingsDomain, entries: unknown[]): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, SETTINGS_MIRROR_DELAY_MS));
  await shellSettled();
  try {
    const { localDb } = await import('../db');
    await (
      await localDb()
    ).settingsLabels.put({ domain, entries: entries.filter(isEntry), fetchedAt: Date.now() });
  } catch (error) {
    console.warn(`settings ${domain} not kept on this device`, error);
  }
}

async function fromMirror(domain: SettingsDomain): Promise<boolean> {
  try {
    const { localDb } = await import('../db');
    const row = await (await localDb()).settingsLabels.get(domain);
    if (!row || !Array.isArray(row.entries)) return false;
    applyDomain(domain, row.entries as unknown[]);
    return true;
  } catch {
    return false;
  }
}

async function loadDomain(domain: SettingsDomain): Promise<void> {
  try {
    const entries = await api.get<unknown>('/settings', {
      query: { domainId: domain, limit: SETTINGS_PAGE_LIMIT },
    });
    if (!Array.isArray(entries)) throw new Error('settings answer is not a list');
    applyDomain(domain, entries);
    loadedDomains.add(domain);
    void mirror(domain, entries);
  } catch (error) {
    console.error(`Failed to load translations for domain ${domain}`, error);
    // Offline: the labels kept on this device; the domain is asked for again on the next call.
    await fromMirror(domain);
  }
}

/**
 * Loads each domain once (a domain that failed is tried again on the next call). Needs a session:
 * /settings is not a public call, so it does nothing while signed out.
 */
export function loadSettingsLabels(): Promise<void> {
  if (loading) return loading;
  if (!tokenStore.getAccessToken() && !tokenStore.getRefreshToken()) return Promise.resolve();
  const missing = SETTINGS_DOMAINS.filter((d) => !loadedDomains.has(d));
  loading = Promise.all(missing.map(loadDomain))
    .then(() => undefined)
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Tests only. */
export function resetSettingsLabels(): void {
  loadedDomains.clear();
  for (const locale of SUPPORTED_LOCALES) dynamic[locale] = {};
}
