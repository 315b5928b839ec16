// Do writes wait in the member's outbox? Asked at start-up with IndexedDB itself, before Dexie is
// loaded (shell-settled.ts): when some do, the offline engine starts at once to send them; when
// none do, it may wait for the member's first gesture. Never creates the database, never blocks
// Dexie's own opening (peek-database.ts).
import { OUTBOX_TABLE, databaseNameFor } from '../db/name';
import { peekDatabase } from './peek-database';

/** An answer that takes longer counts as "some wait": the engine then starts as it always did. */
export const WRITES_WAITING_TIMEOUT_MS = 1000;

export function writesWaiting(
  memberId: string | null | undefined,
  factory: IDBFactory | undefined = typeof indexedDB === 'undefined' ? undefined : indexedDB,
): Promise<boolean> {
  // Without IndexedDB the app keeps its data in memory: nothing of an earlier page waits.
  if (!factory || !memberId) return Promise.resolve(false);
  return peekDatabase<boolean>(
    factory,
    databaseNameFor(memberId),
    (database, answer) => {
      if (!database.objectStoreNames.contains(OUTBOX_TABLE)) return answer(false);
      const count = database.transaction(OUTBOX_TABLE, 'readonly').objectStore(OUTBOX_TABLE).count();
      count.onsuccess = () => answer(count.result > 0);
      count.onerror = () => answer(true);
    },
    // No database: nothing waits. Any other failure: who knows, so the engine starts.
    { missing: false, doubt: true },
    WRITES_WAITING_TIMEOUT_MS,
  );
}
