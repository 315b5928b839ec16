import { useSyncExternalStore } from 'react';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';
export type Toast = { id: string; kind: ToastKind; message: string; durationMs: number };

export const DEFAULT_TOAST_DURATION_MS = 4000;

let toasts: Toast[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: Toast[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

/** The store dismisses each toast itself after durationMs; screens only render useToasts(). */
export const toast = {
  show(t: { kind: ToastKind; message: string; durationMs?: number }): string {
    counter += 1;
    const id = `toast-${counter}`;
    const item: Toast = {
      id,
      kind: t.kind,
      message: t.message,
      durationMs: t.durationMs ?? DEFAULT_TOAST_DURATION_MS,
    };
    publish([...toasts, item]);
    timers.set(
      id,
      setTimeout(() => toast.dismiss(id), item.durationMs),
    );
    return id;
  },
  dismiss(id: string): void {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    if (toasts.some((t) => t.id === id)) publish(toasts.filter((t) => t.id !== id));
  },
  list(): Toast[] {
    return toasts;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useToasts(): Toast[] {
  return useSyncExternalStore(toast.subscribe, toast.list, toast.list);
}
