// The maintenance tracker, registered under the API base: a car's odometer and fuel
// economy, and reminders. Its service is built once by app.ts (createMaintenanceService), which
// also hands it to the garage: a log written, moved or deleted can change a reminder's state.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { carLogsRepository } from '../garage/car-logs-repository';
import { carsRepository } from '../garage/cars-repository';
import { carAccess } from '../garage/car-access';
import { areFriends } from '../people/friendship-repository';
import { carMembersRepository } from '../garage/car-members-repository';
import { notificationsService } from '../notifications/notifications-service';
import { settingsRepository } from '../settings/settings-repository';
import { maintenanceRoutes } from './maintenance-routes';
import { maintenanceService, type MaintenanceService } from './maintenance-service';
import { remindersRepository } from './reminders-repository';
import { calendarKeysRepository } from './calendar-keys-repository';
import { calendarRoutes } from './calendar-routes';
import { calendarService } from './calendar-service';
import type { PushService } from '../push/push-service';
import { carNameOf, reminderPushPayload } from '../push/reminder-push-text';
import { socialPushRepository } from '../push/social-push-repository';

export function createMaintenanceService(app: FastifyInstance, push?: PushService): MaintenanceService {
  const db = app.db.kysely;
  const notifications = notificationsService(app);
  const cars = carsRepository(db);
  const members = carMembersRepository(db);
  const pushes = socialPushRepository(db);
  return maintenanceService({
    access: carAccess(members, { areFriends: (a, b) => areFriends(db, a, b) }),
    members,
    cars,
    logs: carLogsRepository(db),
    reminders: remindersRepository(db),
    settings: settingsRepository(db),
    // Called only by the request or node whose compare-and-set moved the reminder's told state:
    // the stored notification and the Web Push to each device happen once per change.
    tell: async (memberId, notification) => {
      await notifications.createQuietly(memberId, notification);
      const p = notification.jsonPayload;
      void push?.notify(
        memberId,
        async (locale) => {
          if (!(await pushes.preferences(memberId)).pushReminders) return null;
          const car = await cars.findById(String(p.relatedCarId));
          return reminderPushPayload(
            {
              reminderId: String(p.relatedReminderId),
              carId: String(p.relatedCarId),
              title: String(p.excerpt ?? ''),
              carName: car ? carNameOf(car) : '',
              state: p.state === 'overdue' ? 'overdue' : 'soon',
              dueDate: typeof p.dueDate === 'string' ? p.dueDate : null,
              dueMileage: typeof p.dueMileage === 'number' ? p.dueMileage : null,
              mileageUnit: car?.mileageUnit ?? 'km',
            },
            locale,
            await pushes.unreadCount(memberId),
          );
        },
        { urgency: p.state === 'overdue' ? 'high' : 'normal' },
      );
    },
    warn: (err, message) => app.log.warn({ err }, message),
    // Every member's devices refresh a shared car's reminders when one is written.
    live: (memberId, jsonPayload) =>
      notifications.createRealtimeOnly(memberId, { type: 'reminder', jsonPayload }),
  });
}

/** How often every reminder is checked for a date passed (a day changes a state without a write). */
export const REMINDER_SWEEP_INTERVAL_MS = 15 * 60 * 1000;

export const maintenanceFeature: FastifyPluginAsync<{ maintenance: MaintenanceService }> = async (
  app,
  { maintenance },
) => {
  await app.register(maintenanceRoutes, { maintenance });
  await app.register(calendarRoutes, {
    calendar: calendarService({
      keys: calendarKeysRepository(app.db.kysely),
      cars: carsRepository(app.db.kysely),
      reminders: (memberId) => maintenance.list(memberId),
      marks: remindersRepository(app.db.kysely),
      secret: app.config.jwtSecret,
      publicUrl: app.config.publicUrl,
    }),
  });
  const timer = setInterval(() => {
    maintenance.sweep().catch((err: unknown) => app.log.warn({ err }, 'reminder sweep failed'));
  }, REMINDER_SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
