// The server tells every device of the member about each change, this one included. A change
// this device has just sent needs no fetch: the ids sent in the last ECHO_WINDOW_MS are remembered.

export const ECHO_WINDOW_MS = 10_000;

export interface EchoWindow {
  /** This id was just sent from here. */
  remember(id: string): void;
  /** Was this id sent from here within the window? */
  sentHere(id: string): boolean;
}

export function createEchoWindow(windowMs = ECHO_WINDOW_MS): EchoWindow {
  const sentAt = new Map<string, number>();
  return {
    remember(id) {
      const now = Date.now();
      sentAt.set(id, now);
      for (const [key, at] of sentAt) if (now - at > windowMs) sentAt.delete(key);
    },
    sentHere(id) {
      const at = sentAt.get(id);
      return at !== undefined && Date.now() - at <= windowMs;
    },
  };
}
