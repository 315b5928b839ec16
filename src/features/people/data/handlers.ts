// After the server confirms a people write: the caches and the session take the server's answer.
// Handlers run after the fetch, outside any transaction (src/lib/outbox/handlers.ts).
import type { OutboxHandlers } from '@/lib/outbox';
import { PEOPLE_KINDS } from './kinds';
import { reconcileLanguage } from './language';

/** The people feature's reconciliation handlers, by entry kind (the app registers them). */
export const peopleHandlers: OutboxHandlers = {
  [PEOPLE_KINDS.language]: (_entry, data) => reconcileLanguage(data),
};
