// Live streams that several parts of the screen need at once (a header badge and a screen): they
// are listened to once, while anyone holds them, and stopped when the last one lets go.
import { realtime } from './socket';

/**
 * Wraps `start` (which returns its stop) so that it runs once while at least one caller holds it.
 * Each call returns that caller's release; releasing twice counts once.
 */
export function sharedListener(start: () => () => void): () => () => void {
  let users = 0;
  let stop: (() => void) | null = null;
  return () => {
    users += 1;
    stop ??= start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      users -= 1;
      if (users === 0 && stop) {
        stop();
        stop = null;
      }
    };
  };
}

/** Calls `onBack` each time the socket connects again (events may have been missed meanwhile). */
export function onReconnect(onBack: () => void): () => void {
  let connected = realtime.getStatus() === 'connected';
  return realtime.subscribeStatus(() => {
    const now = realtime.getStatus() === 'connected';
    if (now && !connected) onBack();
    connected = now;
  });
}
