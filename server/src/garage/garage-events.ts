// Every garage change tells the owner's other devices (spec §4: the "car" and "car log" streams).
import type { FastifyInstance } from 'fastify';
import { REALTIME_ONLY_ID, type NotificationEvent } from '../../../src/contract/socket-events';

export interface GarageChange {
  type: 'car' | 'car log';
  carId: string;
  carLogId?: string;
  action: 'created' | 'updated' | 'deleted';
  /**
   * The written row's `updatedAt`: a device that sent a write itself skips only events no newer
   * than its own answer (another device's later write is fetched at once).
   */
  updatedAt?: string;
}

export type GarageNotify = (ownerId: string, change: GarageChange) => void;

export function garageEvent(change: GarageChange, now = new Date()): NotificationEvent {
  return {
    // Nothing is stored for these: the id of 36 dashes says "realtime only".
    id: REALTIME_ONLY_ID,
    type: change.type,
    jsonPayload: {
      relatedCarId: change.carId,
      ...(change.carLogId ? { relatedCarLogId: change.carLogId } : {}),
      action: change.action,
      ...(change.updatedAt ? { updatedAt: change.updatedAt } : {}),
    },
    createdAt: now.toISOString(),
  };
}

/** Sends through `app.realtime` when it is there; a failed push never fails the write. */
export function garageNotifier(app: FastifyInstance): GarageNotify {
  return (ownerId, change) => {
    // An app built without the realtime module (a slimmed test server) simply has no one to tell.
    if (!app.hasDecorator('realtime')) return;
    try {
      app.realtime.notify(ownerId, garageEvent(change));
    } catch (err) {
      app.log.warn({ err }, 'garage notification failed');
    }
  };
}
