// Ask the browser to keep this device's data (docs/OFFLINE-FIRST.md property 9): once per page and caller.
// Refused or unsupported is fine: the data still lives in IndexedDB, only with less protection.

/** A request made at most once until reset (the engine's start and the first write each ask). */
export function persistentStorageRequest(): { ask: () => void; reset: () => void } {
  let asked = false;
  return {
    ask() {
      if (asked) return;
      asked = true;
      const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
      if (typeof storage?.persist !== 'function') return;
      void (async () => {
        try {
          if (typeof storage.persisted === 'function' && (await storage.persisted())) return;
          await storage.persist();
        } catch {
          // refused or unsupported
        }
      })();
    },
    reset() {
      asked = false;
    },
  };
}
