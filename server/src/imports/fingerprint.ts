// A stable fingerprint of a log's content: what makes two rows the same fill or the same service,
// whatever the file they came from. A second import of the same rows finds every fingerprint stored.
import { createHash } from 'node:crypto';
import type { FuelFill } from '../../../src/contract/garage';

export interface FingerprintFields {
  type: string;
  title: string;
  startDate: string;
  mileage: number | null;
  cost: number | null;
  currencyCode: string | null;
  fuel?: FuelFill | null;
}

export function fingerprintOf(log: FingerprintFields): string {
  const fuel = log.fuel
    ? [log.fuel.quantity, log.fuel.unit, log.fuel.fullTank, log.fuel.missedPrevious]
    : null;
  const key = JSON.stringify([
    log.type,
    log.title.trim().toLowerCase(),
    log.startDate,
    log.mileage,
    log.cost === null ? null : Math.round(log.cost * 100),
    log.currencyCode,
    fuel,
  ]);
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}
