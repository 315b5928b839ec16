// The signed-in offline engine (loaded lazily: Dexie is not in the entry chunk). It opens the local
// database (in memory when IndexedDB is blocked), starts the one replayer and asks once for
// storage the browser keeps (OFFLINE.md properties 6, 7, 9).
import { registerChatHandlers } from '@/features/chat/data/handlers';
import { registerGarageHandlers } from '@/features/garage/data/handlers';
import { registerMessageHandlers } from '@/features/messages/data/handlers';
import { registerFeedHandlers } from '@/features/posts/data/register';
import { openLocalDatabase } from '@/lib/db';
import { persistentStorageRequest } from '@/lib/offline/persist';
import { startOutbox, stopOutbox } from '@/lib/outbox';
import { storageMode } from '@/lib/offline/storage-mode';

// Each start and stop takes a new number: a start that was overtaken while the database opened
// (the member signed out meanwhile) must not start the replayer.
let generation = 0;
const persistRequest = persistentStorageRequest();

/** Every feature's reconciliation handler, before the first replay: an entry queued in an earlier
 * session may be sent before any screen of its feature has loaded. */
function registerHandlers(): void {
  registerGarageHandlers();
  registerMessageHandlers();
  registerFeedHandlers();
  registerChatHandlers();
}

export async function startSync(): Promise<void> {
  const mine = ++generation;
  registerHandlers();
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
