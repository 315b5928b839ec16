// "The device's data is needed now": raised by whatever opens the member's database (a screen that
// reads the mirror, a write queued), so the offline engine and the header's counts that wait for
// the member's first gesture (shell-settled.ts) start at once instead. Dexie-free: the entry
// imports it.

let wanted = false;
const listeners = new Set<() => void>();

export function wantDeviceData(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
  listeners.clear();
}

export function isDeviceDataWanted(): boolean {
  return wanted;
}

/** Calls `listener` once the device's data is wanted (at once if it already is); returns the undo. */
export function onDeviceDataWanted(listener: () => void): () => void {
  if (wanted) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests: back to a page where nothing asked yet. */
export function resetDeviceDataWantedForTests(): void {
  wanted = false;
  listeners.clear();
}
