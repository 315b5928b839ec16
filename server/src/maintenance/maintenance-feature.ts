// The maintenance tracker (issue 16), registered under the API base: a car's odometer and fuel
// economy, and reminders. Its service is built once by app.ts (createMaintenanceService), which
// also hands it to the garage: a log written, moved or deleted can change a reminder's state.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { carLogsRepository } from '../garage/car-logs-repository';
import { carsRepository } from '../garage/cars-repository';
import { notificationsService } from '../notifications/notifications-service';
import { settingsRepository } from '../settings/settings-repository';
import { maintenanceRoutes } from './maintenance-routes';
import { maintenanceService, type MaintenanceService } from './maintenance-service';
import { remindersRepository } from './reminders-repository';

export function createMaintenanceService(app: FastifyInstance): MaintenanceService {
  const db = app.db.kysely;
  const notifications = notificationsService(app);
  return maintenanceService({
    cars: carsRepository(db),
    logs: carLogsRepository(db),
    reminders: remindersRepository(db),
    settings: settingsRepository(db),
    tell: (memberId, notification) => notifications.createQuietly(memberId, notification),
    warn: (err, message) => app.log.warn({ err }, message),
  });
}

/** How often every reminder is checked for a date passed (a day changes a state without a write). */
export const REMINDER_SWEEP_INTERVAL_MS = 15 * 60 * 1000;

export const maintenanceFeature: FastifyPluginAsync<{ maintenance: MaintenanceService }> = async (
  app,
  { maintenance },
) => {
  await app.register(maintenanceRoutes, { maintenance });
  const timer = setInterval(() => {
    maintenance.sweep().catch((err: unknown) => app.log.warn({ err }, 'reminder sweep failed'));
  }, REMINDER_SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
