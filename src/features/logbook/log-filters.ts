// The car log helpers of spec §3 (filter by type, filter by start-date range, case-insensitive
// search over title, content, location and tags, sum cost) and the stats of GET /car-logs/stats,
// computed on the device so the garage works offline. Pure functions over rows; no DOM.
import type { CarLog, CarLogStats } from '@/contract/garage';
import { foldText } from '@/lib/text/fold-text';

/** The fields the helpers read; Dexie rows (LocalCarLog) and server rows both fit. */
export type LogRow = Pick<
  CarLog,
  'type' | 'title' | 'content' | 'location' | 'tags' | 'cost' | 'currencyCode' | 'startDate' | 'mileage'
>;

/** Amount per currency code. */
export type Money = Record<string, number>;

/**
 * sumCost's key for logs that have a cost but no currency (the API allows it). The list shows that
 * amount as a plain number; the stats leave such logs out of the sums, as the server does.
 */
export const NO_CURRENCY = '';

/** Months in costByMonth, the current one included (CAR_LOG_STATS_MONTHS of the contract). */
export const STATS_MONTHS = 24;

// ---------- filters ----------

/** Logs of one type; a null, undefined or empty type keeps them all (the same array). */
export function filterByType<T extends Pick<LogRow, 'type'>>(
  logs: T[],
  type: string | null | undefined,
): T[] {
  if (!type) return logs;
  return logs.filter((log) => log.type === type);
}

/**
 * Logs whose startDate (YYYY-MM-DD) lies in [from, to], both bounds included; a missing or empty
 * bound is open. A `from` after `to` matches nothing (the filters bar says so).
 */
export function filterByDateRange<T extends Pick<LogRow, 'startDate'>>(
  logs: T[],
  from?: string | null,
  to?: string | null,
): T[] {
  if (!from && !to) return logs;
  // ISO dates compare as text, so no Date parsing (and no time zone) is involved.
  return logs.filter((log) => (!from || log.startDate >= from) && (!to || log.startDate <= to));
}

// ---------- search ----------

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};
/** Longest entity body we decode ("#x10ffff"); a ';' further away is not an entity's end. */
const MAX_ENTITY_BODY = 8;
const ENTITY_BODY = /^(?:#x[0-9a-f]+|#[0-9]+|[a-z]+)$/i;

/** The character of one entity body ("amp", "#233", "#xE9"), or undefined when we do not know it. */
function decodeEntity(body: string): string | undefined {
  if (!ENTITY_BODY.test(body)) return undefined;
  if (body.startsWith('#')) {
    const code =
      body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
  }
  return NAMED_ENTITIES[body.toLowerCase()];
}

function decodeEntities(text: string): string {
  let out = '';
  let from = 0;
  let amp = text.indexOf('&');
  while (amp !== -1) {
    const semi = text.indexOf(';', amp + 1);
    if (semi === -1) break;
    const decoded = semi - amp - 1 <= MAX_ENTITY_BODY ? decodeEntity(text.slice(amp + 1, semi)) : undefined;
    if (decoded === undefined) {
      amp = text.indexOf('&', amp + 1);
      continue;
    }
    out += text.slice(from, amp) + decoded;
    from = semi + 1;
    amp = text.indexOf('&', from);
  }
  return from === 0 ? text : out + text.slice(from);
}

// Block ends and <br> separate words ("<p>oil</p><p>filter</p>" is "oil filter", not "oilfilter");
// inline tags do not ("<strong>turbo</strong>charger" is one word).
const BLOCKS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'ol',
  'ul',
  'div',
  'blockquote',
  'pre',
]);

/** Whether the tag html[open..close] ('<' … '>') ends a block or is a <br>. */
function breaksWords(html: string, open: number, close: number): boolean {
  let start = open + 1;
  const closing = html.charCodeAt(start) === 47; // '/'
  if (closing) start += 1;
  let end = start;
  while (end < close) {
    const c = html.charCodeAt(end) | 32; // ASCII lower case; digits keep their code
    if ((c >= 97 && c <= 122) || (end > start && c >= 48 && c <= 57)) end += 1;
    else break;
  }
  const name = html.slice(start, end).toLowerCase();
  return closing ? BLOCKS.has(name) : name === 'br';
}

/**
 * The text of the server-sanitised rich-text HTML (Quill), cheaply: tags stripped, the entities
 * sanitize-html writes decoded. Good enough to search; not an HTML parser. A hand scan rather than
 * regular expressions: it runs over every log's content on the first search (10,000 logs ≤ 50 ms).
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  let text = '';
  let from = 0;
  for (;;) {
    const open = html.indexOf('<', from);
    if (open === -1) break;
    const close = html.indexOf('>', open + 1);
    if (close === -1) break; // a lone '<' is text
    text += html.slice(from, open);
    if (breaksWords(html, open, close)) text += '\n';
    from = close + 1;
  }
  text += html.slice(from);
  return decodeEntities(text);
}

// One folded haystack (accents and case dropped: "controle" finds "Contrôle") per row object, built on the first search that sees it. Rows are
// treated as immutable (Dexie's live queries hand out new objects when a log changes), so the
// object itself is the cache key and the WeakMap lets old rows go.
const haystacks = new WeakMap<object, string>();
// A separator no one types into a search box: a query never matches across two fields.
const FIELD_SEPARATOR = '\u0000';

function haystackOf(log: Pick<LogRow, 'title' | 'content' | 'location' | 'tags'>): string {
  let text = haystacks.get(log);
  if (text === undefined) {
    text = foldText(
      [log.title, htmlToText(log.content), log.location ?? '', ...(log.tags ?? [])].join(FIELD_SEPARATOR),
    );
    haystacks.set(log, text);
  }
  return text;
}

/**
 * Spec §3 and §4: case- and accent-insensitive substring search over title, content (its text,
 * not its markup), location and tags. A blank query keeps every log (the same array).
 */
export function searchLogs<T extends Pick<LogRow, 'title' | 'content' | 'location' | 'tags'>>(
  logs: T[],
  query: string | null | undefined,
): T[] {
  const needle = foldText((query ?? '').trim());
  if (!needle) return logs;
  return logs.filter((log) => haystackOf(log).includes(needle));
}

/**
 * Builds the search text of `logs` ahead of the first search, a slice at a time when the browser
 * is idle, so that typing the first letter stays fast on a car with thousands of logs. Returns a
 * function that stops the work (the logs changed, the screen closed).
 */
export function prepareSearch(
  logs: readonly Pick<LogRow, 'title' | 'content' | 'location' | 'tags'>[],
  sliceSize = 500,
): () => void {
  let next = 0;
  let stopped = false;
  const schedule = (run: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(run) : setTimeout(run, 0);
  const step = () => {
    if (stopped) return;
    const end = Math.min(logs.length, next + sliceSize);
    for (; next < end; next += 1) haystackOf(logs[next]!);
    if (next < logs.length) schedule(step);
  };
  if (logs.length > 0) schedule(step);
  return () => {
    stopped = true;
  };
}

export interface LogFilters {
  type?: string | null;
  from?: string | null;
  to?: string | null;
  query?: string | null;
}

/** The filters bar's pipeline: cheap equality filters first, the text search on what is left. */
export function applyLogFilters<T extends LogRow>(logs: T[], filters: LogFilters): T[] {
  return searchLogs(
    filterByDateRange(filterByType(logs, filters.type), filters.from, filters.to),
    filters.query,
  );
}

export function hasActiveFilters(filters: LogFilters): boolean {
  return Boolean(filters.type || filters.from || filters.to || (filters.query ?? '').trim());
}

// ---------- money ----------

// Sums run in integer cents so that 0.1 + 0.2 is 0.3 (costs have at most 2 decimals).
type Cents = Map<string, number>;

const toCents = (cost: number) => Math.round(cost * 100);

function add(into: Cents, currency: string, cents: number): void {
  into.set(currency, (into.get(currency) ?? 0) + cents);
}

function toMoney(cents: Cents): Money {
  return Object.fromEntries([...cents].map(([currency, amount]) => [currency, amount / 100]));
}

/**
 * Total cost per currency code, to the cent. Logs without a cost are ignored; a cost without a
 * currency is summed under NO_CURRENCY. Currencies appear in the order first met.
 */
export function sumCost(logs: Pick<LogRow, 'cost' | 'currencyCode'>[]): Money {
  const total: Cents = new Map();
  for (const log of logs) {
    if (log.cost === null || log.cost === undefined || !Number.isFinite(log.cost)) continue;
    add(total, log.currencyCode || NO_CURRENCY, toCents(log.cost));
  }
  return toMoney(total);
}

// ---------- stats ----------

/** YYYY-MM keys of the last `count` months up to the month of `now` (UTC, as the server), oldest first. */
export function lastMonths(now: Date, count = STATS_MONTHS): string[] {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - (count - 1 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/**
 * GET /car-logs/stats/{carId} computed from the local rows, with the server's arithmetic
 * (server/src/garage/car-log-stats.ts): costs without a currency are left out of every sum;
 * costPerDistance has four decimals and is empty when the mileage span is 0 or unknown.
 */
export function computeStats(logs: LogRow[], now: Date = new Date(), mileageUnit = 'km'): CarLogStats {
  const total: Cents = new Map();
  const byType = new Map<string, Cents>();
  const months = lastMonths(now);
  const byMonth = new Map<string, Cents>(months.map((m) => [m, new Map()]));
  let firstDate: string | null = null;
  let lastDate: string | null = null;
  let minMileage: number | null = null;
  let maxMileage: number | null = null;

  for (const log of logs) {
    if (firstDate === null || log.startDate < firstDate) firstDate = log.startDate;
    if (lastDate === null || log.startDate > lastDate) lastDate = log.startDate;
    if (log.mileage !== null && log.mileage !== undefined) {
      minMileage = minMileage === null ? log.mileage : Math.min(minMileage, log.mileage);
      maxMileage = maxMileage === null ? log.mileage : Math.max(maxMileage, log.mileage);
    }
    if (log.cost === null || log.cost === undefined || !log.currencyCode) continue;
    const cents = toCents(log.cost);
    add(total, log.currencyCode, cents);
    let typeTotals = byType.get(log.type);
    if (!typeTotals) byType.set(log.type, (typeTotals = new Map()));
    add(typeTotals, log.currencyCode, cents);
    const monthTotals = byMonth.get(log.startDate.slice(0, 7));
    if (monthTotals) add(monthTotals, log.currencyCode, cents);
  }

  const mileageSpan = minMileage === null || maxMileage === null ? null : maxMileage - minMileage;
  const costPerDistance: Money = {};
  if (mileageSpan !== null && mileageSpan > 0) {
    for (const [currency, cents] of total) {
      costPerDistance[currency] = Math.round((cents / 100 / mileageSpan) * 10_000) / 10_000;
    }
  }

  return {
    count: logs.length,
    totalCost: toMoney(total),
    costByType: Object.fromEntries([...byType].map(([type, cents]) => [type, toMoney(cents)])),
    costByMonth: Object.fromEntries(months.map((m) => [m, toMoney(byMonth.get(m) ?? new Map())])),
    firstDate,
    lastDate,
    mileageSpan,
    mileageUnit,
    costPerDistance,
  };
}

/**
 * The months of the chart: from the month of the first log when it lies inside the stats window
 * (a car logged for three months shows three bars), else the whole window.
 */
export function chartMonths<T>(byMonth: Record<string, T>, firstDate: string | null): [string, T][] {
  const entries = Object.entries(byMonth);
  const first = firstDate?.slice(0, 7);
  if (!first) return entries;
  const start = entries.findIndex(([month]) => month >= first);
  return start <= 0 ? entries : entries.slice(start);
}

/** The currency to chart by default: the one with the highest total (ties: the first met). */
export function mainCurrency(total: Money): string | null {
  let best: string | null = null;
  for (const [currency, amount] of Object.entries(total)) {
    if (best === null || amount > (total[best] ?? 0)) best = currency;
  }
  return best;
}
