// The offline engine's public face: features import from here (lazily, Dexie is not in the entry).
export { enqueue, type LocalWrite } from './enqueue';
export {
  loadOutboxHandlers,
  outboxKindContent,
  outboxKindLabel,
  registerOutboxHandlers,
  setOutboxHandlersLoader,
  UnknownOutboxKindError,
  withKindLabels,
  type OnSent,
  type OutboxHandlers,
  type OutboxKindContent,
  type OutboxKindLabels,
} from './handlers';
export {
  clearLocalData,
  DEPENDENCY_DISCARDED,
  discardEntry,
  failedEntries,
  hasUnsentWrites,
  outboxCounts,
  queuedEntityIds,
  retryEntry,
  updateEntryBody,
  type OutboxCounts,
} from './queries';
export { createReplayer, type Replayer } from './replayer';
export { replayOutboxNow, startOutbox, stopOutbox, stopOutboxAndSettle } from './triggers';
export { useOutboxCounts } from './use-outbox-counts';
export type { NewOutboxEntry, OutboxBody, OutboxEntry, OutboxPart, OutboxStatus } from './types';
