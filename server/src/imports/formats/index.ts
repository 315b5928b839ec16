// The formats the importer reads, and the detector that tells them apart by content.
import type { ImportFormat } from '../../../../src/contract/imports';
import { headerKey, parseCsv, sniffDelimiter } from '../csv';
import { parseACar } from './acar';
import type { Parser } from './common';
import { DRIVVO_TITLE, parseDrivvo } from './drivvo';
import { parseFuelio } from './fuelio';
import { parseFuellyApp, parseFuellyServices, parseFuellyWeb } from './fuelly';
import { parseHammond, SQLITE_MAGIC } from './hammond';
import { parseLubeLoggerFuel, parseLubeLoggerRecords } from './lubelogger';
import { isPaddockHeader, parsePaddock } from './paddock';
import { parseSpritmonitor } from './spritmonitor';

export const PARSERS: Record<ImportFormat, Parser> = {
  paddock: parsePaddock,
  'lubelogger-fuel': parseLubeLoggerFuel,
  // Service, repair and upgrade exports share one header: the file's name tells which tab it was.
  'lubelogger-service': (input) => parseLubeLoggerRecords(input, recordTypeOf(input.filename)),
  'lubelogger-repair': (input) => parseLubeLoggerRecords(input, 'repair'),
  'lubelogger-upgrade': (input) => parseLubeLoggerRecords(input, 'modification'),
  'lubelogger-tax': (input) => parseLubeLoggerRecords(input, 'tax'),
  'fuelly-web': parseFuellyWeb,
  'fuelly-app': parseFuellyApp,
  'fuelly-services': parseFuellyServices,
  acar: parseACar,
  drivvo: parseDrivvo,
  fuelio: parseFuelio,
  spritmonitor: parseSpritmonitor,
  hammond: parseHammond,
};

export const isSqlite = (bytes: Buffer) => bytes.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC);

/**
 * The answer to a file of no known format: the formats read, and where each app exports them (the
 * client shows the same list in the member's language).
 */
export const UNKNOWN_FORMAT_MESSAGE =
  'This file is not in a format Paddock reads. Paddock reads the exports of: ' +
  'Spritmonitor (website: My account › Download data › CSV), ' +
  'aCar (Menu › Backup/Restore › Export to CSV), ' +
  'Drivvo (Menu › Settings › Export data › CSV), ' +
  'Fuelly (website: a vehicle › Fuel-ups or Services › Export CSV; app: Settings › Export), ' +
  'Fuelio (Menu › Backup › Export CSV), ' +
  'LubeLogger (a vehicle › Fuel, Service, Repairs, Upgrades or Taxes tab › Export), ' +
  'Hammond (Settings › Backup: the database file) and Paddock (a car › Export). ' +
  'Or name the format with "format".';

/** The log type of a LubeLogger record export from its file's name (LubeLogger names them by tab). */
function recordTypeOf(filename: string): 'maintenance' | 'repair' | 'modification' | 'tax' {
  const name = filename.toLowerCase();
  if (name.includes('repair')) return 'repair';
  if (name.includes('upgrade')) return 'modification';
  if (name.includes('tax')) return 'tax';
  return 'maintenance';
}

/** The format of a file from its content (and, for LubeLogger's records, its name); null when none fits. */
export function detectFormat(bytes: Buffer, text: string | null, filename = ''): ImportFormat | null {
  if (isSqlite(bytes)) return 'hammond';
  if (text === null) return null;
  const lines = text
    .split(/\r\n|\n|\r/)
    .map((l) => l.trim().replace(/^"|"$/g, '').trim())
    .filter((l) => l !== '');
  const lineKeys = new Set(lines.slice(0, 2000).map(headerKey));
  if (lines.some((l) => /^##\s/.test(l)) && lineKeys.has('log')) return 'fuelio';
  if (lines.some((l) => DRIVVO_TITLE.test(l))) return 'drivvo';
  if (lineKeys.has('acarrecords') || lineKeys.has('filluprecords') || lineKeys.has('eventrecords'))
    return 'acar';
  if (lineKeys.has('metadata') && [...lineKeys].some((k) => k.includes('acarversion'))) return 'acar';

  const delimiter = sniffDelimiter(text);
  const [header] = parseCsv(text.slice(0, 10_000), delimiter);
  if (!header) return null;
  if (isPaddockHeader(header.cells)) return 'paddock';
  const keys = new Set(header.cells.map(headerKey));
  const has = (...names: string[]) => names.every((n) => keys.has(n));
  if (has('fuelconsumed', 'isfilltofull')) return 'lubelogger-fuel';
  if (has('carname', 'fuelupdate')) return 'fuelly-web';
  if (has('carname', 'servicedate') || has('servicedate', 'servicetype')) return 'fuelly-services';
  if (has('type', 'date', 'odometer') && (has('filledup') || has('mpg') || has('vehicle')))
    return 'fuelly-app';
  if (
    delimiter === ';' &&
    (has('datum') || has('date')) &&
    (has('typ') || has('type') || has('art') || has('tankart')) &&
    (has('menge') || has('quantity') || has('spritmenge'))
  )
    return 'spritmonitor';
  if (has('datum', 'kmstand', 'spritmenge') || has('datum', 'tankart')) return 'spritmonitor';
  if (has('date', 'description', 'cost', 'odometer'))
    return recordTypeOf(filename) === 'tax' ? 'lubelogger-tax' : 'lubelogger-service';
  if (has('date', 'description', 'cost')) return 'lubelogger-tax';
  return null;
}
