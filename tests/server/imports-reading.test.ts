// The importer's reading of CSV text, numbers, dates and flags, without a server; and the
// notes it builds from plain text being exactly what the rich-text sanitiser stores.
import { describe, expect, test } from 'vitest';
import { sanitizeRichText } from '../../server/src/http/rich-text';
import { decodeText, parseCsv, sniffDelimiter } from '../../server/src/imports/csv';
import { csvLine, guardCell, unguardCell } from '../../server/src/imports/csv-write';
import { notesHtml, volumeUnitOf } from '../../server/src/imports/formats/common';
import { plainParagraphsLength } from '../../server/src/imports/import-read';
import {
  dateFormatOfPattern,
  guessDateFormat,
  guessDecimal,
  parseBoolean,
  parseDate,
  parseNumber,
} from '../../server/src/imports/values';

describe('CSV text', () => {
  test('a UTF-8 BOM and a UTF-16 file are read', () => {
    expect(decodeText(Buffer.from('\ufeffDate,Odometer', 'utf8'))).toBe('Date,Odometer');
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Datum;Typ', 'utf16le')]))).toBe(
      'Datum;Typ',
    );
  });

  test.each([
    ['a,b,c\n1,2,3\n', ','],
    ['Datum;Menge;Preis\n01.05.2024;50,00;90,50\n', ';'],
    ['a\tb\tc\n1\t2,5\t3\n', '\t'],
    ['"a;b",c,d\n"x;y",1,2\n', ','],
  ] as const)('the delimiter of %j is %j', (text, delimiter) => {
    expect(sniffDelimiter(text)).toBe(delimiter);
  });

  test('quotes, doubled quotes, delimiters and line breaks inside cells; line numbers kept', () => {
    const records = parseCsv('a,b\r\n"x, ""y""","line 1\nline 2"\r\n\r\nlast,1\r\n');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, "y"', 'line 1\nline 2'] },
      { line: 5, cells: ['last', '1'] },
    ]);
  });

  test('the CSV-injection guard, and its exact undoing', () => {
    for (const text of ['=1+1', '+33', '-5', '@SUM(A1)', '\tx', "'quoted", "''", 'plain', ''])
      expect(unguardCell(guardCell(text))).toBe(text);
    expect(guardCell('=1+1')).toBe("'=1+1");
    expect(csvLine(['=a,b', 12.5, true, null])).toBe(`"'=a,b",12.5,true,\r\n`);
  });
});

describe('numbers, never in the server locale', () => {
  test.each([
    ['1,234.56', '.', 1234.56],
    ['1.234,56', ',', 1234.56],
    ['€ 1 234,56', ',', 1234.56],
    ['$36.32', '.', 36.32],
    ["1'234.5", '.', 1234.5],
    ['12,000', '.', 12000],
    ['120.000', ',', 120000],
    ['50,00', ',', 50],
    ['3.459 EUR/l', '.', 3.459],
  ] as const)('%j with %j decimals is %d', (text, decimal, value) => {
    expect(parseNumber(text, decimal)).toBe(value);
  });

  test('not numbers', () => {
    expect(parseNumber('abc', '.')).toBeNull();
    expect(parseNumber('', '.')).toBeNull();
    // Never a part of the cell: separators out of place, exponents, digits split by text.
    expect(parseNumber('1.2.3', ',')).toBeNull();
    expect(parseNumber('1e5', '.')).toBeNull();
    expect(parseNumber('1E5', ',')).toBeNull();
    expect(parseNumber('12abc3', '.')).toBeNull();
    expect(parseNumber('1,23', '.')).toBeNull();
    expect(parseNumber('Infinity', '.')).toBeNull();
    expect(parseNumber('9'.repeat(400), '.')).toBeNull();
  });

  test('the decimal separator of a column', () => {
    expect(guessDecimal(['50,00', '120.000'], '.')).toBe(',');
    expect(guessDecimal(['12,000', '8.000', '£52.00'], ',')).toBe('.');
    expect(guessDecimal(['1.234,5'], '.')).toBe(',');
    expect(guessDecimal(['1,234,567'], ',')).toBe('.');
    expect(guessDecimal(['12', '1,000'], ',')).toBe(',');
  });
});

describe('dates, with explicit formats', () => {
  test.each([
    ['2024-02-29', 'yyyy-mm-dd', '2024-02-29'],
    ['2024-04-01 08:00', 'yyyy-mm-dd', '2024-04-01'],
    ['1/5/2024', 'mm/dd/yyyy', '2024-01-05'],
    ['1/5/2024 10:22:00 AM', 'mm/dd/yyyy', '2024-01-05'],
    ['05/01/2024', 'dd/mm/yyyy', '2024-01-05'],
    ['01.05.2024', 'dd.mm.yyyy', '2024-05-01'],
    ['01.05.99', 'dd.mm.yyyy', '1999-05-01'],
    ['2024/03/07', 'yyyy/mm/dd', '2024-03-07'],
  ] as const)('%j as %s is %s', (text, format, date) => {
    expect(parseDate(text, format)).toBe(date);
  });

  test('days that do not exist are refused', () => {
    expect(parseDate('2023-02-29', 'yyyy-mm-dd')).toBeNull();
    expect(parseDate('13/13/2024', 'dd/mm/yyyy')).toBeNull();
    expect(parseDate('yesterday', 'dd/mm/yyyy')).toBeNull();
  });

  test('the order of a column from a part above 12, else the fallback', () => {
    expect(guessDateFormat(['1/5/2024', '2/14/2024'], 'dd/mm/yyyy')).toBe('mm/dd/yyyy');
    expect(guessDateFormat(['05/01/2024', '20/01/2024'], 'mm/dd/yyyy')).toBe('dd/mm/yyyy');
    expect(guessDateFormat(['05/01/2024'], 'mm/dd/yyyy')).toBe('mm/dd/yyyy');
    expect(guessDateFormat(['05/01/2024'], 'dd/mm/yyyy')).toBe('dd/mm/yyyy');
    expect(guessDateFormat(['01.05.2024'], 'mm/dd/yyyy')).toBe('dd.mm.yyyy');
    expect(guessDateFormat(['2024-01-05'], 'mm/dd/yyyy')).toBe('yyyy-mm-dd');
    expect(dateFormatOfPattern('MM/dd/yyyy')).toBe('mm/dd/yyyy');
    expect(dateFormatOfPattern('d.M.yy')).toBe('dd.mm.yyyy');
  });
});

describe('flags and units', () => {
  test('yes and no in the trackers’ languages', () => {
    for (const yes of ['Yes', 'True', '1', 'Sim', 'Sí', 'Oui', 'Ja']) expect(parseBoolean(yes)).toBe(true);
    for (const no of ['No', 'False', '0', 'Não', 'Non', 'Nein', '']) expect(parseBoolean(no)).toBe(false);
    expect(parseBoolean('maybe')).toBeNull();
  });

  test('fuel units named in files map exactly', () => {
    expect(volumeUnitOf('Gallons (UK)')).toBe('gal_uk');
    expect(volumeUnitOf('Imperial gallons')).toBe('gal_uk');
    expect(volumeUnitOf('gal (US)')).toBe('gal_us');
    expect(volumeUnitOf('Gallons')).toBe('gal_us');
    expect(volumeUnitOf('Fuel (litres)')).toBe('l');
    expect(volumeUnitOf('Liter')).toBe('l');
    expect(volumeUnitOf('kWh')).toBe('kwh');
  });
});

test('notes built from plain text are what the sanitiser stores', () => {
  for (const text of [
    'Tom & "Jerry" <script>alert(1)</script>',
    'Crème brûlée\nline two',
    "it's 5 > 4 & 3 < 4",
    'a\u00a0b',
  ])
    expect(sanitizeRichText(notesHtml(text)!).html).toBe(notesHtml(text));
});

test('their length is measured as the sanitiser measures it, without running it', () => {
  for (const text of [
    'Tom & "Jerry" <b>x</b>',
    'Crème brûlée\nline two\n\nthree',
    "it's 5 > 4 & 3 < 4",
    'a\u00a0b',
  ])
    expect(plainParagraphsLength(notesHtml(text)!)).toBe(sanitizeRichText(notesHtml(text)!).textLength);
});
