// The formats the importer reads, and the detector that tells them apart by content.
import type { ImportFormat } from '../../../../src/contract/imports';
import { headerKey, parseCsv, sniffDelimiter } from '../csv';
import { parseACar } from './acar';
import type { Parser } from './common';
import { parseDrivvo } from './drivvo';
import { parseFuelio } from './fuelio';
import { parseFuellyApp, parseFuellyWeb } from './fuelly';
import { parseHammond, SQLITE_MAGIC } from './hammond';
import { parseLubeLoggerFuel, parseLubeLoggerRecords } from './lubelogger';
import { isPaddockHeader, parsePaddock } from './paddock';
import { parseSpritmonitor } from './spritmonitor';

export const PARSERS: Record<ImportFormat, Parser> = {
  paddock: parsePaddock,
  'lubelogger-fuel': parseLubeLoggerFuel,
  'lubelogger-service': (input) => parseLubeLoggerRecords(input, false),
  'lubelogger-tax': (input) => parseLubeLoggerRecords(input, true),
  'fuelly-web': parseFuellyWeb,
  'fuelly-app': parseFuellyApp,
  acar: parseACar,
  drivvo: parseDrivvo,
  fuelio: parseFuelio,
  spritmonitor: parseSpritmonitor,
  hammond: parseHammond,
};

export const isSqlite = (bytes: Buffer) => bytes.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC);

/** The format of a file from its content; null when none fits. */
export function detectFormat(bytes: Buffer, text: string | null): ImportFormat | null {
  if (isSqlite(bytes)) return 'hammond';
  if (text === null) return null;
  const lines = text
    .split(/\r\n|\n|\r/)
    .map((l) => l.trim().replace(/^"|"$/g, '').trim())
    .filter((l) => l !== '');
  const lineKeys = new Set(lines.slice(0, 2000).map(headerKey));
  if (lines.some((l) => /^##\s/.test(l)) && lineKeys.has('log')) return 'fuelio';
  if (lines.some((l) => /^##\S/.test(l))) return 'drivvo';
  if (lineKeys.has('acarrecords') || lineKeys.has('filluprecords') || lineKeys.has('eventrecords'))
    return 'acar';

  const delimiter = sniffDelimiter(text);
  const [header] = parseCsv(text.slice(0, 10_000), delimiter);
  if (!header) return null;
  if (isPaddockHeader(header.cells)) return 'paddock';
  const keys = new Set(header.cells.map(headerKey));
  const has = (...names: string[]) => names.every((n) => keys.has(n));
  if (has('fuelconsumed', 'isfilltofull')) return 'lubelogger-fuel';
  if (has('carname', 'fuelupdate')) return 'fuelly-web';
  if (has('type', 'date', 'odometer') && (has('filledup') || has('mpg') || has('vehicle')))
    return 'fuelly-app';
  if (
    delimiter === ';' &&
    (has('datum') || has('date')) &&
    (has('typ') || has('type') || has('art')) &&
    (has('menge') || has('quantity'))
  )
    return 'spritmonitor';
  if (has('date', 'description', 'cost', 'odometer')) return 'lubelogger-service';
  if (has('date', 'description', 'cost')) return 'lubelogger-tax';
  return null;
}
