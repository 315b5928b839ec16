// One replayer per app (docs/OFFLINE-FIRST.md property 7): the Web Locks API elects one tab; other tabs'
// requests wait and then find the entries already gone. Without the API (old browsers, jsdom) the
// in-tab guard of the replayer is all there is.
export const OUTBOX_LOCK_NAME = 'paddock-outbox';

export async function withOutboxLock(run: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks || typeof locks.request !== 'function') return run();
  await locks.request(OUTBOX_LOCK_NAME, run);
}
