// How the sync panel shows the garage's queued writes (src/lib/outbox: OutboxKindContent): each
// kind's label, its entity's fields with their labels (field-labels.ts), which of them hold a
// settings key, and what the member may do with a write no retry can help: a log refused because
// the car is no longer shared with them is copied to one of their own cars; an edit of a car or
// log deleted on another device is kept as new or dropped (gone.ts).
import type { CarLogInput } from '@/contract/garage';
import { LOG_FIELDS } from '@/contract/fields';
import { db } from '@/lib/db';
import type { OutboxEntry, OutboxKindContent } from '@/lib/outbox';
import { carPermissions } from './car-roles';
import { EQUIPMENT_KINDS_OUTBOX } from './car-equipment';
import { PAPER_KINDS } from './car-papers';
import {
  CAR_FIELD_LABELS,
  EQUIPMENT_FIELD_LABELS,
  EQUIPMENT_KIND_LABELS,
  LOG_FIELD_LABELS,
  PAPER_FIELD_LABELS,
  PAPER_KIND_LABELS,
  REMINDER_FIELD_LABELS,
} from './field-labels';
import { dropDeletedElsewhere, keepAsNew } from './gone';
import { REMINDER_KINDS } from './reminders';
import { CAR_KINDS, LOG_KINDS, MEDIA_DELETE_KIND, saveCarLog } from './writes';

type Json = Readonly<Record<string, unknown>>;

const text = (json: Json, key: string) => (typeof json[key] === 'string' ? (json[key] as string).trim() : '');

/** A car by its make and model, else its nickname; a log or a reminder by its title. */
const carSummary = (json: Json) =>
  [text(json, 'make'), text(json, 'model')].filter(Boolean).join(' ') || text(json, 'nickname') || undefined;

/** The car's settings fields (spec §3/§8: shown through `${DOMAIN}.${key}`). */
const CAR_SETTINGS = {
  energyType: 'energyType',
  energyTypes: 'energyType',
  gearboxType: 'gearboxType',
  upholsteryMaterial: 'upholsteryMaterial',
  mileageUnit: 'mileageUnit',
};
const LOG_SETTINGS = { type: 'carLogType', currencyCode: 'currencyCode' };
const REMINDER_SETTINGS = { logType: 'carLogType' };

/**
 * A write of a shared car's logbook or reminders refused because the car is no longer shared with
 * me, or my role was lowered meanwhile (a driver's fill-up replayed after the owner removed them):
 * 403, or 404 for a new one once the car is out of reach.
 */
const lostOnEdit = (status: number | undefined) => status === 403;
const lostOnCreate = (status: number | undefined) => status === 403 || status === 404;

/** Every field a log is created with (a copy keeps the member's answer to the jump question). */
const LOG_INPUT_FIELDS: readonly string[] = [...LOG_FIELDS, 'odometerConfirmed'];

export type LogCopy = Omit<CarLogInput, 'id'>;

/**
 * The log a copy creates on `carId`: the entry's fields over the log's row on this device (an
 * update carries only what changed), every field of CarLogInput, none of the lost car's ids.
 */
export function logCopy(body: Json, row: Json | undefined, carId: string): LogCopy {
  const source: Record<string, unknown> = { ...(row ?? {}), ...body };
  const copy: Record<string, unknown> = {};
  for (const key of LOG_INPUT_FIELDS) {
    if (source[key] !== undefined) copy[key] = source[key];
  }
  copy.carId = carId;
  // A fill-up's reading on another car says nothing of its neighbours there: the server checks again.
  delete copy.odometerConfirmed;
  if (copy.fuel === null) delete copy.fuel;
  return copy as LogCopy;
}

function carName(car: { make: string; model: string; nickname?: string | null }): string {
  return car.nickname?.trim() || `${car.make} ${car.model}`.trim();
}

/**
 * A refused log, copied to one of the member's own cars (the one lost was someone else's). The
 * live binding `db`: the member's database at the time the panel asks.
 */
const logCopyTo: NonNullable<OutboxKindContent['copy']> = {
  targets: async () =>
    (await db.cars.orderBy('createdAt').toArray())
      .filter((car) => carPermissions(car).ownCar)
      .map((car) => ({ id: car.id, name: carName(car) })),
  copy: async (entry: OutboxEntry, json: Json, targetId: string, files: Blob[]) => {
    const row =
      entry.kind === LOG_KINDS.update && entry.entityId ? await db.carLogs.get(entry.entityId) : undefined;
    return saveCarLog(logCopy(json, row, targetId), files.length ? { files } : {});
  },
};

const car = (label: string): OutboxKindContent => ({
  label,
  fields: CAR_FIELD_LABELS,
  settings: CAR_SETTINGS,
  summary: carSummary,
});
const log = (label: string, accessLost: OutboxKindContent['accessLost']): OutboxKindContent => ({
  label,
  fields: LOG_FIELD_LABELS,
  settings: LOG_SETTINGS,
  accessLost,
});
const reminder = (label: string, accessLost: OutboxKindContent['accessLost']): OutboxKindContent => ({
  label,
  fields: REMINDER_FIELD_LABELS,
  settings: REMINDER_SETTINGS,
  accessLost,
});

// A paper's or a set's kind shows in words ("Roof box"), not as the value sent ("roof_box"); a set
// by its name when the entry carries it (a mounting carries only the reading and the day).
const paper = (label: string, accessLost: OutboxKindContent['accessLost']): OutboxKindContent => ({
  label,
  fields: PAPER_FIELD_LABELS,
  values: { kind: PAPER_KIND_LABELS },
  accessLost,
});
const equipment = (label: string, accessLost: OutboxKindContent['accessLost']): OutboxKindContent => ({
  label,
  fields: EQUIPMENT_FIELD_LABELS,
  values: { kind: EQUIPMENT_KIND_LABELS },
  summary: (json) => text(json, 'name') || undefined,
  accessLost,
});

const keepOrDrop = (text: string, keep: string): OutboxKindContent['deletedElsewhere'] => ({
  text,
  keep,
  keepAsNew: (entry) => keepAsNew(entry),
  drop: (entry) => dropDeletedElsewhere(entry),
});

/** The garage's kinds (writes.ts, reminders.ts, car-papers.ts, car-equipment.ts), each with its content. */
export const GARAGE_KIND_CONTENTS = {
  [CAR_KINDS.create]: car('SYNC.KIND_CAR_CREATE'),
  [CAR_KINDS.update]: {
    ...car('SYNC.KIND_CAR_UPDATE'),
    deletedElsewhere: keepOrDrop('SYNC.GONE_CAR_TEXT', 'SYNC.KEEP_AS_NEW_CAR'),
  },
  [CAR_KINDS.delete]: car('SYNC.KIND_CAR_DELETE'),
  [LOG_KINDS.create]: { ...log('SYNC.KIND_CARLOG_CREATE', lostOnCreate), copy: logCopyTo },
  'carLog.update': {
    ...log('SYNC.KIND_CARLOG_UPDATE', lostOnEdit),
    copy: logCopyTo,
    deletedElsewhere: keepOrDrop('SYNC.GONE_LOG_TEXT', 'SYNC.KEEP_AS_NEW_LOG'),
  },
  [LOG_KINDS.delete]: log('SYNC.KIND_CARLOG_DELETE', lostOnEdit),
  [MEDIA_DELETE_KIND]: { label: 'SYNC.KIND_MEDIA_DELETE', accessLost: lostOnEdit },
  [REMINDER_KINDS.create]: reminder('SYNC.KIND_REMINDER_CREATE', lostOnCreate),
  [REMINDER_KINDS.update]: reminder('SYNC.KIND_REMINDER_UPDATE', lostOnEdit),
  [REMINDER_KINDS.delete]: reminder('SYNC.KIND_REMINDER_DELETE', lostOnEdit),
  [PAPER_KINDS.create]: paper('SYNC.KIND_CAR_PAPER_CREATE', lostOnCreate),
  [PAPER_KINDS.delete]: paper('SYNC.KIND_CAR_PAPER_DELETE', lostOnEdit),
  [EQUIPMENT_KINDS_OUTBOX.create]: equipment('SYNC.KIND_EQUIPMENT_CREATE', lostOnCreate),
  [EQUIPMENT_KINDS_OUTBOX.update]: equipment('SYNC.KIND_EQUIPMENT_UPDATE', lostOnEdit),
  [EQUIPMENT_KINDS_OUTBOX.mount]: equipment('SYNC.KIND_EQUIPMENT_MOUNT', lostOnEdit),
  [EQUIPMENT_KINDS_OUTBOX.remove]: equipment('SYNC.KIND_EQUIPMENT_REMOVE', lostOnEdit),
  [EQUIPMENT_KINDS_OUTBOX.delete]: equipment('SYNC.KIND_EQUIPMENT_DELETE', lostOnEdit),
} satisfies Record<string, OutboxKindContent>;
