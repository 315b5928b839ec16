// Test double of the app's socket status (src/lib/realtime/socket.ts): a test sets the status and
// every subscriber hears it, as the real socket's connect and disconnect do. One instance per test
// file: `vi.mock('@/lib/realtime/socket', …)` answers it, and the test imports the same module.
import { useSyncExternalStore } from 'react';
import { vi } from 'vitest';
import type { RealtimeStatus } from '@/lib/realtime/socket';

let status: RealtimeStatus = 'connected';
const listeners = new Set<() => void>();

export const socketStatus = {
  set(next: RealtimeStatus) {
    status = next;
    listeners.forEach((l) => l());
  },
  getStatus: () => status,
  subscribeStatus(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  retryNow: vi.fn(),
  on: () => () => undefined,
};

/** What the mocked module answers. */
export const realtimeStatusModule = {
  realtime: socketStatus,
  useRealtimeStatus: () => useSyncExternalStore(socketStatus.subscribeStatus, socketStatus.getStatus),
};
