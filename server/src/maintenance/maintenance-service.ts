// The maintenance tracker (docs/ARCHITECTURE.md server "maintenance/"): a car's odometer and fuel
// economy, and reminders with their state derived from the car's logs on every read, by the same
// rules the device runs (src/contract/maintenance). Read by the car's owner and the members it is
// shared with; written by the owner and editors (403 for other members); anyone else gets 404.
//
// One service for the routes, the garage and the imports, built from its parts, each with its own
// responsibility and tests: car-readings-service.ts (odometer, fuel economy), reminder-states.ts
// (states derived from the cars' histories), reminder-telling.ts (telling a changed state, the
// sweep) and reminders-service.ts (reminders read and written).
import type { NotificationPayload } from '../../../src/contract/socket-events';
import type { CarAccessService } from '../garage/car-access';
import type { CarLogsRepository } from '../garage/car-logs-repository';
import type { CarMembersRepository } from '../garage/car-members-repository';
import type { CarsRepository } from '../garage/cars-repository';
import { carReadingsService } from './car-readings-service';
import { reminderStates } from './reminder-states';
import { reminderTelling, type TellReminder } from './reminder-telling';
import { remindersService } from './reminders-service';
import type { RemindersRepository } from './reminders-repository';

export { ECONOMIES_KEPT } from './car-readings-service';
export { HISTORY_LOGS_KEPT } from './reminder-states';
export { ANSWERS_CHARS_KEPT } from './reminders-service';

interface Deps {
  cars: CarsRepository;
  logs: CarLogsRepository;
  reminders: RemindersRepository;
  settings: { has(domainId: string, key: string): Promise<boolean> };
  /** Stores and pushes a `reminder` notification (notificationsService(app).createQuietly). */
  tell?: TellReminder;
  warn?: (err: unknown, message: string) => void;
  /** Shared cars: the member's role on a car, and each car's accepted members. */
  access: CarAccessService;
  members: CarMembersRepository;
  /** A realtime-only `reminder` event to one member: their open screens fetch the reminders again. */
  live?: (memberId: string, payload: NotificationPayload) => void;
  now?: () => Date;
}

export function maintenanceService({
  cars,
  logs,
  reminders,
  settings,
  tell,
  warn,
  access,
  members,
  live,
  now,
}: Deps) {
  const readings = carReadingsService({ access, logs });
  const states = reminderStates({ logs, reminders, now });
  const telling = reminderTelling({ reminders, members, states, tell, warn });
  const crud = remindersService({ cars, reminders, settings, access, states, telling, live, now });
  return {
    checkStates: telling.checkStates,
    checkStatesQuietly: telling.checkStatesQuietly,
    sweep: telling.sweep,
    odometer: readings.odometer,
    fuelEconomy: readings.fuelEconomy,
    list: crud.list,
    listJson: crud.listJson,
    get: crud.get,
    create: crud.create,
    update: crud.update,
    remove: crud.remove,
  };
}

export type MaintenanceService = ReturnType<typeof maintenanceService>;
