// The title of a fill-up written without one (a fill-up at the pump needs no title): its quantity
// and, when given, its place, in the member's language. The server names a log created without a
// title with it, and the device names its mirror row the same way until the server's answer comes.
import type { FuelUnit } from './units';

/** The languages the product speaks (spec §1); anything else reads as the default, French. */
export type TitleLanguage = 'en-US' | 'fr-FR';

const UNIT_LABELS: Record<FuelUnit, string> = {
  l: 'L',
  gal_us: 'gal (US)',
  gal_uk: 'gal (UK)',
  kwh: 'kWh',
};

const WORDS: Record<TitleLanguage, { fill: string; charge: string; at: string; colon: string }> = {
  'en-US': { fill: 'Fill-up', charge: 'Charge', at: 'at', colon: ':' },
  // French typography: a narrow no-break space before the colon.
  'fr-FR': { fill: 'Plein', charge: 'Recharge', at: 'à', colon: '\u202f:' },
};

/**
 * "Fill-up: 42.5 L at Total Access" / "Plein : 42,5 L à Total Access"; a charge (kWh) says so.
 * Without a quantity (a log of type fuel without its fill-up): the word alone. At most `max`
 * characters: a long place is cut.
 */
export function fillUpTitle(
  language: string | null | undefined,
  fill: { quantity: number; unit: FuelUnit } | null | undefined,
  location: string | null | undefined,
  max = 200,
): string {
  const lang: TitleLanguage = language?.toLowerCase().startsWith('en') ? 'en-US' : 'fr-FR';
  const words = WORDS[lang];
  const noun = fill?.unit === 'kwh' ? words.charge : words.fill;
  let title = noun;
  if (fill) {
    const amount = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(fill.quantity);
    // A no-break space between the figure and its unit.
    title = `${noun}${words.colon} ${amount}\u00a0${UNIT_LABELS[fill.unit]}`;
  }
  const place = location?.trim();
  if (place) title = `${title} ${words.at} ${place}`;
  return title.length <= max ? title : `${title.slice(0, max - 1)}…`;
}
