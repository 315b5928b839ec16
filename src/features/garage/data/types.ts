// The garage's local rows: the server's shapes plus their sync state (docs/DESIGN-NOTES.md "Entities").
import type { Car, CarInput, CarLog, CarLogInput } from '@/contract/garage';

/** undefined = on the server; 'pending' = unsent writes; 'failed' = a write needs attention. */
export type SyncState = 'pending' | 'failed' | undefined;
export type LocalCar = Car & { syncState?: SyncState };
export type LocalCarLog = CarLog & { syncState?: SyncState };

export type CarDraft = Omit<CarInput, 'id'>;
export type CarLogDraft = Omit<CarLogInput, 'id'>;

/** A file not uploaded yet is shown from its local blob: its url is `local:<blobId>`. */
export const LOCAL_MEDIA_PREFIX = 'local:';
export const isLocalMediaUrl = (url: string) => url.startsWith(LOCAL_MEDIA_PREFIX);

/** Spec §9: the default mileage unit. */
export const DEFAULT_MILEAGE_UNIT = 'km';

/** Thrown by the writes when the browser's storage is full (QuotaExceededError). */
export class StorageFullError extends Error {
  constructor(cause?: unknown) {
    super('The device storage is full', { cause });
    this.name = 'StorageFullError';
  }
}

/** Dexie wraps the browser's error: look for QuotaExceededError along the chain. */
export function isQuotaError(error: unknown): boolean {
  for (
    let e = error as { name?: unknown; inner?: unknown; cause?: unknown } | null, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (e.name === 'QuotaExceededError') return true;
    e = (e.inner ?? e.cause) as typeof e;
  }
  return false;
}
