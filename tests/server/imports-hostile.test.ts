// Hostile and broken import files: every value read strictly (real days in the importable years,
// numbers read whole and finite, no control characters in text), every encoding decoded or refused
// with a clear 400 (never a 500), the CSV formula guard over every formula start. Property-based
// (fast-check) over the readers and every parser, then over HTTP on a real SQLite database.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cleanText, decodeText, FileDecodeError } from '../../server/src/imports/csv';
import { guardCell, unguardCell } from '../../server/src/imports/csv-write';
import { RowError, type Parsed } from '../../server/src/imports/formats/common';
import { detectFormat, PARSERS } from '../../server/src/imports/formats';
import { isImportableDate, parseDate, parseNumber } from '../../server/src/imports/values';
import {
  IMPORT_DATE_FORMATS,
  IMPORT_FORMATS,
  IMPORT_NUMBER_MAX,
  IMPORT_YEAR_MAX,
  IMPORT_YEAR_MIN,
} from '../../src/contract/constants';
import type { ImportResult } from '../../src/contract/imports';
import { createCar, member, type Member } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { imported, logsOf, upload } from './imports-fixtures';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Every value a parse gave is one Paddock can store: a real day, finite figures, clean text. */
function expectSound(parsed: Parsed) {
  for (const row of parsed.rows) {
    expect(Number.isInteger(row.row)).toBe(true);
    if (!row.log) {
      expect(typeof row.error).toBe('string');
      continue;
    }
    const log = row.log;
    expect(isImportableDate(log.startDate), log.startDate).toBe(true);
    for (const n of [log.mileage, log.cost, log.fuel?.quantity ?? null, log.fuel?.pricePerUnit ?? null])
      if (n !== null) expect(Number.isFinite(n) && Math.abs(n) <= IMPORT_NUMBER_MAX).toBe(true);
    for (const text of [log.title, log.content ?? '', log.location ?? '', ...log.tags])
      expect(CONTROL.test(text), JSON.stringify(text)).toBe(false);
  }
}

/** A parser's own clear errors: a row error, or a message about the file (never a TypeError). */
function isOwnError(error: unknown): boolean {
  return error instanceof RowError || error instanceof FileDecodeError;
}

const CSV_CHARS = [
  ...'0123456789',
  ...'.,;\t"\'\\-/: eE+',
  '\n',
  '\r',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u0085',
  '€',
  '$',
  'Datum',
  'Km-Stand',
  'Spritmenge',
  'Tankart',
  'Date',
  'Odometer',
  'FuelConsumed',
  'IsFillToFull',
  'Cost',
  'Description',
  '##Refuelling',
  'Fill-Up Records',
  '## Log',
  'car_name',
  'fuelup_date',
  'service_date',
  'True',
  'Yes',
  '13/13/2024',
  '0000-00-00',
  '2024-02-30',
  '1e5',
  'Infinity',
  'NaN',
  '\ud800',
];
const csvText = fc.array(fc.constantFrom(...CSV_CHARS), { maxLength: 300 }).map((parts) => parts.join(''));
/** A header of a real format, then arbitrary rows: the parsers get past their header checks. */
const HEADERS = [
  'Datum;Km-Stand;Teil-Km;Spritmenge;Kosten;Währung;Tankart;Reifen;Strecken;Fahrweise;Kraftstoff;Bemerkung;Verbrauch\n',
  'Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags\n',
  'Date,Description,Cost,Notes,Odometer,Tags\n',
  'car_name,model,mpg,odometer,miles,gallons,price,city_percentage,fuelup_date,date_added,tags,notes,missed_fuelup,partial_fuelup\n',
  'car_name,model,odometer,price,service_date,date_added,tags,service_type,sub_service_types,notes\n',
  '##Refuelling\nDate,Odometer,Fuel,Price,Total cost,Volume,Filled tank completely\n',
  'Metadata\n"aCar Version","Date Format"\n"5.4","M/d/yyyy"\nFill-Up Records\n"Date","Odometer Reading","Volume","Total Cost","Partial Fill-Up?","Previously Missed Fill-Ups?"\n',
];
const headedText = fc.tuple(fc.constantFrom(...HEADERS), csvText).map(([header, body]) => header + body);

const TEXT_FORMATS = IMPORT_FORMATS.filter((f) => f !== 'hammond');

describe('the readers, over arbitrary input (fast-check)', () => {
  test('arbitrary bytes decode to clean text, or to the decoder’s own error', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        try {
          const text = decodeText(Buffer.from(bytes));
          expect(CONTROL.test(text)).toBe(false);
        } catch (error) {
          expect(error).toBeInstanceOf(FileDecodeError);
        }
      }),
      { numRuns: 500 },
    );
  });

  test('a number is finite, in range and read whole, or none', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), csvText),
        fc.constantFrom('.', ',') as fc.Arbitrary<'.' | ','>,
        (t, d) => {
          const n = parseNumber(t, d);
          if (n !== null) expect(Number.isFinite(n) && Math.abs(n) <= IMPORT_NUMBER_MAX).toBe(true);
          // An exponent between digits is never read as a number.
          if (/\d[eE][+-]?\d/.test(t)) expect(n).toBeNull();
        },
      ),
      { numRuns: 1000 },
    );
  });

  test('a date is a real day between the importable years, or none', () => {
    const dateish = fc
      .tuple(fc.nat(9999), fc.nat(15), fc.nat(40), fc.constantFrom('-', '/', '.'))
      .map(([y, m, d, sep]) => [String(y).padStart(4, '0'), String(m), String(d)].join(sep));
    fc.assert(
      fc.property(fc.oneof(fc.string(), dateish), fc.constantFrom(...IMPORT_DATE_FORMATS), (t, format) => {
        const date = parseDate(t, format);
        if (date !== null) {
          expect(isImportableDate(date)).toBe(true);
          const year = Number(date.slice(0, 4));
          expect(year >= IMPORT_YEAR_MIN && year <= IMPORT_YEAR_MAX).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  test('year 0, month 13, 30 February, 1885 and 2101 are not dates', () => {
    expect(parseDate('0000-01-01', 'yyyy-mm-dd')).toBeNull();
    expect(parseDate('2024-13-01', 'yyyy-mm-dd')).toBeNull();
    expect(parseDate('2024-02-30', 'yyyy-mm-dd')).toBeNull();
    expect(parseDate('1885-12-31', 'yyyy-mm-dd')).toBeNull();
    expect(parseDate('2101-01-01', 'yyyy-mm-dd')).toBeNull();
    expect(parseDate('1886-01-01', 'yyyy-mm-dd')).toBe('1886-01-01');
    expect(parseDate('29.02.2000', 'dd.mm.yyyy')).toBe('2000-02-29');
    expect(parseDate('29.02.1900', 'dd.mm.yyyy')).toBeNull();
    expect(parseDate('01.05.024', 'dd.mm.yyyy')).toBeNull();
  });

  test('every parser, on arbitrary CSV-ish text, gives sound rows or its own clear error', () => {
    fc.assert(
      fc.property(fc.oneof(csvText, headedText), fc.constantFrom(...TEXT_FORMATS), (raw, format) => {
        const text = cleanText(raw);
        // Detection never throws either.
        detectFormat(Buffer.from(text), text);
        try {
          expectSound(
            PARSERS[format]({
              bytes: Buffer.from(text),
              text,
              filename: 'export.csv',
              overrides: {},
              carDistance: 'km',
            }),
          );
        } catch (error) {
          if (!isOwnError(error)) throw error;
        }
      }),
      { numRuns: 1500 },
    );
  });

  test('arbitrary bytes through decoding, detection and the detected parser', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }),
          headedText.map((t) => Buffer.from(t, 'latin1')),
        ),
        (bytes) => {
          const buffer = Buffer.from(bytes);
          let text: string;
          try {
            text = decodeText(buffer);
          } catch (error) {
            expect(error).toBeInstanceOf(FileDecodeError);
            return;
          }
          const format = detectFormat(buffer, text);
          if (!format || format === 'hammond') return;
          try {
            expectSound(
              PARSERS[format]({ bytes: buffer, text, filename: 'x.csv', overrides: {}, carDistance: 'mi' }),
            );
          } catch (error) {
            if (!isOwnError(error)) throw error;
          }
        },
      ),
      { numRuns: 800 },
    );
  });

  test('the formula guard: every formula start, full-width or behind spaces and quotes, and its exact undoing', () => {
    for (const start of [
      '=',
      '+',
      '-',
      '@',
      '\t',
      '\r',
      '＝',
      '＋',
      '－',
      '＠',
      ' =',
      '  ＋',
      '"=',
      "'=",
      ' "@',
    ])
      expect(guardCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(guardCell('Oil change')).toBe('Oil change');
    fc.assert(
      fc.property(
        fc.tuple(
          fc.array(fc.constantFrom(' ', '"', "'", '\u3000'), { maxLength: 3 }),
          fc.constantFrom('=', '+', '-', '@', '＝', '＋', '－', '＠'),
          fc.string(),
        ),
        ([lead, start, rest]) => {
          const value = lead.join('') + start + rest;
          expect(guardCell(value).startsWith("'")).toBe(true);
        },
      ),
    );
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(unguardCell(guardCell(value))).toBe(value);
      }),
    );
  });
});

describe('encodings', () => {
  test('UTF-16 LE and BE with a BOM, and without one, are read', () => {
    const text = 'Date,Odometer\n2024-01-05,1000\n';
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(le).swap16();
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), le]))).toBe(text);
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe(text);
    expect(decodeText(le)).toBe(text);
    expect(decodeText(be)).toBe(text);
  });

  test('an odd-length UTF-16 file is the decoder’s own error', () => {
    const be = Buffer.concat([
      Buffer.from([0xfe, 0xff]),
      Buffer.from('Datum;Typ', 'utf16le').swap16(),
      Buffer.from([0x41]),
    ]);
    expect(() => decodeText(be)).toThrow(FileDecodeError);
  });

  test('invalid UTF-8 is read as Windows-1252 (Latin-1 files included)', () => {
    // "Straße €5 – Œuvre" in Windows-1252.
    const bytes = Buffer.from([
      0x53, 0x74, 0x72, 0x61, 0xdf, 0x65, 0x20, 0x80, 0x35, 0x20, 0x96, 0x20, 0x8c, 0x75,
    ]);
    expect(decodeText(bytes)).toBe('Straße €5 – Œu');
    expect(decodeText(Buffer.from('Straße €5', 'utf8'))).toBe('Straße €5');
  });

  test('NUL and other control characters are taken out; tabs and line ends stay', () => {
    expect(decodeText(Buffer.from('a\u0000b\u0007c\td\r\ne\u009f'))).toBe('abc\td\r\ne');
  });
});

let t: TestApp;
let ann: Member;
beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app);
});
afterAll(async () => t?.close());

const newCar = () => createCar(t.app, ann, { mileage: null, mileageUnit: 'km' });
const LUBE = 'Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags\n';
const problemsOf = (r: ImportResult) => r.problems.map((p) => [p.row, p.code, p.action]);

describe('over HTTP: a bad value is a problem row, never stored, never a 500', () => {
  test('year 0, month 13 and 1e5 are reported and left out; the other rows are stored', async () => {
    const car = await newCar();
    const file = Buffer.from(
      LUBE +
        '0000-01-05,1000,40,60,,True,False,,\n' +
        '2024-13-05,1100,40,60,,True,False,,\n' +
        '2024-02-05,1200,40,1e5,,True,False,,\n' +
        '2024-03-05,1300,40,60,,True,False,,\n',
    );
    const dry = await imported(t.app, ann, car.id, file, { query: 'dryRun=true&onError=skip' });
    expect(problemsOf(dry)).toEqual([
      [2, 'unreadable-date', 'skip'],
      [3, 'unreadable-date', 'skip'],
      [4, 'unreadable-number', 'skip'],
    ]);
    expect(dry.problems[2]!.params).toMatchObject({ field: 'cost', value: '1e5' });
    const result = await imported(t.app, ann, car.id, file, { query: 'onError=skip' });
    expect(result).toMatchObject({ created: 1, skipped: 3 });
    const logs = await logsOf(t.app, ann, car.id);
    expect(logs.map((l) => [l.startDate, l.cost])).toEqual([['2024-03-05', 60]]);
  });

  test('NUL and control characters never reach stored text', async () => {
    const car = await newCar();
    const file = Buffer.from(`${LUBE}2024-03-05,1300,40,60,,True,False,"a\u0000b\u001bc",x\u0000y\n`);
    const result = await imported(t.app, ann, car.id, file);
    expect(result.created).toBe(1);
    const [log] = await logsOf(t.app, ann, car.id);
    expect(log!.content).toBe('<p>abc</p>');
    expect(log!.tags).toEqual(['xy']);
  });

  test('an odd-length UTF-16BE file answers a clear 400', async () => {
    const car = await newCar();
    const bytes = Buffer.concat([
      Buffer.from([0xfe, 0xff]),
      Buffer.from(LUBE, 'utf16le').swap16(),
      Buffer.from([0x31]),
    ]);
    const res = await upload(t.app, ann, car.id, bytes);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'IMPORT_FILE_NOT_TEXT' } });
    expect(res.json().error.message).toMatch(/odd number of bytes/);
  });

  test.each([
    [
      'a spreadsheet saved as .xlsx (a zip)',
      Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(64, 7)]),
      /spreadsheet or archive/,
    ],
    [
      'an old .xls',
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]), Buffer.alloc(64, 1)]),
      /Excel/,
    ],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj', 'latin1'), /PDF/],
  ])('%s answers 400 IMPORT_FILE_NOT_TEXT saying what it is', async (_, bytes, what) => {
    const car = await newCar();
    const res = await upload(t.app, ann, car.id, bytes);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('IMPORT_FILE_NOT_TEXT');
    expect(res.json().error.message).toMatch(what);
    const fr = await upload(
      t.app,
      { ...ann, headers: { ...ann.headers, 'accept-language': 'fr-FR' } as typeof ann.headers },
      car.id,
      bytes,
    );
    expect(fr.json().error.message).toContain('Exportez-le de nouveau depuis l’application au format CSV');
  });

  test('a file that cannot be read as the format chosen answers 400 IMPORT_FILE_UNREADABLE', async () => {
    const car = await newCar();
    const res = await upload(t.app, ann, car.id, Buffer.from('just,some\ntext,here\n'), {
      fields: { format: 'hammond' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('IMPORT_FILE_UNREADABLE');
  });

  test('a Latin-1 Spritmonitor file is read, its umlauts intact', async () => {
    const car = await newCar();
    const text =
      'Datum;Km-Stand;Teil-Km;Spritmenge;Kosten;Währung;Tankart;Reifen;Strecken;Fahrweise;Kraftstoff;Bemerkung;Verbrauch\n' +
      '05.03.2024;1.300;;40,00;60,00;"EUR";1;;;;1;"Straße nach Köln";\n';
    const result = await imported(t.app, ann, car.id, Buffer.from(text, 'latin1'));
    expect(result).toMatchObject({ format: 'spritmonitor', created: 1 });
    const [log] = await logsOf(t.app, ann, car.id);
    expect(log!.content).toBe('<p>Straße nach Köln</p>');
  });

  test('a file of no known format: a clear 400 listing the formats and where each app exports them', async () => {
    const car = await newCar();
    const res = await upload(t.app, ann, car.id, Buffer.from('hello;world\n1;2\n'));
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: { code: string; message: string } }>();
    expect(error.code).toBe('IMPORT_FORMAT_UNKNOWN');
    for (const app of ['Spritmonitor', 'aCar', 'Drivvo', 'Fuelly', 'Fuelio', 'LubeLogger', 'Hammond'])
      expect(error.message).toContain(app);
    const fr = await upload(
      t.app,
      { ...ann, headers: { ...ann.headers, 'accept-language': 'fr-FR' } as typeof ann.headers },
      car.id,
      Buffer.from('hello;world\n1;2\n'),
    );
    expect(fr.json<{ error: { message: string } }>().error.message).toContain('Paddock lit les exports de');
  });
});
