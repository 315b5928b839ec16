// The signed-in offline engine (loaded lazily: Dexie is not in the entry chunk). It opens the local
// database (in memory when IndexedDB is blocked), starts the one replayer and asks once for
// storage the browser keeps (docs/OFFLINE-FIRST.md properties 6, 7, 9).
import { openLocalDatabase } from '@/lib/db';
import { persistentStorageRequest } from '@/lib/offline/persist';
import { storageMode } from '@/lib/offline/storage-mode';
import { setOutboxHandlersLoader, startOutbox, stopOutbox } from '@/lib/outbox';
import { bindAccountLanguage } from '@/features/people/data/language';

// Each start and stop takes a new number: a start that was overtaken while the database opened
// (the member signed out meanwhile) must not start the replayer.
let generation = 0;
const persistRequest = persistentStorageRequest();

/** Every feature's reconciliation handlers, loaded by the engine before the first entry is sent (an
 * entry queued in an earlier session may be sent before any screen of its feature has loaded), and
 * not at all while nothing waits: their modules drag the features' data layers. */
let handlersRegistered = false;

export async function startSync(): Promise<void> {
  const mine = ++generation;
  if (!handlersRegistered) {
    setOutboxHandlersLoader(async () => (await import('./outbox-handlers')).appOutboxHandlers);
    handlersRegistered = true;
    // The app's language follows the account's, and a switch is saved on it (offline too).
    bindAccountLanguage();
  }
  const kind = await openLocalDatabase();
  storageMode.set(kind);
  if (mine !== generation) return;
  startOutbox();
  // In memory there is nothing for the browser to keep.
  if (kind === 'indexeddb') persistRequest.ask();
}

/** Signed out: the replayer stops; every entry stays where it is (a 401 never clears them). */
export function stopSync(): void {
  generation += 1;
  stopOutbox();
}

/** Tests only. */
export function resetSyncSessionForTests(): void {
  generation = 0;
  persistRequest.reset();
}
