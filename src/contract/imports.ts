// Imports from other trackers and CSV exports of a car's logs (README "Imports and exports").
// Client code imports only the types from here.
import { Type, type Static } from 'typebox';
import {
  IMPORT_DATE_FORMATS,
  IMPORT_FORMATS,
  IMPORT_MAX_ERRORS,
  IMPORT_PREVIEW_ROWS,
  IMPORT_PROBLEM_ACTIONS,
  IMPORT_PROBLEM_CODES,
  IMPORT_YEAR_MAX,
  IMPORT_YEAR_MIN,
} from './constants';
import { FuelFill } from './garage';
import type { FuelFill as Fill } from './maintenance/fuel-economy';
import { FUEL_UNITS } from './maintenance/units';

export {
  IMPORT_DATE_FORMATS,
  IMPORT_FORMATS,
  IMPORT_MAX_ERRORS,
  IMPORT_PREVIEW_ROWS,
  IMPORT_PROBLEM_ACTIONS,
  IMPORT_PROBLEM_CODES,
  IMPORT_YEAR_MAX,
  IMPORT_YEAR_MIN,
};
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export type ImportProblemCode = (typeof IMPORT_PROBLEM_CODES)[number];
export type ImportProblemAction = (typeof IMPORT_PROBLEM_ACTIONS)[number];
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

// A string enum typed as its values (a union built from a mapped array types as never).
const literals = <T extends readonly string[]>(values: T, description?: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

export const ImportQuery = Type.Object({
  dryRun: Type.Boolean({ default: false, description: 'true: check and preview, write nothing' }),
  onError: Type.Union([Type.Literal('abort'), Type.Literal('skip')], {
    default: 'abort',
    description:
      'abort: a file with a row error writes nothing; skip: the valid rows are written, the others listed',
  }),
});
export type ImportQuery = Static<typeof ImportQuery>;

/** The optional form fields beside `file`: what detection would otherwise guess. */
export const ImportOverrides = Type.Object({
  format: Type.Optional(literals(IMPORT_FORMATS)),
  dateFormat: Type.Optional(literals(IMPORT_DATE_FORMATS)),
  decimalSeparator: Type.Optional(Type.Union([Type.Literal('.'), Type.Literal(',')])),
  distanceUnit: Type.Optional(
    Type.Union([Type.Literal('km'), Type.Literal('mi')], { description: "The file's odometer unit" }),
  ),
  volumeUnit: Type.Optional(literals(FUEL_UNITS, "The file's fuel unit: l, gal_us, gal_uk or kwh")),
  odometerFixes: Type.Optional(
    Type.String({
      maxLength: 20_000,
      description:
        'A JSON object of corrected odometer readings by row (`{"12": 216900}`), in the file\'s unit: typos the preview pointed out',
    }),
  ),
  currencyCode: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        "The costs' currency (a key of the currencyCode settings); default: the car's last one, else EUR",
    }),
  ),
});
export type ImportOverrides = Static<typeof ImportOverrides>;

const nullable = <T>(type: 'string' | 'integer' | 'number') =>
  Type.Unsafe<T | null>({ type: [type, 'null'] });

/** A row as it would be stored (in the car's mileage unit). */
export const ImportPreviewRow = Type.Object({
  row: Type.Integer(),
  type: Type.String(),
  title: Type.String(),
  startDate: Type.String(),
  mileage: nullable<number>('integer'),
  cost: nullable<number>('number'),
  currencyCode: nullable<string>('string'),
  fuel: Type.Unsafe<Fill | null>({ ...FuelFill, type: ['object', 'null'] }),
  tags: Type.Array(Type.String()),
  /** true when the same row is stored already (it will be skipped). */
  duplicate: Type.Boolean(),
});
export type ImportPreviewRow = Static<typeof ImportPreviewRow>;

/**
 * A problem row of the file, for the preview: what is wrong (`code`, with `params` such as the
 * field, the cell's text, the neighbouring odometer readings) and what the import does with it.
 * The client renders it in the member's language.
 */
export const ImportProblem = Type.Object({
  row: Type.Integer(),
  code: literals(IMPORT_PROBLEM_CODES),
  action: literals(IMPORT_PROBLEM_ACTIONS),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
});
export type ImportProblem = Static<typeof ImportProblem>;

export const ImportResult = Type.Object({
  format: literals(IMPORT_FORMATS),
  /** Data rows read from the file. */
  rows: Type.Integer(),
  created: Type.Integer(),
  /** Rows already stored (the same fingerprint), and rows with an error on a run that skips them. */
  skipped: Type.Integer(),
  errors: Type.Array(Type.Object({ row: Type.Integer(), message: Type.String() })),
  /** Every problem row (errors, rows twice in the file, rows already stored), in file order. */
  problems: Type.Array(ImportProblem),
  /** What the file's figures were read as. */
  units: Type.Object({
    distance: Type.Union([Type.Literal('km'), Type.Literal('mi')]),
    volume: literals(FUEL_UNITS),
    dateFormat: Type.Union([literals(IMPORT_DATE_FORMATS), Type.Null()]),
    decimalSeparator: Type.Union([Type.Literal('.'), Type.Literal(',')]),
    currencyCode: Type.String(),
  }),
  /** Dry runs only: the first rows as they would be stored. */
  preview: Type.Optional(Type.Array(ImportPreviewRow)),
  energiesAdded: Type.Optional(
    Type.Array(Type.String(), {
      description:
        "Energies (keys of the energyType settings) the file's fills are of and the car lacks: the import adds them to the car's energyTypes, after its own (a preview says so, a run does it). A refuelling's second and third fuels (Drivvo) and a file's fuels of several energies (Spritmonitor's codes) keep their energy as fuel.energy; a file of one energy leaves it out (the car's main one). Absent when none",
    }),
  ),
});
export type ImportResult = Static<typeof ImportResult>;

export const EXPORT_FORMATS = ['paddock', 'lubelogger'] as const;
export const EXPORT_KINDS = ['fuel', 'service', 'all'] as const;

export const ExportQuery = Type.Object({
  format: Type.Union([Type.Literal('paddock'), Type.Literal('lubelogger')], { default: 'paddock' }),
  kind: Type.Union([Type.Literal('fuel'), Type.Literal('service'), Type.Literal('all')], {
    default: 'all',
    description: 'fuel: fill-ups; service: every other log; all: both (Paddock format only)',
  }),
});
export type ExportQuery = Static<typeof ExportQuery>;
