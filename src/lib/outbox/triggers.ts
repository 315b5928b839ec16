// Replay triggers live in the app, not in the browser (docs/OFFLINE-FIRST.md property 6; Background Sync is
// Chromium-only): start-up, `online`, back to visible, socket connect, and every enqueue.
import { db as defaultDb, type PaddockDb } from '../db';
import { realtime } from '../realtime/socket';
import { onEnqueued } from './enqueue';
import { createReplayer, type Replayer } from './replayer';

let stopCurrent: (() => void) | null = null;
let current: Replayer | null = null;
/**
 * Replayers stopped (a sign-out stops the outbox before the logout clears the device) whose pass
 * may still be on the wire: a logout waits for them too.
 */
const winding = new Set<Replayer>();

/** Replays now (after a retry or an edit in the UI); a no-op while the outbox is stopped. */
export function replayOutboxNow(): Promise<void> {
  return current ? current.replay() : Promise.resolve();
}

/**
 * Coming back online or reconnecting means the network is back: entries that waited out a
 * network-error backoff go at once (target: replay within 1 s of `online`). Entries that got an
 * HTTP answer (429/5xx, maybe with Retry-After) keep their wait.
 */
export async function clearNetworkBackoff(database: PaddockDb = defaultDb, now = Date.now()): Promise<void> {
  await database.outbox
    .filter((e) => e.status !== 'failed' && e.lastStatus === undefined && e.nextAttemptAt > now)
    .modify({ nextAttemptAt: now });
}

export function startOutbox(
  replayer: Replayer = createReplayer(),
  database: PaddockDb = defaultDb,
): () => void {
  stopOutbox();
  current = replayer;
  const replay = () => void replayer.replay();
  const networkBack = () => void clearNetworkBackoff(database).then(replayer.replay);
  const onVisible = () => {
    if (document.visibilityState === 'visible') replay();
  };
  let wasConnected = realtime.getStatus() === 'connected';
  const onSocket = () => {
    const connected = realtime.getStatus() === 'connected';
    if (connected && !wasConnected) networkBack();
    wasConnected = connected;
  };
  window.addEventListener('online', networkBack);
  document.addEventListener('visibilitychange', onVisible);
  const offSocket = realtime.subscribeStatus(onSocket);
  const offEnqueue = onEnqueued(replay);
  replay();
  stopCurrent = () => {
    window.removeEventListener('online', networkBack);
    document.removeEventListener('visibilitychange', onVisible);
    offSocket();
    offEnqueue();
    replayer.cancelTimer();
  };
  return stopOutbox;
}

export function stopOutbox(): void {
  stopCurrent?.();
  stopCurrent = null;
  if (current) {
    const replayer = current;
    winding.add(replayer);
    void replayer.settled().then(() => winding.delete(replayer));
  }
  current = null;
}

/** How long a logout waits for a request already sent before it clears the device anyway. */
export const SETTLE_TIMEOUT_MS = 5_000;

/**
 * A real logout: stops the outbox for good and waits for the pass in flight, if any (at most
 * SETTLE_TIMEOUT_MS), including one a sign-out already stopped. The stopped replayers send
 * nothing more and drop the answers still to come (no handler runs), so once this resolves
 * nothing of theirs writes to the device: the logout clears it next (device-data.ts).
 */
export async function stopOutboxAndSettle(timeoutMs = SETTLE_TIMEOUT_MS): Promise<void> {
  stopOutbox();
  const replayers = [...winding];
  if (!replayers.length) return;
  for (const replayer of replayers) {
    replayer.stop();
    winding.delete(replayer); // stopped for good: whatever it still hears, it writes nothing
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(replayers.map((replayer) => replayer.settled())),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}
