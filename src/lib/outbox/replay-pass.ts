// One pass over the queue (the rules are listed in replayer.ts): FIFO by seq, up to `concurrency`
// requests in flight, an entry held back while anything it depends on is still queued.
import type { SendOne } from './replay-entry';
import type { PassResult, ReplayerDeps } from './replay-types';
import type { OutboxEntry } from './types';

/**
 * One pass over the queue in seq order, with up to `concurrency` requests in flight. An entry
 * waits for every entry it depends on and for every earlier entry of the same row (entityId):
 * one request in flight per dependency chain (docs/OFFLINE-FIRST.md property 3); independent writes overlap.
 */
export async function replayPass(
  deps: ReplayerDeps,
  sendOne: SendOne,
  isStopped: () => boolean = () => false,
): Promise<PassResult> {
  const entries = await deps.db.outbox.orderBy('seq').toArray();
  const inQueue = new Set(entries.map((e) => e.id));
  const order = entries.map((e) => ({ id: e.id, entityId: e.entityId }));
  const inFlight = new Map<string, Promise<void>>();
  let stop: PassResult | null = null;

  /** Queued entries this one must wait for: its dependencies and earlier writes of its row. */
  const blockersOf = (entry: OutboxEntry, index: number): string[] => {
    const earlierSameRow = entry.entityId
      ? order
          .slice(0, index)
          .filter((e) => e.entityId === entry.entityId)
          .map((e) => e.id)
      : [];
    return [...(entry.dependsOn ?? []), ...earlierSameRow].filter((id) => inQueue.has(id));
  };

  for (let index = 0; index < order.length && !stop && !isStopped(); index += 1) {
    const id = order[index]!.id;
    while (inFlight.size >= deps.concurrency) await Promise.race(inFlight.values());
    if (stop || isStopped()) break;
    let entry = await deps.db.outbox.get(id); // discarded or edited meanwhile?
    if (!entry) {
      inQueue.delete(id);
      continue;
    }
    if (entry.status === 'failed') continue; // needs attention: its dependents stay blocked
    // Blocked only by requests in flight: wait for them, then look again.
    const waitingOn = blockersOf(entry, index);
    if (waitingOn.length && waitingOn.every((b) => inFlight.has(b))) {
      await Promise.all(waitingOn.map((b) => inFlight.get(b)));
      if (stop || isStopped()) break;
      entry = await deps.db.outbox.get(id);
      if (!entry) {
        inQueue.delete(id);
        continue;
      }
      if (entry.status === 'failed') continue;
    }
    if (blockersOf(entry, index).length) continue;
    if (entry.nextAttemptAt > deps.now()) {
      stop = { kind: 'wait', until: entry.nextAttemptAt };
      break;
    }
    const sending = entry;
    const flight = sendOne(sending).then(async (result) => {
      if (result && !stop) stop = result;
      if (isStopped()) return;
      if (!(await deps.db.outbox.get(sending.id))) inQueue.delete(sending.id);
    });
    inFlight.set(
      sending.id,
      flight.finally(() => inFlight.delete(sending.id)),
    );
  }
  await Promise.all(inFlight.values());
  return stop ?? { kind: 'done' };
}
