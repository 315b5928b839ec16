// Display helpers for the garage's screens and a car log shared to the feed: settings labels, money,
// distances and calendar dates. Dexie-free, so the feed's first post card can use them.
import type { SettingsDomain } from '@/contract/constants';
import { currentLocale, formatDate, formatNumber, numberFormat } from './';

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

// The mileage units of the settings (MILEAGEUNIT.*) as Intl's sanctioned units, so values read
// "12,345 km" / "12 345 km" rather than "12,345 Kilometres"; an unknown key shows as itself.
const INTL_UNITS: Record<string, string> = { km: 'kilometer', mi: 'mile' };

function unitFormat(unit: string): Intl.NumberFormat | null {
  const intlUnit = INTL_UNITS[unit];
  return intlUnit
    ? numberFormat(currentLocale(), { style: 'unit', unit: intlUnit, unitDisplay: 'short' })
    : null;
}

/** The unit's symbol in the current locale ("km", "mi"), for "Cost per km" and field labels. */
export function unitSymbol(unit: string): string {
  const format = unitFormat(unit);
  return format?.formatToParts(1).find((part) => part.type === 'unit')?.value ?? unit;
}

/** A distance with its unit symbol: "12,345 km" (en-US), "12 345 km" (fr-FR). */
export function formatDistance(value: number, unit: string): string {
  const format = unitFormat(unit);
  return format ? format.format(value) : `${formatNumber(value)} ${unit}`.trim();
}

/**
 * Money per distance unit ("Cost per km"): two decimals, a third below 1 where tenths of a cent
 * tell fuel costs apart ("€0.554", never the server's "€0.5542").
 */
export function formatMoneyPerDistance(amount: number, currency: string): string {
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: Math.abs(amount) < 1 ? 3 : 2 };
  if (currency) {
    try {
      return formatNumber(amount, { style: 'currency', currency, ...digits });
    } catch {
      // not an ISO 4217 code: a plain number and the code, as formatMoney
    }
  }
  const plain = formatNumber(amount, digits);
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
