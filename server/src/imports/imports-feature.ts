// Imports and CSV exports of a car's history (issue 17), registered under the API base. Its service
// is built here, once; the maintenance service (handed over by app.ts) hears of imported logs.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { carsRepository } from '../garage/cars-repository';
import { garageNotifier } from '../garage/garage-events';
import type { MaintenanceService } from '../maintenance/maintenance-service';
import { multipartOptions } from '../media/multipart-body';
import { settingsRepository } from '../settings/settings-repository';
import { importsRepository } from './imports-repository';
import { importsRoutes } from './imports-routes';
import { importsService } from './imports-service';

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
  });
  // Multipart is parsed only in this scope.
  await app.register(multipart, multipartOptions);
  await app.register(importsRoutes, { imports });
};
