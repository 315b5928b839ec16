// Where this device keeps the member's data: IndexedDB, or memory when the browser blocks it
// (private modes; docs/OFFLINE-FIRST.md property 9). Entry-safe: no Dexie here, the layout reads it.
import { useSyncExternalStore } from 'react';

export type StorageMode = 'indexeddb' | 'memory' | 'unknown';

/** The banner's "dismiss" lasts for the browser session: a new session warns again. */
export const MEMORY_BANNER_DISMISSED_KEY = 'paddock.memoryBannerDismissed';

let mode: StorageMode = 'unknown';
let dismissed = readDismissed();
const listeners = new Set<() => void>();

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(MEMORY_BANNER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function emit(): void {
  listeners.forEach((listener) => listener());
}

export const storageMode = {
  get: (): StorageMode => mode,
  set(next: StorageMode): void {
    if (next === mode) return;
    mode = next;
    emit();
  },
  isBannerDismissed: (): boolean => dismissed,
  dismissBanner(): void {
    dismissed = true;
    try {
      sessionStorage.setItem(MEMORY_BANNER_DISMISSED_KEY, '1');
    } catch {
      // storage blocked too (that is why we are here): the dismissal lasts for this page
    }
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests only. */
  reset(): void {
    mode = 'unknown';
    dismissed = readDismissed();
    emit();
  },
};

/** True while the memory warning should show. */
export function useMemoryBannerVisible(): boolean {
  const current = useSyncExternalStore(storageMode.subscribe, storageMode.get, storageMode.get);
  const isDismissed = useSyncExternalStore(
    storageMode.subscribe,
    storageMode.isBannerDismissed,
    storageMode.isBannerDismissed,
  );
  return current === 'memory' && !isDismissed;
}
