// The outbox kinds of cars, logs and their files: apart from the writes, so that reads and the sync
// (loaded at start-up by the Garage badge) name them without bringing the write paths.
export const CAR_KINDS = { create: 'car.create', update: 'car.update', delete: 'car.delete' } as const;
export const LOG_KINDS = {
  create: 'carLog.create',
  update: 'carLog.update',
  delete: 'carLog.delete',
} as const;
export const MEDIA_DELETE_KIND = 'media.delete';
