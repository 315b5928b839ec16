import { describe, expect, it, vi } from 'vitest';
import {
  applyLogFilters,
  computeStats,
  filterByDateRange,
  filterByType,
  hasActiveFilters,
  htmlToText,
  chartMonths,
  lastMonths,
  mainCurrency,
  NO_CURRENCY,
  prepareSearch,
  searchLogs,
  STATS_MONTHS,
  sumCost,
  type LogRow,
} from './log-filters';

let seq = 0;
function log(fields: Partial<LogRow> & { id?: string } = {}): LogRow & { id: string } {
  seq += 1;
  return {
    id: fields.id ?? `log-${seq}`,
    type: 'maintenance',
    title: `Log ${seq}`,
    content: null,
    location: null,
    tags: [],
    cost: null,
    currencyCode: null,
    startDate: '2025-01-01',
    mileage: null,
    ...fields,
  };
}

const ids = (logs: { id: string }[]) => logs.map((l) => l.id);

describe('filterByType', () => {
  const logs = [
    log({ id: 'a', type: 'fuel' }),
    log({ id: 'b', type: 'repair' }),
    log({ id: 'c', type: 'fuel' }),
  ];

  it('keeps the logs of that type, in order', () => {
    expect(ids(filterByType(logs, 'fuel'))).toEqual(['a', 'c']);
    expect(ids(filterByType(logs, 'repair'))).toEqual(['b']);
  });

  it('an unknown type matches nothing; the match is exact (keys, not labels)', () => {
    expect(filterByType(logs, 'insurance')).toEqual([]);
    expect(filterByType(logs, 'Fuel')).toEqual([]);
    expect(filterByType(logs, 'fue')).toEqual([]);
  });

  it('null, undefined or "" keep everything (the same array)', () => {
    expect(filterByType(logs, null)).toBe(logs);
    expect(filterByType(logs, undefined)).toBe(logs);
    expect(filterByType(logs, '')).toBe(logs);
  });

  it('an empty list stays empty', () => {
    expect(filterByType([], 'fuel')).toEqual([]);
  });
});

describe('filterByDateRange', () => {
  const logs = [
    log({ id: 'dec', startDate: '2024-12-31' }),
    log({ id: 'jan1', startDate: '2025-01-01' }),
    log({ id: 'jan15', startDate: '2025-01-15' }),
    log({ id: 'jan31', startDate: '2025-01-31' }),
    log({ id: 'feb', startDate: '2025-02-01' }),
  ];

  it('includes both bounds', () => {
    expect(ids(filterByDateRange(logs, '2025-01-01', '2025-01-31'))).toEqual(['jan1', 'jan15', 'jan31']);
  });

  it('a single day', () => {
    expect(ids(filterByDateRange(logs, '2025-01-15', '2025-01-15'))).toEqual(['jan15']);
  });

  it('open ends: only from, only to', () => {
    expect(ids(filterByDateRange(logs, '2025-01-31'))).toEqual(['jan31', 'feb']);
    expect(ids(filterByDateRange(logs, undefined, '2025-01-01'))).toEqual(['dec', 'jan1']);
    expect(ids(filterByDateRange(logs, '', '2024-12-31'))).toEqual(['dec']);
    expect(ids(filterByDateRange(logs, null, null))).toEqual(ids(logs));
  });

  it('no bound keeps everything (the same array)', () => {
    expect(filterByDateRange(logs)).toBe(logs);
    expect(filterByDateRange(logs, '', '')).toBe(logs);
  });

  it('from after to matches nothing', () => {
    expect(filterByDateRange(logs, '2025-02-01', '2025-01-01')).toEqual([]);
  });

  it('crosses years by text order of ISO dates', () => {
    expect(ids(filterByDateRange(logs, '2024-12-01', '2025-01-01'))).toEqual(['dec', 'jan1']);
  });
});

describe('htmlToText', () => {
  it('strips tags, keeps inline words whole and separates blocks', () => {
    expect(htmlToText('<p><strong>Turbo</strong>charger</p><p>oil</p>')).toBe('Turbocharger\noil\n');
    expect(htmlToText('a<br>b')).toBe('a\nb');
    expect(htmlToText('<ol><li data-list="bullet">one</li><li>two</li></ol>')).toBe('one\ntwo\n\n');
    expect(htmlToText('<h2 class="ql-align-center">Title</h2>text')).toBe('Title\ntext');
  });

  it('decodes the entities sanitize-html writes and numeric ones', () => {
    expect(htmlToText('Fish &amp; chips &lt;3 &gt; &quot;q&quot; &apos;s&#39; a&nbsp;b')).toBe(
      'Fish & chips <3 > "q" \'s\' a b',
    );
    expect(htmlToText('&#233;t&#xE9; &#X1F697;')).toBe('été 🚗');
  });

  it('leaves unknown or broken entities as written', () => {
    expect(htmlToText('&bogus; &#0; & alone')).toBe('&bogus; &#0; & alone');
  });

  it('no content is empty text', () => {
    expect(htmlToText(null)).toBe('');
    expect(htmlToText(undefined)).toBe('');
    expect(htmlToText('')).toBe('');
  });
});

describe('searchLogs', () => {
  const logs = [
    log({ id: 'title', title: 'Oil Change' }),
    log({ id: 'content', title: 'Service', content: '<p>Replaced the <em>Brake</em> pads &amp; discs</p>' }),
    log({ id: 'location', title: 'Trip', location: 'Nürburgring Nordschleife' }),
    log({ id: 'tags', title: 'Parts', tags: ['Michelin', 'winter'] }),
  ];

  it('matches title, content text, location and tags, case-insensitively', () => {
    expect(ids(searchLogs(logs, 'oil'))).toEqual(['title']);
    expect(ids(searchLogs(logs, 'OIL CHANGE'))).toEqual(['title']);
    expect(ids(searchLogs(logs, 'brake pads & discs'))).toEqual(['content']);
    expect(ids(searchLogs(logs, 'nürburgRING'))).toEqual(['location']);
    expect(ids(searchLogs(logs, 'michelin'))).toEqual(['tags']);
    expect(ids(searchLogs(logs, 'WINT'))).toEqual(['tags']);
  });

  it('ignores accents both ways: "controle" finds "Contrôle technique", "nurburg" the Nürburgring', () => {
    const french = [
      log({ id: 'ct', title: 'Contrôle technique', tags: ['Sécurité'] }),
      log({ id: 'plain', title: 'Controle des pneus', content: '<p>Pression &#233;t&#233;</p>' }),
    ];
    expect(ids(searchLogs(french, 'controle'))).toEqual(['ct', 'plain']);
    expect(ids(searchLogs(french, 'CONTRÔLE'))).toEqual(['ct', 'plain']);
    expect(ids(searchLogs(french, 'securite'))).toEqual(['ct']);
    expect(ids(searchLogs(french, 'pression ete'))).toEqual(['plain']);
    expect(ids(searchLogs(logs, 'nurburg'))).toEqual(['location']);
  });

  it('a substring in the middle of a word matches', () => {
    expect(ids(searchLogs(logs, 'chleif'))).toEqual(['location']);
  });

  it('matches several logs, in their order', () => {
    expect(ids(searchLogs(logs, 'e'))).toEqual(['title', 'content', 'location', 'tags']);
  });

  it('does not match markup, attribute values or across fields', () => {
    const html = [
      log({ id: 'x', title: 'Wash', content: '<p class="ql-align-center">clean</p>', tags: ['a'] }),
    ];
    expect(searchLogs(html, 'ql-align')).toEqual([]);
    expect(searchLogs(html, 'strong')).toEqual([]);
    expect(searchLogs(html, 'washclean')).toEqual([]);
    expect(searchLogs(html, 'cleana')).toEqual([]);
  });

  it('does not join words of two paragraphs', () => {
    const html = [log({ id: 'x', content: '<p>oil</p><p>filter</p>' })];
    expect(searchLogs(html, 'oilfilter')).toEqual([]);
    expect(ids(searchLogs(html, 'filter'))).toEqual(['x']);
  });

  it('trims the query; blank, null or undefined keeps everything (the same array)', () => {
    expect(ids(searchLogs(logs, '  oil  '))).toEqual(['title']);
    expect(searchLogs(logs, '')).toBe(logs);
    expect(searchLogs(logs, '   ')).toBe(logs);
    expect(searchLogs(logs, null)).toBe(logs);
    expect(searchLogs(logs, undefined)).toBe(logs);
  });

  it('no match is an empty list', () => {
    expect(searchLogs(logs, 'carburettor')).toEqual([]);
  });

  it('missing optional fields do not break the search', () => {
    const bare = [log({ id: 'bare', title: 'Bare', content: null, location: null, tags: [] })];
    expect(ids(searchLogs(bare, 'bare'))).toEqual(['bare']);
    expect(searchLogs(bare, 'null')).toEqual([]);
  });

  it('a changed log (a new row object) is searched by its new text', () => {
    const before = log({ id: 'v', title: 'Before' });
    expect(ids(searchLogs([before], 'before'))).toEqual(['v']);
    const after = { ...before, title: 'After' };
    expect(searchLogs([after], 'before')).toEqual([]);
    expect(ids(searchLogs([after], 'after'))).toEqual(['v']);
  });

  it('10,000 logs: type filter plus search finds exactly the expected rows', () => {
    const types = ['fuel', 'maintenance', 'repair', 'insurance'];
    const many = Array.from({ length: 10_000 }, (_, i) =>
      log({
        id: `m${i}`,
        type: types[i % 4],
        title: i % 10 === 0 ? `Oil change #${i}` : `Entry ${i}`,
        content: i % 7 === 0 ? '<p>Checked the <strong>tyres</strong></p>' : '<p>Routine</p>',
        location: i % 3 === 0 ? 'Garage Dupont, Lyon' : 'Home',
        tags: i % 5 === 0 ? ['Winter'] : ['summer'],
        startDate: `2025-${String((i % 12) + 1).padStart(2, '0')}-01`,
      }),
    );
    const expected = (pred: (i: number) => boolean) =>
      Array.from({ length: 10_000 }, (_, i) => i)
        .filter(pred)
        .map((i) => `m${i}`);

    const fuelOil = searchLogs(filterByType(many, 'fuel'), 'OIL CHANGE');
    expect(ids(fuelOil)).toEqual(expected((i) => i % 4 === 0 && i % 10 === 0));
    expect(fuelOil).toHaveLength(500);

    expect(ids(searchLogs(many, 'tyres'))).toEqual(expected((i) => i % 7 === 0));
    expect(ids(searchLogs(filterByType(many, 'repair'), 'lyon'))).toEqual(
      expected((i) => i % 4 === 2 && i % 3 === 0),
    );
    expect(ids(searchLogs(many, 'winter'))).toEqual(expected((i) => i % 5 === 0));
    // A second pass over the same rows (cached haystacks) answers the same.
    expect(ids(searchLogs(many, 'winter'))).toEqual(expected((i) => i % 5 === 0));
    expect(
      ids(applyLogFilters(many, { type: 'insurance', from: '2025-03-01', to: '2025-03-31', query: 'home' })),
    ).toEqual(expected((i) => i % 4 === 3 && i % 12 === 2 && i % 3 !== 0));
  });
});

describe('applyLogFilters and hasActiveFilters', () => {
  const logs = [
    log({ id: 'a', type: 'fuel', title: 'Full tank', startDate: '2025-03-01' }),
    log({ id: 'b', type: 'fuel', title: 'Half tank', startDate: '2025-05-01' }),
    log({ id: 'c', type: 'repair', title: 'Tank leak', startDate: '2025-03-02' }),
  ];

  it('combines type, dates and search', () => {
    expect(ids(applyLogFilters(logs, { type: 'fuel', query: 'tank' }))).toEqual(['a', 'b']);
    expect(ids(applyLogFilters(logs, { query: 'tank', to: '2025-03-31' }))).toEqual(['a', 'c']);
    expect(ids(applyLogFilters(logs, { type: 'fuel', from: '2025-04-01', query: 'half' }))).toEqual(['b']);
    expect(applyLogFilters(logs, { type: 'repair', query: 'full' })).toEqual([]);
  });

  it('no filter keeps the same array', () => {
    expect(applyLogFilters(logs, {})).toBe(logs);
    expect(applyLogFilters(logs, { type: null, from: '', to: '', query: ' ' })).toBe(logs);
  });

  it('knows when a filter is on', () => {
    expect(hasActiveFilters({})).toBe(false);
    expect(hasActiveFilters({ type: null, from: '', to: '', query: '   ' })).toBe(false);
    expect(hasActiveFilters({ type: 'fuel' })).toBe(true);
    expect(hasActiveFilters({ from: '2025-01-01' })).toBe(true);
    expect(hasActiveFilters({ to: '2025-01-01' })).toBe(true);
    expect(hasActiveFilters({ query: 'x' })).toBe(true);
  });
});

describe('sumCost', () => {
  it('sums per currency to the cent (0.1 + 0.2 is 0.3)', () => {
    expect(
      sumCost([
        log({ cost: 0.1, currencyCode: 'EUR' }),
        log({ cost: 0.2, currencyCode: 'EUR' }),
        log({ cost: 19.99, currencyCode: 'USD' }),
        log({ cost: 0.01, currencyCode: 'USD' }),
      ]),
    ).toEqual({ EUR: 0.3, USD: 20 });
  });

  it('ignores logs without a cost; counts a zero cost', () => {
    expect(
      sumCost([
        log({ cost: null, currencyCode: 'EUR' }),
        log({ cost: 0, currencyCode: 'GBP' }),
        log({ cost: 5, currencyCode: 'EUR' }),
      ]),
    ).toEqual({ GBP: 0, EUR: 5 });
  });

  it('a cost without a currency goes under NO_CURRENCY ("")', () => {
    expect(NO_CURRENCY).toBe('');
    expect(sumCost([log({ cost: 12.5, currencyCode: null }), log({ cost: 1, currencyCode: 'EUR' })])).toEqual(
      {
        '': 12.5,
        EUR: 1,
      },
    );
  });

  it('rounds a cost with more than two decimals to the cent', () => {
    expect(
      sumCost([log({ cost: 1.006, currencyCode: 'EUR' }), log({ cost: 2.004, currencyCode: 'EUR' })]),
    ).toEqual({
      EUR: 3.01,
    });
  });

  it('nothing to sum is an empty record', () => {
    expect(sumCost([])).toEqual({});
    expect(sumCost([log({ cost: null })])).toEqual({});
  });

  it('10,000 cents-sized costs add up exactly', () => {
    const many = Array.from({ length: 10_000 }, () => log({ cost: 0.07, currencyCode: 'EUR' }));
    expect(sumCost(many)).toEqual({ EUR: 700 });
  });
});

describe('lastMonths', () => {
  it(`${STATS_MONTHS} months ending with the current one, oldest first, across a year boundary`, () => {
    expect(STATS_MONTHS).toBe(24);
    const months = lastMonths(new Date('2025-01-31T23:59:59Z'));
    expect(months).toHaveLength(24);
    expect(months[0]).toBe('2023-02');
    expect(months.at(-1)).toBe('2025-01');
    expect(months).toContain('2024-12');
    expect([...months].sort()).toEqual(months);
  });

  it('uses the UTC month, as the server does', () => {
    expect(lastMonths(new Date('2025-03-01T00:30:00Z'), 1)).toEqual(['2025-03']);
    expect(lastMonths(new Date('2025-02-28T23:30:00Z'), 1)).toEqual(['2025-02']);
  });
});

describe('computeStats (the server arithmetic of GET /car-logs/stats)', () => {
  const now = new Date('2025-06-15T12:00:00Z');

  it('sums per currency, type and month over the last 24 months, with dates and the mileage span', () => {
    const logs = [
      log({ type: 'fuel', cost: 50.1, currencyCode: 'EUR', startDate: '2025-06-01', mileage: 10_000 }),
      log({ type: 'fuel', cost: 49.9, currencyCode: 'EUR', startDate: '2025-05-15', mileage: 10_400 }),
      log({ type: 'repair', cost: 300, currencyCode: 'USD', startDate: '2025-05-20' }),
      log({
        type: 'maintenance',
        cost: 120.25,
        currencyCode: 'EUR',
        startDate: '2023-07-28',
        mileage: 9_000,
      }),
      // Outside the 24-month window: in the totals, not in costByMonth.
      log({ type: 'insurance', cost: 600, currencyCode: 'USD', startDate: '2023-06-10' }),
      log({ type: 'event', cost: null, currencyCode: null, startDate: '2025-04-03', mileage: 11_000 }),
    ];
    const months = lastMonths(now);
    expect(computeStats(logs, now, 'mi')).toEqual({
      count: 6,
      totalCost: { EUR: 220.25, USD: 900 },
      costByType: {
        fuel: { EUR: 100 },
        repair: { USD: 300 },
        maintenance: { EUR: 120.25 },
        insurance: { USD: 600 },
      },
      costByMonth: Object.fromEntries(
        months.map((m) => [
          m,
          m === '2025-06'
            ? { EUR: 50.1 }
            : m === '2025-05'
              ? { EUR: 49.9, USD: 300 }
              : m === '2023-07'
                ? { EUR: 120.25 }
                : {},
        ]),
      ),
      firstDate: '2023-06-10',
      lastDate: '2025-06-01',
      mileageSpan: 2_000,
      mileageUnit: 'mi',
      // 220.25 / 2000 = 0.110125, kept to four decimals; 900 / 2000.
      costPerDistance: { EUR: 0.1101, USD: 0.45 },
    });
    expect(Object.keys(computeStats(logs, now).costByMonth)).toEqual(months);
    expect(months[0]).toBe('2023-07');
    expect(months.at(-1)).toBe('2025-06');
  });

  it('no logs: zero count, empty sums, 24 empty months, no dates, no span; unit defaults to km', () => {
    const stats = computeStats([], now);
    expect(stats).toMatchObject({
      count: 0,
      totalCost: {},
      costByType: {},
      firstDate: null,
      lastDate: null,
      mileageSpan: null,
      mileageUnit: 'km',
      costPerDistance: {},
    });
    expect(Object.values(stats.costByMonth)).toEqual(Array.from({ length: 24 }, () => ({})));
  });

  it('one mileage: span 0 and no cost per distance', () => {
    expect(computeStats([log({ mileage: 5_000, cost: 10, currencyCode: 'GBP' })], now)).toMatchObject({
      count: 1,
      mileageSpan: 0,
      costPerDistance: {},
      totalCost: { GBP: 10 },
    });
  });

  it('a cost without a currency is left out of the sums (as on the server) but counted', () => {
    const stats = computeStats([log({ cost: 40, currencyCode: null, startDate: '2025-06-02' })], now);
    expect(stats.count).toBe(1);
    expect(stats.totalCost).toEqual({});
    expect(stats.costByType).toEqual({});
    expect(stats.costByMonth['2025-06']).toEqual({});
  });

  it('cents are summed exactly', () => {
    const row = { type: 'fuel', currencyCode: 'EUR', startDate: '2025-06-02' };
    const stats = computeStats([log({ ...row, cost: 0.1 }), log({ ...row, cost: 0.2 })], now);
    expect(stats.totalCost).toEqual({ EUR: 0.3 });
    expect(stats.costByMonth['2025-06']).toEqual({ EUR: 0.3 });
    expect(stats.costByMonth['2023-06']).toBeUndefined();
  });

  it('logs dated after now count in the totals and dates, not in the months', () => {
    const stats = computeStats([log({ cost: 5, currencyCode: 'EUR', startDate: '2025-07-01' })], now);
    expect(stats.totalCost).toEqual({ EUR: 5 });
    expect(stats.lastDate).toBe('2025-07-01');
    expect(stats.costByMonth['2025-07']).toBeUndefined();
  });
});

describe('mainCurrency', () => {
  it('is the currency with the highest total, the first on a tie, null with none', () => {
    expect(mainCurrency({ EUR: 10, USD: 30, GBP: 5 })).toBe('USD');
    expect(mainCurrency({ EUR: 10, USD: 10 })).toBe('EUR');
    expect(mainCurrency({})).toBeNull();
  });
});

describe('prepareSearch', () => {
  it('builds the search text ahead in idle slices; searches answer the same; stop ends the work', async () => {
    const logs = Array.from({ length: 1_200 }, (_, i) =>
      log({ id: `p${i}`, title: i === 1_100 ? 'Needle' : 'Hay' }),
    );
    // An injected clock runs the idle slices, all of them, instead of a wait that runs some.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestIdleCallback', 'cancelIdleCallback'] });
    try {
      const stop = prepareSearch(logs, 500);
      expect(vi.getTimerCount()).toBe(1); // the first slice, ahead
      vi.runAllTimers();
      expect(vi.getTimerCount()).toBe(0); // 1 200 logs in slices of 500: done
      stop();
    } finally {
      vi.useRealTimers();
    }
    expect(ids(searchLogs(logs, 'needle'))).toEqual(['p1100']);
    const stopAtOnce = prepareSearch([log({ id: 'q', title: 'Other' })]);
    stopAtOnce();
    expect(prepareSearch([])).toBeTypeOf('function');
  });
});

describe('chartMonths', () => {
  const byMonth = Object.fromEntries(lastMonths(new Date('2025-06-15T00:00:00Z'), 24).map((m) => [m, {}]));

  it('a young car starts at the month of its first log', () => {
    expect(chartMonths(byMonth, '2025-04-20').map(([m]) => m)).toEqual(['2025-04', '2025-05', '2025-06']);
  });

  it('an older car, or no log, keeps the whole window', () => {
    expect(chartMonths(byMonth, '2020-01-01')).toHaveLength(24);
    expect(chartMonths(byMonth, null)).toHaveLength(24);
  });
});
