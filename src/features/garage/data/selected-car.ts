// Spec §9 storage key `selectedCar`: the car the garage opens on, remembered on this device and
// shared by every tab (the storage event).
import { useCallback, useSyncExternalStore } from 'react';
import { readSelectedCar, SELECTED_CAR_STORAGE_KEY } from '../car-selection';

// The key and its reader live with the garage's selection rules (no React), which the garage's
// first paint reads before the app has loaded.
export { readSelectedCar, SELECTED_CAR_STORAGE_KEY } from '../car-selection';

const listeners = new Set<() => void>();

export function setSelectedCar(id: string | null): void {
  try {
    if (id) localStorage.setItem(SELECTED_CAR_STORAGE_KEY, id);
    else localStorage.removeItem(SELECTED_CAR_STORAGE_KEY);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === SELECTED_CAR_STORAGE_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSelectedCar(): [string | null, (id: string | null) => void] {
  const value = useSyncExternalStore(subscribe, readSelectedCar, () => null);
  const set = useCallback((id: string | null) => setSelectedCar(id), []);
  return [value, set];
}
