// Display helpers shared by the garage screens: settings labels, money and calendar dates.
import type { SettingsDomain } from '@/contract/constants';
import { formatDate, formatNumber } from '@/lib/i18n';

type Translate = (id: string, values?: Record<string, unknown>) => string;

/**
 * The translated label of a settings value (spec §3/§8: the Lingui key `{DOMAIN}.{key}`). Before the
 * settings labels have loaded, or for a key the server no longer knows, the key itself rather than
 * the raw message id.
 */
export function settingLabel(t: Translate, domain: SettingsDomain, key: string): string {
  const id = `${domain.toUpperCase()}.${key}`;
  const label = t(id);
  return label === id ? key : label;
}

/** An amount in its currency for the current locale; a code Intl does not know shows as "12.50 XYZ". */
export function formatMoney(amount: number, currency: string): string {
  if (currency) {
    try {
      return formatNumber(amount, { style: 'currency', currency });
    } catch {
      // RangeError: not an ISO 4217 code; fall through to a plain number and the code.
    }
  }
  const plain = formatNumber(amount, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${plain} ${currency}` : plain;
}

/**
 * A calendar date (YYYY-MM-DD) for the current locale. Read and written in UTC: the day must not
 * move with the device's time zone (new Date('2025-01-15') is midnight UTC, the 14th in New York).
 */
export function formatDay(day: string, style: 'medium' | 'long' = 'medium'): string {
  return formatDate(`${day}T00:00:00Z`, { dateStyle: style, timeZone: 'UTC' });
}

/** A YYYY-MM month as "Jan 2025" (or the locale's way). */
export function formatMonth(month: string, monthStyle: 'short' | 'long' = 'short'): string {
  return formatDate(`${month}-01T00:00:00Z`, { month: monthStyle, year: 'numeric', timeZone: 'UTC' });
}
