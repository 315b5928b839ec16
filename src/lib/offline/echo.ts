// The server tells every device of the member about each change, this one included. A change
// this device has just sent needs no fetch: the ids sent in the last ECHO_WINDOW_MS are remembered,
// with the version the server answered for them (a row's `updatedAt`). A write of the same row by
// another device after it carries a newer version: it is no echo, and must be shown at once.

export const ECHO_WINDOW_MS = 10_000;

/** The version of a deleted row: sorts after every ISO date, as nothing is newer than a delete. */
export const DELETED_VERSION = '\uffff';

export interface EchoWindow {
  /** This id was just sent from here; `version`: the server's version of it in the answer. */
  remember(id: string, version?: string): void;
  /** Was this id sent from here within the window? For rows written once (a message). */
  sentHere(id: string): boolean;
  /**
   * Is an event of this id at `version` the echo of a write sent from here: within the window, and
   * no newer than the version the answer gave? Unknown versions (either side) are no echo.
   */
  echoOf(id: string, version: string | null): boolean;
}

export function createEchoWindow(windowMs = ECHO_WINDOW_MS): EchoWindow {
  const sent = new Map<string, { at: number; version?: string }>();
  const recent = (id: string) => {
    const known = sent.get(id);
    return known && Date.now() - known.at <= windowMs ? known : undefined;
  };
  return {
    remember(id, version) {
      const now = Date.now();
      const known = sent.get(id);
      // Two writes of a row answered out of order: the newer version is the echo to expect. An
      // answer without a version keeps the one known.
      const newest =
        version === undefined || (known?.version !== undefined && known.version > version)
          ? known?.version
          : version;
      sent.set(id, { at: now, ...(newest ? { version: newest } : {}) });
      for (const [key, entry] of sent) if (now - entry.at > windowMs) sent.delete(key);
    },
    sentHere(id) {
      return recent(id) !== undefined;
    },
    echoOf(id, version) {
      const known = recent(id)?.version;
      return known !== undefined && version !== null && version <= known;
    },
  };
}
