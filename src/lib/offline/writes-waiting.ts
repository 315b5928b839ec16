// Do writes wait in the member's outbox? Asked at start-up with IndexedDB itself, before Dexie is
// loaded (shell-settled.ts): when some do, the offline engine starts at once to send them; when
// none do, it may wait for the member's first gesture. Never creates the database, never blocks
// Dexie's own opening (the connection closes as soon as it has counted, and at any version change).
import { OUTBOX_TABLE, databaseNameFor } from '../db/name';

/** An answer that takes longer counts as "some wait": the engine then starts as it always did. */
export const WRITES_WAITING_TIMEOUT_MS = 1000;

export function writesWaiting(
  memberId: string | null | undefined,
  factory: IDBFactory | undefined = typeof indexedDB === 'undefined' ? undefined : indexedDB,
): Promise<boolean> {
  // Without IndexedDB the app keeps its data in memory: nothing of an earlier page waits.
  if (!factory || !memberId) return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => answer(true), WRITES_WAITING_TIMEOUT_MS);
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(databaseNameFor(memberId));
    } catch {
      answer(true);
      return;
    }
    let created = false;
    // No database yet: this open would create an empty one under Dexie's feet; abort it instead.
    request.onupgradeneeded = () => {
      created = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      event.preventDefault();
      answer(!created); // aborted by us: no database, nothing waits; any other failure: who knows
    };
    request.onblocked = () => answer(true);
    request.onsuccess = () => {
      const database = request.result;
      database.onversionchange = () => database.close();
      const close = (value: boolean) => {
        database.close();
        answer(value);
      };
      if (!database.objectStoreNames.contains(OUTBOX_TABLE)) return close(false);
      try {
        const count = database.transaction(OUTBOX_TABLE, 'readonly').objectStore(OUTBOX_TABLE).count();
        count.onsuccess = () => close(count.result > 0);
        count.onerror = () => close(true);
      } catch {
        close(true);
      }
    };
  });
}
