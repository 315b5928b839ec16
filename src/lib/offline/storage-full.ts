// The device's storage is full: every offline write says so the same way, so every form can tell
// the member "free some space" instead of a generic failure.

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

/** Runs a write; a full disk becomes a StorageFullError (nothing was written: one transaction). */
export async function guardStorage<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isQuotaError(error)) throw new StorageFullError(error);
    throw error;
  }
}
