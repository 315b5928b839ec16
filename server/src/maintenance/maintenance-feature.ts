// The maintenance tracker (issue 16), registered under the API base: a car's odometer and fuel
// economy, and reminders. Its services are built here, once.
import type { FastifyPluginAsync } from 'fastify';
import { carLogsRepository } from '../garage/car-logs-repository';
import { carsRepository } from '../garage/cars-repository';
import { settingsRepository } from '../settings/settings-repository';
import { maintenanceRoutes } from './maintenance-routes';
import { maintenanceService } from './maintenance-service';
import { remindersRepository } from './reminders-repository';

export const maintenanceFeature: FastifyPluginAsync = async (app) => {
  const db = app.db.kysely;
  const maintenance = maintenanceService({
    cars: carsRepository(db),
    logs: carLogsRepository(db),
    reminders: remindersRepository(db),
    settings: settingsRepository(db),
  });
  await app.register(maintenanceRoutes, { maintenance });
};
