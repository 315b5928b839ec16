import { useSyncExternalStore } from 'react';

// Whether a new service worker waits, and how to switch to it. The registration module fills it.
let available = false;
let apply: (() => void) | null = null;
const listeners = new Set<() => void>();

export const updateStore = {
  setAvailable(applyUpdate: () => void): void {
    available = true;
    apply = applyUpdate;
    listeners.forEach((l) => l());
  },
  dismiss(): void {
    available = false;
    listeners.forEach((l) => l());
  },
  apply(): void {
    apply?.();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isAvailable: () => available,
};

export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(updateStore.subscribe, updateStore.isAvailable, () => false);
}
