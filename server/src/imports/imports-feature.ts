// Imports and CSV exports of a car's history, registered under the API base. Its service
// is built here, once; the maintenance service (handed over by app.ts) hears of imported logs.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { carsRepository } from '../garage/cars-repository';
import { garageNotifier } from '../garage/garage-events';
import type { MaintenanceService } from '../maintenance/maintenance-service';
import { multipartOptions } from '../media/multipart-body';
import { settingsRepository } from '../settings/settings-repository';
import { workerFailure } from '../workers/worker-errors';
import type { ReadResult } from './import-read';
import { importsRepository } from './imports-repository';
import { importsRoutes } from './imports-routes';
import { importsService, readCache } from './imports-service';

export const importsFeature: FastifyPluginAsync<{ maintenance?: MaintenanceService }> = async (
  app,
  { maintenance },
) => {
  const db = app.db.kysely;
  const imports = importsService({
    cars: carsRepository(db),
    imports: importsRepository(db),
    settings: settingsRepository(db),
    notify: garageNotifier(app),
    historyChanged: maintenance?.checkStatesQuietly,
    // Off the event loop: a worker reads the file, within the import's time and memory limits.
    readFile: (input, memberId) =>
      app.workers
        .run<ReadResult>('import-read', input, {
          timeMs: app.config.workers.importTimeMs,
          owner: `import:${memberId}`,
        })
        .catch((error: unknown) => {
          throw workerFailure(error, 'import');
        }),
    reads: readCache(),
  });
  // Multipart is parsed only in this scope.
  await app.register(multipart, multipartOptions);
  await app.register(importsRoutes, { imports });
};
