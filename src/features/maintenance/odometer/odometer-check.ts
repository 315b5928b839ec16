// The odometer on the device: the form checks a reading against the car's
// other logs in Dexie with the contract's own rule (the server's), before saving online or offline,
// and pre-fills a new log with today's estimate.
import type { CarLog } from '@/contract/garage';
import {
  checkOdometer,
  estimateOdometer,
  odometerSummary,
  readingsOf,
  type OdometerReading,
} from '@/contract/maintenance';
import type { FieldMessage } from '@/features/garage';
import { formatDay, formatDistance } from '@/lib/i18n/format';

export type OdometerVerdict =
  | { kind: 'ok' }
  | { kind: 'error'; message: FieldMessage }
  | { kind: 'jump'; previous: OdometerReading; perDay: number };

/**
 * What the form does with a reading: save it, show an error on the field naming the neighbouring
 * log's date and reading (in the app's language and the car's unit), or ask to confirm a jump.
 */
export function checkLogReading(
  logs: readonly Pick<CarLog, 'id' | 'startDate' | 'mileage'>[],
  reading: { logId?: string; date: string; mileage: number },
  mileageUnit: string,
  confirmed = false,
): OdometerVerdict {
  const problem = checkOdometer(readingsOf(logs), reading, { confirmed });
  if (!problem) return { kind: 'ok' };
  if (problem.code === 'ODOMETER_JUMP')
    return { kind: 'jump', previous: problem.previous, perDay: problem.perDay };
  const { neighbour, relation } = problem;
  return {
    kind: 'error',
    message: {
      key: relation === 'before' ? 'ODOMETER.LOWER_THAN_BEFORE' : 'ODOMETER.HIGHER_THAN_AFTER',
      values: { date: formatDay(neighbour.date), mileage: formatDistance(neighbour.mileage, mileageUnit) },
    },
  };
}

/** Today's estimate for a new log's mileage, or null when the car has no figure at all. */
export function estimatedMileage(
  logs: readonly Pick<CarLog, 'id' | 'startDate' | 'mileage'>[],
  carMileage: number | null,
  date: string,
): number | null {
  return estimateOdometer(odometerSummary(readingsOf(logs), carMileage), date);
}
