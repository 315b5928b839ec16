// The garage feature, registered under the API base: cars and car logs, with their uploads (a car's
// image, a log's photos and PDF receipts). Its services are built here, once.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { MaintenanceService } from '../maintenance/maintenance-service';
import type { MediaService } from '../media/media-service';
import { fileDiscarder } from '../media/media-storage';
import { multipartOptions } from '../media/multipart-body';
import { areFriends } from '../people/friendship-repository';
import { blockedEitherWay } from '../trust/trust-checks-repository';
import { settingsRepository } from '../settings/settings-repository';
import { carImageRoutes } from './car-image-routes';
import { carEquipmentRepository } from './car-equipment-repository';
import { carEquipmentService } from './car-equipment-service';
import { carEquipmentRoutes } from './car-equipment-routes';
import { carLogMediaRoutes } from './car-log-media-routes';
import { carPapersRepository } from './car-papers-repository';
import { carPapersRoutes } from './car-papers-routes';
import { carPapersService } from './car-papers-service';
import { carLogsRepository } from './car-logs-repository';
import { carLogsRoutes } from './car-logs-routes';
import { carLogsService } from './car-logs-service';
import { carsRepository } from './cars-repository';
import { carsRoutes } from './cars-routes';
import { carsService } from './cars-service';
import { garageNotifier } from './garage-events';
import { carAccess } from './car-access';
import { carMembersRepository } from './car-members-repository';
import { carMembersRoutes } from './car-members-routes';
import { carMembersService } from './car-members-service';
import { carTransfersRepository } from './car-transfers-repository';
import { carTransfersRoutes } from './car-transfers-routes';
import { carTransfersService } from './car-transfers-service';
import { carSaleSummaryService } from './car-sale-summary';
import { memberCards } from '../db/member-cards';
import { createUsersRepository } from '../auth/users-repository';
import { carDateReminders } from '../maintenance/car-date-reminders';
import { remindersRepository } from '../maintenance/reminders-repository';
import { notificationsService } from '../notifications/notifications-service';

export const garageFeature: FastifyPluginAsync<{
  media: MediaService;
  maintenance?: MaintenanceService;
}> = async (app, { media, maintenance }) => {
  const db = app.db.kysely;
  const carsStore = carsRepository(db);
  const settings = settingsRepository(db);
  const notify = garageNotifier(app);
  const notifications = notificationsService(app);
  const discardFiles = fileDiscarder(app.objectStore, app.log);
  const friends = { areFriends: (a: string, b: string) => areFriends(db, a, b) };
  const membersStore = carMembersRepository(db);
  const access = carAccess(membersStore, friends);
  const cars = carsService({
    cars: carsStore,
    settings,
    notify,
    friends,
    discardFiles,
    access,
    members: membersStore,
    mileageChanged: maintenance?.checkStatesQuietly,
    datesChanged: carDateReminders({
      reminders: remindersRepository(db),
      languageOf: (memberId) => createUsersRepository(db).languageOf(memberId),
    }),
  });
  const logs = carLogsService({
    cars: carsStore,
    logs: carLogsRepository(db),
    settings,
    notify,
    discardFiles,
    historyChanged: maintenance?.checkStatesQuietly,
    access,
    logAdded: (memberId, log) =>
      notifications.reach(memberId, {
        type: 'car log',
        jsonPayload: {
          relatedCarId: log.carId,
          relatedCarLogId: log.logId,
          actorId: log.authorId,
          action: 'created',
          excerpt: log.carName,
          title: log.title,
        },
      }),
    languageOf: (memberId) => createUsersRepository(db).languageOf(memberId),
  });
  const members = carMembersService({
    cars: carsStore,
    members: membersStore,
    access,
    friends,
    users: { cardOf: async (id) => (await memberCards(db, [id])).get(id) },
    invite: async (memberId, payload) => {
      await notifications.create(memberId, { type: 'car-invite', jsonPayload: payload });
    },
    notify,
  });
  const transfers = carTransfersService({
    cars: carsStore,
    transfers: carTransfersRepository(db),
    access,
    users: { cards: (ids) => memberCards(db, ids) },
    tellMember: async (memberId, payload) => {
      await notifications.create(memberId, { type: 'car-transfer', jsonPayload: payload });
    },
    tellLive: (memberId, payload) =>
      notifications.createRealtimeOnly(memberId, { type: 'car-transfer', jsonPayload: payload }),
    notify,
    blocked: (a, b) => blockedEitherWay(db, a, b),
  });

  await app.register(carsRoutes, { cars });
  await app.register(carMembersRoutes, { members });
  const transfersStore = carTransfersRepository(db);
  await app.register(carTransfersRoutes, {
    transfers,
    summaries: carSaleSummaryService(db, access, (id) => transfersStore.find(id)),
  });
  await app.register(carLogsRoutes, { logs });
  await app.register(carEquipmentRoutes, {
    equipment: carEquipmentService({ equipment: carEquipmentRepository(db), access, notify }),
  });
  // Multipart is parsed only in this scope, by the routes that read it.
  await app.register(async (uploads) => {
    await uploads.register(multipart, multipartOptions);
    await uploads.register(carImageRoutes, { cars, media });
    await uploads.register(carLogMediaRoutes, { logs, media });
    await uploads.register(carPapersRoutes, {
      papers: carPapersService({ papers: carPapersRepository(db), access, media, notify, discardFiles }),
    });
  });
};
