// Imports: "a 10,000-row file imports in ≤ 10 s". A LubeLogger fuel export of 10,000
// fill-ups (M/D/YYYY dates, a partial fill every fifth row, notes and an extra field) uploaded to
// POST /cars/:id/imports on the built server: the dry run (parse, check, preview) and the real run
// (the same, then the one transaction), each timed from the request to the answer. Also runnable
// alone: `node tests/bench/import-bench.mjs` (after `npm run build`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCall, signUpViaApi } from '../browser/support/api.mjs';
import { startServer } from '../browser/support/server-process.mjs';
import { PRODUCTION_ENV } from './bench-support.mjs';

/** The budget's figures (docs/BENCHMARKS.md). */
export const IMPORT_ROWS = 10_000;
export const IMPORT_BUDGET_MS = 10_000;

/** A LubeLogger fuel export of `rows` fill-ups, a day and 300–500 km apart. */
export function lubeLoggerFuelFile(rows = IMPORT_ROWS) {
  const lines = [
    'Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags,extrafield_Station',
  ];
  let odometer = 10_000;
  const start = Date.UTC(1995, 0, 1);
  for (let i = 0; i < rows; i++) {
    const d = new Date(start + i * 86_400_000);
    const date = `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
    odometer += 300 + (i % 5) * 50;
    const litres = (30 + (i % 7) + 0.25).toFixed(2);
    const cost = (Number(litres) * 1.75).toFixed(2);
    const full = i % 5 === 4 ? 'False' : 'True';
    lines.push(
      `${date},${odometer},${litres},${cost},,${full},False,"Fill ${i}, highway",trip,Station ${i % 13}`,
    );
  }
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

/** The cap of rows in one import: a real-looking file that long is previewed and imported in budget. */
export const IMPORT_CAP_ROWS = 20_000;

/**
 * A Spritmonitor export of `rows` fill-ups as the website writes it: German headers, `;`, comma
 * decimals, thousands dots, `TT.MM.JJJJ`, newest first, quoted `"EUR"`, a partial every fifth fill.
 */
export function spritmonitorFile(rows = IMPORT_CAP_ROWS) {
  const header =
    'Datum;Km-Stand;Teil-Km;Spritmenge;Kosten;Währung;Tankart;Reifen;Strecken;Fahrweise;Kraftstoff;Bemerkung;Verbrauch';
  const lines = [];
  let odometer = 10_000;
  const start = Date.UTC(1960, 0, 1);
  const two = (n) => String(n).padStart(2, '0');
  for (let i = 0; i < rows; i++) {
    const d = new Date(start + i * 86_400_000);
    const trip = 300 + (i % 5) * 50;
    odometer += trip;
    const litres = 30 + (i % 7) + 0.25;
    const grouped = odometer.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
    lines.push(
      `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()};${grouped};${trip};` +
        `${litres.toFixed(2).replace('.', ',')};${(litres * 1.75).toFixed(2).replace('.', ',')};"EUR";` +
        `${i % 5 === 4 ? 2 : 1};1;;2;1;"Fahrt ${i}";`,
    );
  }
  return Buffer.from([header, ...lines.reverse()].join('\r\n') + '\r\n', 'utf8');
}

async function upload(baseUrl, token, carId, bytes, query) {
  const body = new FormData();
  body.append('file', new Blob([bytes], { type: 'text/csv' }), 'FuelRecords.csv');
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/api/v1.0/cars/${carId}/imports?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  const json = await res.json();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(json)}`);
  return { ms, data: json.data };
}

export async function benchImport(log) {
  const server = await startServer({ env: PRODUCTION_ENV });
  try {
    const { token } = await signUpViaApi(server.baseUrl);
    const car = await apiCall(
      server.baseUrl,
      'POST',
      '/cars',
      { make: 'Bench', model: 'Import', mileageUnit: 'km' },
      token,
    );
    if (car.status !== 201) throw new Error(`POST /cars answered ${car.status}`);
    const carId = car.json.data.id;
    const file = lubeLoggerFuelFile();
    log(`${IMPORT_ROWS} rows, ${(file.length / 1024).toFixed(0)} KiB`);
    const dry = await upload(server.baseUrl, token, carId, file, 'dryRun=true');
    log(`dry run ${dry.ms.toFixed(0)} ms (${dry.data.created} to create, ${dry.data.errors.length} errors)`);
    const real = await upload(server.baseUrl, token, carId, file, 'dryRun=false');
    log(`import ${real.ms.toFixed(0)} ms (${real.data.created} created)`);
    const again = await upload(server.baseUrl, token, carId, file, 'dryRun=false');
    log(
      `the same file again ${again.ms.toFixed(0)} ms (${again.data.created} created, ${again.data.skipped} skipped)`,
    );
    if (real.data.created !== IMPORT_ROWS) throw new Error(`created ${real.data.created} of ${IMPORT_ROWS}`);

    // The cap: a 20,000-row Spritmonitor file on a car of its own, previewed then imported.
    const capCar = await apiCall(
      server.baseUrl,
      'POST',
      '/cars',
      { make: 'Bench', model: 'Spritmonitor', mileageUnit: 'km' },
      token,
    );
    if (capCar.status !== 201) throw new Error(`POST /cars answered ${capCar.status}`);
    const capFile = spritmonitorFile();
    const capDry = await upload(server.baseUrl, token, capCar.json.data.id, capFile, 'dryRun=true');
    const capReal = await upload(server.baseUrl, token, capCar.json.data.id, capFile, 'dryRun=false');
    log(
      `${IMPORT_CAP_ROWS} Spritmonitor rows: preview ${capDry.ms.toFixed(0)} ms, import ${capReal.ms.toFixed(0)} ms (${capReal.data.created} created)`,
    );
    if (capReal.data.created !== IMPORT_CAP_ROWS)
      throw new Error(`created ${capReal.data.created} of ${IMPORT_CAP_ROWS} Spritmonitor rows`);
    return {
      capPreviewMs: capDry.ms,
      capImportMs: capReal.ms,
      rows: IMPORT_ROWS,
      dryRunMs: dry.ms,
      importMs: real.ms,
      repeatMs: again.ms,
      repeatCreated: again.data.created,
    };
  } finally {
    await server.dispose();
  }
}

const ms = (value) => `${(value / 1000).toFixed(2)} s`;

/** Adds the import row with report.mjs's `add(metric, value, figure, budget, ok)`. */
export function addImportRows(r, add) {
  const i = r.import;
  add(
    `POST /cars/:id/imports, a ${IMPORT_ROWS.toLocaleString('en')}-row LubeLogger fuel file`,
    i,
    i
      ? `${ms(i.importMs)} (dry run ${ms(i.dryRunMs)}; the same file again ${ms(i.repeatMs)}, ${i.repeatCreated} created)`
      : (r.errors.import ?? 'no result'),
    '≤ 10 s',
    i?.importMs <= IMPORT_BUDGET_MS,
  );
  add(
    `POST /cars/:id/imports, a ${IMPORT_CAP_ROWS.toLocaleString('en')}-row Spritmonitor file (the cap)`,
    i,
    i ? `preview ${ms(i.capPreviewMs)}, import ${ms(i.capImportMs)}` : (r.errors.import ?? 'no result'),
    '≤ 10 s each',
    i?.capPreviewMs <= IMPORT_BUDGET_MS && i?.capImportMs <= IMPORT_BUDGET_MS,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const results = await benchImport((text) => console.log(`  · ${text}`));
  console.log(JSON.stringify(results, null, 2));
}
