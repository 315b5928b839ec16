import { IdParams } from '../../../src/contract/garage';
import { CAR_LOGS_MAX, IMPORT_MAX_ROWS, IMPORTS_PER_HOUR } from '../../../src/contract/constants';
import { ExportQuery, ImportOverrides, ImportQuery, ImportResult } from '../../../src/contract/imports';
import { badRequest } from '../http/errors';
import { ok, answer, memberRoutePlugin } from '../http/route-schemas';
import { readMultipart } from '../media/multipart-body';
import type { ImportsService } from './imports-service';

type Services = { imports: ImportsService };

/** POST /cars/:id/imports (multipart) and GET /cars/:id/export (CSV). */
export const importsRoutes = memberRoutePlugin<Services>(['cars'], (app, route, { imports }) => {
  // Imports a member runs in an hour, at most; dry runs (the previews) are not counted: a member
  // moving in tries a file several times. Counted per member once signed in, before the file is
  // read (429 with Retry-After, in Redis with REDIS_URL, as every rate limit); the app-wide limit
  // still counts every request, previews included.
  const hourly = app.rateLimit({
    max: IMPORTS_PER_HOUR,
    timeWindow: '1 hour',
    allowList: (request) => (request.query as { dryRun?: boolean }).dryRun === true,
  });
  const options = route(
    "Import a car's history from another tracker's file (owner only): LubeLogger, Fuelly, aCar, Drivvo, Fuelio, Spritmonitor, Hammond or Paddock's own CSV",
    {
      consumes: ['multipart/form-data'],
      description:
        'One file `file`, and optional form fields `format`, `dateFormat`, `decimalSeparator` (. or ,), `distanceUnit` (km or mi), `volumeUnit` (l, gal_us, gal_uk, kwh) and `currencyCode`: what detection would otherwise guess. `dryRun=true` writes nothing and answers a preview; a real run writes its rows in one transaction. With `onError=abort` (the default) a file with a row error writes nothing; with `onError=skip` the valid rows are written. Rows already stored (the same fingerprint) are skipped. ' +
        `Limits: at most ${IMPORT_MAX_ROWS} rows a file (413 IMPORT_TOO_MANY_ROWS); at most ${CAR_LOGS_MAX} logs a car (409 CAR_LOG_LIMIT, nothing written); ` +
        `at most ${IMPORTS_PER_HOUR} imports an hour a member, dry runs not counted (429 with Retry-After). ` +
        'The file is read off the event loop with a time and memory limit: past it 422 WORK_LIMIT_REACHED; every reader busy: 503 with Retry-After; one file a member at a time (another meanwhile: 429 with Retry-After). ' +
        'A file that is not text (a spreadsheet, an archive, a PDF, UTF-16 cut short) answers 400 IMPORT_FILE_NOT_TEXT; a file that cannot be read as its format (chosen or detected) 400 IMPORT_FILE_UNREADABLE. ' +
        'An SQLite file with views, triggers, virtual tables or generated columns is refused (400 IMPORT_FILE_UNREADABLE).',
      params: IdParams,
      querystring: ImportQuery,
      response: answer.item(ImportResult, 400, 401, 404, 409, 413, 415, 422, 429, 503),
    },
  );
  app.post('/cars/:id/imports', { ...options, preHandler: [options.preHandler, hourly] }, async (request) => {
    const read = await readMultipart(request, ImportOverrides, 'file', 1);
    const [file] = read.files;
    if (!file || file.bytes.length === 0)
      throw badRequest('Send the file to import as "file".', [
        { field: 'body.file', message: 'is required' },
      ]);
    return ok(
      await imports.run(
        request.member.id,
        request.params.id,
        file,
        read.fields as ImportOverrides,
        request.query,
      ),
    );
  });

  app.get(
    '/cars/:id/export',
    route("A car's logs as CSV (owner only): Paddock's own lossless format, or LubeLogger's", {
      produces: ['text/csv'],
      params: IdParams,
      querystring: ExportQuery,
      response: answer.attachment('text/csv', 400, 401, 404),
    }),
    async (request, reply) => {
      const { filename, csv } = await imports.exportCsv(request.member.id, request.params.id, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
});
