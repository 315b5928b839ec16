// How far the upload of a queued row's files has gone, for the screens that show that row
// ("Uploading 40 %"). Filled by the transport while it sends a multipart entry, keyed by the
// entry's row (entityId); emptied when the request ends, whatever its outcome.
import { useSyncExternalStore } from 'react';

export interface UploadProgress {
  loaded: number;
  total: number;
}

const progress = new Map<string, UploadProgress>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function setUploadProgress(key: string, value: UploadProgress | null): void {
  if (value) progress.set(key, value);
  else if (!progress.delete(key)) return;
  emit();
}

export function uploadProgressOf(key: string): UploadProgress | undefined {
  return progress.get(key);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The upload in flight for this row, as a whole percentage (0–100), or null when none is. */
export function useUploadPercent(key: string | undefined): number | null {
  return useSyncExternalStore(subscribe, () => {
    const value = key ? progress.get(key) : undefined;
    if (!value || value.total <= 0) return null;
    return Math.min(100, Math.floor((value.loaded / value.total) * 100));
  });
}
